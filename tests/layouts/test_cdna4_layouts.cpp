// gfx950 layout builders (layouts/cdna4_layouts.hpp) against the closed forms of docs/cdna4.md §2
// and their worked facts, plus exhaustiveness: every (row/column, k) has its own bits.
#include "support/catch_compat.hpp"

#include <functional>
#include <set>
#include <stdexcept>
#include <tuple>

#include "layouts/cdna4_layouts.hpp"

using namespace mxlane;

namespace {

// Every (mn, k) of an operand maps to distinct bits, and the bits used are exactly `vgprs` full
// VGPRs in every lane: a bijection onto the read registers.
void check_bijection(int m, int k_total, int bits, int vgprs, const std::function<std::vector<Slot>(int, int)>& slots) {
  std::set<std::tuple<int, int, int>> used;  // (lane, vgpr, bit)
  for (int mn = 0; mn < m; ++mn)
    for (int k = 0; k < k_total; ++k) {
      int width = 0;
      for (const Slot& s : slots(mn, k)) {
        width += s.width();
        for (int bit = s.bit_lo; bit <= s.bit_hi; ++bit) CHECK(used.insert({s.lane, s.vgpr, bit}).second);
      }
      CHECK(width == bits);
    }
  CHECK(used.size() == static_cast<std::size_t>(64 * vgprs * 32));
}

}  // namespace

TEST_CASE("gfx950 f8f6f4 fp8/bf8: two 128-bit halves interleaved across lane groups", "[layouts][cdna4]") {
  // 32x32x64, lane group 0 (lanes 0-31) holds k 0-15 in v0-v3 and k 32-47 in v4-v7 (AMD blog kernel).
  for (int k = 0; k < 64; ++k) {
    const auto s = cdna4_f8f6f4_slots(32, 0, 5, k);
    REQUIRE(s.size() == 1);
    const int h = k / 32, g = (k / 16) % 2, j = k % 16;  // k = 16*G*h + 16*g + j, G = 2
    CHECK(s[0].lane == 5 + 32 * g);
    CHECK(s[0].vgpr == 4 * h + j / 4);
    CHECK(s[0].bit_lo == 8 * (j % 4));
    CHECK(s[0].bit_hi == 8 * (j % 4) + 7);
  }
  CHECK(cdna4_f8f6f4_slots(32, 1, 0, 40)[0] == Slot{0, 6, 0, 7});   // k 40: group 0, half 1, byte 8
  CHECK(cdna4_f8f6f4_slots(32, 0, 0, 16)[0] == Slot{32, 0, 0, 7});  // k 16: group 1, half 0
  // 16x16x128 (G = 4): k = 64h + 16g + j.
  CHECK(cdna4_f8f6f4_slots(16, 0, 3, 0)[0] == Slot{3, 0, 0, 7});
  CHECK(cdna4_f8f6f4_slots(16, 0, 3, 17)[0] == Slot{19, 0, 8, 15});
  CHECK(cdna4_f8f6f4_slots(16, 0, 3, 63)[0] == Slot{51, 3, 24, 31});
  CHECK(cdna4_f8f6f4_slots(16, 0, 3, 64)[0] == Slot{3, 4, 0, 7});
  CHECK(cdna4_f8f6f4_slots(16, 1, 15, 127)[0] == Slot{63, 7, 24, 31});
  for (int m : {16, 32})
    check_bijection(m, 2048 / m, 8, 8, [m](int mn, int k) { return cdna4_f8f6f4_slots(m, 0, mn, k); });
}

TEST_CASE("gfx950 f8f6f4 fp4: 32 contiguous nibbles in v0-v3, low nibble first", "[layouts][cdna4]") {
  for (int k = 0; k < 64; ++k) {
    const auto s = cdna4_f8f6f4_slots(32, 4, 7, k);
    REQUIRE(s.size() == 1);
    const int g = k / 32, e = k % 32;
    CHECK(s[0] == Slot{7 + 32 * g, e / 8, 4 * (e % 8), 4 * (e % 8) + 3});
  }
  CHECK(cdna4_f8f6f4_slots(16, 4, 0, 127)[0] == Slot{48, 3, 28, 31});
  CHECK(cdna4_f8f6f4_vgprs_read(4) == 4);
  for (int m : {16, 32})
    check_bijection(m, 2048 / m, 4, 4, [m](int mn, int k) { return cdna4_f8f6f4_slots(m, 4, mn, k); });
}

