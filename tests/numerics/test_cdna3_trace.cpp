// The gfx942 fused group steps as an attached AccumulationObserver sees them (what `lanemap --trace`
// prints): one step per group with its k, the truncation, floors and RNE named in the rule text,
// and the same result with and without an observer (docs/cdna3-numerics.md §2, §3).
#include "support/catch_compat.hpp"

#include <string>
#include <vector>

#include "emu/semantics/cdna3_fused_dot.hpp"

using namespace mxlane;

namespace {

struct Recorder : AccumulationObserver {
  std::vector<StepKind> steps;
  std::vector<std::vector<int>> step_ks;
  std::vector<TraceOp> ops;
  void step(StepKind kind, std::span<const int> ks) override {
    steps.push_back(kind);
    step_ks.emplace_back(ks.begin(), ks.end());
  }
  void op(TraceOp op) override { ops.push_back(std::move(op)); }
};

bool mentions(const std::string& text, const char* word) { return text.find(word) != std::string::npos; }

}  // namespace

TEST_CASE("gfx942 f16 K = 16: two traced fused groups, same result as untraced", "[numerics][cdna3][trace]") {
  // C = 2^12; p0 = 2^-12 (half an ulp of C) and p1 = 2^-20, which the 31-bit floor removes: a tie.
  std::vector<std::uint64_t> a(16, 0), b(16, 0);
  a[0] = b[0] = 0x2400;  // 2^-6
  a[1] = b[1] = 0x1400;  // 2^-10
  a[8] = 0x3c00;         // second group: 1 * 1
  b[8] = 0x3c00;
  const DotInputs in{a, b, 0x45800000};
  Recorder rec;
  NumericsContext traced{};
  traced.observer = &rec;
  const std::uint32_t plain = cdna3_fused_dot(kBinary16, 8, false, in, NumericsContext{});
  const std::uint32_t with_trace = cdna3_fused_dot(kBinary16, 8, false, in, traced);
  CHECK(plain == with_trace);
  CHECK(plain == 0x45800800);  // (2^12 tie -> 2^12) + 1, one RNE per group

  REQUIRE(rec.steps == std::vector<StepKind>{StepKind::read_c, StepKind::fused_group, StepKind::fused_group});
  CHECK(rec.step_ks[1] == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(rec.step_ks[2] == std::vector<int>{8, 9, 10, 11, 12, 13, 14, 15});
  REQUIRE(rec.ops.size() == 3);  // C read, one fused op per group
  const TraceOp& first = rec.ops[1];
  CHECK(first.kind == OpKind::exact_dot);
  CHECK(first.operands.size() == 17);  // acc, then A[k], B[k] pairs
  CHECK(first.operands[0].bits == 0x45800000);
  CHECK(first.result.bits == 0x45800000);  // the tie went to even
  CHECK(rec.ops[2].operands[0].bits == 0x45800000);
  CHECK(rec.ops[2].result.bits == with_trace);
  for (const char* word : {"truncated to 24 fraction bits", "floored", "31 fraction bits", "binary32 RNE"}) {
    INFO(first.rule << " lacks: " << word);
    CHECK(mentions(first.rule, word));
  }
}

TEST_CASE("gfx942 xf32 and fp8 traces name their own rules", "[numerics][cdna3][trace]") {
  {
    const std::vector<std::uint64_t> a{0x3f801fff, 0x3f800000, 0, 0}, b{0x3f800000, 0x3f800000, 0, 0};
    Recorder rec;
    NumericsContext ctx{};
    ctx.observer = &rec;
    CHECK(cdna3_fused_dot(kBinary32, 4, true, DotInputs{a, b, 0}, ctx) == 0x40000000);  // 1 + 1 after truncation
    REQUIRE(rec.ops.size() == 3);  // C, the truncated read of A[0], the group
    CHECK(rec.ops[1].kind == OpKind::read);
    CHECK(rec.ops[1].result.bits == 0x3f800000);
    CHECK(mentions(rec.ops[2].rule, "xf32"));
  }
  {
    const std::vector<std::uint64_t> a(16, 0x40), b(16, 0x40);  // FNUZ E4M3: 0x40 = 1.0
    Recorder rec;
    NumericsContext ctx{};
    ctx.observer = &rec;
    CHECK(cdna3_fp8_dot(kFp8E4M3Fnuz, kFp8E4M3Fnuz, DotInputs{a, b, 0}, ctx) == 0x41800000);  // 16
    REQUIRE(rec.ops.size() == 2);
    CHECK(mentions(rec.ops[1].rule, "even/odd"));
    CHECK(mentions(rec.ops[1].rule, "F-25"));
  }
}
