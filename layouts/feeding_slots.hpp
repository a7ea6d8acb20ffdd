// FeedingSlots: the A, B and C storage slots an MFMA/WMMA reads to compute one D element, after
// CBSZ/ABID, BLGP, NEG/NEG_HI and the RDNA3 replica choice (layouts.md §8.5).
#pragma once

#include <vector>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane {

// D[b][i][j] = C[b][i][j] + sum over k of A[b][i][k] * B[b][k][j], each term read from the slot the
// instruction actually reads: A through CBSZ/ABID, B through BLGP (the placements of OperandLayout
// with modifiers), and on RDNA3 the A/B copies of the output lane's lane group.
struct OutputFeed {
  Placement d;               // where D[b][i][j] is written
  std::vector<Placement> a;  // A[b][i][k] as read, k = 0..K-1
  std::vector<Placement> b;  // B[b][k][j] as read, k = 0..K-1
  Placement c;               // C[b][i][j] as read
};

class FeedingSlots {
 public:
  // Throws InvalidArgument when `mods` are illegal for `desc` (OperandLayout's validation).
  FeedingSlots(const InstrDesc& desc, const Modifiers& mods = {}, const Switches& switches = {});

  // Throws InvalidArgument when (block, i, j) is outside D.
  OutputFeed of(int block, int i, int j) const;

 private:
  OperandLayout a_, b_, c_, d_;
  bool own_group_;  // switch rdna3_replica: the output's lane group picks the copy (else copy 0)
};

// One-off form of FeedingSlots(desc, mods, switches).of(block, i, j).
OutputFeed feeding_slots(const InstrDesc& desc, const Modifiers& mods, const Switches& switches, int block,
                         int i, int j);

}  // namespace mxlane
