// CDNA2 (gfx90a) MFMA element kernels against the independent exact-rational references:
// FP32/FP64 FMA chains (docs/spec/numerics.md §B.1), FP16/BF16 pairwise trees with DAZ/FTZ (§B.2, §C.1) and
// INT8 (§A.1 [INF]). Default switches: NaN results are the canonical patterns, compared exactly.
#include "support/catch_compat.hpp"

#include "emu/formats/format.hpp"
#include "emu/semantics/cdna2_fma_chain.hpp"
#include "emu/semantics/cdna2_pairwise_tree.hpp"
#include "emu/semantics/integer_dot.hpp"
#include "reference/reference_generators.hpp"
#include "reference/reference_models.hpp"

using namespace mxref;

namespace {

void run_fma_chain(const mxlane::FormatSpec& spec, const Fmt& f, std::uint64_t seed, int n, const DotShape& base) {
  Gen g(seed);
  Mismatches mm(std::string("cdna2_fma_chain ") + std::string(spec.name), seed);
  ResultClasses rc;
  const mxlane::NumericsContext ctx{};
  for (int i = 0; i < n; ++i) {
    DotShape shape = base;
    shape.k = g.coin(60) ? 4 : g.coin(50) ? 2 : 1;  // K = 4, 2 or 1 (the FP32/FP64 MFMA K values)
    const DotCase d = make_dot_case(g, shape);
    const std::uint64_t want = ref_cdna2_fma_chain(f, d.a, d.b, d.c);
    const std::uint64_t got = mxlane::cdna2_fma_chain(spec, mxlane::DotInputs{d.a, d.b, d.c}, ctx);
    rc.add(f, want);
    mm.check(got == want, [&] {
      return describe_dot(d, f, f) + " -> " + hex(got, f.width() / 4) + ", reference " + hex(want, f.width() / 4);
    });
  }
  mm.finish();
  INFO("results: zero " << rc.zero() << " subnormal " << rc.subnormal() << " normal " << rc.normal() << " inf "
                        << rc.inf() << " nan " << rc.nan());
  CHECK(rc.zero() > n / 50);
  CHECK(rc.subnormal() > n / 100);
  CHECK(rc.inf() > n / 50);
  CHECK(rc.nan() > n / 50);
}

void run_pairwise(const mxlane::FormatSpec& spec, const Fmt& in, int group, std::uint64_t seed, int n,
                  const DotShape& base) {
  Gen g(seed);
  Mismatches mm(std::string("cdna2_pairwise_tree ") + std::string(spec.name) + " group " + std::to_string(group), seed);
  ResultClasses rc;
  int negative_zero = 0;
  const mxlane::NumericsContext ctx{};
  for (int i = 0; i < n; ++i) {
    DotShape shape = base;
    shape.k = group * (g.coin(50) ? 1 : g.coin(50) ? 2 : 4);  // K = G, 2G or 4G
    const DotCase d = make_dot_case(g, shape);
    const std::uint64_t want = ref_cdna2_pairwise(in, group, d.a, d.b, d.c);
    const std::uint64_t got = mxlane::cdna2_pairwise_tree(spec, group, mxlane::DotInputs{d.a, d.b, d.c}, ctx);
    rc.add(kRefF32, want);
    if (want == 0x80000000u) ++negative_zero;
    mm.check(got == want,
             [&] { return describe_dot(d, in, kRefF32) + " -> " + hex(got, 8) + ", reference " + hex(want, 8); });
  }
  mm.finish();
  INFO("results: zero " << rc.zero() << " (-0: " << negative_zero << ") subnormal " << rc.subnormal() << " normal "
                        << rc.normal() << " inf " << rc.inf() << " nan " << rc.nan());
  CHECK(rc.subnormal() == 0);  // FTZ: never a subnormal result
  CHECK(rc.zero() > n / 50);
  // -0 needs a negative result that flushes; f16 products cannot underflow binary32 after DAZ.
  if (in.ebits == 8) CHECK(negative_zero > 0);
  CHECK(rc.nan() > n / 50);
}

}  // namespace

TEST_CASE("reference: CDNA2 FP32 FMA chain (§B.1), 12000 cases", "[reference][cdna2]") {
  run_fma_chain(mxlane::kBinary32, kRefF32, 0xCD2A0001, cases(12000),
                DotShape{kRefF32, kRefF32, 4, {-126, -149, -150}, {127, 128}});
}

TEST_CASE("reference: CDNA2 FP64 FMA chain (§B.1), 10000 cases", "[reference][cdna2]") {
  run_fma_chain(mxlane::kBinary64, kRefF64, 0xCD2A0002, cases(10000),
                DotShape{kRefF64, kRefF64, 4, {-1022, -1074, -1075}, {1023, 1024}});
}

