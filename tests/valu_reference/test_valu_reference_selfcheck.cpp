// Self-checks of the VALU reference models (nothing from the code under test is called here):
// the dyadic first-principles rounding against the cpp_rational rounding of
// tests/reference/reference_models.hpp, the literal §5.4 gfx11 model against that file's
// independent rational DOT2 model, and every test vector of docs/spec/valu.md §3.8, §4.2, §5.6 and
// §6.9 reproduced by the references.
#include "support/catch_compat.hpp"

#include <array>
#include <cstdint>

#include "reference/reference_models.hpp"
#include "valu_reference/valu_reference_models.hpp"
#include "valu_reference/valu_test_support.hpp"

using vtest::hex;

namespace {

mxref::Rat to_rat(const vref::Ex& x) { return mxref::Rat(mxref::Int(x.v)) * mxref::pow2(x.e); }

}  // namespace

TEST_CASE("valu-reference self-check: dyadic rounding equals the cpp_rational reference rounding", "[valu-reference]") {
  vref::Gen g(0xA11CE);
  const struct {
    const vref::Fm* mine;
    const mxref::Fmt* theirs;
  } formats[] = {{&vref::kF32, &mxref::kRefF32}, {&vref::kF16, &mxref::kRefF16}, {&vref::kBF16, &mxref::kRefBF16}};
  int n = 0, bad = 0;
  for (int i = 0; i < vref::cases(30000); ++i) {
    const auto& f = formats[i % 3];
    // A value with up to 40 significant bits around the format's range (overflow and underflow too).
    const vref::Ex x{vref::Int(g.u64() >> g.range(24, 63)) + 1,
                     g.range(f.mine->emin() - f.mine->mbits - 45, f.mine->emax() + 3)};
    const bool neg = g.coin(50);
    const vref::Ex sx = neg ? -x : x;
    for (const bool rtz : {false, true}) {
      mxref::Cfg cfg;
      cfg.mode = rtz ? mxref::Mode::rtz : mxref::Mode::rne;
      const std::uint64_t want = mxref::round_ref(*f.theirs, neg, to_rat(x), cfg).bits;
      const std::uint32_t got = vref::round_to(*f.mine, sx, rtz ? vref::Rm::rtz : vref::Rm::rne);
      ++n;
      if (got != want) {
        ++bad;
        if (bad < 5)
          FAIL_CHECK("value " << x.v << " * 2^" << x.e << (neg ? " (negative)" : "") << (rtz ? " RTZ" : " RNE")
                              << ": dyadic " << hex(got, 8) << ", rational " << hex(want, 8));
      }
    }
  }
  INFO(bad << " of " << n);
  CHECK(bad == 0);
}

TEST_CASE("valu-reference self-check: literal §5.4 gfx11 model equals the rational gfx1100 DOT2 reference",
          "[valu-reference]") {
  vref::Gen g(0x6F11);
  int bad = 0;
  const int n = vref::cases(20000);
  for (int i = 0; i < n; ++i) {
    const bool bf16 = (i & 1) != 0;
    std::uint32_t a, b, c;
    if (g.coin(50)) {
      a = g.u32(), b = g.u32(), c = g.u32();
    } else {
      const vref::Fm& in = bf16 ? vref::kBF16 : vref::kF16;
      const int e = bf16 ? g.range(-70, 64) : g.range(-14, 15);
      a = g.fp(in, e - 8, e + 8) | (g.fp(in, e - 8, e + 8) << 16);
      b = g.fp(in, -4, 4) | (g.fp(in, -4, 4) << 16);
      c = vref::Gen::fpv(vref::kF32, g.coin(50), e + g.range(-35, 35), g.fraction(23));
    }
    const vref::Want mine = vref::ref_fdot2_gfx11(bf16, a, b, c, false);
    const mxref::Expect theirs = mxref::ref_rdna3_dot2(
        bf16, static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b), static_cast<std::uint16_t>(a >> 16),
        static_cast<std::uint16_t>(b >> 16), c, mxref::Out::f32);
    const bool ok = mine.ok.size() == 1 && !mine.nan_ok && theirs.accepts(mine.ok[0]);
    if (!ok && ++bad < 5)
      FAIL_CHECK((bf16 ? "bf16" : "f16") << " a " << hex(a, 8) << " b " << hex(b, 8) << " c " << hex(c, 8) << ": §5.4 "
                                         << mine.describe(8) << ", rational " << hex(theirs.bits, 8));
  }
  CHECK(bad == 0);
}

