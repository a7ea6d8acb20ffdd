// The accumulation trace of one output element D[b][i][j]: the slots that feed it (feeding_slots)
// and the steps and roundings of its numerics routine, recorded through the routine's observer
// while the same element kernel as execute_matrix() runs (for `mxlane lanemap --trace`).
#pragma once

#include "emu/formats/element_format.hpp"

#include <string>
#include <vector>

#include "emu/insns/execute.hpp"
#include "emu/semantics/accumulation_observer.hpp"
#include "layouts/feeding_slots.hpp"

namespace mxlane {

struct TracedStep {
  StepKind kind = StepKind::read_c;
  std::vector<int> ks;       // k indices whose products the step consumes
  std::vector<TraceOp> ops;  // its operations, in execution order
};

struct ElementTrace {
  const InstrDesc* desc = nullptr;
  Modifiers mods;
  Switches switches;
  int block = 0, row = 0, col = 0;
  OutputFeeds feeds;
  std::vector<TracedStep> steps;    // in the order the numerics routine performs them
  bool evaluated = false;           // false: structure only (the ops ran on zero inputs)
  std::vector<std::uint64_t> a, b;  // with values: A[i][k], B[k][j] as read (NEG applied)
  std::uint64_t c = 0;
  std::vector<std::uint8_t> scale_a,
      scale_b;          // scaled f8f6f4: each block's E8M0 bytes (structure: 0x7F, 2^0)
  std::uint64_t d = 0;  // the element kernel's result
};

// The structure: the element kernel runs on all-zero inputs with a recording observer, so the
// steps and their grouping are exactly those of the semantics code.
ElementTrace trace_element(const InstrDesc& desc, const Modifiers& mods, const Switches& switches,
                           int block, int row, int col);

// With values: A, B and C read from `regs` through the feeding slots (as execute_matrix reads them),
// then the element kernel with the recording observer.
ElementTrace trace_element(const InstrDesc& desc, const Modifiers& mods, const Switches& switches,
                           int block, int row, int col, const LaneRegFile& regs,
                           const MatrixOperands& operands);

// The numerics model the steps follow: its docs/spec/numerics.md label and evidence, in one line.
std::string model_summary(const ElementTrace& trace);

// How a step combines its inputs, in one line (e.g. "group of 4 products: ...").
std::string step_combine_text(const ElementTrace& trace, const TracedStep& step);

}  // namespace mxlane
