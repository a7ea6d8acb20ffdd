// [fast] The gfx942/gfx950 fused-group kernels (emu/fast/kernels/cdna3_fused.inl, cdna3_fp8.inl), gfx908's
// gradual-underflow trees (kernels/pairwise_tree.inl) and the gfx1200 DOT4 kernels (kernels/gfx12_dot4_finite*.inl,
// gfx12_dot4_chain.inl) against the element reference on values chosen for each of their paths:
// signed zeros and C = -0, subnormal factors and accumulators, results that underflow
// gradually or to zero, product overflow (bf16/xf32 products >= 2^128), sums that overflow,
// inf * 0, +inf - inf, NaN (xf32: a payload only in the 13 truncated bits), exact cancellation and
// tiny negative remainders floored toward -inf, a negative C below the DOT4 grid; and for the
// RDNA3 DOT2 kernels (kernels/rdna3_dot2.inl) one case per way out of their decoded common case.
#include <algorithm>

#include "emu/fast/gemm_family.hpp"
#include "fast/fast_test_support.hpp"

using namespace mxlane;
using namespace mxlane_test;

namespace {

// Factor and accumulator values that lead to each path of the kernel (see the file comment; the f16
// and bf16 factors are fast_test_support.hpp's).
const std::vector<std::uint32_t> kXf32Factors = {0x00000000, 0x80000000, 0x00001FFF, 0x00002000, 0x807FE000,
                                                 0x00800000, 0x3F800000, 0xBF800000, 0x3F801FFF, 0x3F802000,
                                                 0xBF802000, 0x7F7FFFFF, 0xFF7FE000, 0x5F800000, 0x7F800000,
                                                 0xFF800000, 0x7F800001, 0x7FC00000, 0x1F800000, 0x9F800000};
// Bytes that are NaN in one FP8 encoding and not in the other (0x80: FNUZ NaN, OCP -0; 0x7F/0xFF:
// OCP E4M3 NaN; 0x7C: OCP E5M2 inf), the largest and smallest magnitudes, subnormals, signed zeros.
const std::vector<std::uint32_t> kFp8Factors = {0x00, 0x80, 0x01, 0x81, 0x07, 0x08, 0x7F, 0xFF, 0x7E, 0xFE,
                                                0x7C, 0xFC, 0x7B, 0x38, 0xB8, 0x39, 0x3C, 0xBC, 0x40, 0xC0};
const std::vector<std::uint32_t> kAccumulators = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007FFFFF, 0x00800000, 0x3F800000, 0xBF800000, 0x3F800001,
    0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x4F000000, 0x30000000, 0xB0000000, 0x0F000000};

template <class In>
void check_pools(const InstrDesc& d, const std::vector<std::uint32_t>& factors, std::uint64_t seed) {
  mxlane_test::check_pools<In, std::uint32_t>(d, factors, kAccumulators, seed, 2 * d.m, 2 * d.n, 3 * d.k);
}

}  // namespace

TEST_CASE("CDNA3 fused-group kernels equal the reference on the special paths", "[fast][gemm][cdna3]") {
  const ArchInfo& gfx942 = arch_info(ArchId::gfx942);
  const ArchInfo& gfx950 = arch_info(ArchId::gfx950);
  check_pools<std::uint16_t>(resolve_instruction(gfx942, "v_mfma_f32_32x32x8_f16"), kF16SpecialFactors<std::uint32_t>,
                             1);
  check_pools<std::uint16_t>(resolve_instruction(gfx942, "v_mfma_f32_4x4x4_16b_f16"), kF16SpecialFactors<std::uint32_t>,
                             2);  // groups of 4
  check_pools<std::uint16_t>(resolve_instruction(gfx942, "v_mfma_f32_32x32x8_bf16"), kBf16SpecialFactors<std::uint32_t>,
                             3);
  check_pools<std::uint32_t>(resolve_instruction(gfx942, "v_mfma_f32_32x32x4_xf32"), kXf32Factors, 4);
  check_pools<std::uint16_t>(resolve_instruction(gfx950, "v_mfma_f32_32x32x16_bf16"),
                             kBf16SpecialFactors<std::uint32_t>, 5);
  check_pools<std::uint16_t>(resolve_instruction(gfx950, "v_mfma_f32_16x16x32_f16"), kF16SpecialFactors<std::uint32_t>,
                             6);
}

