// Closed-form index formulas of an operand layout without modifiers, written in `mxlane check`'s
// expression language, so that what `mxlane list --inst` prints can be fed back to `mxlane check`.
#pragma once

#include <optional>
#include <string>

#include "layouts/operand_layout.hpp"

namespace mxlane {

// Forward formulas use check's element variables (A: i, k; B: k, j; C/D: i, j; b the block; r the
// copy of a replicated RDNA3 A/B element); inverse ones use L (lane) and G (the element's index in
// the lane's per-lane vector), as `mxlane check` defines them (README "Checking your own index formulas").
struct OperandFormulas {
  std::string lane, vgpr;
  std::optional<std::string> bits;  // sub-dword elements only: the lowest bit in the VGPR
  std::string row, col;
  std::optional<std::string> block;  // multi-block operands only
};

// Derived from the layout's bit permutation (docs/spec/layouts.md §5.4): every lane, item and
// coordinate bit is one index bit, so each formula is a sum of bit fields, one term per run of
// consecutive bits. Throws std::logic_error for a layout with modifiers (they are not closed-form
// here, as in the calculator's --detail-instruction).
OperandFormulas layout_formulas(const OperandLayout& layout);

// The check options of the formulas: "--lane 'i+b*4' --vgpr 'k/2' --bits 'k%2*16'" (forward) and
// "--row 'L%4' --col 'G' --block 'L/4'" (inverse), each value in single quotes.
std::string forward_options(const OperandFormulas& f);
std::string inverse_options(const OperandFormulas& f);

}  // namespace mxlane
