// [fast] The gfx1200 integer, FP8/BF8 and 16-bit-output WMMA kernels on inputs random cases rarely
// reach: CLAMP saturating at the half-K stage (docs/rdna4.md §3.2), NEG choosing signedness, wrap
// without CLAMP; each against a value derived by hand and against the element reference.
#include <array>

#include "emu/fast/gemm_family.hpp"
#include "fast/fast_test_support.hpp"

using namespace mxlane;
using namespace mxlane_test;

namespace {

const ArchInfo& gfx1200() { return arch_info(ArchId::gfx1200); }

// One integer GEMM of 16 x 16 x (2 K): every A row is `first` in the first half of each
// instruction's K and `second` in the second half, every B element is `b`, every C element is `c`.
// Returns D(0, 0) of the fast path at every SIMD level (all equal, and equal to the reference).
std::uint32_t staged_int(const InstrDesc& d, std::uint8_t first, std::uint8_t second, std::uint8_t b, std::uint32_t c,
                         const Modifiers& mods) {
  const int k = 2 * d.k;
  GemmMatrix<std::uint8_t> am(16, k);
  for (int j = 0; j < k; ++j) am.col(j).setConstant(j % d.k < d.k / 2 ? first : second);
  const GemmMatrix<std::uint8_t> bm = GemmMatrix<std::uint8_t>::Constant(k, 16, b);
  const GemmMatrix<std::uint32_t> cm = GemmMatrix<std::uint32_t>::Constant(16, 16, c);
  const GemmMatrix<std::uint32_t> expected = gemm(d, am, bm, cm, options(GemmPath::reference_elements, mods));
  REQUIRE(gemm_path(d, options(GemmPath::automatic, mods)) == GemmPath::fast);
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    check_equal(expected, gemm(d, am, bm, cm, options(GemmPath::fast, mods)),
                std::string(d.mnemonic) + " " + std::string(fast::simd_level_name(level)));
  }
  return static_cast<std::uint32_t>(expected(0, 0));
}

}  // namespace

TEST_CASE("gfx1200 integer WMMA kernels: CLAMP saturates after each half of K", "[fast][gemm][gfx12]") {
  const InstrDesc& iu8 = resolve_instruction(gfx1200(), "v_wmma_i32_16x16x16_iu8");
  const Modifiers signed_clamp{.neg = 3, .clamp = 1};
  // Two instructions; per instruction +8*127*127 = 129032 then 8*(-128)*127 = -130048.
  // C = INT32_MAX - 1000: the first half saturates to INT32_MAX, the second half leaves
  // INT32_MAX - 130048; the next instruction stays in range: INT32_MAX - 1016 - 130048 (one
  // saturation per instruction would give INT32_MAX - 1000 - 2 * 1016).
  CHECK(staged_int(iu8, 0x7F, 0x80, 0x7F, 0x7FFFFFFFU - 1000, signed_clamp) == 0x7FFFFFFFU - 1016 - 130048);
  // The mirror image at INT32_MIN: -130048 saturates, +129032 follows.
  CHECK(staged_int(iu8, 0x80, 0x7F, 0x7F, 0x80000000U + 1000, signed_clamp) == 0x80000000U + 129032);
  // Without CLAMP the same sums wrap mod 2^32: INT32_MAX - 1000 + 2 * (129032 - 130048).
  CHECK(staged_int(iu8, 0x7F, 0x80, 0x7F, 0x7FFFFFFFU - 1000, {.neg = 3}) == 0x7FFFFFFFU - 1000 - 2032);
  // ... and pass INT32_MAX when the sum does: 2 * 8 * (127 * 127) * 2 past INT32_MAX - 1000.
  CHECK(staged_int(iu8, 0x7F, 0x7F, 0x7F, 0x7FFFFFFFU - 1000, {.neg = 3}) == 0x7FFFFFFFU - 1000 + 4 * 129032);
  // Unsigned A (NEG[0] = 0): 0x80 is 128, not -128; B 0xFF unsigned (NEG[1] = 0) is 255.
  CHECK(staged_int(iu8, 0x80, 0x80, 0xFF, 0, {}) == 2 * 16 * 128 * 255);
  // Signed B only: 0xFF is -1; A unsigned 0x80 = 128, so each instruction adds -16 * 128.
  CHECK(staged_int(iu8, 0x80, 0x80, 0xFF, 0, {.neg = 2}) == static_cast<std::uint32_t>(-2 * 16 * 128));

  // IU4 (K = 16 and K = 32): 7 * 7 per product, -8 * 7 in the second half. K = 16: +392 saturates,
  // -448, +392, -448 (one saturation per instruction: INT32_MAX - 100 - 2 * 56).
  const InstrDesc& iu4 = resolve_instruction(gfx1200(), "v_wmma_i32_16x16x16_iu4");
  CHECK(staged_int(iu4, 0x7, 0x8, 0x7, 0x7FFFFFFFU - 100, signed_clamp) == 0x7FFFFFFFU - 448 + 392 - 448);
  const InstrDesc& iu4_k32 = resolve_instruction(gfx1200(), "v_wmma_i32_16x16x32_iu4");
  CHECK(staged_int(iu4_k32, 0x7, 0x8, 0x7, 0x7FFFFFFFU - 100, signed_clamp) == 0x7FFFFFFFU - 896 + 784 - 896);
  // Unsigned IU4: 0x8 is 8 and 0xF is 15; no saturation below the range.
  CHECK(staged_int(iu4_k32, 0x8, 0xF, 0xF, 5, {.clamp = 1}) == 5 + 2 * (16 * 8 * 15 + 16 * 15 * 15));
}

