// `mxlane lanemap --view registers`: the register x lane table (the calculator's --matrix-layout):
// one row per lane, one column per register slot the operand uses, each cell the elements held.
#pragma once

#include <ostream>

#include "tools/mxlane/lanemap_render.hpp"

namespace mxlane::cli {

enum class RegisterViewFormat { grid, markdown, asciidoc, csv, json, svg };

void render_register_view(const OperandLayout& layout, const LanemapHeader& header, RegisterViewFormat format,
                          bool transpose, std::ostream& out);

}  // namespace mxlane::cli
