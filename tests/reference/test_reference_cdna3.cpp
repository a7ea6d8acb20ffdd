// gfx942 (CDNA3) fused MFMA element arithmetic against the independent exact-rational reference
// (tests/reference/reference_cdna3.hpp; docs/cdna3-numerics.md §2, §3): f16/bf16 groups of 8 and 4,
// xf32 groups of 4, the four FNUZ fp8/bf8 mixes and, for gfx950's [INF] default, OCP fp8.
#include "support/catch_compat.hpp"

#include "emu/formats/format.hpp"
#include "emu/semantics/cdna3_fused_dot.hpp"
#include "reference/reference_cdna3.hpp"
#include "reference/reference_generators.hpp"
#include "tests/support/f32_bits.hpp"

using mxlane_test::is_f32_nan;

using namespace mxref;

namespace {

// Counts the single-group cases whose result differs from C + the exact products rounded once:
// the generator must reach the truncation and the floor, or the comparison proves little.
struct FusedEffects {
  int compared = 0;
  int differs = 0;
  void add(const Rat& exact, std::uint32_t want) {
    ++compared;
    const std::uint64_t correctly_rounded = exact == 0 ? 0 : round_signed(kRefF32, exact, Cfg{}).bits;
    if (correctly_rounded != want) ++differs;
  }
};

void report(const ResultClasses& rc, const FusedEffects& fx, int n) {
  INFO("results: zero " << rc.zero() << " subnormal " << rc.subnormal() << " normal " << rc.normal() << " inf "
                        << rc.inf() << " nan " << rc.nan() << "; fused effects " << fx.differs << " of "
                        << fx.compared);
  CHECK(rc.normal() > n / 4);
  CHECK(rc.zero() > 0);
  CHECK(rc.nan() > 0);
  CHECK(fx.differs > 0);  // at least one case where truncation/floor changed the result
  CHECK(fx.compared > n / 10);
}

// f16 / bf16 / xf32: `in` is the element format; xf32 clears the low 13 bits in the reference.
void run_fused(const mxlane::FormatSpec& spec, const Fmt& in, int group, bool xf32, std::uint64_t seed, int n,
               const DotShape& base) {
  Gen g(seed);
  Mismatches mm(std::string("cdna3_fused_dot ") + std::string(spec.name) + " group " + std::to_string(group), seed);
  ResultClasses rc;
  FusedEffects fx;
  const mxlane::NumericsContext ctx{};
  for (int i = 0; i < n; ++i) {
    DotShape shape = base;
    shape.k = group * (g.coin(50) ? 1 : 2);  // one group, or two (16x16x16, xf32 K = 8)
    const DotCase d = make_dot_case(g, shape);
    std::vector<Cdna3Factor> a, b;
    Rat exact = decode_ref(kRefF32, d.c).finite() ? decode_ref(kRefF32, d.c).value() : Rat(0);
    bool finite = decode_ref(kRefF32, d.c).finite();
    for (std::size_t k = 0; k < d.a.size(); ++k) {
      const std::uint64_t ab = xf32 ? d.a[k] & 0xffffe000u : d.a[k], bb = xf32 ? d.b[k] & 0xffffe000u : d.b[k];
      a.push_back({decode_ref(in, ab), in.emin()});
      b.push_back({decode_ref(in, bb), in.emin()});
      finite = finite && a.back().v.finite() && b.back().v.finite();
      if (finite) exact += a.back().v.value() * b.back().v.value();
    }
    const std::uint32_t want = ref_cdna3_dot(a, b, static_cast<std::uint32_t>(d.c), group, false);
    const std::uint32_t got = mxlane::cdna3_fused_dot(spec, group, xf32, mxlane::DotInputs{d.a, d.b, d.c}, ctx);
    rc.add(kRefF32, want);
    if (finite && shape.k == group && !is_f32_nan(want) && (want & 0x7f800000u) != 0x7f800000u) fx.add(exact, want);
    // NaN results: the payload is not modelled (docs/cdna3-numerics.md §5), so "is NaN" suffices.
    mm.check(is_f32_nan(want) ? is_f32_nan(got) : got == want,
             [&] { return describe_dot(d, in, kRefF32) + " -> " + hex(got, 8) + ", reference " + hex(want, 8); });
  }
  mm.finish();
  report(rc, fx, n);
}

// A byte of format f with its exponent field near the bias (values about 2^-4..2^4), or any byte.
std::uint64_t fp8_byte(Gen& g, const Fp8Fmt& f) {
  if (g.coin(15)) return g.bits(8);
  if (g.coin(5)) return g.coin(50) ? 0 : g.bits(f.mbits) | (g.sign() ? 0x80 : 0);  // zeros, subnormals
  const int e = std::clamp(f.bias + g.range(-4, 4), 1, (1 << f.ebits) - 1);
  return (g.sign() ? 0x80u : 0u) | (static_cast<std::uint64_t>(e) << f.mbits) | g.bits(f.mbits);
}

std::uint64_t f32_near(Gen& g, int lo, int hi) {
  return g.with_exp(kRefF32, g.sign(), g.range(lo, hi), g.frac(kRefF32));
}

void run_fp8(const mxlane::FormatSpec& sa, const Fp8Fmt& fa, const mxlane::FormatSpec& sb, const Fp8Fmt& fb,
             std::uint64_t seed, int n) {
  Gen g(seed);
  Mismatches mm(std::string("cdna3_fp8_dot ") + std::string(sa.name) + " x " + std::string(sb.name), seed);
  ResultClasses rc;
  FusedEffects fx;
  const mxlane::NumericsContext ctx{};
  for (int i = 0; i < n; ++i) {
    const std::size_t k = g.coin(50) ? 16 : 32;
    std::vector<std::uint64_t> ab(k), bb(k);
    for (std::size_t t = 0; t < k; ++t) {
      ab[t] = fp8_byte(g, fa);
      bb[t] = fp8_byte(g, fb);
    }
    const bool cancel = g.coin(8);  // each odd k negates the even k before it: exact zero sums
    for (std::size_t t = 1; cancel && t < k; t += 2) {
      ab[t] = ab[t - 1];
      bb[t] = (bb[t - 1] & 0x7f) != 0 ? bb[t - 1] ^ 0x80 : bb[t - 1];  // FNUZ: 0x80 is NaN, not -0
    }
    std::uint64_t c = cancel ? (g.sign() ? 0x80000000u : 0) : 0;
    if (!cancel) switch (g.range(0, 5)) {
        case 0: c = g.sign() ? 0x80000000u : 0; break;
        case 1: c = g.edge(kRefF32, true); break;
        case 2: c = f32_near(g, -60, -20); break;  // far below the products: the fp8 C drop
        default: c = f32_near(g, -12, 10); break;
      }
    std::vector<Cdna3Factor> a, b;
    const Val cv = decode_ref(kRefF32, c);
    Rat exact = cv.finite() ? cv.value() : Rat(0);
    bool finite = cv.finite();
    for (std::size_t t = 0; t < k; ++t) {
      a.push_back({decode_fp8_ref(fa, ab[t]), 1 - fa.bias});
      b.push_back({decode_fp8_ref(fb, bb[t]), 1 - fb.bias});
      finite = finite && a.back().v.finite() && b.back().v.finite();
      if (finite) exact += a.back().v.value() * b.back().v.value();
    }
    const std::uint32_t want = ref_cdna3_dot(a, b, static_cast<std::uint32_t>(c), 16, true);
    const std::uint32_t got = mxlane::cdna3_fp8_dot(sa, sb, mxlane::DotInputs{ab, bb, c}, ctx);
    rc.add(kRefF32, want);
    if (finite && k == 16 && !is_f32_nan(want) && (want & 0x7f800000u) != 0x7f800000u) fx.add(exact, want);
    mm.check(is_f32_nan(want) ? is_f32_nan(got) : got == want, [&] {
      return "A " + hex_list(ab, 2) + " B " + hex_list(bb, 2) + " C " + hex(c, 8) + " -> " + hex(got, 8) +
             ", reference " + hex(want, 8);
    });
  }
  mm.finish();
  report(rc, fx, n);
}

}  // namespace

