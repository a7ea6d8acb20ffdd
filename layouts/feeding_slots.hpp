// Which register slots feed one output element D[b][i][j]: every A[..][i][k], B[..][k][j] and
// C[b][i][j] slot the instruction reads for it, after CBSZ/ABID, BLGP, OPSEL, NEG/NEG_HI and the
// RDNA3 replica choice (docs/spec/layouts.md §8.5). The one statement of that relation: execute_matrix() and
// `mxlane lanemap --trace` use output_replica(), the trace and the pictures' hover FeedingSlots.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane {

// One input slot read for an output element.
struct FeedingSlot {
  Operand operand = Operand::A;
  int k = -1;        // the product index (A column / B row); -1 for C
  Placement read;    // the logical element the instruction uses (block, row, col as in D's
                     // formula) and the slot it reads it from, with NEG/ABS marks
  Placement source;  // the element stored in that slot with no modifiers (differs from `read`
                     // under CBSZ/ABID or BLGP: e.g. A[i][k] of another block)
  // A k of a sparse A row with no stored value: an exact +0 read from no register (`read` and
  // `source` then name the element only).
  bool zero = false;
};

struct OutputFeeds {
  Placement d;                 // where D[b][i][j] is written
  int replica = 0;             // RDNA3: the A/B copy (lane group) read; 0 elsewhere
  std::vector<FeedingSlot> a;  // indexed by the element kernel's k (a sparse row's terms, sparse_row())
  std::vector<FeedingSlot> b;  // likewise: B[k][j] for the same term
  FeedingSlot c;
  std::vector<FeedingSlot> idx;    // SMFMAC: the IDX field of each stored A value of the row, by c
  bool irregular_indices = false;  // SMFMAC: some group's indices are not increasing (undefined)
  // Scaled f8f6f4 / block-scaled WMMA: the SA byte of row i and the SB byte of column j for each k-block (`k` is
  // the block's first k), docs/cdna4.md §2.3, docs/cdna5.md §2.7.
  std::vector<FeedingSlot> sa, sb;
};

// The A/B copy an output written in lane `output_lane` reads: RDNA3 lane group floor(L/16) with
// rdna3_replica=own-group (rocjitsu; docs/spec/layouts.md §8.5), copy 0 with =group0 or without replicas.
int output_replica(const OperandLayout& input_layout, int output_lane, const Switches& switches);

// The feeds of many outputs of one instruction: the operand layouts are built once.
class FeedingSlots {
 public:
  // Throws InvalidArgument when `mods` are illegal for `desc` (OperandLayout's validation).
  FeedingSlots(const InstrDesc& desc, const Modifiers& mods = {}, const Switches& switches = {});

  // Every slot that feeds D[block][row][col]. Throws InvalidArgument for an element out of range
  // (naming the coordinate). A sparse A row uses `indices` (its stored values' IDX fields), or the
  // canonical pattern 0, 1 per group when empty (the structure without register values).
  OutputFeeds of(int block, int row, int col, std::span<const int> indices = {}) const;

  // SMFMAC: the IDX fields of row `row` of `block` in `regs` (IDX's first register `base`).
  std::vector<int> read_indices(const LaneRegFile& regs, int base, int block, int row) const;

 private:
  int depth_;  // K
  Switches switches_;
  OperandLayout a_, b_, c_, d_;
  OperandLayout natural_a_, natural_b_;   // without lane remaps, to name what a remapped slot holds
  std::optional<OperandLayout> idx_;      // SMFMAC's index register
  std::optional<OperandLayout> sa_, sb_;  // the scale registers of the scaled f8f6f4 MFMA
};

// One-off form of FeedingSlots(desc, mods, switches).of(block, row, col).
OutputFeeds output_feeds(const InstrDesc& desc, const Modifiers& mods, const Switches& switches, int block, int row,
                         int col);

// An element as the instruction reads it from `regs`: NEG flips the sign bit, ABS clears it first.
std::uint64_t read_element(const LaneRegFile& regs, int base, const Placement& p, RegBank bank = RegBank::vgpr);

}  // namespace mxlane
