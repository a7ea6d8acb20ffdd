// The shared look of the SVG figures and their legend: CSS, lane-group colours and cell metrics.
#pragma once

#include <string>
#include <string_view>

#include "fmt/format.h"
#include "layouts/operand_layout.hpp"

namespace mxlane::cli::picture {

inline constexpr int kLine = 11;          // one text line in a cell
inline constexpr int kCellWidth = 50;     // a cell with one copy
inline constexpr int kStripeWidth = 24;   // each copy of a replicated element gets a stripe
inline constexpr int kMargin = 12;
inline constexpr int kLegendWidth = 660;
inline constexpr double kCharWidth = 5.8;  // 9.5px monospace, for wrapping text lines

// Hue by lane group (lanes 0-15, 16-31, 32-47, 48-63), lighter for even and darker for odd VGPRs
// (pairs for 64-bit elements), white lines between cells; marks for remapped reads, negation,
// queries and K-group boundaries. The classes are those of render_operand_svg's cells.
inline constexpr std::string_view kSvgStyle =
    ".mxfig text{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:9px;fill:#1a1a1a;"
    "text-anchor:middle}"
    ".mxfig .tl{text-anchor:start}.mxfig .rh{text-anchor:end}"
    ".mxfig .sans{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif}"
    ".mxfig .h1{font-size:15px;font-weight:bold}.mxfig .h2{font-size:11px}"
    ".mxfig .nt{font-size:9.5px;fill:#6b4e00}.mxfig .hd{fill:#777}"
    ".mxfig .cap{font-size:10.5px;font-weight:bold}"
    ".mxfig .bg{fill:#fff}"
    ".mxfig .el rect{stroke:#fff;stroke-width:1}"
    ".mxfig .c0e{fill:#d6e4f2}.mxfig .c0o{fill:#aec9e6}"
    ".mxfig .c1e{fill:#fde2c6}.mxfig .c1o{fill:#fac58f}"
    ".mxfig .c2e{fill:#d7edd3}.mxfig .c2o{fill:#b3dbab}"
    ".mxfig .c3e{fill:#ecdcea}.mxfig .c3o{fill:#d6b9d2}"
    ".mxfig .neg .rg{fill:#c00000;font-weight:bold}"
    ".mxfig .rmk{font-style:italic;fill:#303030}"
    ".mxfig .el .rmo{fill:none;stroke:#202020;stroke-width:1.3;stroke-dasharray:3 2}"
    ".mxfig .el .q{fill:none;stroke:#d40000;stroke-width:3}"
    ".mxfig .kb{fill:#ececec;stroke:#fff}"
    ".mxfig .ks{stroke:#202020;stroke-width:2.5}";

// The colour class of a slot: "c{lane group}{e|o}".
inline std::string fill_class(const Slot& slot) {
  const int reg = slot.width() == 64 ? slot.vgpr / 2 : slot.vgpr;
  return fmt::format("c{}{}", (slot.lane / 16) % 4, reg % 2 == 0 ? 'e' : 'o');
}

}  // namespace mxlane::cli::picture
