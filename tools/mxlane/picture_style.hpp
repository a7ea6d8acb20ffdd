// The shared look of the SVG figures and their legend: CSS, lane-group colours and cell metrics.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include "fmt/format.h"
#include "layouts/operand_layout.hpp"

namespace mxlane::cli::picture {

// Cell text is 11px monospace (about 6.6px a character): "[31:16]" fits a cell, "L53" a stripe, and
// the text stays readable when an HTML page scales a figure down to fit a 1600x900 screen.
inline constexpr int kLine = 12;         // one text line in a cell
inline constexpr int kCellWidth = 56;    // a cell with one copy
inline constexpr int kStripeWidth = 26;  // each copy of a replicated element gets a stripe
inline constexpr int kBandPad = 4;       // space above the first line of a cell
inline constexpr int kMargin = 12;
inline constexpr int kLegendWidth = 660;
inline constexpr double kCharWidth = 5.8;  // 9.5px monospace, for wrapping text lines

// Hue by lane group (lanes 0-15, 16-31, 32-47, 48-63), lighter for even and darker for odd VGPRs
// (pairs for 64-bit elements), white lines between cells; marks for remapped reads, negation,
// queries and K-group boundaries. The classes are those of render_operand_svg's cells.
inline constexpr std::string_view kSvgStyle =
    ".mxfig text{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:11px;fill:#1a1a1a;"
    "text-anchor:middle}"
    ".mxfig .tl{text-anchor:start}.mxfig .rh{text-anchor:end}"
    ".mxfig .sans{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif}"
    ".mxfig .h1{font-size:15px;font-weight:bold}.mxfig .h2{font-size:11px}"
    ".mxfig .nt{font-size:9.5px;fill:#6b4e00}.mxfig .hd{fill:#777;font-size:10px}"
    ".mxfig .cap{font-size:10.5px;font-weight:bold}.mxfig .ex{font-size:9.5px}"
    ".mxfig .bg{fill:#fff}"
    ".mxfig .el rect{stroke:#fff;stroke-width:1}.mxfig .el .band{fill:#f1f1f1}"
    ".mxfig .el:focus{outline:none}.mxfig .el:focus .slot>rect{stroke:#000;stroke-width:2.5}"
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

// Where a cell's text lines go: the register, the bits of a sub-dword element, the lane and a remap
// mark. A replicated element has one stripe per copy; its shared lines (register, bits, mark) sit in a
// neutral band across the top of the cell and only the lanes sit in the stripes, so that no text
// straddles two stripes.
struct CellLines {
  int reg_y = 0, bits_y = 0, lane_y = 0, mark_y = 0;  // baselines; 0: no such line
  int band_h = 0;                                     // height of the shared band (replicated only)
  int height = 0;
};
inline CellLines cell_lines(bool bits_line, bool mark_line, bool replicated) {
  CellLines c;
  int y = kBandPad + 10;
  c.reg_y = y;
  if (bits_line) c.bits_y = (y += kLine);
  if (replicated) {
    if (mark_line) c.mark_y = (y += kLine);
    c.band_h = y + 5;
    c.lane_y = c.band_h + kLine;
  } else {
    c.lane_y = (y += kLine);
    if (mark_line) c.mark_y = (y += kLine);
  }
  c.height = std::max(c.lane_y, c.mark_y) + 5;
  return c;
}

// The colour class of a slot: "c{lane group}{e|o}".
inline std::string fill_class(const Slot& slot) {
  const int reg = slot.width() == 64 ? slot.vgpr / 2 : slot.vgpr;
  return fmt::format("c{}{}", (slot.lane / 16) % 4, reg % 2 == 0 ? 'e' : 'o');
}

}  // namespace mxlane::cli::picture