TEST_CASE("valu-reference self-check: §3.8 and §4.2 vectors", "[valu-reference]") {
  using namespace vref;
  CHECK(ref_sad_u8(0x01020304u, 0x04030201u, 0x10u) == 0x18u);
  CHECK(ref_sad_u8(0xFF00FF00u, 0x00FF00FFu, 0xFFFFFC00u) == 0xFFFFFFFCu);
  CHECK(ref_sad_hi_u8(0x01020304u, 0x04030201u, 0x10u) == 0x00080010u);
  CHECK(ref_sad_hi_u8(0xFF00FF00u, 0x00FF00FFu, 0x00010002u) == 0x03FD0002u);
  CHECK(ref_msad_u8(0x10203040u, 0x00304000u, 5u) == 0x25u);
  CHECK(ref_msad_u8(0xFFFFFFFFu, 0u, 0x12345678u) == 0x12345678u);
  CHECK(ref_sad_u16(0x0001FFFFu, 0xFFFF0001u, 0u) == 0x0001FFFCu);
  CHECK(ref_sad_u16(0x80007FFFu, 0x7FFF8000u, 0xFFFFFFFEu) == 0u);
  CHECK(ref_qsad_pk(0x0706050403020100ull, 0x03020100u, 0x0004000300020001ull, false) == 0x0010000B00060001ull);
  CHECK(ref_qsad_pk(0x0706050403020100ull, 0x03020100u, 0x0004000300020001ull, true) == 0x000D000900050001ull);
  CHECK(ref_qsad_pk(0x8877665544332211ull, 0x00004422u, 0xFFFEFFFDF00F0001ull, false) == 0x010E00C9F0B900ABull);
  CHECK(ref_qsad_pk(0x8877665544332211ull, 0x00004422u, 0xFFFEFFFDF00F0001ull, true) == 0x0031000EF0200034ull);
  CHECK(ref_qsad_pk(0x00000000FFFFFFFFull, 0x01010101u, 0xFFF0FFF0FFF0FFF0ull, false) == 0x00F101EE02EB03E8ull);
  CHECK(ref_qsad_pk(0x00000000FFFFFFFFull, 0x01010101u, 0xFFF0FFF0FFF0FFF0ull, true) == 0x00F101EE02EB03E8ull);
  CHECK(ref_mqsad_u32(0x8877665544332211ull, 0x00004422u, {0xFFFFFF00u, 0xFFFFFF10u, 0xFFFFFF20u, 0xFFFFFF30u}) ==
        std::array<std::uint32_t, 4>{0xFFFFFF33u, 0xFFFFFF21u, 0xFFFFFF31u, 0xFFFFFF63u});
  CHECK(ref_mqsad_u32(0x00000000FFFFFFFFull, 0x01000001u, {0xFFFFFFFFu, 0u, 1u, 0x80000000u}) ==
        std::array<std::uint32_t, 4>{0x000001FBu, 0x000000FFu, 0x00000100u, 0x800000FFu});

  const auto udot4 = [](std::uint32_t a, std::uint32_t b, std::uint32_t c, bool cl) {
    return ref_int_dot(4, 8, false, false, false, false, a, b, c, cl);
  };
  const auto sdot4 = [](std::uint32_t a, std::uint32_t b, std::uint32_t c, bool cl) {
    return ref_int_dot(4, 8, true, true, true, true, a, b, c, cl);
  };
  const auto udot8 = [](std::uint32_t a, std::uint32_t b, std::uint32_t c, bool cl) {
    return ref_int_dot(8, 4, false, false, false, false, a, b, c, cl);
  };
  const auto sdot8 = [](std::uint32_t a, std::uint32_t b, std::uint32_t c, bool cl) {
    return ref_int_dot(8, 4, true, true, true, true, a, b, c, cl);
  };
  const auto sdot2 = [](std::uint32_t a, std::uint32_t b, std::uint32_t c, bool cl) {
    return ref_int_dot(2, 16, true, true, true, true, a, b, c, cl);
  };
  const auto udot2 = [](std::uint32_t a, std::uint32_t b, std::uint32_t c, bool cl) {
    return ref_int_dot(2, 16, false, false, false, false, a, b, c, cl);
  };
  CHECK(udot4(0xFFFFFFFFu, 0xFFFFFFFFu, 0u, false) == 0x0003F804u);
  CHECK(udot4(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, false) == 0x0003F803u);
  CHECK(udot4(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, true) == 0xFFFFFFFFu);
  CHECK(sdot4(0xFFFFFFFFu, 0x01020304u, 0u, false) == 0xFFFFFFF6u);
  CHECK(sdot4(0x80808080u, 0x80808080u, 0x7FFFFFFFu, false) == 0x8000FFFFu);
  CHECK(sdot4(0x80808080u, 0x80808080u, 0x7FFFFFFFu, true) == 0x7FFFFFFFu);
  CHECK(sdot4(0x80808080u, 0x7F7F7F7Fu, 0x80000000u, true) == 0x80000000u);
  CHECK(udot8(0xFFFFFFFFu, 0xFFFFFFFFu, 0x10u, false) == 0x00000718u);
  CHECK(sdot8(0xFFFFFFFFu, 0x88888888u, 0u, false) == 0x00000040u);
  CHECK(sdot8(0x77777777u, 0x88888888u, 0x80000000u, true) == 0x80000000u);
  CHECK(ref_int_dot(4, 8, true, false, true, true, 0xFFFFFFFFu, 0xFFFFFFFFu, 0u, false) == 0xFFFFFC04u);
  CHECK(ref_int_dot(4, 8, false, true, true, true, 0xFFFFFFFFu, 0xFFFFFFFFu, 0u, false) == 0xFFFFFC04u);
  CHECK(ref_int_dot(4, 8, false, false, true, true, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x7FFFFFFFu, true) == 0x7FFFFFFFu);
  CHECK(ref_int_dot(8, 4, true, false, true, true, 0x0000000Fu, 0x0000000Fu, 5u, false) == 0xFFFFFFF6u);
  CHECK(sdot2(0x80008000u, 0x80008000u, 0u, false) == 0x80000000u);
  CHECK(sdot2(0x80008000u, 0x80008000u, 0u, true) == 0x7FFFFFFFu);
  CHECK(udot2(0xFFFFFFFFu, 0xFFFFFFFFu, 1u, false) == 0xFFFC0003u);
  CHECK(udot2(0xFFFFFFFFu, 0xFFFFFFFFu, 3u, true) == 0xFFFFFFFFu);
}

