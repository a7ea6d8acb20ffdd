// gfx12 (RDNA4) DOT4 steps, WMMA chains and staged integer CLAMP against the independent exact-rational
// reference of tests/reference/reference_gfx12.hpp (docs/rdna4.md §3), on random, edge and special cases;
// and the VALU v_dot2_f32_f16/bf16 of gfx1200 as the two-product case of the same step (docs/rdna4.md §3.3).
#include "support/catch_compat.hpp"

#include "emu/formats/format.hpp"
#include "emu/semantics/gfx12_dot4.hpp"
#include "emu/semantics/valu_float_dot.hpp"
#include "reference/reference_generators.hpp"
#include "reference/reference_gfx12.hpp"
#include "reference/dot2_variants.hpp"

using namespace mxref;

namespace {

DotShape shape(bool bf16, Out out, int k) {
  const Fmt in = bf16 ? kRefBF16 : kRefF16;
  const Fmt acc = out == Out::f32 ? kRefF32 : out == Out::f16 ? kRefF16 : kRefBF16;
  if (bf16) return DotShape{in, acc, k, {-126, -127, -133, -149}, {127, 128}};
  return DotShape{in, acc, k, {-14, -24, -28, -40}, {15, 16, 31}};
}

void run_chain(bool bf16, Out out, std::uint64_t seed, int n) {
  Gen g(seed);
  Mismatches mm(std::string("gfx12 wmma ") + (bf16 ? "bf16" : "f16") + "->" + (out == Out::f32 ? "f32" : "16-bit"),
                seed);
  ResultClasses rc;
  const mxlane::FormatSpec& format = bf16 ? mxlane::kBfloat16 : mxlane::kBinary16;
  const DotShape s = shape(bf16, out, 16);
  for (int i = 0; i < n; ++i) {
    const DotCase d = make_dot_case(g, s);
    const std::uint64_t want = ref_gfx12_wmma(s.in, out, d.a, d.b, d.c);
    const mxlane::DotInputs in{d.a, d.b, d.c};
    const std::uint64_t got = mxlane::gfx12_wmma_chain(format, format, to_output(out), in, mxlane::NumericsContext{});
    rc.add(out_fmt(out), want);
    mm.check(got == want,
             [&] { return describe_dot(d, s.in, s.acc) + " want " + hex(want, 1) + " got " + hex(got, 1); });
  }
  mm.finish();
  INFO("results: zero " << rc.zero() << " subnormal " << rc.subnormal() << " normal " << rc.normal() << " inf "
                        << rc.inf() << " nan " << rc.nan());
  CHECK(rc.normal() > n / 4);  // the generators reach every class
  CHECK(rc.nan() > 0);
  CHECK(rc.inf() > 0);
  CHECK(rc.zero() > 0);
}

}  // namespace

TEST_CASE("gfx12 DOT4 WMMA chain f16->f32 matches the reference", "[reference][gfx12]") {
  run_chain(false, Out::f32, 0x12F32, cases(20000));
}
TEST_CASE("gfx12 DOT4 WMMA chain bf16->f32 matches the reference", "[reference][gfx12]") {
  run_chain(true, Out::f32, 0x12B32, cases(20000));
}
TEST_CASE("gfx12 DOT4 WMMA chain f16->f16 matches the reference", "[reference][gfx12]") {
  run_chain(false, Out::f16, 0x12F16, cases(20000));
}
TEST_CASE("gfx12 DOT4 WMMA chain bf16->bf16 matches the reference", "[reference][gfx12]") {
  run_chain(true, Out::bf16, 0x12B16, cases(20000));
}

