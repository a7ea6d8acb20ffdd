// gfx950 (CDNA4) element arithmetic on hand-computed cases (docs/cdna4-numerics.md): OCP fp8 through
// the gfx942 fp8 structure, the f8f6f4 format codes, block scales, E8M0 NaN and extremes, and each
// gfx950 switch on an input where its values disagree.
#include "support/catch_compat.hpp"

#include <vector>

#include "emu/formats/format.hpp"
#include "emu/semantics/cdna3_fused_dot.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"
#include "tests/support/f32_bits.hpp"

using mxlane_test::is_f32_nan;

using namespace mxlane;

namespace {

// A K-long A row and B column, zero except (k, a, b) entries.
struct Operands {
  std::vector<std::uint64_t> a, b;
  explicit Operands(std::size_t k) : a(k, 0), b(k, 0) {}
  Operands& at(std::size_t k, std::uint64_t av, std::uint64_t bv) {
    a[k] = av;
    b[k] = bv;
    return *this;
  }
};

NumericsContext with_switch(const char* name, const char* value) {
  NumericsContext ctx{};
  set_switch(ctx.switches, name, value);
  return ctx;
}

std::uint32_t fp8(const FormatSpec& fa, const FormatSpec& fb, const Operands& o, std::uint32_t c = 0) {
  return cdna3_fp8_dot(fa, fb, DotInputs{o.a, o.b, c}, NumericsContext{});
}

std::uint32_t scaled(int a_code, int b_code, const Operands& o, std::vector<std::uint8_t> sa,
                     std::vector<std::uint8_t> sb, std::uint32_t c = 0, const NumericsContext& ctx = {}) {
  return cdna4_f8f6f4_scaled_dot(*f8f6f4_format(a_code), *f8f6f4_format(b_code), sa, sb, DotInputs{o.a, o.b, c}, ctx);
}

constexpr std::uint64_t kE4m3One = 0x38, kE5m2One = 0x3C, kFp6One = 0x08, kBf6One = 0x0C, kFp4One = 0x2;

}  // namespace

TEST_CASE("gfx950 OCP fp8/bf8 through the fp8 MFMA structure: the bytes FNUZ reads differently", "[numerics][cdna4]") {
  // 0x80 is -0 in OCP E4M3 (the exact zero sum is +0) and NaN in FNUZ (docs/cdna4-numerics.md §2).
  CHECK(fp8(kFp8E4M3Ocp, kFp8E4M3Ocp, Operands(16).at(0, 0x80, kE4m3One)) == 0x00000000u);
  CHECK(is_f32_nan(fp8(kFp8E4M3Fnuz, kFp8E4M3Fnuz, Operands(16).at(0, 0x80, 0x40))));
  // 0x7E: OCP 1.75 * 2^8 = 448 (the largest finite E4M3); FNUZ (bias 8) 224.
  CHECK(fp8(kFp8E4M3Ocp, kFp8E4M3Ocp, Operands(16).at(0, 0x7E, kE4m3One)) == 0x43E00000u);
  CHECK(fp8(kFp8E4M3Fnuz, kFp8E4M3Fnuz, Operands(16).at(0, 0x7E, 0x40)) == 0x43600000u);
  // 0x7F: OCP E4M3 NaN (S.1111.111); FNUZ 240.
  CHECK(is_f32_nan(fp8(kFp8E4M3Ocp, kFp8E4M3Ocp, Operands(16).at(3, 0x7F, kE4m3One))));
  CHECK(fp8(kFp8E4M3Fnuz, kFp8E4M3Fnuz, Operands(16).at(3, 0x7F, 0x40)) == 0x43700000u);
  // E5M2 0x7C is +inf in OCP (inf * 1 = inf, inf * 0 = NaN); FNUZ (bias 16) 2^15.
  CHECK(fp8(kFp8E5M2Ocp, kFp8E5M2Ocp, Operands(16).at(5, 0x7C, kE5m2One)) == 0x7F800000u);
  CHECK(fp8(kFp8E5M2Ocp, kFp8E5M2Ocp, Operands(16).at(5, 0xFC, kE5m2One)) == 0xFF800000u);
  CHECK(is_f32_nan(fp8(kFp8E5M2Ocp, kFp8E5M2Ocp, Operands(16).at(5, 0x7C, 0x00))));
  CHECK(fp8(kFp8E5M2Fnuz, kFp8E5M2Fnuz, Operands(16).at(5, 0x7C, 0x40)) == 0x47000000u);
  // Mixed A fp8 / B bf8: 448 * 57344 (E5M2 0x7B, its largest finite) = 25690112 = 0x4BC40000.
  CHECK(fp8(kFp8E4M3Ocp, kFp8E5M2Ocp, Operands(16).at(0, 0x7E, 0x7B)) == 0x4BC40000u);
}