TEST_CASE("reference: CDNA2 FP16 pairwise tree, group 4 (§B.2), 12000 cases", "[reference][cdna2]") {
  // f16 products are at most 2^32 and at least 2^-28 after DAZ: the thresholds are the f16 ones.
  run_pairwise(mxlane::kBinary16, kRefF16, 4, 0xCD2A0003, cases(12000),
               DotShape{kRefF16, kRefF32, 4, {-28, -24, -14}, {30, 31}});
}

TEST_CASE("reference: CDNA2 BF16_1K pairwise tree, group 4 (§B.2), 12000 cases", "[reference][cdna2]") {
  run_pairwise(mxlane::kBfloat16, kRefBF16, 4, 0xCD2A0004, cases(12000),
               DotShape{kRefBF16, kRefF32, 4, {-126, -127, -149, -150}, {127, 128}});
}

TEST_CASE("reference: CDNA2 legacy BF16 pairwise tree, group 2 (§B.2), 12000 cases", "[reference][cdna2]") {
  run_pairwise(mxlane::kBfloat16, kRefBF16, 2, 0xCD2A0005, cases(12000),
               DotShape{kRefBF16, kRefF32, 2, {-126, -127, -149, -150}, {127, 128}});
}

// gfx908 (docs/cdna1.md): the same trees without any flushing, against ref_cdna1_pairwise.
void run_cdna1_pairwise(const mxlane::FormatSpec& spec, const Fmt& in, int group, std::uint64_t seed, int n,
                        const DotShape& base) {
  Gen g(seed);
  Mismatches mm(std::string("cdna1 pairwise tree ") + std::string(spec.name) + " group " + std::to_string(group), seed);
  ResultClasses rc;
  mxlane::NumericsContext ctx{};
  ctx.subnormals = mxlane::MatrixSubnormals::keep;
  for (int i = 0; i < n; ++i) {
    DotShape shape = base;
    shape.k = group * (g.coin(50) ? 1 : g.coin(50) ? 2 : 4);
    const DotCase d = make_dot_case(g, shape);
    const std::uint64_t want = ref_cdna1_pairwise(in, group, d.a, d.b, d.c);
    const std::uint64_t got = mxlane::cdna2_pairwise_tree(spec, group, mxlane::DotInputs{d.a, d.b, d.c}, ctx);
    rc.add(kRefF32, want);
    mm.check(got == want,
             [&] { return describe_dot(d, in, kRefF32) + " -> " + hex(got, 8) + ", reference " + hex(want, 8); });
  }
  mm.finish();
  INFO("results: zero " << rc.zero() << " subnormal " << rc.subnormal() << " normal " << rc.normal() << " nan "
                        << rc.nan());
  // Gradual underflow: subnormal results occur and are kept (gfx90a's rule would flush every one).
  // At least one, not a fraction: the sanitizer builds run a fraction of the cases.
  CHECK(rc.subnormal() > 0);
  CHECK(rc.nan() > n / 50);
}

TEST_CASE("reference: gfx908 FP16 and legacy BF16 pairwise trees without flushing, 8000 cases each",
          "[reference][cdna1]") {
  run_cdna1_pairwise(mxlane::kBinary16, kRefF16, 4, 0xCD1A0001, cases(8000),
                     DotShape{kRefF16, kRefF32, 4, {-28, -24, -14}, {30, 31}});
  run_cdna1_pairwise(mxlane::kBfloat16, kRefBF16, 2, 0xCD1A0002, cases(8000),
                     DotShape{kRefBF16, kRefF32, 2, {-126, -127, -149, -150}, {127, 128}});
}