TEST_CASE("CDNA3 fp8/bf8 kernels (FNUZ on gfx942, OCP on gfx950) equal the reference on the special paths",
          "[fast][gemm][cdna3]") {
  std::uint64_t seed = 20;
  for (ArchId arch : {ArchId::gfx942, ArchId::gfx950})
    for (const char* mnemonic : {"v_mfma_f32_16x16x32_fp8_fp8", "v_mfma_f32_16x16x32_fp8_bf8",
                                 "v_mfma_f32_32x32x16_bf8_fp8", "v_mfma_f32_32x32x16_bf8_bf8"})
      check_pools<std::uint8_t>(resolve_instruction(arch_info(arch), mnemonic), kFp8Factors, ++seed);
}

TEST_CASE("gfx950 unscaled f8f6f4 kernel (fp8 A and B, groups of 32) equals the reference on the special paths",
          "[fast][gemm][cdna4]") {
  // E4M3 NaN (0x7F, 0xFF), subnormals, signed zeros, the largest magnitudes: 32 products per group
  // near 448^2 test the group sum's range, the NaN bytes the reference lanes.
  const ArchInfo& gfx950 = arch_info(ArchId::gfx950);
  check_pools<std::uint8_t>(resolve_instruction(gfx950, "v_mfma_f32_16x16x128_f8f6f4"), kFp8Factors, 41);
  check_pools<std::uint8_t>(resolve_instruction(gfx950, "v_mfma_f32_32x32x64_f8f6f4"), kFp8Factors, 42);
}

TEST_CASE("gfx908 gradual-underflow trees equal the reference on the special paths", "[fast][gemm][cdna1]") {
  // Subnormal factors and accumulators, -0, results that underflow gradually: kept, not flushed
  // (docs/cdna1.md), and the host's binary32 operations must agree with the reference on each.
  const ArchInfo& gfx908 = arch_info(ArchId::gfx908);
  check_pools<std::uint16_t>(resolve_instruction(gfx908, "v_mfma_f32_32x32x8f16"), kF16SpecialFactors<std::uint32_t>,
                             31);
  check_pools<std::uint16_t>(resolve_instruction(gfx908, "v_mfma_f32_4x4x4f16"), kF16SpecialFactors<std::uint32_t>, 32);
  check_pools<std::uint16_t>(resolve_instruction(gfx908, "v_mfma_f32_32x32x4bf16"), kBf16SpecialFactors<std::uint32_t>,
                             33);
  check_pools<std::uint16_t>(resolve_instruction(gfx908, "v_mfma_f32_16x16x2bf16"), kBf16SpecialFactors<std::uint32_t>,
                             34);
}

TEST_CASE("gfx908 gradual-underflow trees keep a subnormal C that no product changes", "[fast][gemm][cdna1]") {
  // A = 0: every leaf is +0 and every tree +0, and acc + (+0) leaves a nonzero acc as it is, so D = C
  // bit for bit when C is subnormal (docs/cdna1.md: nothing flushed), derived by hand; gfx90a's
  // flushing tree gives +0 there instead (docs/spec/numerics.md §B.2).
  for (const char* mnemonic : {"v_mfma_f32_32x32x8f16", "v_mfma_f32_32x32x4bf16"}) {
    const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx908), mnemonic);
    const GemmMatrix<std::uint16_t> a = GemmMatrix<std::uint16_t>::Zero(d.m, 2 * d.k);
    const GemmMatrix<std::uint16_t> b = GemmMatrix<std::uint16_t>::Constant(2 * d.k, d.n, 0x3C00);
    GemmMatrix<std::uint32_t> c = GemmMatrix<std::uint32_t>::Constant(d.m, d.n, 0x00000001U);
    c.col(1).setConstant(0x807FFFFFU);
    CHECK(gemm(d, a, b, c, options(GemmPath::reference_elements)) == c);
    for (fast::SimdLevel level : simd_levels()) {
      const fast::SimdLevelCap cap(level);
      CAPTURE(mnemonic, fast::simd_level_name(level));
      CHECK(gemm(d, a, b, c, options(GemmPath::fast)) == c);
    }
  }
}

