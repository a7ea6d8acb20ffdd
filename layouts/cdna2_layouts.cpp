// gfx90a (CDNA2) MFMA operand layouts as bit permutations, derived from the instruction's shape.
#include <bit>
#include <stdexcept>

#include "layouts/family_layouts.hpp"

namespace mxlane {

int log2_exact(int power_of_two) {
  if (power_of_two <= 0 || !std::has_single_bit(static_cast<unsigned>(power_of_two)))
    throw std::logic_error("layout dimension is not a power of two");
  return std::countr_zero(static_cast<unsigned>(power_of_two));
}

namespace {
void append(std::vector<BitRef>& bits, Coord coord, int first_bit, int count) {
  for (int b = 0; b < count; ++b) bits.push_back({coord, first_bit + b});
}
}  // namespace

// A[b][i][k] is in lane i + M*b + M*B*floor(k/Kl), item k mod Kl, where Kl = K*M*B/64 consecutive
// k values share a lane (docs/spec/layouts.md §5.2; it is also the ISA guide's general input rule, §11).
// B[b][k][j] is the same with j in place of i. From least significant, the lane bits are
// [row-in-block | block | K-group] and the item bits are the low bits of k.
//
// A sparse A (SMFMAC) and its IDX fields follow the same rule over the stored K/2 columns
// (docs/cdna3.md §3): their depth is d.cols(op).
BitLayout cdna2_input_layout(const InstrDesc& d, Operand op) {
  const bool is_b = op == Operand::B;
  const int wave_bits = log2_exact(d.wave);
  const int mn_bits = log2_exact(is_b ? d.n : d.m);
  const int block_bits = log2_exact(d.blocks);
  const int kl_bits = log2_exact(is_b ? d.rows(op) : d.cols(op)) + mn_bits + block_bits - wave_bits;  // log2 Kl
  const Coord mn = is_b ? Coord::col : Coord::row;
  const Coord k = is_b ? Coord::row : Coord::col;

  BitLayout layout;
  append(layout.lane_bits, mn, 0, mn_bits);
  append(layout.lane_bits, Coord::block, 0, block_bits);
  append(layout.lane_bits, k, kl_bits, wave_bits - mn_bits - block_bits);
  append(layout.item_bits, k, 0, kl_bits);
  return layout;
}

// The output rule of the ISA guide (§7.1.4.2) as docs/spec/layouts.md §5.3 states it: a register holds H
// consecutive rows (H = 4, or 1 for f64) of N columns per lane group; lanes run across j; the
// "row groups" g = floor(i/H) of every block form a slot index s = g + (M/H)*b whose low
// log2(64/N) bits pick the lane group and whose high bits pick further registers. The item (VGPR,
// or VGPR pair for f64) bits are therefore [i mod H | high bits of s].
//
// Exception: v_mfma_f64_4x4x4f64 (4 blocks) puts blocks before rows, lane = j + 4b + 16i, per seed
// 001's "4x4 FP64 layout", the calculator, AMD's lab-notes example and rocjitsu; the general rule
// would give j + 4i + 16b. Selectable with switch f64_4x4x4_cd_order (docs/spec/layouts.md §11.2).
BitLayout cdna2_output_layout(const InstrDesc& d, F64QuadOrder f64_quad_order) {
  const int wave_bits = log2_exact(d.wave);
  const int h_bits = d.d_type == ElemType::f64 ? 0 : 2;
  const int m_bits = log2_exact(d.m);
  const int n_bits = log2_exact(d.n);
  const int block_bits = log2_exact(d.blocks);

  std::vector<BitRef> slot_bits;  // bits of s, least significant first
  const bool blocks_first = d.d_type == ElemType::f64 && d.blocks > 1 && f64_quad_order == F64QuadOrder::lab_notes;
  if (blocks_first) append(slot_bits, Coord::block, 0, block_bits);
  append(slot_bits, Coord::row, h_bits, m_bits - h_bits);
  if (!blocks_first) append(slot_bits, Coord::block, 0, block_bits);

  const int lane_slot_bits = wave_bits - n_bits;
  BitLayout layout;
  append(layout.lane_bits, Coord::col, 0, n_bits);
  layout.lane_bits.insert(layout.lane_bits.end(), slot_bits.begin(), slot_bits.begin() + lane_slot_bits);
  append(layout.item_bits, Coord::row, 0, h_bits);
  layout.item_bits.insert(layout.item_bits.end(), slot_bits.begin() + lane_slot_bits, slot_bits.end());
  return layout;
}

}  // namespace mxlane
