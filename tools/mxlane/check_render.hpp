// Printing a formula-check report: text (mismatch lines, verdict, notes) or mxlane.check/1 JSON.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "emu/isa/arch.hpp"
#include "layouts/formula/formula_check.hpp"

namespace mxlane::cli {

enum class CheckMode { forward, inverse, load, linear };

// What was checked: the layout, the mode and the expressions as the user typed them.
struct CheckRequest {
  const ArchInfo* arch;
  const OperandLayout* layout;
  CheckMode mode;
  std::vector<std::pair<std::string, std::string>> expressions;  // option name without "--", text
  bool bits_given = false;                                       // forward
  std::int64_t ld = 0;                                           // load
  formula::MemoryOrder order = formula::MemoryOrder::row_major;  // load
  std::optional<std::int64_t> block_stride{};                    // load, when given
  std::string sweep{};         // "i = 0..3, n = 2": the free variables' ranges, empty without --var
  std::string sweep_failed{};  // "i=2": the first values that failed
  std::int64_t sweep_points = 1;
  int steps = 0;                     // inverse and linear over chained instructions (--steps)
  std::string linear_source{};       // linear: the file name ("-": standard input)
  std::vector<std::string> notes{};  // before the mismatches: --transposed
  std::vector<std::string> hints{};  // after a failure: a formula that passes under another reading
};

// Pair mode: A and B loaded by two formulas over chained instructions, judged per D element.
struct PairRequest {
  const ArchInfo* arch;
  const InstrDesc* desc;
  Modifiers mods;
  std::string load_a, load_b;
  std::int64_t ld_a = 0, ld_b = 0;
  formula::MemoryOrder order_a = formula::MemoryOrder::row_major, order_b = formula::MemoryOrder::row_major;
  int steps = 1;
  std::string sweep{}, sweep_failed{};  // as in CheckRequest
  std::int64_t sweep_points = 1;
  std::vector<std::string> notes{};  // --transposed
};

void render_check_text(const CheckRequest& request, const formula::CheckReport& report, std::ostream& out);
void render_check_json(const CheckRequest& request, const formula::CheckReport& report, std::ostream& out);
void render_pair_text(const PairRequest& request, const formula::PairReport& report, std::ostream& out);
void render_pair_json(const PairRequest& request, const formula::PairReport& report, std::ostream& out);

}  // namespace mxlane::cli