TEST_CASE("gfx1200 DOT4 kernels equal the reference on the special paths", "[fast][gemm][gfx12]") {
  const ArchInfo& gfx1200 = arch_info(ArchId::gfx1200);
  check_pools<std::uint16_t>(resolve_instruction(gfx1200, "v_wmma_f32_16x16x16_f16"), kF16SpecialFactors<std::uint32_t>,
                             7);
  check_pools<std::uint16_t>(resolve_instruction(gfx1200, "v_wmma_f32_16x16x16_bf16"),
                             kBf16SpecialFactors<std::uint32_t>, 8);
  // FP8/BF8 (OCP): E4M3 0x7F/0xFF NaN, E5M2 0x7C/0xFC inf, subnormals, signed zeros, the extremes
  std::uint64_t seed = 30;
  for (const char* mnemonic : {"v_wmma_f32_16x16x16_fp8_fp8", "v_wmma_f32_16x16x16_fp8_bf8",
                               "v_wmma_f32_16x16x16_bf8_fp8", "v_wmma_f32_16x16x16_bf8_bf8"})
    check_pools<std::uint8_t>(resolve_instruction(gfx1200, mnemonic), kFp8Factors, ++seed);
}

TEST_CASE("gfx1200 DOT4 kernels: a negative C below the step grid adds nothing", "[fast][gemm][gfx12]") {
  // C = -2^-31 and one product 1.0 * 1.0 per element: the grid is 2^-24 (docs/rdna4.md §3.1), C keeps
  // no bit on it and contributes 0 (not the floor -2^-24), so D = 1.0 exactly (0x3F7FFFFF otherwise).
  const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx1200), "v_wmma_f32_16x16x16_f16");
  GemmMatrix<std::uint16_t> a = GemmMatrix<std::uint16_t>::Zero(16, 16), b = GemmMatrix<std::uint16_t>::Zero(16, 16);
  a.col(0).setConstant(0x3C00);
  b.row(0).setConstant(0x3C00);
  const GemmMatrix<std::uint32_t> c = GemmMatrix<std::uint32_t>::Constant(16, 16, 0xB0000000U);
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    const GemmMatrix<std::uint32_t> out = gemm(d, a, b, c, options(GemmPath::fast));
    CAPTURE(fast::simd_level_name(level));
    CHECK(out(0, 0) == 0x3F800000U);
    CHECK((out.array() == 0x3F800000U).all());
  }
  CHECK(gemm(d, a, b, c, options(GemmPath::reference_elements))(3, 5) == 0x3F800000U);
}

TEST_CASE("gfx1200 DOT4 kernels: a step result below the normal range leaves the decoded common case",
          "[fast][gemm][gfx12]") {
  // bf16, derived by hand (docs/rdna4.md §3.1): C = 2^-125 and one product -1.5 * 2^-126 at k = 0.
  // The grid is max(pgrid = 0 - 126 - 24, max(-126, lead(C) = -125) - 26) = -150; S = 2^25 - 3 * 2^23
  // = 2^23, so D = 2^-127, a binary32 subnormal kept by gradual underflow (2^22 * 2^-149: 0x00400000).
  // The zero products after it leave it unchanged (C on the grid 2^-152 is 2^25, exact). The decoded state
  // could carry the value on, but its field (0) is outside 1..254, so only the kernel's range check
  // (a negative t) sends the block to the step-by-step kernel.
  const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx1200), "v_wmma_f32_16x16x16_bf16");
  GemmMatrix<std::uint16_t> a = GemmMatrix<std::uint16_t>::Zero(16, 16), b = GemmMatrix<std::uint16_t>::Zero(16, 16);
  a.col(0).setConstant(0xBFC0);                                                                  // -1.5
  b.row(0).setConstant(0x0080);                                                                  // 2^-126
  const GemmMatrix<std::uint32_t> c = GemmMatrix<std::uint32_t>::Constant(16, 16, 0x01000000U);  // 2^-125
  CHECK((gemm(d, a, b, c, options(GemmPath::reference_elements)).array() == 0x00400000U).all());
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    CAPTURE(fast::simd_level_name(level));
    CHECK((gemm(d, a, b, c, options(GemmPath::fast)).array() == 0x00400000U).all());
  }
}