namespace {

// D of a 16 x 16 x 16 FP8 GEMM whose only nonzero products are A(i, 0) * B(0, j) = a0 * b0, with C
// constant; every SIMD level of the fast path must agree with the element reference. Returns D(0, 0).
std::uint32_t one_fp8_product(const InstrDesc& d, std::uint8_t a0, std::uint8_t b0, std::uint32_t c) {
  GemmMatrix<std::uint8_t> a = GemmMatrix<std::uint8_t>::Zero(16, 16), b = GemmMatrix<std::uint8_t>::Zero(16, 16);
  a.col(0).setConstant(a0);
  b.row(0).setConstant(b0);
  const GemmMatrix<std::uint32_t> cm = GemmMatrix<std::uint32_t>::Constant(16, 16, c);
  const GemmMatrix<std::uint32_t> expected = gemm(d, a, b, cm, options(GemmPath::reference_elements));
  REQUIRE(gemm_path(d) == GemmPath::fast);
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    check_equal(expected, gemm(d, a, b, cm, options(GemmPath::fast)),
                std::string(d.mnemonic) + " " + std::string(fast::simd_level_name(level)));
  }
  return expected(0, 0);
}

}  // namespace

TEST_CASE("gfx1200 FP8/BF8 WMMA kernels: OCP decoding and the DOT4 grid, derived by hand", "[fast][gemm][gfx12]") {
  const InstrDesc& fp8 = resolve_instruction(gfx1200(), "v_wmma_f32_16x16x16_fp8_fp8");
  const InstrDesc& bf8 = resolve_instruction(gfx1200(), "v_wmma_f32_16x16x16_bf8_bf8");
  const InstrDesc& fp8_bf8 = resolve_instruction(gfx1200(), "v_wmma_f32_16x16x16_fp8_bf8");
  // E4M3 0x7E = 448 (exponent field 15 is finite in OCP E4M3): 448 * 448 = 200704 = 0x48440000.
  CHECK(one_fp8_product(fp8, 0x7E, 0x7E, 0) == 0x48440000U);
  // 1.0 * 1.0 with C = -2^-31: the grid is 2^-24, C keeps no bit and adds 0 (docs/rdna4.md §3.1).
  CHECK(one_fp8_product(fp8, 0x38, 0x38, 0xB0000000U) == 0x3F800000U);
  CHECK(one_fp8_product(bf8, 0x3C, 0x3C, 0xB0000000U) == 0x3F800000U);
  // Subnormals kept: E4M3 0x01 = 2^-9, E5M2 0x01 = 2^-16: 2^-25 = 0x33000000.
  CHECK(one_fp8_product(fp8_bf8, 0x01, 0x01, 0) == 0x33000000U);
  // -1.0 * 1.0 + 1.0 cancels to +0; E5M2 max 57344 squared = 3288334336 = 0x4F440000.
  CHECK(one_fp8_product(fp8, 0xB8, 0x38, 0x3F800000U) == 0U);
  CHECK(one_fp8_product(bf8, 0x7B, 0x7B, 0) == 0x4F440000U);
  // E5M2 0x7C is infinity: inf * 1 = inf; E4M3 0x7F is NaN (the reference's NaN, whatever its bits).
  CHECK(one_fp8_product(bf8, 0x7C, 0x3C, 0) == 0x7F800000U);
  CHECK((one_fp8_product(fp8, 0x7F, 0x38, 0) & 0x7FFFFFFFU) > 0x7F800000U);
}

