// gfx950 A/B and scale layouts (docs/cdna4.md §2). Evidence per rule: fp8/bf8 interleaved halves
// [DOC: AMD ROCm blog 32x32x64 fp8 kernel; 16x16x128 by analogy INF], fp4 contiguous [DOC: blog
// fp4 kernel], fp6/bf6 and the K-doubled shapes [INF], scales [DOC: blog, LLVM op_sel].
#include "layouts/cdna4_layouts.hpp"

#include <algorithm>
#include <stdexcept>

#include "fmt/format.h"
#include "layouts/family_layouts.hpp"

namespace mxlane {
namespace {

constexpr int kWave = 64;
constexpr int kF8f6f4KPerLane = 32;  // every lane holds 32 values of its row / column

void check_m(int m) {
  if (m != 16 && m != 32) throw std::invalid_argument(fmt::format("gfx950 layout: M must be 16 or 32, not {}", m));
}

void check_range(const char* what, int value, int limit) {
  if (value < 0 || value >= limit)
    throw std::invalid_argument(fmt::format("gfx950 layout: {} {} out of range 0..{}", what, value, limit - 1));
}

// The "interleaved halves" rule (fp8/bf8, and the alternatives of fp6 and K-doubled): a lane's
// items split into two halves of `half` items; item t = half*h + j of lane group g holds
// k = half*(G*h + g) + j, G = 64/m lane groups. Returns (g, t).
struct GroupItem {
  int group;
  int item;
};
GroupItem interleaved(int m, int half, int k) {
  const int groups = kWave / m;
  const int h = k / (half * groups), rest = k % (half * groups);
  return {rest / half, half * h + rest % half};
}
// The contiguous rule: lane group g holds k = per_lane*g + t.
GroupItem contiguous(int per_lane, int k) { return {k / per_lane, k % per_lane}; }

// The slots of a `bits`-wide field at bit position `pos` of a lane's concatenated VGPRs (v0 bit 0
// first), split where it crosses a 32-bit boundary.
std::vector<Slot> field_slots(int lane, int pos, int bits) {
  std::vector<Slot> out;
  while (bits > 0) {
    const int lo = pos % 32, take = std::min(bits, 32 - lo);
    out.push_back(Slot{lane, pos / 32, lo, lo + take - 1});
    pos += take;
    bits -= take;
  }
  return out;
}

}  // namespace

int cdna4_f8f6f4_vgprs_read(int format_code) {
  check_range("f8f6f4 format code", format_code, 5);
  return format_code <= 1 ? 8 : format_code <= 3 ? 6 : 4;
}

std::vector<Slot> cdna4_f8f6f4_slots(int m, int format_code, int mn, int k, Fp6Layout fp6) {
  check_m(m);
  check_range("f8f6f4 format code", format_code, 5);
  check_range(m == 16 ? "k (16x16x128)" : "k (32x32x64)", k, kF8f6f4KPerLane * kWave / m);
  check_range("row/column", mn, m);
  const int bits = format_code <= 1 ? 8 : format_code <= 3 ? 6 : 4;
  // fp8/bf8: two 128-bit halves of 16 k each, interleaved across lane groups; fp4 (and fp6 by
  // default): 32 consecutive k per lane.
  const bool interleave = bits == 8 || (bits == 6 && fp6 == Fp6Layout::interleaved);
  const GroupItem gi = interleave ? interleaved(m, 16, k) : contiguous(kF8f6f4KPerLane, k);
  return field_slots(mn + m * gi.group, gi.item * bits, bits);
}

Slot cdna4_kdoubled_slot(int m, int element_bits, int mn, int k, K16Layout layout) {
  check_m(m);
  if (element_bits != 8 && element_bits != 16)
    throw std::invalid_argument(
        fmt::format("gfx950 K-doubled layout: element bits must be 8 or 16, not {}", element_bits));
  const int per_lane = 128 / element_bits;  // four VGPRs: Kl = 8 (16-bit) or 16 (8-bit)
  check_range("k", k, per_lane * kWave / m);
  check_range("row/column", mn, m);
  const GroupItem gi = layout == K16Layout::interleaved16b ? interleaved(m, per_lane / 2, k) : contiguous(per_lane, k);
  return field_slots(mn + m * gi.group, gi.item * element_bits, element_bits).front();
}

Slot cdna4_scale_slot(int m, int mn, int block, int opsel) {
  check_m(m);
  check_range("row/column", mn, m);
  check_range("k-block", block, kWave / m);  // K/32 blocks = 64/m
  check_range("opsel", opsel, 4);
  return Slot{mn + m * block, 0, 8 * opsel, 8 * opsel + 7};
}

namespace {

void append_bits(std::vector<BitRef>& bits, Coord coord, int first_bit, int count) {
  for (int b = 0; b < count; ++b) bits.push_back({coord, first_bit + b});
}

// Lane bits [mn | k bits from `group_bit`, one per lane group]; item bits [k bits 0..low) then, for
// the interleaved rule, the half bit above the lane-group bits.
BitLayout grouped_k_layout(const InstrDesc& d, Operand op, int low, bool interleave) {
  const bool is_b = op == Operand::B;
  const Coord mn = is_b ? Coord::col : Coord::row, k = is_b ? Coord::row : Coord::col;
  const int mn_bits = log2_exact(is_b ? d.n : d.m);
  const int group_bits = log2_exact(d.wave) - mn_bits;  // log2 G
  BitLayout layout;
  append_bits(layout.lane_bits, mn, 0, mn_bits);
  append_bits(layout.lane_bits, k, low, group_bits);
  append_bits(layout.item_bits, k, 0, low);
  const int k_bits = log2_exact(d.k);
  if (interleave) append_bits(layout.item_bits, k, low + group_bits, k_bits - low - group_bits);
  return layout;
}

}  // namespace

BitLayout cdna4_f8f6f4_layout(const InstrDesc& d, Operand op, int format_code, Fp6Layout fp6) {
  check_range("f8f6f4 format code", format_code, 5);
  const int bits = format_code <= 1 ? 8 : format_code <= 3 ? 6 : 4;
  // fp8/bf8: k = 16*G*h + 16*g + j (two halves of 16); fp4, fp6: k = 32*g + e.
  const bool interleave = bits == 8 || (bits == 6 && fp6 == Fp6Layout::interleaved);
  return grouped_k_layout(d, op, interleave ? 4 : 5, interleave);
}

BitLayout cdna4_scale_layout(const InstrDesc& d, Operand op) {
  BitLayout layout;
  append_bits(layout.lane_bits, Coord::row, 0, log2_exact(d.rows(op)));
  append_bits(layout.lane_bits, Coord::col, 0, log2_exact(d.cols(op)));
  return layout;
}

bool cdna4_kdoubled_input(const InstrDesc& d) {
  return d.family().kdoubled_layout_switchable && d.blocks == 1 && d.vgprs_a == 4 && d.vgprs_b == 4;
}

BitLayout cdna4_kdoubled_interleaved_layout(const InstrDesc& d, Operand op) {
  // Kl/2 consecutive k per half: k = (Kl/2)*(G*h + g) + j.
  const int per_lane = 128 / elem_bits(d.type(op));
  return grouped_k_layout(d, op, log2_exact(per_lane / 2), true);
}

}  // namespace mxlane