TEST_CASE("gfx1200 DOT4 kernels: a bf16 accumulator is truncated after every step, in the common case too",
          "[fast][gemm][gfx12]") {
  // Ordinary values only, so the decoded common case runs. C = 1.0 and 2^-8 * 1 at k = 0 and k = 4
  // (two DOT4 steps): g = max(-8 + 0 - 24, 0 - 26) = -26, S = 2^26 + 2^18, binary32 1 + 2^-8, whose
  // top 16 bits are 1.0 (docs/rdna4.md §3.1); twice: D = 1.0 (0x3F80), derived by hand, where
  // carrying the whole binary32 result on would give 1 + 2^-7 (0x3F81).
  const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx1200), "v_wmma_bf16_16x16x16_bf16");
  GemmMatrix<std::uint16_t> a = GemmMatrix<std::uint16_t>::Zero(16, 16), b = GemmMatrix<std::uint16_t>::Zero(16, 16);
  for (int k : {0, 4}) {
    a.col(k).setConstant(0x3B80);  // 2^-8
    b.row(k).setConstant(0x3F80);  // 1.0
  }
  const GemmMatrix<std::uint16_t> c = GemmMatrix<std::uint16_t>::Constant(16, 16, 0x3F80);
  CHECK((gemm(d, a, b, c, options(GemmPath::reference_elements)).array() == 0x3F80).all());
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    CAPTURE(fast::simd_level_name(level));
    CHECK((gemm(d, a, b, c, options(GemmPath::fast)).array() == 0x3F80).all());
  }
}

TEST_CASE("gfx1200 DOT4 kernels: an exact zero mid-chain leaves the decoded common case", "[fast][gemm][gfx12]") {
  // Ordinary values only (no NaN or infinity in the panels), so the decoded common case of
  // kernels/gfx12_dot4_finite.inl runs first. bf16: C = 2^30 and the first step adds -2^15 * 2^15: S = 0, and
  // the step gives +0 (docs/rdna4.md §3.1 step 6), which the decoded state cannot hold; the next steps
  // add 2^-60 * 2^-60 once (k = 4): D = 2^-120 exactly (0x03800000), derived by hand. The values are
  // chosen so that only the kernel's zero check can notice the cancelled step: its grid (2^6) lies
  // above 2^0 and the next product is within 2^27 of what a stale accumulator would hold.
  const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx1200), "v_wmma_f32_16x16x16_bf16");
  GemmMatrix<std::uint16_t> a = GemmMatrix<std::uint16_t>::Zero(16, 32), b = GemmMatrix<std::uint16_t>::Zero(32, 16);
  a.col(0).setConstant(0xC700);                                                                  // -2^15
  b.row(0).setConstant(0x4700);                                                                  // 2^15
  a.col(4).setConstant(0x2180);                                                                  // 2^-60
  b.row(4).setConstant(0x2180);                                                                  // 2^-60
  const GemmMatrix<std::uint32_t> c = GemmMatrix<std::uint32_t>::Constant(16, 16, 0x4E800000U);  // 2^30
  CHECK((gemm(d, a, b, c, options(GemmPath::reference_elements)).array() == 0x03800000U).all());
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    CAPTURE(fast::simd_level_name(level));
    CHECK((gemm(d, a, b, c, options(GemmPath::fast)).array() == 0x03800000U).all());
  }
}

namespace {

// One WMMA of `arch` on ordinary factors only (so the decoded common case of the kernel runs
// first), C constant, the given products in column/row k of A/B and zeros elsewhere; every element
// of D must be `expected`, derived by hand (each case says how), by the element reference and by
// the fast path at every SIMD level.
struct WmmaProduct {
  int k;
  std::uint16_t a, b;
};
template <class Acc>
void check_wmma_case(ArchId arch, const char* mnemonic, Acc c_bits, const std::vector<WmmaProduct>& products,
                     Acc expected) {
  const InstrDesc& d = resolve_instruction(arch_info(arch), mnemonic);
  GemmMatrix<std::uint16_t> a = GemmMatrix<std::uint16_t>::Zero(16, 16), b = GemmMatrix<std::uint16_t>::Zero(16, 16);
  for (const WmmaProduct& p : products) {
    a.col(p.k).setConstant(p.a);
    b.row(p.k).setConstant(p.b);
  }
  const GemmMatrix<Acc> c = GemmMatrix<Acc>::Constant(16, 16, c_bits);
  CAPTURE(mnemonic, c_bits, expected);
  CHECK((gemm(d, a, b, c, options(GemmPath::reference_elements)).array() == expected).all());
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    CAPTURE(fast::simd_level_name(level));
    const GemmMatrix<Acc> got = gemm(d, a, b, c, options(GemmPath::fast));
    CAPTURE(got(0, 0));
    CHECK((got.array() == expected).all());
  }
}
// The RDNA3 cases below: docs/spec/numerics.md §B.4, kernels/rdna3_dot2.inl.
template <class Acc>
void check_rdna3_case(const char* mnemonic, Acc c_bits, const std::vector<WmmaProduct>& products, Acc expected) {
  check_wmma_case(ArchId::gfx1100, mnemonic, c_bits, products, expected);
}

}  // namespace