TEST_CASE("gfx12 DOT4 with two products is the gfx1200 VALU v_dot2_f32 window", "[reference][gfx12][valu]") {
  // The VALU model (emu/semantics/valu_float_dot.cpp) was written and verified on its own [HW]; the DOT4
  // step with one pair must agree with it bit for bit, and both with the reference.
  for (bool bf16 : {false, true}) {
    Gen g(bf16 ? 0xD2B : 0xD2F);
    Mismatches mm(bf16 ? "dot2 bf16" : "dot2 f16", bf16 ? 0xD2B : 0xD2F);
    const mxlane::FormatSpec& format = bf16 ? mxlane::kBfloat16 : mxlane::kBinary16;
    const DotShape s{bf16 ? kRefBF16 : kRefF16,
                     kRefF32,
                     2,
                     bf16 ? std::vector<int>{-126, -149} : std::vector<int>{-14, -24},
                     {15, 31}};
    for (int i = 0; i < cases(20000); ++i) {
      const DotCase d = make_dot_case(g, s);
      const auto c = static_cast<std::uint32_t>(d.c);
      const std::uint16_t a16[] = {static_cast<std::uint16_t>(d.a[0]), static_cast<std::uint16_t>(d.a[1])};
      const std::uint16_t b16[] = {static_cast<std::uint16_t>(d.b[0]), static_cast<std::uint16_t>(d.b[1])};
      const std::uint32_t dot4 = mxlane::gfx12_dot4(format, format, a16, b16, c, mxlane::Dot2Output::f32, {});
      const std::uint32_t valu =
          mxlane::rdna4_dot2(bf16 ? mxlane::Dot2Input::bf16 : mxlane::Dot2Input::f16,
                             a16[0] | (std::uint32_t{a16[1]} << 16), b16[0] | (std::uint32_t{b16[1]} << 16), c);
      const std::uint64_t want = ref_gfx12_dot4(s.in, d.a, d.b, c, Out::f32);
      mm.check(dot4 == valu && dot4 == want, [&] {
        return describe_dot(d, s.in, s.acc) + " dot4 " + hex(dot4, 8) + " valu " + hex(valu, 8) + " ref " +
               hex(want, 8);
      });
    }
    mm.finish();
  }
}

TEST_CASE("gfx12 DOT4 special and subnormal cases", "[reference][gfx12]") {
  const auto f32 = [](std::initializer_list<std::uint16_t> a, std::initializer_list<std::uint16_t> b, std::uint32_t c) {
    return mxlane::gfx12_dot4(mxlane::kBinary16, mxlane::kBinary16, std::span(a.begin(), a.size()),
                              std::span(b.begin(), b.size()), c, mxlane::Dot2Output::f32, {});
  };
  // A NaN factor wins over inf*0 and over a NaN C (docs/rdna4.md §3.1) [HW].
  CHECK(f32({0x7E00, 0x7C00, 0, 0}, {0x3C00, 0x0000, 0, 0}, 0x7FC12345) == 0xFFC00A3D);
  CHECK(f32({0x7C00, 0, 0, 0}, {0x0000, 0, 0, 0}, 0x7FC12345) == 0xFFC00000);
  CHECK(f32({0x3C00, 0, 0, 0}, {0x3C00, 0, 0, 0}, 0x7F812345) == 0x7FC12345);
  CHECK(f32({0x7C00, 0xFC00, 0, 0}, {0x3C00, 0x3C00, 0, 0}, 0) == 0xFFC00000);
  // A subnormal f16 factor times 1 is kept exactly (2^-24); a result below 2^-126 underflows gradually.
  CHECK(f32({0x0001, 0, 0, 0}, {0x3C00, 0, 0, 0}, 0) == 0x33800000);
  CHECK(f32({0x0001, 0, 0, 0}, {0x0001, 0, 0, 0}, 0) == 0x27800000);  // 2^-48, exact
  // bf16: subnormal factors are used (unlike gfx11): 2^-133 * 2^-10 = 2^-143 is a binary32 subnormal.
  const std::uint16_t sa[] = {0x0001}, sb[] = {0x3A80};  // 2^-133 * 2^-10
  CHECK(mxlane::gfx12_dot4(mxlane::kBfloat16, mxlane::kBfloat16, sa, sb, 0, mxlane::Dot2Output::f32, {}) == 0x00000040);
}

