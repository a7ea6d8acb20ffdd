// gfx950 (CDNA4) MFMA element arithmetic against the independent exact-rational reference
// (tests/reference/reference_cdna4.hpp; docs/cdna4-numerics.md §3, §4): the scaled f8f6f4 dot for all
// 25 A x B format pairs under both f8f6f4_group values and both scale_zero_is_identity values,
// random and special cases, and the K-doubled f16/bf16 groups of 8 and 16.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "emu/formats/format.hpp"
#include "emu/isa/switches.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"
#include "reference/reference_cdna4.hpp"
#include "reference/reference_generators.hpp"
#include "tests/support/f32_bits.hpp"

using mxlane_test::is_f32_nan;

using namespace mxref;

namespace {

const char* const kFormatNames[5] = {"fp8", "bf8", "fp6", "bf6", "fp4"};

// An element of format f: in a "wild" case sometimes uniform bits (specials included), else a value
// near 1 (its exponent field within 2 of the bias), a zero of either sign or a subnormal.
std::uint64_t element(Gen& g, const MxFmt& f, bool wild) {
  if (wild && g.coin(10)) return g.bits(f.width);
  const std::uint64_t sign = g.sign() ? std::uint64_t{1} << (f.width - 1) : 0;
  if (g.coin(12)) return sign | (g.coin(50) ? 0 : g.bits(f.mbits));  // signed zero or subnormal
  const int e = std::clamp(f.bias + g.range(-2, 2), 1, (1 << f.ebits) - 1);
  std::uint64_t bits = sign | (static_cast<std::uint64_t>(e) << f.mbits) | g.bits(f.mbits);
  if (f.width == 8 && f.ebits == 4 && (bits & 0x7f) == 0x7f) bits ^= 1;  // keep NaNs to the uniform draws
  if (f.width == 8 && f.ebits == 5 && (bits & 0x7c) == 0x7c) bits ^= 0x04;
  return bits;
}

// An E8M0 scale byte: mostly near 2^0, sometimes the extremes 0x00, 0x01, 0xFE, the tiny range
// that puts scaled sums near binary32's subnormals, any byte, or (wild cases only) NaN 0xFF.
std::uint8_t scale_byte(Gen& g, bool wild) {
  switch (g.range(0, 19)) {
    case 0: return 0x00;
    case 1: return 0x01;
    case 2: return 0xFE;
    case 3: return wild ? 0xFF : 0x7F;
    case 4: return static_cast<std::uint8_t>(g.bits(8));
    case 5:
    case 6: return static_cast<std::uint8_t>(g.range(2, 12));  // with the other scale near 2^0: 2^-125..2^-115
    default: return static_cast<std::uint8_t>(127 + g.range(-12, 12));
  }
}

std::uint32_t accumulator(Gen& g) {
  switch (g.range(0, 5)) {
    case 0: return g.sign() ? 0x80000000u : 0u;
    case 1: return static_cast<std::uint32_t>(g.edge(kRefF32, true));
    case 2: return static_cast<std::uint32_t>(g.with_exp(kRefF32, g.sign(), g.range(-60, -20), g.frac(kRefF32)));
    default: return static_cast<std::uint32_t>(g.with_exp(kRefF32, g.sign(), g.range(-8, 10), g.frac(kRefF32)));
  }
}

struct Coverage {
  ResultClasses classes;
  int differs_from_exact = 0;  // finite results that one exact rounding of the whole sum would not give
  int finite_compared = 0;
};

void run_pair(int a_code, int b_code, bool split16, bool zero_is_identity, std::uint64_t seed, int n, Coverage& cov) {
  Gen g(seed);
  const MxFmt& fa = kRefMxFormats[a_code];
  const MxFmt& fb = kRefMxFormats[b_code];
  Mismatches mm(std::string("cdna4_f8f6f4_scaled_dot ") + kFormatNames[a_code] + " x " + kFormatNames[b_code] +
                    (split16 ? " split16" : " block32") + (zero_is_identity ? " identity" : ""),
                seed);
  mxlane::NumericsContext ctx{};
  if (split16) mxlane::set_switch(ctx.switches, "f8f6f4_group", "split16");
  if (zero_is_identity) mxlane::set_switch(ctx.switches, "scale_zero_is_identity", "identity");
  for (int i = 0; i < n; ++i) {
    const std::size_t k = g.coin(75) ? 64 : 128;
    const bool wild = g.coin(20);  // uniform elements and NaN scales: mostly NaN or inf results
    std::vector<std::uint64_t> a(k), b(k);
    for (std::size_t t = 0; t < k; ++t) {
      a[t] = element(g, fa, wild);
      b[t] = element(g, fb, wild);
    }
    if (g.coin(10)) {  // cancellation: each odd k negates the product of the even k before it
      for (std::size_t t = 1; t < k; t += 2) {
        a[t] = a[t - 1];
        b[t] = b[t - 1] ^ (std::uint64_t{1} << (fb.width - 1));
      }
    }
    // A "tiny" case scales every block by 2^-136..2^-123 with C = 0: results around binary32's
    // subnormal range (gradual underflow of the final rounding).
    const bool tiny = !wild && g.coin(12);
    std::vector<std::uint8_t> sa(k / 32), sb(k / 32);
    for (std::size_t blk = 0; blk < k / 32; ++blk) {
      sa[blk] = tiny ? static_cast<std::uint8_t>(g.range(1, 4)) : scale_byte(g, wild);
      sb[blk] = tiny         ? static_cast<std::uint8_t>(g.range(117, 127))
                : g.coin(50) ? std::uint8_t{127}
                             : scale_byte(g, wild);
    }
    const std::uint32_t c = tiny || g.coin(25) ? 0u : accumulator(g);
    const std::uint32_t want = ref_cdna4_f8f6f4(fa, fb, a, b, c, sa, sb, split16, zero_is_identity);
    const std::uint32_t got = mxlane::cdna4_f8f6f4_scaled_dot(
        *mxlane::f8f6f4_format(a_code), *mxlane::f8f6f4_format(b_code), sa, sb, mxlane::DotInputs{a, b, c}, ctx);
    cov.classes.add(kRefF32, want);
    // The arithmetic must be exercised beyond "round the exact sum once" (truncation, floors).
    const Val cv = decode_ref(kRefF32, c);
    bool finite = cv.finite() && !is_f32_nan(want) && (want & 0x7f800000u) != 0x7f800000u;
    Rat exact = finite ? cv.value() : Rat(0);
    for (std::size_t t = 0; finite && t < k; ++t) {
      const Val x = decode_mx_ref(fa, a[t]), y = decode_mx_ref(fb, b[t]);
      const auto scale_exp = [&](std::uint8_t s) { return zero_is_identity && s == 0 ? 0 : int{s} - 127; };
      finite = x.finite() && y.finite() && sa[t / 32] != 0xFF && sb[t / 32] != 0xFF;
      if (finite) exact += x.value() * y.value() * pow2(scale_exp(sa[t / 32]) + scale_exp(sb[t / 32]));
    }
    if (finite) {
      ++cov.finite_compared;
      const std::uint64_t once = exact == 0 ? 0 : round_signed(kRefF32, exact, Cfg{}).bits;
      if (once != want) ++cov.differs_from_exact;
    }
    mm.check(is_f32_nan(want) ? is_f32_nan(got) : got == want, [&] {
      return "A " + hex_list(a, 2) + " B " + hex_list(b, 2) + " SA " +
             hex_list(std::vector<std::uint64_t>(sa.begin(), sa.end()), 2) + " SB " +
             hex_list(std::vector<std::uint64_t>(sb.begin(), sb.end()), 2) + " C " + hex(c, 8) + " -> " + hex(got, 8) +
             ", reference " + hex(want, 8);
    });
  }
  mm.finish();
}

// The result classes the cases reach. With the case counts cut for the sanitizer build
// (kCaseDivisor > 1) a rare class may not occur: then only the common ones are required.
void check_coverage(const Coverage& cov, int n) {
  INFO("results: zero " << cov.classes.zero() << " subnormal " << cov.classes.subnormal() << " normal "
                        << cov.classes.normal() << " inf " << cov.classes.inf() << " nan " << cov.classes.nan()
                        << "; differs from one rounding " << cov.differs_from_exact << " of " << cov.finite_compared);
  CHECK(cov.classes.normal() > n / 4);
  CHECK(cov.classes.zero() > 0);
  if (kCaseDivisor == 1)
    CHECK(cov.classes.subnormal() > 0);
  else if (cov.classes.subnormal() == 0)
    WARN("subnormal results not reached with the sanitizer build's 1/" << kCaseDivisor << " of the cases");
  CHECK(cov.classes.inf() > 0);
  CHECK(cov.classes.nan() > 0);
  CHECK(cov.differs_from_exact > 0);
}

}  // namespace