TEST_CASE("RDNA3 DOT2 kernels: every way out of the decoded common case", "[fast][gemm][rdna3]") {
  // Each case is built so that exactly one of the kernel's checks notices that a lane left the
  // common case (removing that check changes D). G is the step's grid, S the grid sum, as in §B.4.
  SECTION("binary32 accumulator, bf16 factors") {
    // C = 2^-126, product -0.75 * 2^-126: G = max(-1 - 126 - 24, -126 - 26) = -151, S = 2^25 - 3 * 2^23
    // - 1 (one's complement) = 2^23 - 1: a field of 149 - 151 < 1, flushed to +0 (field check).
    check_rdna3_case<std::uint32_t>("v_wmma_f32_16x16x16_bf16", 0x00800000U, {{0, 0xBF40, 0x0080}}, 0x00000000U);
    // C = (2 - 2^-23) * 2^127, product 2^127: G = 103, S = 2^25 - 2 + 2^24: field 152 + 103 > 254, inf.
    check_rdna3_case<std::uint32_t>("v_wmma_f32_16x16x16_bf16", 0x7F7FFFFFU, {{0, 0x7F00, 0x3F80}}, 0x7F800000U);
    // C = 2^30, products -2^15 * 2^15 and 2^3 * 2^3 in one step: G = 6, S = 2^24 - 2^24 - 1 + 1 = 0,
    // +0, although the field (0 + 6) is in range: only the zero check sees it.
    check_rdna3_case<std::uint32_t>("v_wmma_f32_16x16x16_bf16", 0x4E800000U, {{0, 0xC700, 0x4700}, {1, 0x4100, 0x4100}},
                                    0x00000000U);
    // C = +inf plus -2^127: inf (the C check; read as a number, inf's bits would be 2^128, and the
    // sum 2^127 is in range).
    check_rdna3_case<std::uint32_t>("v_wmma_f32_16x16x16_bf16", 0x7F800000U, {{0, 0xFF00, 0x3F80}}, 0x7F800000U);
  }
  SECTION("bf16 accumulator: ROUND_F32, then the top 16 bits") {
    // C = 1.0 and 2^-8 added in two steps (k = 0 and k = 2): 1 + 2^-8 truncates to 1.0 each time
    // (1 + 2^-7 if the first result were kept whole).
    check_rdna3_case<std::uint16_t>("v_wmma_bf16_16x16x16_bf16", 0x3F80, {{0, 0x3B80, 0x3F80}, {2, 0x3B80, 0x3F80}},
                                    0x3F80);
    // The flush and the overflow of the binary32 case above, in bf16.
    check_rdna3_case<std::uint16_t>("v_wmma_bf16_16x16x16_bf16", 0x0080, {{0, 0xBF40, 0x0080}}, 0x0000);
    check_rdna3_case<std::uint16_t>("v_wmma_bf16_16x16x16_bf16", 0x7F7F, {{0, 0x7F00, 0x3F80}}, 0x7F80);
  }
  SECTION("f16 accumulator: ROUND_F16") {
    // C = 2^11, products -2^11 * 1 and 2^-5 * 1: G = 11 + 0 - 24 = -13, S = 2^24 - 2^24 - 1 + 2^8 = 255,
    // shorter than 12 bits (ROUND_F16 shifts left): 255 * 2^-13, the normal f16 0x27F8 (the shift check).
    // Then 1 * 1 (k = 2): G = -24, S = 2^24 + 2040 * 2^8, rounded on 2^-10 to 1056: D = 1.03125.
    check_rdna3_case<std::uint16_t>("v_wmma_f16_16x16x16_f16", 0x6800,
                                    {{0, 0xE800, 0x3C00}, {1, 0x2800, 0x3C00}, {2, 0x3C00, 0x3C00}}, 0x3C20);
    // C = +0, product 1.5 * 2^-8 * 2^-8: G = -40, S = 1.5 * 2^24, LSB exponent 14 - 40 < -24: the f16
    // subnormal 1.5 * 2^-16 = 384 * 2^-24 (the check of the LSB exponent).
    check_rdna3_case<std::uint16_t>("v_wmma_f16_16x16x16_f16", 0x0000, {{0, 0x1E00, 0x1C00}}, 0x0180);
    // C = 65504 = 2047 * 2^5, product 16 * 16: G = -11, S = 2055 * 2^16, q = RNE(1027.5) = 1028 on
    // 2^6: 65792, beyond the largest f16, so inf (the overflow check).
    check_rdna3_case<std::uint16_t>("v_wmma_f16_16x16x16_f16", 0x7BFF, {{0, 0x4C00, 0x4C00}}, 0x7C00);
    // C = 1 + 2^-10, products 2^-11 (k = 0) and again 2^-11 (k = 2): 1 + 3 * 2^-11 is a tie and rounds
    // to the even 1 + 2^-9, then 1 + 2^-9 + 2^-11, a tie again, stays there: 0x3C02 (the rounding).
    check_rdna3_case<std::uint16_t>("v_wmma_f16_16x16x16_f16", 0x3C01, {{0, 0x1000, 0x3C00}, {2, 0x1000, 0x3C00}},
                                    0x3C02);
    // C = 1 - 2^-11 plus 2^-12: 1 - 2^-12, a tie, rounds up to 1.0 with a carry (q = 2^11 on 2^-11);
    // then 2^-10 (k = 2): 1 + 2^-10 exactly, 0x3C01 (the carry's renormalisation).
    check_rdna3_case<std::uint16_t>("v_wmma_f16_16x16x16_f16", 0x3BFF, {{0, 0x0C00, 0x3C00}, {2, 0x1400, 0x3C00}},
                                    0x3C01);
    // C = -inf plus 2^8 * 2^7: -inf (the C check; read as a number, -inf's bits would be -2^16, and
    // the sum -2^15 is in range).
    check_rdna3_case<std::uint16_t>("v_wmma_f16_16x16x16_f16", 0xFC00, {{0, 0x5C00, 0x5800}}, 0xFC00);
  }
}

