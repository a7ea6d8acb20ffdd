// The gfx12 WMMA input layout written out from docs/rdna4.md §2.1-§2.3, independently of
// layouts/gfx12_layouts.cpp: the closed forms the builder tests and the table tests compare against.
#pragma once

namespace mxlane_test {

struct Place {
  int lane, vgpr, bit;
  auto operator<=>(const Place&) const = default;
};

// Where a placement (mxlane::Placement) puts its element, as a Place.
template <class Placement>
Place place_of(const Placement& p) {
  return {p.slot.lane, p.slot.vgpr, p.slot.bit_lo};
}

// Where A[i][k] of a gfx12 WMMA with `bits`-bit inputs and K = `k_size` lives (B[k][j] likewise with j).
inline Place gfx12_input_formula(int bits, int k_size, int wave, int i, int k) {
  if (bits == 16) {
    if (wave == 32) return {16 * ((k / 4) % 2) + i, 2 * (k / 8) + (k / 2) % 2, 16 * (k % 2)};
    return {16 * (k / 4) + i, (k / 2) % 2, 16 * (k % 2)};
  }
  if (bits == 8) {
    if (wave == 32) return {16 * (k / 8) + i, (k / 4) % 2, 8 * (k % 4)};
    return {32 * ((k / 4) % 2) + 16 * ((k / 8) % 2) + i, 0, 8 * (k % 4)};
  }
  if (k_size == 16) return {16 * (k / 8) + i, 0, 4 * (k % 8)};
  if (wave == 32) return {16 * (k / 16) + i, (k / 8) % 2, 4 * (k % 8)};
  return {32 * ((k / 8) % 2) + 16 * ((k / 16) % 2) + i, 0, 4 * (k % 8)};
}

}  // namespace mxlane_test