TEST_CASE("reference: gfx950 scaled f8f6f4, all 25 A x B format pairs, block32 (default)", "[reference][cdna4]") {
  Coverage cov;
  const int per_pair = cases(120);
  for (int a = 0; a < 5; ++a)
    for (int b = 0; b < 5; ++b)
      run_pair(a, b, false, false, 0xCD4A0000u + static_cast<std::uint64_t>(5 * a + b), per_pair, cov);
  check_coverage(cov, 25 * per_pair);
}

TEST_CASE("reference: gfx950 scaled f8f6f4 under f8f6f4_group=split16 and scale_zero_is_identity=identity",
          "[reference][cdna4][switches]") {
  Coverage split, identity;
  const int per_pair = cases(40);
  for (int a = 0; a < 5; ++a)
    for (int b = 0; b < 5; ++b) {
      run_pair(a, b, true, false, 0xCD4A1000u + static_cast<std::uint64_t>(5 * a + b), per_pair, split);
      run_pair(a, b, false, true, 0xCD4A2000u + static_cast<std::uint64_t>(5 * a + b), per_pair, identity);
    }
  check_coverage(split, 25 * per_pair);
  check_coverage(identity, 25 * per_pair);
}

TEST_CASE("reference: gfx950 f8f6f4 specials, one rule each", "[reference][cdna4]") {
  // Each row: A and B non-zero at k 0 (and k 1), scales, C: the reference and the emulator agree,
  // and the reference gives the class the rule text says.
  struct Row {
    const char* what;
    int a_code, b_code;
    std::uint64_t a0, b0, a1, b1;
    std::uint8_t sa0, sb0;
    std::uint32_t c;
    std::uint32_t expected;  // 0x7FC00000 means "some NaN"
  };
  const Row rows[] = {
      {"E4M3 NaN 0x7F", 0, 0, 0x7F, 0x38, 0, 0, 127, 127, 0, kRefNan32},
      {"E4M3 -NaN 0xFF", 0, 1, 0xFF, 0x3C, 0, 0, 127, 127, 0, kRefNan32},
      {"E5M2 +inf * 1", 1, 0, 0x7C, 0x38, 0, 0, 127, 127, 0, 0x7F800000},
      {"E5M2 +inf * -1", 1, 0, 0x7C, 0xB8, 0, 0, 127, 127, 0, 0xFF800000},
      {"E5M2 +inf and -inf products", 1, 1, 0x7C, 0x3C, 0xFC, 0x3C, 127, 127, 0, kRefNan32},
      {"E5M2 inf * fp4 0", 1, 4, 0x7C, 0x0, 0, 0, 127, 127, 0, kRefNan32},
      {"inf product and C = -inf", 1, 0, 0x7C, 0x38, 0, 0, 127, 127, 0xFF800000u, kRefNan32},
      {"scale_a 0xFF", 2, 3, 0x08, 0x0C, 0, 0, 0xFF, 127, 0, kRefNan32},
      {"scale_b 0xFF with zero data", 4, 4, 0, 0, 0, 0, 127, 0xFF, 0x3F800000u, kRefNan32},
      {"2^127 * 2^127 scale overflow", 0, 0, 0x38, 0x38, 0, 0, 254, 254, 0, 0x7F800000},
      {"scaled products of both signs beyond 2^128", 0, 0, 0x38, 0x38, 0xB8, 0x38, 254, 254, 0, kRefNan32},
      {"2^-126 * 2^-10 subnormal", 0, 0, 0x38, 0x38, 0, 0, 1, 117, 0, 0x00002000},
      {"scale 0x00: 2^-127", 0, 0, 0x38, 0x38, 0, 0, 0, 127, 0, 0x00400000},
      {"underflow to +0", 0, 0, 0x38, 0x38, 0, 0, 1, 1, 0, 0},
      {"exact cancellation to +0", 2, 2, 0x1F, 0x1F, 0x1F, 0x3F, 127, 127, 0x80000000u, 0},
      {"E4M3 max 448 * E5M2 max 57344", 0, 1, 0x7E, 0x7B, 0, 0, 127, 127, 0, 0x4BC40000},
      {"E4M3 -0 (0x80) * 1", 0, 0, 0x80, 0x38, 0, 0, 127, 127, 0x80000000u, 0},
      {"fp6 subnormal * bf6 subnormal", 2, 3, 0x01, 0x01, 0, 0, 127, 127, 0, 0x3C000000},
  };
  const mxlane::NumericsContext ctx{};
  for (const Row& r : rows) {
    INFO(r.what);
    std::vector<std::uint64_t> a(64, 0), b(64, 0);
    a[0] = r.a0, b[0] = r.b0, a[1] = r.a1, b[1] = r.b1;
    const std::vector<std::uint8_t> sa{r.sa0, 127}, sb{r.sb0, 127};
    const std::uint32_t want =
        ref_cdna4_f8f6f4(kRefMxFormats[r.a_code], kRefMxFormats[r.b_code], a, b, r.c, sa, sb, false, false);
    const std::uint32_t got = mxlane::cdna4_f8f6f4_scaled_dot(
        *mxlane::f8f6f4_format(r.a_code), *mxlane::f8f6f4_format(r.b_code), sa, sb, mxlane::DotInputs{a, b, r.c}, ctx);
    if (r.expected == kRefNan32) {
      CHECK(is_f32_nan(want));
      CHECK(is_f32_nan(got));
    } else {
      CHECK(want == r.expected);
      CHECK(got == r.expected);
    }
  }
}