TEST_CASE("gfx1200 DOT4 kernels: every way out of the f16 accumulator's decoded common case", "[fast][gemm][gfx12]") {
  // kernels/gfx12_dot4_finite_f16.inl; each case is built so that exactly one of its checks notices
  // that a lane left the common case. docs/rdna4.md §3.1: pair grids, step grid g, S floored.
  const auto check = [](std::uint16_t c, const std::vector<WmmaProduct>& products, std::uint16_t expected) {
    check_wmma_case<std::uint16_t>(ArchId::gfx1200, "v_wmma_f16_16x16x16_f16", c, products, expected);
  };
  // C = 2^11, products -2^11 * 1 and 2^-5 * 1 (one pair): g = -13, S = 2^24 - 2^24 + 2^8, shorter than
  // 12 bits: 2^-5 exactly (the shift check); then 1 * 1 (k = 4): D = 1 + 2^-5 (0x3C20).
  check(0x6800, {{0, 0xE800, 0x3C00}, {1, 0x2800, 0x3C00}, {4, 0x3C00, 0x3C00}}, 0x3C20);
  // C = +0, product 1.5 * 2^-8 * 2^-8: g = -40, S = 1.5 * 2^24, LSB exponent 14 - 40 < -24: the
  // subnormal 384 * 2^-24 (the check of the LSB exponent).
  check(0x0000, {{0, 0x1E00, 0x1C00}}, 0x0180);
  // The same at the bound: 1.5 * 2^-8 * 2^-7 = 1.5 * 2^-15, S = 1.5 * 2^24 on g = -39, LSB exponent
  // 14 - 39 = -25, one below -24: the subnormal 768 * 2^-24 (0x0300).
  check(0x0000, {{0, 0x1E00, 0x2000}}, 0x0300);
  // C = 65504, product 16 * 16: g = -11, S = 2055 * 2^16, q = RNE(1027.5) = 1028 on 2^6: beyond the
  // largest f16, inf (the overflow check).
  check(0x7BFF, {{0, 0x4C00, 0x4C00}}, 0x7C00);
  // C = 1 - 2^-11 plus 2^-12: S = 4095 * 2^15 on 2^-27, a tie, q = 2^11: the carry to 1.0; then
  // 2^-10 (k = 4): 1 + 2^-10 (0x3C01) (the carry's renormalisation).
  check(0x3BFF, {{0, 0x0C00, 0x3C00}, {4, 0x1400, 0x3C00}}, 0x3C01);
  // C = -inf plus 2^8 * 2^7: -inf (the C check; read as a number -inf's bits are -2^16, and the sum
  // -2^15 would be in range).
  check(0xFC00, {{0, 0x5C00, 0x5800}}, 0xFC00);
  // C = -2^-14, an empty first step (it stays), then 1.5 * 2^6 * (1 + 2^-10) * 2^5 = 3075 (k = 4):
  // g = -13 lies 27 above C's grid candidate -40, so C has no bit left on g and, being negative
  // with g > -14, adds 0 (not the floor -1): S = 3075 * 2^13, a tie, rounded to the even 3076
  // (0x6A02); with -1 it would round to 3074 (the check of the C shift after the first step).
  check(0x8400, {{4, 0x5600, 0x5001}}, 0x6A02);
  // The same product in the first step (k = 0): there the kernel masks the vanishing C itself.
  check(0x8400, {{0, 0x5600, 0x5001}}, 0x6A02);
}

