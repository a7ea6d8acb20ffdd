// The references themselves against the published vectors of docs/spec/numerics.md §D.1, §D.2, §D.3 and the
// rows of §C.2. No code under test is called here: this pins the reference models to the
// specification, so that agreement in the random tests means agreement with the specification.
#include "support/catch_compat.hpp"

#include <vector>

#include "reference/reference_models.hpp"
#include "support/vector_file.hpp"

using namespace mxref;

namespace {

using V = std::vector<std::uint64_t>;

V padded(V v, std::size_t k) {
  v.resize(k, 0);
  return v;
}

std::uint64_t dot2_f32(bool bf16, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  return ref_rdna3_dot2(bf16, static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b),
                        static_cast<std::uint16_t>(a >> 16), static_cast<std::uint16_t>(b >> 16), c, Out::f32)
      .bits;
}

std::uint64_t small_int(const Fmt& f, int v) { return encode_exact(f, v < 0, Rat(v < 0 ? -v : v)); }

}  // namespace

TEST_CASE("reference self-check: docs/spec/numerics.md §D.1 CDNA2 targeted vectors", "[reference][selfcheck]") {
  // T1-T3, T4-T4d, T7 (pairwise, F16 / BF16_1K group 4).
  CHECK(ref_cdna2_pairwise(kRefF16, 4, padded({0x0001}, 16), padded({0x3C00}, 16), 0) == 0x00000000);
  CHECK(ref_cdna2_pairwise(kRefF16, 4, padded({}, 16), padded({}, 16), 0x00000001) == 0x00000000);
  CHECK(ref_cdna2_pairwise(kRefBF16, 4, padded({0x1F80}, 16), padded({0x1F80}, 16), 0) == 0x00000000);
  const V t4a = {0x5800, 0x1800, 0x1800, 0x1800, 0x1800, 0x1800, 0x1800, 0x1800};
  CHECK(ref_cdna2_pairwise(kRefF16, 4, t4a, t4a, 0xC6800000) == 0x37800000);
  const V t4b = {0x1800, 0x1800, 0x1800, 0x1800, 0x5800, 0x1800, 0x1800, 0x1800};
  CHECK(ref_cdna2_pairwise(kRefF16, 4, t4b, t4b, 0xC6800000) == 0x00000000);
  CHECK(ref_cdna2_pairwise(kRefF16, 4, V{0x5800, 0x5800, 0x1800, 0x1800}, V{0x5800, 0xD800, 0x1800, 0x1800},
                           0x36800000) == 0x37400000);
  CHECK(ref_cdna2_pairwise(kRefF16, 4, V{0x5800, 0x1800, 0x5800, 0x1800}, V{0x5800, 0x1800, 0xD800, 0x1800},
                           0x36800000) == 0x36800000);
  CHECK(ref_cdna2_pairwise(kRefF16, 4, V(16, 0x8000), V(16, 0x3C00), 0x80000000) == 0x00000000);
  // T5-T7b (FMA chains).
  CHECK(ref_cdna2_fma_chain(kRefF32, V{0x3F800000, 0x33800000, 0x33800000, 0}, V{0x3F800000, 0x3F800000, 0x3F800000, 0},
                            0) == 0x3F800000);
  CHECK(ref_cdna2_fma_chain(kRefF32, V{0x33800000, 0x33800000, 0x3F800000, 0}, V{0x3F800000, 0x3F800000, 0x3F800000, 0},
                            0) == 0x3F800001);
  CHECK(ref_cdna2_fma_chain(kRefF32, V(4, 0), V(4, 0), 0x00000001) == 0x00000001);
  CHECK(ref_cdna2_fma_chain(kRefF32, padded({0x1C800000}, 4), padded({0x1C800000}, 4), 0) == 0x00000200);
  CHECK(ref_cdna2_fma_chain(kRefF64, V{0x3FF0000000000000, 0x3CA0000000000000, 0x3CA0000000000000, 0},
                            V{0x3FF0000000000000, 0x3FF0000000000000, 0x3FF0000000000000, 0}, 0) == 0x3FF0000000000000);
  CHECK(ref_cdna2_fma_chain(kRefF64, V{0x3CA0000000000000, 0x3CA0000000000000, 0x3FF0000000000000, 0},
                            V{0x3FF0000000000000, 0x3FF0000000000000, 0x3FF0000000000000, 0}, 0) == 0x3FF0000000000001);
  CHECK(ref_cdna2_fma_chain(kRefF32, V(4, 0x80000000), V(4, 0x3F800000), 0x80000000) == 0x80000000);
  // Feature-test rows (CDNA2 column), one product and C.
  const auto one = [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    return ref_cdna2_pairwise(kRefF16, 4, padded({a}, 4), padded({b}, 4), c);
  };
  CHECK(one(0x3800, 0x03FF, 0) == 0x00000000);
  CHECK(one(0x3800, 0x0400, 0) == 0x38000000);
  CHECK(one(0x4000, 0x0200, 0) == 0x00000000);
  CHECK(one(0x3C00, 0x3C00, 0xB3800000) == 0x3F7FFFFF);
  CHECK(one(0x3C00, 0x3C00, 0xBF800000) == 0x00000000);
  CHECK(ref_cdna2_pairwise(kRefF16, 4, V{0x3C00, 0x3C00, 0, 0}, V{0x3C00, 0xBC00, 0, 0}, 0) == 0x00000000);
}

