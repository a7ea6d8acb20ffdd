// Checking a kernel author's index formulas against an operand layout, for every element or slot.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "layouts/formula/index_expression.hpp"
#include "emu/isa/switches.hpp"
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

// The other variables a slot formula may use (README "Checking your own index formulas"):
// s, the chained instruction (pair mode; 0 elsewhere); threadIdx.x, an alias of L, or with a 2-D
// block of x extent X, L % X (and threadIdx.y = L / X); and free variables with the values of the
// current point of the caller's sweep. Expressions are bound by variable name, so an expression
// parsed with slot_variables() alone works too.
struct SlotVariables {
  std::int64_t block_dim_x = 0;  // 0: a 1-D block (threadIdx.x = L, no threadIdx.y)
  std::vector<std::string> free_names;
  std::vector<std::int64_t> free_values;  // same order as free_names
  // G in the formula is the slot's G / g_divisor: 2 evaluates a formula written for the used
  // elements of a 16-bit RDNA3 C/D (r = G/2) at mxlane's G, to explain a failure.
  int g_divisor = 1;
};
// L, G, s, threadIdx.x[, threadIdx.y], then the free variables.
std::vector<std::string> slot_variables(const SlotVariables& variables);

struct InverseFormula {
  IndexExpression row;
  IndexExpression col;
  std::optional<IndexExpression> block;  // required when the operand has several blocks
  SlotVariables variables{};
};

// Load: the linear index into the operand as stored in memory that a lane loads into G. Memory
// holds the blocks' matrices one after another along the slow dimension: row-major, element
// (b, row, col) is at (b*rows + row)*ld + col; column-major, at (b*cols + col)*ld + row. With a
// block stride S, block b starts S elements after block b-1 instead: b*S + row*ld + col
// (row-major) or b*S + col*ld + row (column-major), e.g. blocks side by side in one wide matrix.
enum class MemoryOrder { row_major, col_major };
struct LoadFormula {
  IndexExpression index;
  std::int64_t ld = 0;  // leading dimension: >= cols (row-major) or >= rows (column-major)
  MemoryOrder order = MemoryOrder::row_major;
  std::optional<std::int64_t> block_stride{};  // default: rows*ld (row-major) or cols*ld (column-major)
  SlotVariables variables{};
};

// ---- Results -------------------------------------------------------------------------------

// A position a formula names; 64-bit because a wrong formula can name anything.
struct ElementAt {
  std::int64_t block = 0, row = 0, col = 0;
  bool inside = true;  // an element of the operand (not outside its shape, memory or blocks)
};

// Where memory index `index` falls in a rows x cols matrix stored with leading dimension `ld` (> 0)
// in `order`: row and column by floor division, never forming ld*floor(index/ld), which can overflow
// for a huge ld; `inside` says whether that is an element of the matrix.
ElementAt memory_element(std::int64_t index, std::int64_t ld, MemoryOrder order, std::int64_t rows, std::int64_t cols);

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
  int step = 0;                          // chains (check_chain): the instruction of the chain
  std::optional<std::int64_t> k_before;  // chains: the K index an earlier slot gave this (step, k)
  std::optional<std::int64_t> index;     // load mode: the memory index the formula gives
  ElementAt formula;                     // what the formula (or the loaded memory) says
  std::vector<Placement> layout;         // every element the instruction reads from / writes to it
};