TEST_CASE("gfx1200 DOT4 kernels: every way out of the binary32 accumulator's decoded common case",
          "[fast][gemm][gfx12]") {
  // kernels/gfx12_dot4_finite.inl: one unsigned maximum of t' = t - L (L the block frame of the row
  // and lane) notices all of them; here every row and lane of the block has the same frame, so the
  // shared bound is each lane's own. docs/rdna4.md §3.1: a product on the grid 2^(ea + eb - 24),
  // step grid g = max(product grids, lead(C) - 26), S floored; bf16 factors, binary32 C and D.
  const auto check = [](std::uint32_t c, const std::vector<WmmaProduct>& products, std::uint32_t expected) {
    check_wmma_case<std::uint32_t>(ArchId::gfx1200, "v_wmma_f32_16x16x16_bf16", c, products, expected);
  };
  // C = -1.0, an empty first step (it stays), then 2^15 * 2^15 (k = 4): the product 2^24 on the grid
  // 2^6 = g, 32 above C's grid candidate -26, so the negative C has no bit left on g and adds 0
  // (not the floor -1): D = 2^30 exactly; with -1 it would be 2^30 - 2^6 (0x4E7FFFFF). After the
  // first step t = 126 (C's field - 1) lies below the frame L = (15 + 15 - 24 + 152) - 26 = 132.
  check(0xBF800000U, {{4, 0x4700, 0x4700}}, 0x4E800000U);
  // The same product in the first step (k = 0): there the kernel masks the vanishing C itself.
  check(0xBF800000U, {{0, 0x4700, 0x4700}}, 0x4E800000U);
  // C = 1.5 * 2^127 plus 1.5 * 2^127 * 1.0: g = 103 (the product 1.5 * 2^24 on 2^103, C 1.5 * 2^24 on
  // it), S = 1.5 * 2^25, D = 1.5 * 2^128: beyond binary32, +inf (0x7F800000). Decoded, the result
  // would have the field 255 and the fraction 0x400000, a NaN's bits: the upper bound, t = 254 > 253.
  check(0x7F400000U, {{0, 0x7F40, 0x3F80}}, 0x7F800000U);
  // The largest finite result stays in the case: C = 2^127 plus 0.5 * 2^127 * 1.0: D = 1.5 * 2^127.
  check(0x7F000000U, {{0, 0x7E80, 0x3F80}}, 0x7F400000U);
  // C = 2^-125 plus -1.5 * 2^-126 * 1.0: D = 2^-127, a subnormal (the lower bound, t < 0, as in the
  // test of the step result below the normal range above).
  check(0x01000000U, {{0, 0xBFC0, 0x0080}}, 0x00400000U);
  // The same subnormal 2^-127 from -1.5 * 2^-20 * 2^-106 (the grid 2^-150, S = 2^25 - 1.5 * 2^24):
  // both block frames at their floors (kernels/gfx12_dot4_chain.inl: the row's 126, the lane's
  // -100 - 26), L = 0, so t' = t and the lower bound is t >= 0 exactly.
  check(0x01000000U, {{0, 0xB5C0, 0x0A80}}, 0x00400000U);
  // C = 2^30 plus -2^15 * 2^15: S = 0, step() gives +0, which the decoded state cannot hold (t = g -
  // 153 < L); then 2^-60 * 2^-60 (k = 4): 2^-120 exactly (0x03800000).
  check(0x4E800000U, {{0, 0xC700, 0x4700}, {4, 0x2180, 0x2180}}, 0x03800000U);
}

