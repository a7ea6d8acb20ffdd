// Rendering an operand layout (whole dump, forward query, inverse query) as grid, markdown, csv
// or json.
#pragma once

#include <ostream>
#include <string>

#include "emu/isa/arch.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane::cli {

enum class LanemapFormat { grid, markdown, csv, json };

struct LanemapHeader {
  const ArchInfo* arch;
  std::string requested_arch;  // as the user typed it (an alias, maybe)
};

void render_dump(const OperandLayout& layout, const LanemapHeader& header, LanemapFormat format,
                 std::ostream& out);
void render_forward(const OperandLayout& layout, const LanemapHeader& header, LanemapFormat format,
                    int block, int row, int col, std::ostream& out);
void render_inverse(const OperandLayout& layout, const LanemapHeader& header, LanemapFormat format,
                    int vgpr, int lane, std::ostream& out);

}  // namespace mxlane::cli