TEST_CASE("reference: gfx942 f16 fused groups of 8 and 4, 4000 cases each", "[reference][cdna3]") {
  const DotShape shape{kRefF16, kRefF32, 8, {-28, -24, -14}, {30, 31}};
  run_fused(mxlane::kBinary16, kRefF16, 8, false, 0xCD3A0001, cases(4000), shape);
  run_fused(mxlane::kBinary16, kRefF16, 4, false, 0xCD3A0002, cases(4000), shape);
}

TEST_CASE("reference: gfx942 bf16 fused groups of 8 and 4, 4000 cases each", "[reference][cdna3]") {
  const DotShape shape{kRefBF16, kRefF32, 8, {-126, -127, -149, -150}, {127, 128}};
  run_fused(mxlane::kBfloat16, kRefBF16, 8, false, 0xCD3A0003, cases(4000), shape);
  run_fused(mxlane::kBfloat16, kRefBF16, 4, false, 0xCD3A0004, cases(4000), shape);
}

TEST_CASE("reference: gfx942 xf32 fused groups of 4, 4000 cases", "[reference][cdna3]") {
  run_fused(mxlane::kBinary32, kRefF32, 4, true, 0xCD3A0005, cases(4000),
            DotShape{kRefF32, kRefF32, 4, {-126, -149, -150}, {127, 128}});
}