TEST_CASE("valu-reference self-check: §5.6 float-dot vectors", "[valu-reference]") {
  using namespace vref;
  constexpr std::uint32_t NaN = 0xFFFFFFFFu;  // "a NaN" in the exact column
  const struct Row {
    const char* id;
    bool bf16;
    std::uint32_t a, b, c, gfx1100, gfx1201, exact;
  } rows[] = {
      {"F1", false, 0x48004200u, 0x44004800u, 0xBF800000u, 0x425C0001u, 0x425C0000u, 0x425C0000u},
      {"F2", false, 0x3C00BC00u, 0x3C003C00u, 0x3F800000u, 0x3F7FFFFFu, 0x3F800000u, 0x3F800000u},
      {"F3", false, 0x3C003C00u, 0x3C003C00u, 0xC0000000u, 0x34000000u, 0x00000000u, 0x00000000u},
      {"F4", false, 0x3C003C00u, 0x3C000000u, 0x80000000u, 0x3F800001u, 0x3F800000u, 0x3F800000u},
      {"F5", false, 0x00000001u, 0x3C003C00u, 0x00000000u, 0x33800000u, 0x33800000u, 0x33800000u},
      {"F6", false, 0x00000001u, 0x3C008001u, 0x00000000u, 0xA7880000u, 0xA7800000u, 0xA7800000u},
      {"F7", false, 0x3C007E01u, 0x3C003C00u, 0x00000000u, 0xFFC00A3Du, 0xFFC00A3Du, NaN},
      {"F8", false, 0x3C007C00u, 0x3C000000u, 0x00000000u, 0xFFC00000u, 0xFFC00000u, NaN},
      {"F9", false, 0x3C003C00u, 0x3C003C00u, 0x7F812345u, 0x7FC12345u, 0x7FC12345u, NaN},
      {"F10", false, 0xCD6C4D6Cu, 0x78AF78AFu, 0x00000000u, 0xBD000000u, 0x00000000u, 0x00000000u},
      {"F11", true, 0x41004040u, 0x40804100u, 0xBF800000u, 0x425C0001u, 0x425C0000u, 0x425C0000u},
      {"F12", true, 0x00800000u, 0x3F808000u, 0x00000001u, 0x00000000u, 0x00800001u, 0x00800001u},
      {"F13", true, 0x00000001u, 0x3F804980u, 0x00000000u, 0x00000000u, 0x07000000u, 0x07000000u},
      {"F14", true, 0xFF7F7F7Fu, 0x7F7F7F7Fu, 0x00000000u, 0xFF800000u, 0x00000000u, 0x00000000u},
      {"F15", true, 0xC395629Bu, 0xD9633359u, 0xDC60025Cu, 0x5D504185u, 0x5D504184u, 0x5D504184u},
      {"D1", false, 0x3C003C00u, 0x3C003C00u, 0x00000000u, 0x40000000u, 0x40000000u, 0x40000000u},
      {"D2", false, 0x3C00BC00u, 0x3C003C00u, 0x00000000u, 0xB3800000u, 0x00000000u, 0x00000000u},
      {"D3", false, 0x7BFF7BFFu, 0x7BFF7BFFu, 0x00000000u, 0x4FFFC004u, 0x4FFFC004u, 0x4FFFC004u},
      {"D4", true, 0x3F803F80u, 0x40004000u, 0x3F800000u, 0x40A00000u, 0x40A00000u, 0x40A00000u},
      {"D5", false, 0x00013C00u, 0x3C003C00u, 0x0D800000u, 0x3F800000u, 0x3F800000u, 0x3F800001u},
      {"D6", false, 0x7C003C00u, 0x3C00FC00u, 0x00000000u, 0xFFC00000u, 0xFFC00000u, NaN},
      {"D7", true, 0x3C003C00u, 0x3C003C00u, 0x00000001u, 0x39000000u, 0x39000000u, 0x39000000u},
  };
  for (const Row& r : rows) {
    INFO(r.id);
    CHECK(ref_fdot2_gfx11(r.bf16, r.a, r.b, r.c, false).ok == std::vector<std::uint32_t>{r.gfx1100});
    CHECK(ref_fdot2_gfx12(r.bf16, r.a, r.b, r.c, false).ok == std::vector<std::uint32_t>{r.gfx1201});
    const Want e = ref_fdot2_exact(r.bf16, r.a, r.b, r.c, false, false, false);
    if (r.exact == NaN)
      CHECK(e.nan_ok);
    else
      CHECK(e.ok.front() == r.exact);
  }
  // F5 on gfx90a: the f16 subnormal input is flushed.
  CHECK(ref_fdot2_exact(false, 0x00000001u, 0x3C003C00u, 0u, false, true, true).ok.front() == 0u);
  // §8 question 1 probe: C = min subnormal with zero products is flushed on output.
  CHECK(ref_fdot2_exact(false, 0u, 0u, 0x00000001u, false, true, true).accepts(kF32, 0u));
  // Clamp (§5.5, switch fdot_clamp_nan = zero).
  CHECK(ref_fdot2_gfx12(false, 0x3C003C00u, 0x3C003C00u, 0u, true).ok ==
        std::vector<std::uint32_t>{0x3F800000u});                                                          // 2 -> 1
  CHECK(ref_fdot2_gfx12(false, 0x3C003C00u, 0x3C007E01u, 0u, true).ok == std::vector<std::uint32_t>{0u});  // NaN -> 0
  CHECK(ref_fdot2_gfx11(false, 0x3C00BC00u, 0x3C003C00u, 0u, true).ok ==
        std::vector<std::uint32_t>{0u});  // D2 gfx11 -2^-24 -> 0

  // H1-H4 (loose model) and D8-D13 (sequential binary32).
  CHECK(ref_fdot2_16(false, 0x3C003C00u, 0x3C003C00u, 0x3C00, false).ok == std::vector<std::uint32_t>{0x4200u});
  CHECK(ref_fdot2_16(false, 0x3C00BC00u, 0x3C003C00u, 0x3C00, false).ok == std::vector<std::uint32_t>{0x3C00u});
  CHECK(ref_fdot2_16(false, 0x7BFF7BFFu, 0x3C003C00u, 0x0000, false).ok == std::vector<std::uint32_t>{0x7C00u});
  CHECK(ref_fdot2_16(false, 0x7BFF7BFFu, 0x3C003C00u, 0x0000, true).ok == std::vector<std::uint32_t>{0x7BFFu});
  CHECK(ref_fdot2_16(true, 0x3F803F80u, 0x40004000u, 0x3F80, false).ok == std::vector<std::uint32_t>{0x40A0u});
  CHECK(ref_dot4_fp8(kE4M3Ocp, kE5M2Ocp, 0x01010101u, 0x01010101u, 0x3F800000u).ok ==
        std::vector<std::uint32_t>{0x3F800000u});
  CHECK(ref_dot4_fp8(kE4M3Ocp, kE4M3Ocp, 0x38383838u, 0x38383838u, 0u).ok == std::vector<std::uint32_t>{0x40800000u});
  CHECK(ref_dot4_fp8(kE4M3Ocp, kE5M2Ocp, 0x38383838u, 0x3C3C3C3Cu, 0u).ok == std::vector<std::uint32_t>{0x40800000u});
  CHECK(ref_dot4_fp8(kE5M2Ocp, kE5M2Ocp, 0x3C3C3C3Cu, 0x40404040u, 0u).ok == std::vector<std::uint32_t>{0x41000000u});
  CHECK(ref_dot4_fp8(kE4M3Ocp, kE4M3Ocp, 0x00000038u, 0x00000038u, 0x3F800000u).ok ==
        std::vector<std::uint32_t>{0x40000000u});
  CHECK(ref_dot4_fp8(kE4M3Ocp, kE4M3Ocp, 0x0000007Fu, 0x00000038u, 0u).nan_ok);
}

