// gfx12 (RDNA4) WMMA operand layouts (docs/rdna4.md §2) [TOOL: the calculator's gfx12 tables, consistent
// with every gfx1201 capture of docs/rdna4.md §5].
#include "layouts/gfx12_layouts.hpp"

#include <stdexcept>

#include "fmt/format.h"

namespace mxlane {

namespace {

// The dense WMMA A/B map of `bits`-bit elements over a depth of `depth` k (coordinate `k`), rows or
// columns on `mn`.
BitLayout dense_input_bits(Coord mn, Coord k, int bits, int depth, bool w64) {
  BitLayout layout;
  for (int b = 0; b < 4; ++b) layout.lane_bits.push_back({mn, b});
  const auto lanes = [&](std::initializer_list<BitRef> refs) { layout.lane_bits.insert(layout.lane_bits.end(), refs); };
  const auto items = [&](std::initializer_list<int> k_bits) {
    for (int b : k_bits) layout.item_bits.push_back({k, b});
  };
  if (bits == 16) {  // §2.1: w32 lane 16((k/4) mod 2) + i, VGPR 2(k/8) + (k/2) mod 2, half k mod 2
    if (w64)
      lanes({{k, 2}, {k, 3}}), items({0, 1});
    else
      lanes({{k, 2}}), items({0, 1, 3});
  } else if (bits == 8) {  // §2.2: w32 lane 16(k/8) + i, byte k mod 8; w64 lane 32((k/4) mod 2) + 16((k/8) mod 2) + i
    if (w64)
      lanes({{k, 3}, {k, 2}}), items({0, 1});
    else
      lanes({{k, 3}}), items({0, 1, 2});
  } else if (bits == 4 && depth == 16) {  // §2.3: lane 16(k/8) + i in both waves, nibble k mod 8
    if (w64)
      lanes({{k, 3}, {Coord::replica, 0}}), items({0, 1, 2});
    else
      lanes({{k, 3}}), items({0, 1, 2});
  } else if (bits == 4 &&
             depth ==
                 32) {  // §2.3: w32 lane 16(k/16) + i, nibble k mod 16; w64 lane 32((k/8) mod 2) + 16((k/16) mod 2) + i
    if (w64)
      lanes({{k, 4}, {k, 3}}), items({0, 1, 2});
    else
      lanes({{k, 4}}), items({0, 1, 2, 3});
  } else {
    throw std::logic_error(fmt::format("no gfx12 layout for {}-bit elements with K = {}", bits, depth));
  }
  return layout;
}

}  // namespace

BitLayout gfx12_input_layout(const InstrDesc& d, Operand op) {
  const Coord mn = op == Operand::A ? Coord::row : Coord::col;
  const Coord k = op == Operand::A ? Coord::col : Coord::row;
  return dense_input_bits(mn, k, elem_bits(d.type(op)), d.k, d.wave == 64);
}

BitLayout gfx12_sparse_input_layout(const InstrDesc& d, Operand op) {
  const bool w64 = d.wave == 64;
  const int bits = elem_bits(d.a_type);
  if (op == Operand::A || op == Operand::IDX) {
    // §2.5: each group of four dense k is one slot of two stored values, so the compressed A is the
    // dense map over the K/2 stored columns; IDX gives each stored value's 2-bit field the same item.
    return dense_input_bits(Coord::row, Coord::col, bits, d.cols(Operand::A), w64);
  }
  if (bits == 4 && d.k == 32) return dense_input_bits(Coord::col, Coord::row, 4, 32, w64);  // as dense iu4 K=32
  // §2.5 dense B at twice the WMMA depth: lanes 0-15 hold the first k of each lane-group split;
  // wave64 moves the highest item bit to lane bit 5 [TOOL].
  BitLayout layout;
  for (int b = 0; b < 4; ++b) layout.lane_bits.push_back({Coord::col, b});
  const auto lanes = [&](std::initializer_list<int> k_bits) {
    for (int b : k_bits) layout.lane_bits.push_back({Coord::row, b});
  };
  const auto items = [&](std::initializer_list<int> k_bits) {
    for (int b : k_bits) layout.item_bits.push_back({Coord::row, b});
  };
  if (bits == 16 && d.k == 32) {  // w32 lane 16((k/8) mod 2) + j, VGPR 4(k/16) + (k/2) mod 4, half k mod 2
    if (w64)
      lanes({3, 4}), items({0, 1, 2});
    else
      lanes({3}), items({0, 1, 2, 4});
  } else if (bits == 8 && d.k == 32) {  // w32 lane 16(k/16) + j, VGPR (k/4) mod 4, byte k mod 4
    if (w64)
      lanes({4, 3}), items({0, 1, 2});
    else
      lanes({4}), items({0, 1, 2, 3});
  } else if (bits == 4 && d.k == 64) {  // w32 lane 16(k/32) + j, VGPR (k/8) mod 4, nibble k mod 8
    if (w64)
      lanes({5, 4}), items({0, 1, 2, 3});
    else
      lanes({5}), items({0, 1, 2, 3, 4});
  } else {
    throw std::logic_error(fmt::format("no gfx12 SWMMAC B layout for {}-bit elements with K = {}", bits, d.k));
  }
  return layout;
}

BitLayout gfx12_output_layout(const InstrDesc& d) {
  BitLayout layout;
  for (int b = 0; b < 4; ++b) layout.lane_bits.push_back({Coord::col, b});
  layout.lane_bits.push_back({Coord::row, 3});
  if (d.wave == 64) layout.lane_bits.push_back({Coord::row, 2});
  for (int b = 0; b < (d.wave == 64 ? 2 : 3); ++b) layout.item_bits.push_back({Coord::row, b});
  return layout;
}

}  // namespace mxlane
