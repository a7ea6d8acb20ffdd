// Matrix-level calls: whole A, B, C matrices (every block) in, D out; the data is scattered into a
// register file through the layouts, the instruction executes, and D is gathered back.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "emu/insns/execute.hpp"

namespace mxlane {

// Element bit patterns (f16 in the low 16 bits, f64 in all 64, i8 in the low 8, ...).
using BitMatrix = Eigen::Matrix<std::uint64_t, Eigen::Dynamic, Eigen::Dynamic>;

// One matrix per block: A is M x K, B is K x N, C is M x N; the result D is M x N per block.
// Replicated RDNA3 inputs get the same data in every copy. With modifiers, the data sits where the
// layouts put it without modifiers and the instruction then reads it as the modifiers say (so
// CBSZ/ABID and BLGP broadcast, NEG negates). For 16-bit RDNA3 C/D, C goes into the OPSEL half and
// the other half is zero. SMFMAC: A is the compressed M x K/2 matrix of stored values and `idx` the
// M x K/2 matrix of their 2-bit positions (docs/cdna3.md §3), placed in the index set CBSZ/ABID read.
// Scaled f8f6f4 (gfx950): A and B hold the formats CBSZ / BLGP select, and `sa` (M x K/32) / `sb`
// (N x K/32) the E8M0 scale bytes per row / column and 32-k block, placed in the byte opsel_a /
// opsel_b read (docs/cdna4.md §2.3).
// Throws InvalidArgument on a wrong block count or matrix shape, or `idx` / `sa` / `sb` given to an
// instruction without that operand.
// The registers run_matrix() executes on: the matrices scattered through the layouts as described
// above, at consecutive_operands(d). Throws as run_matrix() does.
struct PlacedMatrices {
  LaneRegFile regs;
  MatrixOperands ops;
};
PlacedMatrices place_matrices(const InstrDesc& desc, const std::vector<BitMatrix>& a, const std::vector<BitMatrix>& b,
                              const std::vector<BitMatrix>& c, const Modifiers& mods = {}, const Switches& switches = {},
                              const std::vector<BitMatrix>& idx = {}, const std::vector<BitMatrix>& sa = {},
                              const std::vector<BitMatrix>& sb = {});

std::vector<BitMatrix> run_matrix(const InstrDesc& desc, const std::vector<BitMatrix>& a,
                                  const std::vector<BitMatrix>& b, const std::vector<BitMatrix>& c,
                                  const Modifiers& mods = {}, const Switches& switches = {},
                                  const std::vector<BitMatrix>& idx = {}, const std::vector<BitMatrix>& sa = {},
                                  const std::vector<BitMatrix>& sb = {});

}  // namespace mxlane