TEST_CASE("gfx950 f8f6f4 format codes select OCP fp8, bf8, fp6, bf6, fp4", "[numerics][cdna4]") {
  CHECK(f8f6f4_format(0) == &kFp8E4M3Ocp);
  CHECK(f8f6f4_format(1) == &kFp8E5M2Ocp);
  CHECK(f8f6f4_format(2) == &kFp6E2M3);
  CHECK(f8f6f4_format(3) == &kBf6E3M2);
  CHECK(f8f6f4_format(4) == &kFp4E2M1);
  CHECK(f8f6f4_format(5) == nullptr);
  CHECK(f8f6f4_format(-1) == nullptr);
  const std::vector<std::uint8_t> unit{127, 127};
  // fp4 6.0 (0x7) * fp6 7.5 (0x1F, the largest E2M3) = 45 = 0x42340000; bf6 28 (0x1F) * fp4 1.0 = 28.
  CHECK(scaled(4, 2, Operands(64).at(7, 0x7, 0x1F), unit, unit) == 0x42340000u);
  CHECK(scaled(3, 4, Operands(64).at(40, 0x1F, kFp4One), unit, unit) == 0x41E00000u);
  // Subnormals: fp6 E2M3 0x01 = 2^-3, bf6 E3M2 0x01 = 2^-4, fp4 0x1 = 0.5: product 2^-7 each.
  CHECK(scaled(2, 3, Operands(64).at(0, 0x01, 0x01), unit, unit) == 0x3C000000u);
  CHECK(scaled(4, 0, Operands(64).at(0, 0x1, 0x30), unit, unit) == 0x3E800000u);  // 0.5 * 0.5 (E4M3 0x30)
  // Signed zeros: -0 * 1 in every format gives an exact zero sum, +0.
  for (int code = 0; code < 5; ++code) {
    const std::uint64_t neg_zero = code <= 1 ? 0x80 : code <= 3 ? 0x20 : 0x8;
    const std::uint64_t one[] = {kE4m3One, kE5m2One, kFp6One, kBf6One, kFp4One};
    CHECK(scaled(code, code, Operands(64).at(1, neg_zero, one[code]), unit, unit, 0x80000000u) == 0u);
  }
  // The unscaled encoding is scale 2^0.
  const Operands k128 = Operands(128).at(100, 0x7, 0x1F);
  CHECK(cdna4_f8f6f4_dot(kFp4E2M1, kFp6E2M3, DotInputs{k128.a, k128.b, 0}, {}) == 0x42340000u);
}

TEST_CASE("gfx950 f8f6f4 block scales: 2^(sa+sb-254) per 32-k block, 0xFF NaN, extremes", "[numerics][cdna4]") {
  const Operands ones = Operands(64).at(0, kE4m3One, kE4m3One).at(32, kE4m3One, kE4m3One);
  CHECK(scaled(0, 0, ones, {127, 127}, {127, 127}) == 0x40000000u);               // 1 + 1
  CHECK(scaled(0, 0, ones, {128, 127}, {127, 130}) == 0x41200000u);               // block 0: 2^1, block 1: 2^3: 2 + 8
  CHECK(scaled(0, 0, ones, {127, 127}, {127, 127}, 0x3F800000u) == 0x40400000u);  // C = 1 joins: 3
  // One NaN scale byte in any block makes the element NaN, even with zero data in that block.
  CHECK(is_f32_nan(scaled(0, 0, Operands(64).at(0, kE4m3One, kE4m3One), {127, 0xFF}, {127, 127})));
  CHECK(is_f32_nan(scaled(0, 0, Operands(64), {127, 127}, {0xFF, 127})));
  // 16x16x128: four blocks, the scale of block 3 reaches k 96..127 only.
  CHECK(scaled(0, 0, Operands(128).at(96, kE4m3One, kE4m3One), {127, 127, 127, 120}, {127, 127, 127, 127}) ==
        0x3C000000u);  // 2^-7
  // Extremes: 2^127 * 2^127 overflows to inf of the product's sign; 2^-126 * 2^-126 underflows to +0.
  CHECK(scaled(0, 0, Operands(64).at(0, kE4m3One, kE4m3One), {254, 127}, {254, 127}) == 0x7F800000u);
  CHECK(scaled(0, 0, Operands(64).at(0, 0xB8, kE4m3One), {254, 127}, {254, 127}) == 0xFF800000u);
  CHECK(scaled(0, 0, Operands(64).at(0, kE4m3One, kE4m3One), {1, 127}, {1, 127}) == 0u);
  // 2^-126 * 2^-10 (scale bytes 1 and 117): the binary32 subnormal 2^-136 = 2^13 * 2^-149 = 0x00002000.
  CHECK(scaled(0, 0, Operands(64).at(0, kE4m3One, kE4m3One), {1, 127}, {117, 127}) == 0x00002000u);
  // A large scaled block meets C of the other sign: exact cancellation gives +0.
  CHECK(scaled(0, 0, Operands(64).at(0, kE4m3One, kE4m3One), {137, 127}, {127, 127}, 0xC4800000u) == 0u);
}