TEST_CASE("gfx12 integer WMMA: two CLAMP stages against the reference", "[reference][gfx12]") {
  Gen g(0x1C12);
  Mismatches mm("gfx12 integer", 0x1C12);
  for (int i = 0; i < cases(20000); ++i) {
    const int bits = g.coin(50) ? 8 : 4, k = bits == 4 && g.coin(50) ? 32 : 16;
    std::vector<std::uint64_t> a(k), b(k);
    for (int t = 0; t < k; ++t) {
      a[t] = g.coin(30) ? (t < k / 2 ? (std::uint64_t{1} << (bits - 1)) - 1 : std::uint64_t{1} << (bits - 1))
                        : g.bits(bits);
      b[t] = g.coin(30) ? (std::uint64_t{1} << (bits - 1)) - 1 : g.bits(bits);
    }
    const std::uint64_t edges[] = {0x7FFFFFFF, 0x80000000, 0x7FFFFF00, 0x80000100, 0};
    const std::uint64_t c = g.coin(70) ? edges[g.range(0, 4)] : g.bits(32);
    mxlane::NumericsContext ctx;
    ctx.a_signed = g.sign();
    ctx.b_signed = g.sign();
    ctx.clamp = g.coin(70);
    const std::uint64_t want = ref_gfx12_int(bits, a, b, c, ctx.a_signed, ctx.b_signed, ctx.clamp);
    const std::uint64_t got = mxlane::gfx12_integer_dot(bits, mxlane::DotInputs{a, b, c}, ctx);
    mm.check(got == want,
             [&] { return "int" + std::to_string(bits) + " want " + hex(want, 8) + " got " + hex(got, 8); });
  }
  mm.finish();
}

TEST_CASE("gfx12 CLAMP saturates after each stage (GoC's staged example)", "[reference][gfx12]") {
  // C = 0x7FFFFFFF, stage 1 adds +8 (saturates), stage 2 adds -8: 0x7FFFFFF7, not 0x7FFFFFFF (docs/rdna4.md §4).
  std::vector<std::uint64_t> a(16, 0), b(16, 0);
  a[0] = 8, b[0] = 1;     // k 0: +8 in the first half of K
  a[8] = 0xF8, b[8] = 1;  // k 8: -8 in the second half
  mxlane::NumericsContext ctx;
  ctx.clamp = true;
  CHECK(mxlane::gfx12_integer_dot(8, mxlane::DotInputs{a, b, 0x7FFFFFFF}, ctx) == 0x7FFFFFF7);
  CHECK(ref_gfx12_int(8, a, b, 0x7FFFFFFF, true, true, true) == 0x7FFFFFF7);
}

TEST_CASE("gfx12 switches: gfx12_mode and gfx12_fp8_wmma alternatives", "[reference][gfx12][switches]") {
  // gfx12_mode=honoured with MODE.FP_DENORM = flush reads a subnormal factor as zero; the default keeps it.
  const std::uint16_t sub[] = {0x0001}, one[] = {0x3C00};
  mxlane::Switches flush;
  flush.set<mxlane::SwitchId::gfx12_mode>(mxlane::ModeEffect::honoured);
  flush.set<mxlane::SwitchId::mode_denorm_f32>(mxlane::DenormMode::flush);
  const auto dot = [&](const mxlane::Switches& s) {
    return mxlane::gfx12_dot4(mxlane::kBinary16, mxlane::kBinary16, sub, one, 0, mxlane::Dot2Output::f32,
                              mxlane::Dot4Options::from(s));
  };
  CHECK(dot(mxlane::Switches{}) == 0x33800000);  // 2^-24
  CHECK(dot(flush) == 0);

  // FP8: C = 2^24 plus 1*1 + 1*1. One rounding per DOT4 step keeps 2^24 + 2 (0x4B800001); a binary32 FMA per
  // product rounds 2^24 + 1 back to 2^24 twice (ties to even).
  std::vector<std::uint64_t> a(16, 0), b(16, 0);
  a[0] = a[1] = b[0] = b[1] = 0x38;  // OCP E4M3 1.0
  mxlane::NumericsContext ctx;
  const mxlane::DotInputs in{a, b, 0x4B800000};
  CHECK(mxlane::gfx12_wmma_chain(mxlane::kFp8E4M3Ocp, mxlane::kFp8E4M3Ocp, mxlane::Dot2Output::f32, in, ctx) ==
        0x4B800001);
  ctx.switches.set<mxlane::SwitchId::gfx12_fp8_wmma>(mxlane::Gfx12Fp8Wmma::fma_chain);
  CHECK(mxlane::gfx12_wmma_chain(mxlane::kFp8E4M3Ocp, mxlane::kFp8E4M3Ocp, mxlane::Dot2Output::f32, in, ctx) ==
        0x4B800000);
}