// The zero-sign corners of §A.1 / §C.1 (T7: -0 lost through the binary32 tree; T7b: the FMA chain
// keeps it; flushed negative results keep their sign) are untargeted by uniform bits: here every case
// is built around them (zero products of both signs, negative underflows, a C that a product of the
// opposite sign pushes below 2^-126).
TEST_CASE("reference: CDNA2 signed-zero probes, pairwise trees and FMA chains", "[reference][cdna2]") {
  const std::uint64_t seed = 0xCD2A0007;
  Gen g(seed);
  const mxlane::NumericsContext ctx{};
  struct Family {
    const char* name;
    const mxlane::FormatSpec* spec;
    Fmt in;
    int group;  // 0: FMA chain
  };
  const Family families[] = {{"bf16 group 4", &mxlane::kBfloat16, kRefBF16, 4},
                             {"bf16 group 2", &mxlane::kBfloat16, kRefBF16, 2},
                             {"f16 group 4", &mxlane::kBinary16, kRefF16, 4},
                             {"f32 chain", &mxlane::kBinary32, kRefF32, 0},
                             {"f64 chain", &mxlane::kBinary64, kRefF64, 0}};
  for (const Family& fam : families) {
    Mismatches mm(std::string("cdna2 signed-zero probes ") + fam.name, seed);
    const Fmt acc = fam.group == 0 ? fam.in : kRefF32;
    int neg_zero = 0, pos_zero = 0;
    for (int i = 0; i < cases(4000); ++i) {
      const int k = fam.group == 0 ? 4 : fam.group * (g.coin(50) ? 2 : 4);
      const DotCase d = make_dot_case(g, DotShape{fam.in, acc, k, {acc.emin()}, {acc.emax()}}, 7);
      const std::uint64_t want = fam.group == 0 ? ref_cdna2_fma_chain(fam.in, d.a, d.b, d.c)
                                                : ref_cdna2_pairwise(fam.in, fam.group, d.a, d.b, d.c);
      const std::uint64_t got =
          fam.group == 0 ? mxlane::cdna2_fma_chain(*fam.spec, mxlane::DotInputs{d.a, d.b, d.c}, ctx)
                         : mxlane::cdna2_pairwise_tree(*fam.spec, fam.group, mxlane::DotInputs{d.a, d.b, d.c}, ctx);
      if (want == acc.zero(true)) ++neg_zero;
      if (want == acc.zero(false)) ++pos_zero;
      mm.check(got == want, [&] {
        return describe_dot(d, fam.in, acc) + " -> " + hex(got, acc.width() / 4) + ", reference " +
               hex(want, acc.width() / 4);
      });
    }
    mm.finish();
    INFO(fam.name << ": reference results -0 " << neg_zero << ", +0 " << pos_zero);
    CHECK(pos_zero > mm.total() / 20);
    if (fam.in.ebits != 5) CHECK(neg_zero > mm.total() / 100);  // f16: no -0 result exists after DAZ
  }
}

TEST_CASE("reference: CDNA2 INT8 dot, wrap (default) and saturate switch, 12000 cases", "[reference][cdna2][integer]") {
  const std::uint64_t seed = 0xCD2A0006;
  Gen g(seed);
  Mismatches mm("cdna2_int8_dot", seed);
  int wrapped = 0, saturated = 0;
  for (int i = 0; i < cases(12000); ++i) {
    const bool saturate = (i % 4) == 3;  // a quarter with switch cdna2_int8_overflow = saturate
    const int k = 4 << g.range(0, 2);    // K = 4, 8, 16
    std::vector<std::uint64_t> a(static_cast<std::size_t>(k)), b(static_cast<std::size_t>(k));
    const int style = g.range(0, 4);
    const std::uint64_t extreme = g.coin(50) ? 0x80 : 0x7F;  // style 4: products of one sign, |p| ~ 2^14
    const bool same = g.coin(50);
    const auto element = [&]() -> std::uint64_t {
      if (style == 0) return g.bits(8);
      if (style == 4) return extreme;
      switch (g.range(0, 5)) {
        case 0: return 0x80;  // -128
        case 1: return 0x7F;  // 127
        case 2: return 0xFF;  // -1
        case 3: return g.range(0, 2);
        default: return g.bits(8);
      }
    };
    for (int j = 0; j < k; ++j) {
      a[static_cast<std::size_t>(j)] = element();
      b[static_cast<std::size_t>(j)] = style == 4 ? (same ? extreme : extreme ^ 0xFF) : element();
    }
    std::uint64_t c = 0;
    switch (g.range(0, 3)) {
      case 0: c = g.bits(32); break;
      case 1: c = 0x7FFFFFFFu - g.bits(g.range(0, 19)); break;  // near INT32_MAX
      case 2: c = 0x80000000u + g.bits(g.range(0, 19)); break;  // near INT32_MIN
      default: c = g.coin(50) ? 0 : g.bits(16); break;
    }
    mxlane::NumericsContext ctx{};
    if (saturate) ctx.switches.set<mxlane::SwitchId::cdna2_int8_overflow>(mxlane::IntOverflow::saturate);
    const std::uint64_t want = ref_cdna2_int8(a, b, c, saturate);
    const std::uint64_t got = mxlane::cdna2_int8_dot(mxlane::DotInputs{a, b, c}, ctx);
    if (ref_cdna2_int8(a, b, c, false) != ref_cdna2_int8(a, b, c, true)) ++(saturate ? saturated : wrapped);
    mm.check(got == want, [&] {
      return std::string(saturate ? "saturate" : "wrap") + " A=" + hex_list(a, 2) + " B=" + hex_list(b, 2) +
             " C=" + hex(c, 8) + " -> " + hex(got, 8) + ", reference " + hex(want, 8);
    });
  }
  mm.finish();
  INFO("overflowing cases: wrap " << wrapped << ", saturate " << saturated);
  CHECK(wrapped > mm.total() / 50);
  CHECK(saturated > mm.total() / 50);
}