TEST_CASE("reference: gfx942 fp8/bf8 (FNUZ) groups of 16, four A x B mixes, 3000 cases each", "[reference][cdna3]") {
  run_fp8(mxlane::kFp8E4M3Fnuz, kRefFp8Fnuz, mxlane::kFp8E4M3Fnuz, kRefFp8Fnuz, 0xCD3A0011, cases(3000));
  run_fp8(mxlane::kFp8E4M3Fnuz, kRefFp8Fnuz, mxlane::kFp8E5M2Fnuz, kRefBf8Fnuz, 0xCD3A0012, cases(3000));
  run_fp8(mxlane::kFp8E5M2Fnuz, kRefBf8Fnuz, mxlane::kFp8E4M3Fnuz, kRefFp8Fnuz, 0xCD3A0013, cases(3000));
  run_fp8(mxlane::kFp8E5M2Fnuz, kRefBf8Fnuz, mxlane::kFp8E5M2Fnuz, kRefBf8Fnuz, 0xCD3A0014, cases(3000));
}

TEST_CASE("reference: gfx950 default [INF]: the fp8 structure with OCP E4M3/E5M2, 2000 cases each",
          "[reference][cdna3]") {
  run_fp8(mxlane::kFp8E4M3Ocp, kRefFp8Ocp, mxlane::kFp8E5M2Ocp, kRefBf8Ocp, 0xCD3A0021, cases(2000));
  run_fp8(mxlane::kFp8E5M2Ocp, kRefBf8Ocp, mxlane::kFp8E5M2Ocp, kRefBf8Ocp, 0xCD3A0022, cases(2000));
}

TEST_CASE("reference: gfx950 OCP fp8/bf8 groups of 16, the other two A x B mixes, 2000 cases each",
          "[reference][cdna3][cdna4]") {
  run_fp8(mxlane::kFp8E4M3Ocp, kRefFp8Ocp, mxlane::kFp8E4M3Ocp, kRefFp8Ocp, 0xCD3A0023, cases(2000));
  run_fp8(mxlane::kFp8E5M2Ocp, kRefBf8Ocp, mxlane::kFp8E4M3Ocp, kRefFp8Ocp, 0xCD3A0024, cases(2000));
}