TEST_CASE("reference: gfx950 K-doubled f16/bf16, groups of 8 (default) and 16", "[reference][cdna4][switches]") {
  for (const bool bf16 : {false, true}) {
    const Fmt& in = bf16 ? kRefBF16 : kRefF16;
    const mxlane::FormatSpec& spec = bf16 ? mxlane::kBfloat16 : mxlane::kBinary16;
    for (const int group : {8, 16}) {
      const std::uint64_t seed = 0xCD4A3000u + (bf16 ? 2u : 0u) + (group == 16 ? 1u : 0u);
      Gen g(seed);
      Mismatches mm(
          std::string("cdna4_kdoubled_fused_dot ") + (bf16 ? "bf16" : "f16") + " group " + std::to_string(group), seed);
      const int other_group = group == 8 ? 16 : 8;
      mxlane::NumericsContext ctx{};
      if (group == 16) mxlane::set_switch(ctx.switches, "cdna4_kdoubled_group", "16");
      int differs_between_groups = 0;
      const int n = cases(1000);
      for (int i = 0; i < n; ++i) {
        const DotCase d = make_dot_case(g, DotShape{in, kRefF32, 16, {-28, -24, -14}, {30, 31}});
        std::vector<Cdna3Factor> a, b;
        for (std::size_t k = 0; k < d.a.size(); ++k) {
          a.push_back({decode_ref(in, d.a[k]), in.emin()});
          b.push_back({decode_ref(in, d.b[k]), in.emin()});
        }
        const std::uint32_t want = ref_cdna3_dot(a, b, static_cast<std::uint32_t>(d.c), group, false);
        const std::uint32_t other = ref_cdna3_dot(a, b, static_cast<std::uint32_t>(d.c), other_group, false);
        if (want != other && !(is_f32_nan(want) && is_f32_nan(other))) ++differs_between_groups;
        const std::uint32_t got = mxlane::cdna4_kdoubled_fused_dot(spec, mxlane::DotInputs{d.a, d.b, d.c}, ctx);
        mm.check(is_f32_nan(want) ? is_f32_nan(got) : got == want,
                 [&] { return describe_dot(d, in, kRefF32) + " -> " + hex(got, 8) + ", reference " + hex(want, 8); });
      }
      mm.finish();
      CHECK(differs_between_groups > 0);  // the inputs tell the two group sizes apart
    }
  }
}