TEST_CASE("reference self-check: docs/spec/numerics.md §D.1 RDNA3 feature predictions", "[reference][selfcheck]") {
  CHECK(dot2_f32(false, 0x3800, 0x03FF, 0) == 0x37FFC000);
  CHECK(dot2_f32(false, 0x3800, 0x0400, 0) == 0x38000000);
  CHECK(dot2_f32(false, 0x4000, 0x0200, 0) == 0x38800000);
  CHECK(dot2_f32(false, 0, 0, 0x00000001) == 0x00000000);
  CHECK(dot2_f32(false, 0x3C00, 0x3C00, 0xB3800000) == 0x3F800000);
  CHECK(dot2_f32(false, 0x3C00, 0x3C00, 0xBF800000) == 0x34000000);
  CHECK(dot2_f32(false, 0x3C003C00, 0xBC003C00, 0) == 0xB3800000);
}

TEST_CASE("reference self-check: docs/spec/numerics.md §D.2 gfx1100 DOT2 captures", "[reference][selfcheck]") {
  // Every capture of the published file, as the emulator's own test reads it (tests/numerics/test_rdna3_captures.cpp).
  const auto lines = mxlane_test::vector_lines("rdna3_dot2_captures.txt");
  REQUIRE(lines.size() == 103);
  const auto hex = [](const std::string& s) { return static_cast<std::uint32_t>(std::stoul(s, nullptr, 16)); };
  for (const auto& f : lines) {
    REQUIRE(f.size() == 6);
    CAPTURE(f[0], f[1], f[2], f[3], f[4]);
    CHECK(dot2_f32(f[0] == "bf16", hex(f[2]), hex(f[3]), hex(f[4])) == hex(f[5]));
  }
}

TEST_CASE("reference self-check: docs/spec/numerics.md §D.3 gfx1100 whole-matrix capture entries",
          "[reference][selfcheck]") {
  struct Entry {
    int m, n;
    std::uint32_t d;
  };
  const Entry entries[] = {{0, 0, 0xBFFFFFC0}, {0, 1, 0xC277FFFE}, {0, 13, 0x41BFFFFD},
                           {2, 3, 0xC1B7FFFE}, {5, 4, 0x36400000}, {9, 15, 0xC3370000}};
  for (const bool bf16 : {false, true}) {
    const Fmt& in = bf16 ? kRefBF16 : kRefF16;
    for (const Entry& e : entries) {
      V a(16), b(16);
      for (int k = 0; k < 16; ++k) {
        a[static_cast<std::size_t>(k)] = small_int(in, ((16 * e.m + k) * 7) % 17 - 8);
        b[static_cast<std::size_t>(k)] = small_int(in, ((16 * k + e.n) * 11) % 17 - 8);
      }
      const std::uint64_t c = small_int(kRefF32, ((16 * e.m + e.n) * 13) % 129 - 64);
      CAPTURE(bf16, e.m, e.n);
      CHECK(ref_rdna3_wmma(bf16, Out::f32, a, b, c) == e.d);
    }
  }
}