TEST_CASE(
    "gfx1250 FP8/BF8 kernels (every pairing of E4M3 and E5M2) equal the reference on finite and rare special values",
    "[fast][gemm][cdna5]") {
  // Uniform random bytes make almost every output NaN over hundreds of k (E4M3 has 2 NaN bytes, E5M2 8
  // inf/NaN ones), which hides the decoding: here the factors are finite, moderate and of every sign,
  // subnormals and zeros included, with a special byte once in ~3000 factors so that a few outputs take
  // the reference lanes (docs/cdna5.md §3.5).
  std::uint64_t seed = 1250;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1250)) {
    const bool eight_bit = d->a_type == ElemType::fp8 || d->a_type == ElemType::bf8;
    if (!eight_bit || d->family().sparse_a) continue;
    CAPTURE(d->mnemonic);
    mxref::Gen g(++seed);
    const auto byte = [&](ElemType t) -> std::uint8_t {
      if (g.range(0, 2999) == 0) return t == ElemType::bf8 ? (g.coin(50) ? 0x7C : 0x7E) : 0x7F;  // inf / NaN
      const bool bf8 = t == ElemType::bf8;
      // Exponent fields around the bias (E4M3 7, E5M2 15), 0 for subnormals now and then.
      const int field = g.coin(12) ? 0 : (bf8 ? g.range(11, 19) : g.range(3, 11));
      const int frac = static_cast<int>(g.bits(bf8 ? 2 : 3));
      return static_cast<std::uint8_t>((g.coin(50) ? 0x80 : 0) | (field << (bf8 ? 2 : 3)) | frac);
    };
    const int m = 2 * d->m, n = 2 * d->n, k = 3 * d->k;
    mxlane::with_gemm_storage(*d, [&](auto in, auto acc) {
      using In = decltype(in);
      using Acc = decltype(acc);
      for (int round = 0; round < 3; ++round) {
        GemmMatrix<In> a(m, k), b(k, n);
        GemmMatrix<Acc> c(m, n);
        for (int j = 0; j < k; ++j)
          for (int i = 0; i < m; ++i) a(i, j) = byte(d->a_type);
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < k; ++i) b(i, j) = byte(d->b_type);
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < m; ++i)  // C: small values of the accumulator's format (f32 or f16)
            c(i, j) = static_cast<Acc>(sizeof(Acc) == 4 ? 0x3F800000u + (g.bits(20) << 3) : 0x3C00u + g.bits(8));
        const auto expected = gemm(*d, a, b, c, options(GemmPath::reference_elements));
        int finite = 0;
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < m; ++i) {
            const std::uint64_t v = expected(i, j);
            finite += sizeof(Acc) == 4 ? ((v >> 23) & 0xFF) != 0xFF : ((v >> 10) & 0x1F) != 0x1F;
          }
        CHECK(finite > m * n / 2);  // the comparison sees the decoded arithmetic, not only NaN
        for (fast::SimdLevel level : simd_levels()) {
          const fast::SimdLevelCap cap(level);
          check_equal(expected, gemm(*d, a, b, c, options(GemmPath::fast)),
                      std::string(d->mnemonic) + " round " + std::to_string(round) + " " +
                          std::string(fast::simd_level_name(level)));
        }
      }
    });
  }
}