namespace {

// D(0, 0) of a 16 x 16 x 16 GEMM with 16-bit C/D whose A rows are all `a_row` (k = 0..3, the rest
// +0) and whose B columns are all `b_col`, C constant; the fast path at every SIMD level must equal
// the element reference on the whole matrix.
std::uint16_t one_step16(const InstrDesc& d, std::array<std::uint16_t, 4> a_row, std::array<std::uint16_t, 4> b_col,
                         std::uint16_t c) {
  GemmMatrix<std::uint16_t> a = GemmMatrix<std::uint16_t>::Zero(16, 16), b = GemmMatrix<std::uint16_t>::Zero(16, 16);
  for (int t = 0; t < 4; ++t) {
    a.col(t).setConstant(a_row[static_cast<std::size_t>(t)]);
    b.row(t).setConstant(b_col[static_cast<std::size_t>(t)]);
  }
  const GemmMatrix<std::uint16_t> cm = GemmMatrix<std::uint16_t>::Constant(16, 16, c);
  const GemmMatrix<std::uint16_t> expected = gemm(d, a, b, cm, options(GemmPath::reference_elements));
  REQUIRE(gemm_path(d) == GemmPath::fast);
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    check_equal(expected, gemm(d, a, b, cm, options(GemmPath::fast)),
                std::string(d.mnemonic) + " " + std::string(fast::simd_level_name(level)));
  }
  return expected(0, 0);
}

// 16-bit accumulators for the special pools: signed zeros, subnormals, the smallest normal, 1.0,
// the largest finite, infinities, quiet and signalling NaNs.
const std::vector<std::uint16_t> kF16Accumulators = {0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00,
                                                     0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0x0200, 0x8200};
const std::vector<std::uint16_t> kBf16Accumulators = {0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x0080, 0x3F80, 0xBF80,
                                                      0x7F7F, 0xFF7F, 0x7F80, 0xFF80, 0x7FC0, 0x7F81, 0x0040, 0x8040};
void check_pools16(const InstrDesc& d, const std::vector<std::uint16_t>& factors,
                   const std::vector<std::uint16_t>& accumulators, std::uint64_t seed) {
  check_pools<std::uint16_t, std::uint16_t>(d, factors, accumulators, seed, 32, 32, 48);
}

}  // namespace

