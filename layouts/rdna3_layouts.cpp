// gfx1100 (RDNA3) WMMA operand layouts as bit permutations, for wave32 and wave64.
#include "layouts/family_layouts.hpp"

namespace mxlane {

// A[i][k] is item k of every lane L with L mod 16 = i; B[k][j] likewise with j (seed 000 "srcA
// and srcB": "Only lane % 16 determines which row or column a lane covers"; docs/spec/layouts.md §6 for
// wave64's four copies). Lane bits: [i (or j) | replica]; item bits: k.
BitLayout rdna3_input_layout(const InstrDesc& d, Operand op) {
  const Coord mn = op == Operand::A ? Coord::row : Coord::col;
  const Coord k = op == Operand::A ? Coord::col : Coord::row;
  BitLayout layout;
  for (int b = 0; b < 4; ++b) layout.lane_bits.push_back({mn, b});
  for (int b = 0; b < log2_exact(d.wave) - 4; ++b) layout.lane_bits.push_back({Coord::replica, b});
  for (int b = 0; b < 4; ++b) layout.item_bits.push_back({k, b});
  return layout;
}

// D[i][j] is in VGPR floor(i / (W/16)), lane 16*(i mod (W/16)) + j (seed 000 "Accumulator
// layout" for wave32: row = 2G + L/16, col = L mod 16; docs/spec/layouts.md §6 for wave64). Lane bits:
// [j | low row bits]; item (VGPR) bits: the remaining row bits.
BitLayout rdna3_output_layout(const InstrDesc& d) {
  const int row_bits_in_lane = log2_exact(d.wave) - 4;
  BitLayout layout;
  for (int b = 0; b < 4; ++b) layout.lane_bits.push_back({Coord::col, b});
  for (int b = 0; b < row_bits_in_lane; ++b) layout.lane_bits.push_back({Coord::row, b});
  for (int b = row_bits_in_lane; b < 4; ++b) layout.item_bits.push_back({Coord::row, b});
  return layout;
}

}  // namespace mxlane
