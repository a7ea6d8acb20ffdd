// Checking a kernel author's index formulas against an operand layout, for every element or slot.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "layouts/formula/index_expression.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane::formula {

// ---- The three modes (README "Checking your own index formulas") -----------------------------

// Forward: where an element lives. Variables: the element's coordinates in the operand's own
// naming (A: i, k; B: k, j; C/D: i, j), b (block), the aliases row and col, and r (copy number,
// 0..replicas-1) for replicated RDNA3 A/B only. forward_variables() lists them in the order
// row name, col name, b, row, col[, r].
std::vector<std::string> forward_variables(const OperandLayout& layout);
struct ForwardFormula {
  IndexExpression lane;
  IndexExpression vgpr;                 // the 32-bit VGPR; the low (even) one of a 64-bit pair
  std::optional<IndexExpression> bits;  // the element's lowest bit inside that VGPR (0 for 64-bit)
};

// Inverse and load: what the slot (L, G) holds. L is the lane; G is the index of the element in
// the lane's per-lane vector (the builtin's vector argument, e.g. v16half): element G of width w
// bits is bits [w*G+w-1 : w*G] of the operand's registers taken as one little-endian bit string,
// i.e. VGPR (w*G)/32, bits from (w*G)%32; a 64-bit element G is the pair (2G, 2G+1).
std::vector<std::string> slot_variables();  // {"L", "G"}
struct InverseFormula {
  IndexExpression row;
  IndexExpression col;
  std::optional<IndexExpression> block;  // required when the operand has several blocks
};

// Load: the linear index into the operand as stored in memory that a lane loads into G. Memory
// holds the blocks' matrices one after another along the slow dimension: row-major, element
// (b, row, col) is at (b*rows + row)*ld + col; column-major, at (b*cols + col)*ld + row.
enum class MemoryOrder { row_major, col_major };
struct LoadFormula {
  IndexExpression index;
  std::int64_t ld = 0;  // leading dimension: >= cols (row-major) or >= rows (column-major)
  MemoryOrder order = MemoryOrder::row_major;
};

// ---- Results -------------------------------------------------------------------------------

// A position a formula names; 64-bit because a wrong formula can name anything.
struct ElementAt {
  std::int64_t block = 0, row = 0, col = 0;
  bool inside = true;  // an element of the operand (not outside its shape, memory or blocks)
};

// Forward mode: the element (and copy, when the formula uses r) whose position is wrong.
struct ForwardMismatch {
  int block = 0, row = 0, col = 0;
  std::optional<int> replica;  // set when the formula names each copy through r
  std::int64_t lane = 0, vgpr = 0;
  std::optional<std::int64_t> bits;
  std::vector<Slot> layout;  // where the layout puts it (every copy, or copy `replica`)
};

// Inverse and load modes: the slot (L, G) whose element is wrong.
struct SlotMismatch {
  Slot slot;
  int g = 0;
  std::optional<std::int64_t> index;  // load mode: the memory index the formula gives
  ElementAt formula;                  // what the formula (or the loaded memory) says
  std::vector<Placement> layout;      // every element the instruction reads from / writes to it
};

struct CheckReport {
  std::int64_t checked = 0;     // elements, element copies (forward with r), or used slots
  std::int64_t mismatches = 0;  // all of them, not only the ones kept
  std::int64_t unused_slots = 0;  // inverse / load: slots the instruction does not use (not checked)
  bool per_copy = false;  // forward: the formula uses r, so `checked` counts element copies
  // Forward, replicated operand, formula without r: how many elements it placed on copy c.
  std::vector<std::int64_t> copies_named;
  std::vector<ForwardMismatch> forward;  // the first `keep` mismatches, in checking order
  std::vector<SlotMismatch> slots;
  bool ok() const { return mismatches == 0; }
};

// An evaluation error of one of the formula's expressions, `expression_name` naming it ("lane",
// "row", "load", ...).
class FormulaError : public ExpressionError {
 public:
  FormulaError(std::string expression_name, const ExpressionError& error)
      : ExpressionError(error), expression_name_(std::move(expression_name)) {}
  const std::string& expression_name() const { return expression_name_; }

 private:
  std::string expression_name_;
};

// Every element of every block (forward: in block, row, col order; every copy when the formula
// uses r) or every slot (inverse, load: lane by lane, G ascending) is checked; the first `keep`
// mismatches are kept. Throws FormulaError when an expression cannot be evaluated and
// InvalidArgument for an impossible request (a multi-block inverse without a block formula, an
// ld smaller than the matrix).
CheckReport check_forward(const OperandLayout& layout, const ForwardFormula& formula, std::size_t keep);
CheckReport check_inverse(const OperandLayout& layout, const InverseFormula& formula, std::size_t keep);
CheckReport check_load(const OperandLayout& layout, const LoadFormula& formula, std::size_t keep);

// The per-lane vector convention shared by inverse and load mode.
int vector_length(const OperandLayout& layout);
int vector_index(const OperandLayout& layout, const Slot& slot);

}  // namespace mxlane::formula