TEST_CASE("gfx950 f8f6f4 fp6/bf6: 6-bit fields packed through v0-v5, straddling VGPR boundaries", "[layouts][cdna4]") {
  // Element e at bits 6e..6e+5 of the lane's 192 bits: it straddles a VGPR boundary exactly when
  // 6e mod 32 > 26. Fields 5 (30-35), 10 (60-65), 21 (126-131) and 26 (156-161) do; field 16
  // starts v3 at bit 96 and does not (96 = 3 * 32), nor does field 15 (90-95, ends v2).
  std::set<int> straddling;
  for (int e = 0; e < 32; ++e) {
    const auto s = cdna4_f8f6f4_slots(32, 2, 0, e);
    if (s.size() == 2) straddling.insert(e);
    CHECK(s.front().lane == 0);
    CHECK(s.front().vgpr == 6 * e / 32);
    CHECK(s.front().bit_lo == 6 * e % 32);
  }
  CHECK(straddling == std::set<int>{5, 10, 21, 26});
  const auto f5 = cdna4_f8f6f4_slots(32, 3, 1, 5);  // bf6 the same
  REQUIRE(f5.size() == 2);
  CHECK(f5[0] == Slot{1, 0, 30, 31});  // element bits 0-1
  CHECK(f5[1] == Slot{1, 1, 0, 3});    // element bits 2-5
  CHECK(cdna4_f8f6f4_slots(32, 2, 0, 16)[0] == Slot{0, 3, 0, 5});
  CHECK(cdna4_f8f6f4_slots(16, 2, 2, 100)[0].lane == 2 + 16 * 3);  // k 100: lane group 3, element 4
  CHECK(cdna4_f8f6f4_vgprs_read(2) == 6);
  for (int m : {16, 32})
    check_bijection(m, 2048 / m, 6, 6, [m](int mn, int k) { return cdna4_f8f6f4_slots(m, 2, mn, k); });
  // fp6_layout=interleaved: the fp8 rule on 6-bit fields: 32x32x64 k 32 is element 16 of lane group 0.
  CHECK(cdna4_f8f6f4_slots(32, 2, 0, 32, Fp6Layout::interleaved)[0] == Slot{0, 3, 0, 5});
  CHECK(cdna4_f8f6f4_slots(32, 2, 0, 16, Fp6Layout::interleaved)[0] == Slot{32, 0, 0, 5});
  for (int m : {16, 32})
    check_bijection(m, 2048 / m, 6, 6,
                    [m](int mn, int k) { return cdna4_f8f6f4_slots(m, 2, mn, k, Fp6Layout::interleaved); });
}

TEST_CASE("gfx950 K-doubled f16/bf16/i8: contiguous Kl per lane, or interleaved 64-bit halves", "[layouts][cdna4]") {
  // 16x16x32 f16 (Kl = 8): k = 8g + t, t-th half-word of v0-v3.
  for (int k = 0; k < 32; ++k) {
    const int g = k / 8, t = k % 8;
    CHECK(cdna4_kdoubled_slot(16, 16, 9, k) == Slot{9 + 16 * g, t / 2, 16 * (t % 2), 16 * (t % 2) + 15});
  }
  // 32x32x32 i8 (Kl = 16): k 17 is byte 1 of v0 in lane group 1.
  CHECK(cdna4_kdoubled_slot(32, 8, 0, 17) == Slot{32, 0, 8, 15});
  // interleaved16B: 32x32x16 f16 (G = 2, 4 per half): k = 4(2h + g) + j; k 4 is lane group 1, item 0.
  CHECK(cdna4_kdoubled_slot(32, 16, 0, 4, K16Layout::interleaved16b) == Slot{32, 0, 0, 15});
  CHECK(cdna4_kdoubled_slot(32, 16, 0, 8, K16Layout::interleaved16b) == Slot{0, 2, 0, 15});
  const auto as_list = [](int m, int bits, K16Layout l) {
    return [=](int mn, int k) { return std::vector<Slot>{cdna4_kdoubled_slot(m, bits, mn, k, l)}; };
  };
  for (K16Layout l : {K16Layout::contiguous, K16Layout::interleaved16b}) {
    check_bijection(16, 32, 16, 4, as_list(16, 16, l));
    check_bijection(32, 16, 16, 4, as_list(32, 16, l));
    check_bijection(16, 64, 8, 4, as_list(16, 8, l));
    check_bijection(32, 32, 8, 4, as_list(32, 8, l));
  }
}

TEST_CASE("gfx950 E8M0 scales: byte opsel of lane mn + M*block", "[layouts][cdna4]") {
  CHECK(cdna4_scale_slot(32, 5, 1, 2) == Slot{37, 0, 16, 23});
  CHECK(cdna4_scale_slot(16, 15, 3, 3) == Slot{63, 0, 24, 31});
  CHECK(cdna4_scale_slot(16, 0, 0, 0) == Slot{0, 0, 0, 7});
  // The fp8 scale block is not the lane group: 16x16x128 k 80 (h 1, g 1) is in lane group 1 but
  // block 2 (= 2h + g/2), whose scale is in lanes 32-47.
  CHECK(cdna4_f8f6f4_slots(16, 0, 4, 80)[0].lane == 4 + 16);
  CHECK(cdna4_scale_slot(16, 4, 80 / 32, 0).lane == 4 + 32);
  CHECK_THROWS_AS(cdna4_scale_slot(32, 0, 2, 0), std::invalid_argument);  // 32x32x64 has 2 blocks
  CHECK_THROWS_AS(cdna4_scale_slot(16, 0, 0, 4), std::invalid_argument);
  CHECK_THROWS_AS(cdna4_f8f6f4_slots(32, 5, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(cdna4_f8f6f4_slots(32, 0, 0, 64), std::invalid_argument);
  CHECK_THROWS_AS(cdna4_f8f6f4_slots(8, 0, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(cdna4_kdoubled_slot(16, 32, 0, 0), std::invalid_argument);
}