namespace {

// Records the steps and operations a chain reports (what lanemap --trace prints).
struct StepRecorder final : mxlane::AccumulationObserver {
  std::vector<std::pair<mxlane::StepKind, std::vector<int>>> steps;
  std::vector<mxlane::TraceOp> ops;
  void step(mxlane::StepKind kind, std::span<const int> ks) override {
    steps.push_back({kind, {ks.begin(), ks.end()}});
  }
  void op(mxlane::TraceOp op) override { ops.push_back(std::move(op)); }
};

}  // namespace

TEST_CASE("gfx12 chains report their DOT4 steps and the value each rounds", "[reference][gfx12][trace]") {
  // 1.0 * 1.0 at every k, C = 2^24: each step adds 4 exactly (grid 2^-2 from C's lead), so the grid values
  // are 2^24 + 4s in units of 2^-2.
  std::vector<std::uint64_t> a(16, 0x3C00), b(16, 0x3C00);
  StepRecorder rec;
  mxlane::NumericsContext ctx;
  ctx.observer = &rec;
  const std::uint64_t d = mxlane::gfx12_wmma_chain(mxlane::kBinary16, mxlane::kBinary16, mxlane::Dot2Output::f32,
                                                   mxlane::DotInputs{a, b, 0x4B800000}, ctx);
  CHECK(d == 0x4B800008);  // 2^24 + 16
  REQUIRE(rec.steps.size() == 5);
  CHECK(rec.steps[0].first == mxlane::StepKind::read_c);
  for (int s = 0; s < 4; ++s) {
    CHECK(rec.steps[1 + s].first == mxlane::StepKind::dot4);
    CHECK(rec.steps[1 + s].second == std::vector<int>{4 * s, 4 * s + 1, 4 * s + 2, 4 * s + 3});
  }
  std::vector<const mxlane::TraceOp*> dot_ops;
  for (const auto& op : rec.ops)
    if (op.grid) dot_ops.push_back(&op);
  REQUIRE(dot_ops.size() == 4);
  for (int s = 0; s < 4; ++s) {
    CHECK(dot_ops[s]->grid->g == -2);
    CHECK(dot_ops[s]->grid->s == ((std::int64_t{1} << 24) + 4 * (s + 1)) * 4);
    CHECK(dot_ops[s]->operands.size() == 9);  // C and four factor pairs
  }

  // The integer chain reports its two CLAMP stages.
  StepRecorder irec;
  mxlane::NumericsContext ictx;
  ictx.observer = &irec;
  ictx.clamp = true;
  std::vector<std::uint64_t> x(16, 1), y(16, 1);
  CHECK(mxlane::gfx12_integer_dot(8, mxlane::DotInputs{x, y, 0x7FFFFFF0}, ictx) == 0x7FFFFFFF);
  REQUIRE(irec.steps.size() == 2);
  CHECK(irec.steps[0].second.front() == 0);
  CHECK(irec.steps[1].second.front() == 8);
}
