// One `mxlane eval` line: parse and validate the JSON object of docs/spec/interfaces.md, execute the
// instruction on a register file, and build the output object (D, or an error; match/diff when
// the line carries "expect").
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "emu/insns/execute.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "emu/isa/valu_desc.hpp"

namespace mxlane::cli {

struct EvalOutcome {
  enum class Status { ok, mismatch, error };
  Status status = Status::ok;
  nlohmann::ordered_json output;  // {"id", "D"[, "match", "diff"]} or {"id", "error"}
  std::string error;              // the error text, when status == error
  nlohmann::ordered_json input;   // the parsed input (null when it was not valid JSON)
  // What was executed (set once the line validated).
  const InstrDesc* desc = nullptr;  // a matrix instruction, or
  const ValuDesc* valu = nullptr;   // a VALU builtin
  Modifiers mods;
  Switches switches;
};

// A matrix instruction's eval line loaded into a register file, not yet executed.
struct LoadedMatrixLine {
  const InstrDesc* desc;
  Modifiers mods;
  Switches switches;
  LaneRegFile regs;
  MatrixOperands ops;
  std::vector<std::vector<std::uint32_t>> expect;  // empty when the line has none
};

// Validates one eval line of a matrix instruction as eval_line() does and loads its registers.
// Throws InvalidArgument naming the field.
LoadedMatrixLine load_matrix_line(std::string_view line);

// `require_expect`: replay mode, where a line without "expect" is an error.
EvalOutcome eval_line(std::string_view line, bool require_expect = false);

}  // namespace mxlane::cli
