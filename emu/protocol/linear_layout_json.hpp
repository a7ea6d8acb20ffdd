// The mxlane.linear-layout/1 object (docs/linear-layouts.md): an operand's linear layout written
// for compilers, and read back, from mxlane or from a compiler, to be checked.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "emu/protocol/layout_selection.hpp"
#include "layouts/formula/linear_layout.hpp"

namespace mxlane::protocol {

// {"format": "mxlane.linear-layout/1", "arch", "inst", "operand", "wave", "mods", "in_dims",
// "bases", "out_dims"}: out_dims ["dim0", "dim1"] (the operand's row and col), with "block" first
// for a multi-block operand.
nlohmann::ordered_json linear_layout_json(const OperandLayout& layout, const formula::LinearLayout& linear,
                                          const LanemapHeader& header);

// What the checked operand expects of a document: its register and lane sizes, whether it has
// several blocks, and text that explains a register size that does not match (appended to the
// error).
struct LinearLayoutShape {
  std::int64_t register_size = 0;
  std::int64_t lane_size = 0;
  bool multi_block = false;
  std::string operand_text;   // "D of v_wmma_f32_16x16x16_f16", for the messages
  std::string register_hint;  // may be empty
};

// The shape `layout` expects, over `steps` chained instructions (0: one), without a register hint.
LinearLayoutShape linear_layout_shape(const OperandLayout& layout, int steps = 0);

// Reads one JSON object with "bases" and "out_dims" (the other keys of mxlane.linear-layout/1 are
// optional; "format", when present, must be that one; "in_dims", when present, must agree with the
// bases). Dimension 0 is the operand's row, 1 its col (after "block" when given). Throws
// InvalidArgument naming the field ("bases.lane[3][1]: ...", "in_dims.register: ...") for
// malformed JSON, a missing or mistyped field, sizes that are not the operand's, or a negative or
// huge coordinate.
formula::LinearLayout parse_linear_layout(std::string_view text, const LinearLayoutShape& shape);

}  // namespace mxlane::protocol