struct CheckReport {
  std::int64_t checked = 0;       // elements, element copies (forward with r), or used slots
  std::int64_t mismatches = 0;    // all of them, not only the ones kept
  std::int64_t unused_slots = 0;  // inverse / load: slots the instruction does not use (not checked)
  bool per_copy = false;          // forward: the formula uses r, so `checked` counts element copies
  // Forward, replicated operand, formula without r: how many elements it placed on copy c.
  std::vector<std::int64_t> copies_named;
  std::vector<ForwardMismatch> forward;  // the first `keep` mismatches, in checking order
  std::vector<SlotMismatch> slots;
  // Chains (check_chain): the steps, and for instruction s's k the whole operand's K index the
  // formula gives it (index s*K + k; -1 when no slot names it), and the K indices named by no
  // (s, k) or by several.
  int steps = 0;
  std::vector<std::int64_t> k_order, k_missing, k_doubled;
  bool ok() const { return mismatches == 0 && k_missing.empty() && k_doubled.empty(); }
  bool k_in_order() const;  // chains: k_order[x] == x for every x
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

// The walk the slot modes share: `formula(L, G)` returns a SlotMismatch holding what it names
// (`formula`, and `index` for loads); the slot passes when that is one of the elements the layout
// puts there. Slots the instruction does not use are counted, not checked.
using SlotFormula = std::function<SlotMismatch(int lane, int g)>;
CheckReport check_slots(const OperandLayout& layout, std::size_t keep, const SlotFormula& formula);

// ---- Chains: one formula for A or B over several chained instructions ------------------------
// Steps s = 0..steps-1 accumulate into one D; `formula(L, G, s)` names the element of the whole
// operand that slot (L, G) holds at step s: A is M x (K*steps), B is (K*steps) x N (block 0).
// The operand passes when every slot's row (A) or column (B) is the instruction's and its k follows
// one K order shared by every slot: each (s, k) of the instruction gets one whole-operand K index,
// and every index 0..K*steps-1 is given once. Pair mode's rule: a K order that A and B share gives
// the same sums. Throws InvalidArgument (naming --steps) for C or D, a multi-block instruction, the
// compressed A of a sparse one, or steps outside 1..1024.
using ChainFormula = std::function<ElementAt(int lane, int g, int step)>;
CheckReport check_chain(const OperandLayout& layout, int steps, const ChainFormula& formula, std::size_t keep);
// The chain formula of an inverse formula (row, col in L, G and s; block unused).
ChainFormula chain_formula(const InverseFormula& formula);

// ---- Pair mode: A and B loaded by two load formulas over chained instructions ---------------
// For every D[i][j] and every chained step s = 0..steps-1, the feeding relation (FeedingSlots)
// names the A slot and the B slot multiplied together in each of the instruction's K positions;
// each slot is mapped back to memory through its load formula (L, G and s). The pair passes when
// every D[i][j] gets exactly the products A[i][k]*B[k][j] for k = 0..k_total-1, each once, in any
// order (a K permutation shared by A and B is exact). In memory A is M x k_total, element (i, k)
// at i*ld + k (row-major) or k*ld + i (column-major); B is k_total x N, (k, j) at k*ld + j or
// j*ld + k. Single-block instructions only.
struct PairFormula {
  LoadFormula a, b;  // block_stride unused
  int steps = 1;
  std::int64_t k_total = 0;  // 0: the instruction's K times steps
};

// One product of D[i][j]: the A and B elements (row, col in the memory matrices) the formulas load
// into the two slots multiplied at K position `position` of step `step`.
struct PairProduct {
  int step = 0, position = 0;
  std::int64_t a_index = 0, b_index = 0;
  ElementAt a, b;  // block unused; inside: within the memory matrix
};
struct PairMismatch {
  int row = 0, col = 0;               // D[row][col]
  std::vector<PairProduct> products;  // every product, by step then K position
  std::vector<std::int64_t> missing;  // k with no product A[i][k]*B[k][j]
  std::vector<std::int64_t> doubled;  // k with more than one
};
struct PairReport {
  std::int64_t k_total = 0;
  std::int64_t checked = 0;     // D elements
  std::int64_t mismatches = 0;  // D elements whose products are wrong
  std::vector<PairMismatch> first;
  bool ok() const { return mismatches == 0; }
};
// Whether product p is A[row][k]*B[k][col] for some k in 0..k_total-1.
bool pair_product_ok(const PairProduct& p, int row, int col, std::int64_t k_total);
// Throws InvalidArgument for a multi-block instruction, steps < 1, k_total < 1 or an ld too small
// (naming --ld-a, --ld-b, --steps, --k), FormulaError ("load-a", "load-b") for evaluation errors.
PairReport check_pair(const InstrDesc& desc, const Modifiers& mods, const Switches& switches,
                      const PairFormula& formula, std::size_t keep);

// The per-lane vector convention shared by inverse and load mode.
int vector_length(const OperandLayout& layout);
int vector_index(const OperandLayout& layout, const Slot& slot);

}  // namespace mxlane::formula