TEST_CASE("gfx1200 16-bit-output WMMA kernels: f16 and bf16 rounding of each DOT4 step, derived by hand",
          "[fast][gemm][gfx12]") {
  const InstrDesc& f16 = resolve_instruction(gfx1200(), "v_wmma_f16_16x16x16_f16");
  const InstrDesc& bf16 = resolve_instruction(gfx1200(), "v_wmma_bf16_16x16x16_bf16");
  // 1.0 * 1.0 + 1.0 = 2.0.
  CHECK(one_step16(f16, {0x3C00, 0, 0, 0}, {0x3C00, 0, 0, 0}, 0x3C00) == 0x4000);
  // 65504 * 1.0 + 65504 = 131008 overflows f16 to +inf (FP16_OVFL off by default).
  CHECK(one_step16(f16, {0x7BFF, 0, 0, 0}, {0x3C00, 0, 0, 0}, 0x7BFF) == 0x7C00);
  // The negative-C exception of f16 output (docs/rdna4.md §3.1): products 2^-24 * 2^15 = +2^-9 and
  // -2^-9 (grid 2^-23 <= 2^-14) cancel; C = -2^-24 has no bit on the grid and is floored to -2^-23,
  // so D = -2^-23 = 0x8002 (not +0 as with a binary32 output).
  CHECK(one_step16(f16, {0x0001, 0, 0x8001, 0}, {0x7800, 0, 0x7800, 0}, 0x8001) == 0x8002);
  // 2^5 * 2^5 = 1024: grid 5 + 5 - 24 = -14, still the exception: C = -2^-24 floors to -2^-14 and
  // D = RNE(1024 - 2^-14) = 1024. 2^6 * 2^5: grid -13, above it: C vanishes, D = 2048.
  CHECK(one_step16(f16, {0x5000, 0, 0, 0}, {0x5000, 0, 0, 0}, 0x8001) == 0x6400);
  CHECK(one_step16(f16, {0x5400, 0, 0, 0}, {0x5000, 0, 0, 0}, 0x8001) == 0x6800);
  // Gradual underflow: 2^-12 * 2^-12 = 2^-24 (the smallest subnormal); -0 + +0 products = +0.
  CHECK(one_step16(f16, {0x0C00, 0, 0, 0}, {0x0C00, 0, 0, 0}, 0x0000) == 0x0001);
  CHECK(one_step16(f16, {0x8000, 0, 0, 0}, {0x3C00, 0, 0, 0}, 0x8000) == 0x0000);
  // RNE straight to f16: 1 + 2^-11 (a tie between 1 and 1 + 2^-10) rounds to even 1.0; 1 + 3 * 2^-12
  // (0x1200 = 1.5 * 2^-11) up to 1 + 2^-10; 1 + 3 * 2^-11 (a tie) to even 1 + 2^-9.
  CHECK(one_step16(f16, {0x3C00, 0x1000, 0, 0}, {0x3C00, 0x3C00, 0, 0}, 0x0000) == 0x3C00);
  CHECK(one_step16(f16, {0x3C00, 0x1200, 0, 0}, {0x3C00, 0x3C00, 0, 0}, 0x0000) == 0x3C01);
  CHECK(one_step16(f16, {0x3C00, 0x1600, 0, 0}, {0x3C00, 0x3C00, 0, 0}, 0x0000) == 0x3C02);
  // bf16: binary32 RNE then truncated: (1 + 2^-4)^2 + 2^-14 = 1 + 2^-3 + 2^-8 + 2^-14 is exact in
  // binary32 (0x3F908100) and truncates to 0x3F90 (RNE to bf16 would give 0x3F91).
  CHECK(one_step16(bf16, {0x3F88, 0x3880, 0, 0}, {0x3F88, 0x3F80, 0, 0}, 0x0000) == 0x3F90);
  // bf16 infinity: inf * 1 + 1 = inf; NaN C stays NaN.
  CHECK(one_step16(bf16, {0x7F80, 0, 0, 0}, {0x3F80, 0, 0, 0}, 0x3F80) == 0x7F80);
  CHECK((one_step16(bf16, {0x3F80, 0, 0, 0}, {0x3F80, 0, 0, 0}, 0x7FC0) & 0x7FFF) > 0x7F80);
}

TEST_CASE("gfx1200 16-bit-output WMMA kernels equal the reference on the special paths", "[fast][gemm][gfx12]") {
  check_pools16(resolve_instruction(gfx1200(), "v_wmma_f16_16x16x16_f16"), kF16SpecialFactors<std::uint16_t>,
                kF16Accumulators, 41);
  check_pools16(resolve_instruction(gfx1200(), "v_wmma_bf16_16x16x16_bf16"), kBf16SpecialFactors<std::uint16_t>,
                kBf16Accumulators, 42);
}