TEST_CASE("valu-reference self-check: §6.9 conversion vectors", "[valu-reference]") {
  using namespace vref;
  const std::uint32_t D = 0x12345678u;
  const auto pk = [&](const Fp8Fmt& f, std::uint32_t a, std::uint32_t b, bool w, bool sat = false) {
    const std::uint32_t v =
        ref_f32_to_fp8(f, a, false, 0, sat) | (static_cast<std::uint32_t>(ref_f32_to_fp8(f, b, false, 0, sat)) << 8);
    return w ? (D & 0x0000FFFFu) | (v << 16) : (D & 0xFFFF0000u) | v;
  };
  const auto sr = [&](const Fp8Fmt& f, std::uint32_t a, std::uint32_t seed, int k) {
    return (D & ~(0xFFu << (8 * k))) | (static_cast<std::uint32_t>(ref_f32_to_fp8(f, a, true, seed, false)) << (8 * k));
  };
  CHECK(pk(kE4M3Ocp, 0x3F880000u, 0xBF880000u, false) == 0x1234B838u);  // C1
  CHECK(pk(kE5M2Ocp, 0x3F880000u, 0xBF880000u, false) == 0x1234BC3Cu);  // C2
  CHECK(sr(kE4M3Ocp, 0x3F880000u, 0x7FFFFFFFu, 0) == 0x12345638u);      // C3
  CHECK(sr(kE4M3Ocp, 0x3F880000u, 0x80000000u, 0) == 0x12345639u);      // C4
  CHECK(sr(kE5M2Ocp, 0x3F880000u, 0xFFFFFFFFu, 0) == 0x1234563Du);      // C5
  CHECK(sr(kE4M3Ocp, 0xBF980000u, 0x00000000u, 0) == 0x123456B9u);      // C6
  CHECK(pk(kE4M3Ocp, 0x43F00000u, 0xC3F00000u, false) == 0x1234FF7Fu);  // C7
  CHECK(pk(kE4M3Ocp, 0x43F00000u, 0xC3F00000u, false, true) == 0x1234FE7Eu);
  CHECK(pk(kE5M2Ocp, 0x43F00000u, 0xC3F00000u, false) == 0x1234E060u);  // C8
  CHECK(pk(kE5M2Ocp, 0x47700000u, 0xC7700000u, false) == 0x1234FC7Cu);  // C9
  CHECK(pk(kE5M2Ocp, 0x47700000u, 0xC7700000u, false, true) == 0x1234FB7Bu);
  CHECK(pk(kE4M3Ocp, 0x7F800000u, 0xFF800000u, false) == 0x1234FF7Fu);  // C10
  CHECK(pk(kE4M3Ocp, 0x7F800000u, 0xFF800000u, false, true) == 0x1234FF7Fu);
  CHECK(pk(kE5M2Ocp, 0x7F800000u, 0xFF800000u, false) == 0x1234FC7Cu);
  CHECK(pk(kE4M3Ocp, 0x7FC12345u, 0xFFC12345u, false) == 0x1234FFFFu);  // C11
  CHECK(pk(kE5M2Ocp, 0x7FC12345u, 0xFFC12345u, false) == 0x1234FEFEu);
  CHECK(sr(kE4M3Ocp, 0x3A000000u, 0xFFFFFFFFu, 0) == 0x12345601u);      // C12
  CHECK(pk(kE4M3Ocp, 0x00000000u, 0x80000000u, false) == 0x12348000u);  // C13
  CHECK(pk(kE4M3Ocp, 0xBF880000u, 0x3F880000u, false) == 0x123438B8u);  // C14
  CHECK(sr(kE4M3Ocp, 0xBF880000u, 0x7FFFFFFFu, 3) == 0xB8345678u);
  CHECK(pk(kE4M3Ocp, 0x3F880000u, 0xBF880000u, true) == 0xB8385678u);  // C14b
  CHECK(sr(kE4M3Ocp, 0x3FF80000u, 0x80000000u, 0) == 0x12345640u);     // C18
  CHECK(sr(kE4M3Ocp, 0x3FF80000u, 0x7FFFFFFFu, 0) == 0x1234563Fu);

  const auto rtz2 = [](std::uint32_t a, std::uint32_t b) {
    return ref_f32_to_f16_rtz(a) | (static_cast<std::uint32_t>(ref_f32_to_f16_rtz(b)) << 16);
  };
  CHECK(rtz2(0x3FC00000u, 0xBFC00000u) == 0xBE003E00u);  // C25
  CHECK(rtz2(0x47800000u, 0xC7800000u) == 0xFBFF7BFFu);  // C26
  CHECK(rtz2(0x477FFF00u, 0xC77FFF00u) == 0xFBFF7BFFu);
  CHECK(rtz2(0x47000000u, 0xC7000000u) == 0xF8007800u);
  CHECK(rtz2(0x7F800000u, 0xFF800000u) == 0xFC007C00u);  // C27
  CHECK(rtz2(0x7F800001u, 0xFF800001u) == 0xFE007E00u);
  CHECK(rtz2(0x7FC12345u, 0xFFC12345u) == 0xFE097E09u);
  CHECK(rtz2(0x33800000u, 0xB3800000u) == 0x80010001u);  // C28
  CHECK(rtz2(0x387FFFFFu, 0xB87FFFFFu) == 0x83FF03FFu);
  CHECK(rtz2(0x00000000u, 0x80000000u) == 0x80000000u);

  CHECK(ref_cvt_pk_u8_f32(0x3F000000u, 1, D) == 0x12340078u);  // C29
  CHECK(ref_cvt_pk_u8_f32(0x3F000001u, 2, D) == 0x12015678u);
  CHECK(ref_cvt_pk_u8_f32(0x3FC00000u, 0, D) == 0x12345602u);
  CHECK(ref_cvt_pk_u8_f32(0x40200000u, 3, D) == 0x02345678u);
  CHECK(ref_cvt_pk_u8_f32(0x437E8000u, 2, D) == 0x12FE5678u);  // C30: 254.5
  CHECK(ref_cvt_pk_u8_f32(0x437F8000u, 0, D) == 0x123456FFu);  // 255.5
  CHECK(ref_cvt_pk_u8_f32(0xBF800000u, 2, D) == 0x12005678u);
  CHECK(ref_cvt_pk_u8_f32(0x7FC00000u, 3, D) == 0x00345678u);
  CHECK(ref_cvt_pk_u8_f32(0x7F800000u, 0, D) == 0x123456FFu);  // C30b
  CHECK(ref_cvt_pk_u8_f32(0xFF800000u, 1, D) == 0x12340078u);

  const auto sn = [](std::uint32_t a, std::uint32_t b) {
    return ref_snorm16(a) | (static_cast<std::uint32_t>(ref_snorm16(b)) << 16);
  };
  const auto un = [](std::uint32_t a, std::uint32_t b) {
    return ref_unorm16(a) | (static_cast<std::uint32_t>(ref_unorm16(b)) << 16);
  };
  CHECK(sn(0x3F000000u, 0xBF000000u) == 0xC0004000u);  // C31
  CHECK(sn(0x3EFFFFFFu, 0xBEFFFFFFu) == 0xC0013FFFu);
  CHECK(sn(0x3F800000u, 0xBF800000u) == 0x80017FFFu);
  CHECK(sn(0x7FC00000u, 0xFFC00000u) == 0x00000000u);
  CHECK(sn(0x3E9C4738u, 0xBE9C4738u) == 0xD8EF2711u);  // C32
  CHECK(sn(0x3F7AB0F5u, 0xBF7AB0F5u) == 0x82A97D57u);
  CHECK(un(0x3F000000u, 0xBF000000u) == 0x00008000u);  // C33
  CHECK(un(0x3F800000u, 0xBF800000u) == 0x0000FFFFu);
  CHECK(un(0x3F7FFF00u, 0xBF7FFF00u) == 0x0000FFFEu);
  CHECK(un(0x37000081u, 0xB7000081u) == 0x00000001u);
  CHECK(ref_cvt_pk_i16(70000, -70000) == 0x80007FFFu);  // C34
  CHECK(ref_cvt_pk_i16(0x12345, -2) == 0xFFFE7FFFu);
  CHECK(ref_cvt_pk_u16(0x10000u, 5u) == 0x0005FFFFu);  // C35
  CHECK(ref_cvt_pk_u16(0xFFFFu, 0xFFFFFFFFu) == 0xFFFFFFFFu);
}
