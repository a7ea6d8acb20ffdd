// Rendering an operand layout (whole dump, forward query, inverse query) as grid, markdown, csv
// or json.
#pragma once

#include <ostream>
#include <nlohmann/json.hpp>
#include <string>

#include "emu/isa/arch.hpp"
#include "emu/protocol/layout_selection.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane::cli {

enum class LanemapFormat { grid, markdown, csv, json, asciidoc };

using protocol::LanemapHeader;

// `transpose`: the calculator's --transpose of the table formats (rows j, columns i).
void render_dump(const OperandLayout& layout, const LanemapHeader& header, LanemapFormat format, std::ostream& out,
                 bool transpose = false);
void render_forward(const OperandLayout& layout, const LanemapHeader& header, LanemapFormat format, int block, int row,
                    int col, std::ostream& out);
void render_inverse(const OperandLayout& layout, const LanemapHeader& header, LanemapFormat format, int vgpr, int lane,
                    std::ostream& out);

// The "Architecture: ... Note: ..." lines of the text formats, and the mxlane.lanemap/1 header fields.
void print_text_header(const OperandLayout& layout, const LanemapHeader& header, LanemapFormat format,
                       std::ostream& out);
nlohmann::ordered_json header_json(const OperandLayout& layout, const LanemapHeader& header);

}  // namespace mxlane::cli