TEST_CASE("gfx950 switches: each value changes the result on a discriminating input", "[numerics][cdna4][switches]") {
  // E-C4-3: scale_a = 0x00, scale_b = 127, A = B = 1.0: E8M0 2^-127 (binary32 subnormal 0x00400000)
  // or identity (1.0).
  const Operands one = Operands(64).at(0, kE4m3One, kE4m3One);
  CHECK(scaled(0, 0, one, {0, 127}, {127, 127}) == 0x00400000u);
  CHECK(scaled(0, 0, one, {0, 127}, {127, 127}, 0, with_switch("scale_zero_is_identity", "identity")) == 0x3F800000u);
  // E-C4-4: block sum 1.0, C = -2^-30. block32 (the §2 group) floors C to 24 fraction bits below
  // 2^0: -2^-24, total 1 - 2^-24 = 0x3F7FFFFF; split16 (the §3 fp8 group) drops C below 2^(F-25): 1.0.
  CHECK(scaled(0, 0, one, {127, 127}, {127, 127}, 0xB0800000u) == 0x3F7FFFFFu);
  CHECK(scaled(0, 0, one, {127, 127}, {127, 127}, 0xB0800000u, with_switch("f8f6f4_group", "split16")) == 0x3F800000u);
  // split16 scales and accumulates both halves of a block: k 0 and k 16 both count, scaled.
  const Operands halves = Operands(64).at(0, kE4m3One, kE4m3One).at(16, kE4m3One, kE4m3One);
  CHECK(scaled(0, 0, halves, {128, 127}, {127, 127}, 0, with_switch("f8f6f4_group", "split16")) == 0x40800000u);
}

TEST_CASE("gfx950 K-doubled f16: fused groups of 8 (default) or 16", "[numerics][cdna4][switches]") {
  // Hand-built so that the truncation of a group of 16 and the floor of the groups of 8 round
  // differently: k 8 = 2^-12 * 2^-12 = 2^-24, k 9 = 2^-20 * -2^-20 = -2^-40, C = 1 + 2^-23.
  std::vector<std::uint64_t> a(16, 0), b(16, 0);
  a[8] = 0x0C00, b[8] = 0x0C00;        // 2^-12 * 2^-12 = 2^-24
  a[9] = 0x0010, b[9] = 0x8010;        // 2^-20 * -2^-20 = -2^-40
  const std::uint64_t c = 0x3F800001;  // 1 + 2^-23
  // Groups of 8: group 2 has E = -24, F = 0: S' = floor((2^-24 - 2^-40) * 2^31) / 2^31 = 2^-24 - 2^-31;
  // (1 + 2^-23) + 2^-24 - 2^-31 is just below the tie: rounds to 0x3F800001.
  CHECK(cdna4_kdoubled_fused_dot(kBinary16, DotInputs{a, b, c}, {}) == 0x3F800001u);
  // Group of 16 with k 0 = 1.0 * 1.0 added: E = 0 truncates -2^-40 to 0; (1 + 2^-23) + 1 + 2^-24 =
  // 2 + 2^-23 + 2^-24: binary32 ulp at 2 is 2^-22, so 2 + 1.5 * 2^-23 rounds to 2 + 2^-22 (0x40000001).
  a[0] = 0x3C00, b[0] = 0x3C00;
  CHECK(cdna4_kdoubled_fused_dot(kBinary16, DotInputs{a, b, c}, with_switch("cdna4_kdoubled_group", "16")) ==
        0x40000001u);
  // The same input in groups of 8: group 1 gives 2 + 2^-23 -> RNE 2 (tie to even: 2^-23 is half
  // of 2's ulp 2^-22, and 2 is even); group 2 adds 2^-24 - 2^-31 (floored): 2 + 2^-24 - 2^-31 -> 2.
  CHECK(cdna4_kdoubled_fused_dot(kBinary16, DotInputs{a, b, c}, {}) == 0x40000000u);
}