TEST_CASE("reference self-check: §C.2 / §B.5 special rows and narrowing", "[reference][selfcheck]") {
  // Factor NaN beats a NaN C; narrowed for 16-bit outputs.
  CHECK(ref_rdna3_dot2(false, 0x7E01, 0x3C00, 0, 0, 0x7FC12345, Out::f16).bits == 0xFE3D);
  CHECK(ref_rdna3_dot2(true, 0x7FC1, 0x3F80, 0, 0, 0, Out::bf16).bits == 0xFFFD);
  // inf * 0 (including inf * bf16 subnormal).
  CHECK(ref_rdna3_dot2(true, 0x7F80, 0x0001, 0, 0, 0, Out::f32).bits == 0xFFC00000);
  CHECK(ref_rdna3_dot2(false, 0x7C00, 0x0000, 0, 0, 0, Out::f16).bits == 0xFE00);
  // C NaN, quieted, payload and sign kept; f16 signalling C quieted through widening + narrowing.
  CHECK(ref_rdna3_dot2(false, 0x3C00, 0x3C00, 0, 0, ref_widen(Out::f16, 0xFC01), Out::f16).bits == 0xFE01);
  CHECK(ref_rdna3_dot2(true, 0x3F80, 0x3F80, 0, 0, ref_widen(Out::bf16, 0x7F81), Out::bf16).bits == 0x7FC1);
  // C +inf with a -inf product.
  CHECK(ref_rdna3_dot2(false, 0xFC00, 0x3C00, 0, 0, 0x7F800000, Out::f32).bits == 0xFFC00000);
  // F16 output: gradual underflow and +0 for results rounded to zero; overflow.
  CHECK(ref_rdna3_dot2(false, 0x0001, 0x3800, 0, 0, 0, Out::f16).bits == 0x0000);  // 2^-25: a tie to even 0
  CHECK(ref_rdna3_dot2(false, 0x0003, 0x3800, 0, 0, 0, Out::f16).bits == 0x0002);  // 1.5 * 2^-24 -> 2^-23
  CHECK(ref_rdna3_dot2(false, 0x7BFF, 0x4000, 0, 0, 0, Out::f16).bits == 0x7C00);
  Dot2Ref ovfl;
  ovfl.fp16_ovfl = true;
  CHECK(ref_rdna3_dot2(false, 0xFBFF, 0x4000, 0, 0, 0, Out::f16, ovfl).bits == 0xFBFF);
  // Exact-zero sum of zero terms is +0 even for -0 inputs.
  CHECK(ref_rdna3_dot2(false, 0x8000, 0x3C00, 0x8000, 0x3C00, 0x80000000, Out::f32).bits == 0);
  // Widening.
  CHECK(ref_widen(Out::f16, 0x0001) == 0x33800000);
  CHECK(ref_widen(Out::f16, 0x7C01) == 0x7F802000);
  CHECK(ref_widen(Out::bf16, 0x8001) == 0x80010000);
}

TEST_CASE("reference self-check: the reference rounding on hand-computed cases", "[reference][selfcheck]") {
  const Cfg rne{};
  // binary32: 1 + 2^-24 is a tie -> 1; 1 + 3*2^-24 -> 1 + 2^-22 (tie to even).
  CHECK(round_signed(kRefF32, 1 + pow2(-24), rne).bits == 0x3F800000);
  CHECK(round_signed(kRefF32, 1 + 3 * pow2(-24), rne).bits == 0x3F800002);
  // Smallest subnormal / half of it.
  CHECK(round_signed(kRefF32, pow2(-149), rne).bits == 0x00000001);
  CHECK(round_signed(kRefF32, pow2(-150), rne).bits == 0x00000000);
  CHECK(round_signed(kRefF32, -(pow2(-150) + pow2(-200)), rne).bits == 0x80000001);
  // Overflow threshold: max + half ulp rounds to inf, just below stays max.
  const Rat max32 = (2 - pow2(-23)) * pow2(127);
  CHECK(round_signed(kRefF32, max32 + pow2(103), rne).bits == 0x7F800000);
  CHECK(round_signed(kRefF32, max32 + pow2(103) - pow2(50), rne).bits == 0x7F7FFFFF);
  Cfg rtz;
  rtz.mode = Mode::rtz;
  CHECK(round_signed(kRefF32, -pow2(200), rtz).bits == 0xFF7FFFFF);
  // Flush variants: 2^-126 * (1 - 2^-25) rounds to 2^-126 on either grid; 2^-127 flushes.
  Cfg after;
  after.under = Under::flush_after;
  Cfg unbounded;
  unbounded.under = Under::flush_unbounded;
  CHECK(round_signed(kRefF32, pow2(-126) - pow2(-151), after).bits == 0x00800000);
  CHECK(round_signed(kRefF32, pow2(-126) - pow2(-151), unbounded).bits == 0x00800000);
  // 2^-126 - 2^-150: the subnormal grid (spacing 2^-149) rounds it up to 2^-126 (tie, even), the
  // unbounded grid (spacing 2^-150 in that binade) keeps it below 2^-126 -> flushed.
  CHECK(round_signed(kRefF32, pow2(-126) - pow2(-150), after).bits == 0x00800000);
  CHECK(round_signed(kRefF32, -(pow2(-126) - pow2(-150)), unbounded).bits == 0x80000000);
  CHECK(round_signed(kRefF32, pow2(-127), after).bits == 0x00000000);
  // f16 and bf16 parameters.
  CHECK(round_signed(kRefF16, Rat(65520), rne).bits == 0x7C00);
  CHECK(round_signed(kRefF16, Rat(65519), rne).bits == 0x7BFF);
  CHECK(round_signed(kRefBF16, 1 + pow2(-8), rne).bits == 0x3F80);
  CHECK(round_signed(kRefBF16, 1 + 3 * pow2(-8), rne).bits == 0x3F82);
  CHECK(decode_ref(kRefF64, 0x0000000000000001).mag == pow2(-1074));
}
