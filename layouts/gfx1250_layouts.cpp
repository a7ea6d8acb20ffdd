// gfx1250 (CDNA5) WMMA operand layouts (docs/cdna5.md §2) [SRC-EMU: AMD's ISA emulator rocjitsu, which
// encodes the CDNA5 ISA guide; HW: one public round trip on gfx1250 confirms the f32 D of the
// 16x16x32 f16/bf16 WMMA, and its A/B up to a K order shared by A and B].
#include "layouts/gfx1250_layouts.hpp"

#include <algorithm>
#include <stdexcept>

#include "fmt/format.h"
#include "layouts/family_layouts.hpp"

namespace mxlane {

BitLayout gfx1250_input_layout(const InstrDesc& d, Operand op, int bits, int partner_bits) {
  if (d.wave != 32) throw std::logic_error(fmt::format("{}: gfx1250 WMMA is wave32 only", d.builtin));
  const Coord mn = op == Operand::A ? Coord::row : Coord::col;
  const Coord k = op == Operand::A ? Coord::col : Coord::row;
  const int k_bits = log2_exact(d.k);
  BitLayout layout;
  for (int b = 0; b < 4; ++b) layout.lane_bits.push_back({mn, b});
  if (bits < 8) {
    // A sub-byte operand of the 16x16x128 forms (§2.4): 64 k per lane, k bit 2 on lane bit 4 beside a
    // sub-byte partner, k bit 5 beside an 8-bit one; the other k bits in order, except that the partner-8-bit
    // map puts k bit 2 where k bit 5 would be.
    const int lane_k = partner_bits < 8 ? 2 : 5;
    layout.lane_bits.push_back({k, lane_k});
    for (int b : {0, 1, 3, 4}) layout.item_bits.push_back({k, b});
    layout.item_bits.push_back({k, partner_bits < 8 ? 5 : 2});
    layout.item_bits.push_back({k, 6});
  } else {
    // A block is 128 bits of one row (4 VGPRs), or half of K where K is shorter (the f32 16x16x4: 2 k).
    const int block = std::min(128 / bits, d.k / 2);
    const int block_bits = log2_exact(block);
    layout.lane_bits.push_back({k, block_bits});  // lanes 16-31: the odd blocks
    for (int b = 0; b < k_bits; ++b)
      if (b != block_bits) layout.item_bits.push_back({k, b});
  }
  if (op == Operand::A && d.m == 32) layout.item_bits.push_back({Coord::row, 4});  // rows 16-31: the next VGPRs
  return layout;
}

BitLayout gfx1250_block_scaled_input_layout(const InstrDesc& d, Operand op, int bits) {
  if (bits == 8) return gfx1250_input_layout(d, op, 8, 8);  // the dense 8-bit map (lane k bit 4), whatever the partner
  if (d.wave != 32) throw std::logic_error(fmt::format("{}: gfx1250 WMMA is wave32 only", d.builtin));
  const Coord mn = op == Operand::A ? Coord::row : Coord::col;
  const Coord k = op == Operand::A ? Coord::col : Coord::row;
  BitLayout layout;
  for (int b = 0; b < 4; ++b) layout.lane_bits.push_back({mn, b});
  layout.lane_bits.push_back({k, 5});  // lanes 16-31: k 32-63 and 96-127
  for (int b : {0, 1, 2, 3, 4, 6}) layout.item_bits.push_back({k, b});
  if (op == Operand::A && d.m == 32) layout.item_bits.push_back({Coord::row, 4});  // rows 16-31: the next VGPRs
  return layout;
}

BitLayout gfx1250_scale_layout(const InstrDesc& d, Operand op) {
  const int rows = d.rows(op), blocks = d.cols(op);
  BitLayout layout;
  for (int b = 0; b < log2_exact(rows); ++b) layout.lane_bits.push_back({Coord::row, b});
  for (int b = 0; b < log2_exact(blocks); ++b) layout.item_bits.push_back({Coord::col, b});  // byte = block
  return layout;
}

BitLayout gfx1250_sparse_input_layout(const InstrDesc& d, Operand op) {
  if (d.wave != 32) throw std::logic_error(fmt::format("{}: gfx1250 SWMMAC is wave32 only", d.builtin));
  const int bits = elem_bits(d.a_type);
  const Coord mn = op == Operand::B ? Coord::col : Coord::row;
  const Coord k = op == Operand::B ? Coord::row : Coord::col;
  // A: the dense block of 128 bits over the stored columns; B: blocks of 256 bits (rocjitsu's Tensile-checked
  // map, layout.h); IDX: a block of K/4 fields (the top bit of the stored column picks the half-wave).
  const int depth = op == Operand::B ? d.k : d.k / 2;
  const int block = op == Operand::A ? std::min(128 / bits, depth / 2) : op == Operand::B ? 256 / bits : d.k / 4;
  const int block_bits = log2_exact(block), k_bits = log2_exact(depth);
  BitLayout layout;
  for (int b = 0; b < 4; ++b) layout.lane_bits.push_back({mn, b});
  layout.lane_bits.push_back({k, block_bits});
  for (int b = 0; b < k_bits; ++b)
    if (b != block_bits) layout.item_bits.push_back({k, b});
  return layout;
}

BitLayout gfx1250_output_layout(const InstrDesc& d) {
  if (d.wave != 32) throw std::logic_error(fmt::format("{}: gfx1250 WMMA is wave32 only", d.builtin));
  BitLayout layout;
  for (int b = 0; b < 4; ++b) layout.lane_bits.push_back({Coord::col, b});
  layout.lane_bits.push_back({Coord::row, 3});
  for (int b = 0; b < 3; ++b) layout.item_bits.push_back({Coord::row, b});
  if (d.m == 32) layout.item_bits.push_back({Coord::row, 4});  // rows 16-31: VGPRs 8-15
  return layout;
}

}  // namespace mxlane
