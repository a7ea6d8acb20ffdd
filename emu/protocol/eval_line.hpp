// One `mxlane eval` line: parse and validate the JSON object of docs/spec/interfaces.md, execute the
// instruction on a register file, and build the output object (D, or an error; match/diff when
// the line carries "expect").
#pragma once

#include <nlohmann/json.hpp>
#include <cstdint>
#include <string>
#include <vector>
#include <string_view>

#include "emu/insns/execute.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "emu/isa/valu_desc.hpp"

namespace mxlane::protocol {

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

// Validates one eval line of a matrix instruction as eval_line() does and loads its registers (for a
// line with element values, "values": the matrices where the layouts put them, as eval places them).
// Throws InvalidArgument naming the field.
LoadedMatrixLine load_matrix_line(std::string_view line);

// How a matrix instruction's D is computed: `fast` through execute_matrix_fast() (the fast kernels
// where they apply, cached layouts), `reference` through execute_matrix(). Same bits either way;
// the reference engine exists so that tests can compare the two (tests/cli/test_eval_fast_path.cpp).
enum class EvalEngine { fast, reference };

// `require_expect`: replay mode, where a line without "expect" is an error.
EvalOutcome eval_line(std::string_view line, bool require_expect = false, EvalEngine engine = EvalEngine::fast);

// A line's word lists (src.A/B/C, dst, expect) as a scanner read them: `words` row after row,
// `row_lengths` the lane words of each row.
struct ScannedGrid {
  bool present = false;
  std::vector<std::uint32_t> words;
  std::vector<std::uint32_t> row_lengths;
  void clear() {  // empty, the lists keeping their capacity
    present = false;
    words.clear();
    row_lengths.clear();
  }
};
struct ScannedGrids {
  bool src = false;  // "src" was an object with only A, B, C (each at most once)
  ScannedGrid a, b, c, dst, expect;
  void clear() {
    src = false;
    for (ScannedGrid* g : {&a, &b, &c, &dst, &expect}) g->clear();
  }
};

// load_matrix_line() for a line whose small fields (id, arch, inst, wave, mods, exec, options)
// are in `fields` and whose word lists were scanned: the validation of eval_line() on them.
// Throws InvalidArgument for anything eval_line() would refuse (the message need not be
// eval_line()'s: the caller then hands the line to eval_line() for the exact one).
LoadedMatrixLine load_scanned_matrix_line(const nlohmann::ordered_json& fields, const ScannedGrids& grids,
                                          bool require_expect);

}  // namespace mxlane::protocol
