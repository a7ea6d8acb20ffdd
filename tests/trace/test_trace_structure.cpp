// The feed relation and the accumulation structure of `lanemap --trace`, against expectations
// derived by hand from docs/spec/layouts.md §5/§6/§8 formulas and docs/spec/numerics.md §A/§B (each case says how).
#include "support/catch_compat.hpp"

#include "emu/insns/element_trace.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/errors.hpp"
#include "tests/support/matrix_case.hpp"

using mxlane_test::inst;

using namespace mxlane;

namespace {

// lane, vgpr, bit_lo, bit_hi
Slot slot(int lane, int vgpr, int lo, int hi) { return Slot{lane, vgpr, lo, hi}; }

// Steps as (kind, ks) for comparison.
std::vector<std::pair<StepKind, std::vector<int>>> shape(const ElementTrace& t) {
  std::vector<std::pair<StepKind, std::vector<int>>> out;
  for (const TracedStep& s : t.steps) out.emplace_back(s.kind, s.ks);
  return out;
}

}  // namespace

TEST_CASE("trace: gfx90a v_mfma_f32_32x32x8f16 D[0][5][7], groups of 4", "[trace]") {
  // docs/spec/layouts.md §5.2: A[i][k] in lane i + 32*floor(k/4), item k mod 4 = VGPR (k mod 4)/2, half k mod 2;
  // B[k][j] likewise with j. §5.3 (32x32, B=1): D in VGPR 4*floor(i/8) + i mod 4 = 1, lane j + 32*(floor(i/4) mod 2) = 39.
  const ElementTrace t = trace_element(inst("gfx90a", "v_mfma_f32_32x32x8f16"), {}, {}, 0, 5, 7);
  CHECK(t.feeds.d.slot == slot(39, 1, 0, 31));
  CHECK(t.feeds.c.read.slot == slot(39, 1, 0, 31));
  const int lane_a[] = {5, 5, 5, 5, 37, 37, 37, 37}, lane_b[] = {7, 7, 7, 7, 39, 39, 39, 39};
  for (int k = 0; k < 8; ++k) {
    const int vgpr = (k % 4) / 2, lo = 16 * (k % 2);
    CHECK(t.feeds.a[k].read.slot == slot(lane_a[k], vgpr, lo, lo + 15));
    CHECK(t.feeds.b[k].read.slot == slot(lane_b[k], vgpr, lo, lo + 15));
    CHECK(t.feeds.a[k].source.row == 5);
    CHECK(t.feeds.a[k].source.col == k);
  }
  // docs/spec/numerics.md §B.2: C first, then groups of 4 consecutive k, in ascending order.
  CHECK(shape(t) == std::vector<std::pair<StepKind, std::vector<int>>>{{StepKind::read_c, {}},
                                                                       {StepKind::pairwise_group, {0, 1, 2, 3}},
                                                                       {StepKind::pairwise_group, {4, 5, 6, 7}}});
  // The tree inside a group is ((p0+p1)+(p2+p3)) (§B.2: "For G = 4 the tree is ((p0 + p1) + (p2 + p3))").
  const auto& ops = t.steps[1].ops;
  REQUIRE(ops.size() == 4 + 3 + 1);
  CHECK(ops[4].role == "(p0+p1)");
  CHECK(ops[5].role == "(p2+p3)");
  CHECK(ops[6].role == "((p0+p1)+(p2+p3))");
  CHECK(ops[7].role == "acc");
}

TEST_CASE("trace: legacy bf16 groups of 2 (v_mfma_f32_16x16x8bf16)", "[trace]") {
  // docs/spec/numerics.md §A.1: legacy BF16 uses groups of 2: (p0+p1), then the accumulator.
  const ElementTrace t = trace_element(inst("gfx90a", "v_mfma_f32_16x16x8bf16"), {}, {}, 0, 0, 0);
  REQUIRE(t.steps.size() == 5);
  for (int g = 0; g < 4; ++g) CHECK(t.steps[g + 1].ks == std::vector<int>{2 * g, 2 * g + 1});
}

TEST_CASE("trace: v_mfma_f32_4x4x4f16 under CBSZ/ABID names the source block", "[trace]") {
  const InstrDesc& d = inst("gfx90a", "v_mfma_f32_4x4x4f16");
  Modifiers full;
  full.cbsz = 4;  // full broadcast of block 5 to all 16 blocks (both CBSZ models agree, docs/spec/layouts.md §8.1)
  full.abid = 5;
  // §5.2: A[b][i][k] in lane i + 4b, VGPR k/2, half k mod 2; block 5 row 1 is lane 21.
  ElementTrace t = trace_element(d, full, {}, 2, 1, 3);
  for (int k = 0; k < 4; ++k) {
    CHECK(t.feeds.a[k].read.slot == slot(21, k / 2, 16 * (k % 2), 16 * (k % 2) + 15));
    CHECK(t.feeds.a[k].source.block == 5);
    CHECK(t.feeds.a[k].read.block == 2);
    // B is not broadcast: B[2][k][3] in lane 3 + 4*2 = 11.
    CHECK(t.feeds.b[k].read.slot.lane == 11);
    CHECK(t.feeds.b[k].source.block == 2);
  }
  // §5.3 4x4 B=16: D[2][1][3] in VGPR i = 1, lane j + 4b = 11.
  CHECK(t.feeds.d.slot == slot(11, 1, 0, 31));

  // Intermediate CBSZ=1, ABID=1 (§8.1): the ISA model forces the top lane bit: lane 9 (block 2, row 1)
  // reads lane (9 mod 32) + 32 = 41, i.e. block 10; the calculator model reads block (2 & ~1) + 1 = 3, lane 13.
  Modifiers half;
  half.cbsz = 1;
  half.abid = 1;
  t = trace_element(d, half, {}, 2, 1, 3);
  CHECK(t.feeds.a[0].read.slot.lane == 41);
  CHECK(t.feeds.a[0].source.block == 10);
  Switches calculator;
  set_switch(calculator, "cbsz_model", "calculator");
  t = trace_element(d, half, calculator, 2, 1, 3);
  CHECK(t.feeds.a[0].read.slot.lane == 13);
  CHECK(t.feeds.a[0].source.block == 3);
}

TEST_CASE("trace: v_mfma_f32_16x16x4f32 under BLGP 3 reads B's K groups rotated; FMA chain", "[trace]") {
  Modifiers mods;
  mods.blgp = 3;  // docs/spec/layouts.md §8.2: lane L reads lane (L + 16) mod 64
  const ElementTrace t = trace_element(inst("gfx90a", "v_mfma_f32_16x16x4f32"), mods, {}, 0, 5, 7);
  for (int k = 0; k < 4; ++k) {
    // §5.2: A[5][k] in lane 5 + 16k; B[k][7] naturally in lane 7 + 16k, read from 7 + 16((k+1) mod 4).
    CHECK(t.feeds.a[k].read.slot == slot(5 + 16 * k, 0, 0, 31));
    CHECK(t.feeds.b[k].read.slot == slot(7 + 16 * ((k + 1) % 4), 0, 0, 31));
    CHECK(t.feeds.b[k].source.row == (k + 1) % 4);
    CHECK(t.feeds.b[k].read.row == k);
  }
  CHECK(t.feeds.d.slot == slot(23, 1, 0, 31));  // §5.3 16x16: VGPR i mod 4, lane j + 16*floor(i/4)
  // docs/spec/numerics.md §B.1: acc = C, then one FMA per k ascending.
  CHECK(shape(t) == std::vector<std::pair<StepKind, std::vector<int>>>{{StepKind::read_c, {}},
                                                                       {StepKind::fma, {0}},
                                                                       {StepKind::fma, {1}},
                                                                       {StepKind::fma, {2}},
                                                                       {StepKind::fma, {3}}});
}

TEST_CASE("trace: f64 16x16x4 and the 4x4x4 output order switch", "[trace]") {
  // §5.2 f64: A[i][k] in lane i + 16k, pair v[1:0]; §5.3 16x16x4 f64: D pair floor(i/4), lane j + 16 (i mod 4).
  ElementTrace t = trace_element(inst("gfx90a", "v_mfma_f64_16x16x4f64"), {}, {}, 0, 9, 3);
  CHECK(t.feeds.d.slot == slot(19, 4, 0, 63));
  for (int k = 0; k < 4; ++k) {
    CHECK(t.feeds.a[k].read.slot == slot(9 + 16 * k, 0, 0, 63));
    CHECK(t.feeds.b[k].read.slot == slot(3 + 16 * k, 0, 0, 63));
  }
  CHECK(t.steps.size() == 5);
  CHECK(t.steps[1].kind == StepKind::fma);

  // 4x4x4 f64, 4 blocks: D[b][i][j] in lane j + 4b + 16i (lab notes, default) or j + 4i + 16b (ISA general), §11.2.
  const InstrDesc& quad = inst("gfx90a", "v_mfma_f64_4x4x4f64");
  t = trace_element(quad, {}, {}, 1, 2, 3);
  CHECK(t.feeds.d.slot.lane == 3 + 4 + 32);
  CHECK(t.feeds.a[2].read.slot.lane == 2 + 4 + 32);  // A[b][i][k]: lane i + 4b + 16k
  Switches isa;
  set_switch(isa, "f64_4x4x4_cd_order", "isa-general");
  t = trace_element(quad, {}, isa, 1, 2, 3);
  CHECK(t.feeds.d.slot.lane == 3 + 8 + 16);
  CHECK(t.feeds.c.read.slot.lane == 3 + 8 + 16);

  // The E13 alternative: one step over every k, rounded once.
  Switches exact;
  set_switch(exact, "cdna2_f64_algorithm", "exact-dot");
  t = trace_element(quad, {}, exact, 1, 2, 3);
  REQUIRE(t.steps.size() == 1);
  CHECK(t.steps[0].kind == StepKind::exact_dot);
  CHECK(t.steps[0].ks == std::vector<int>{0, 1, 2, 3});
}

TEST_CASE("trace: v_mfma_i32_16x16x16i8 is one exact integer step", "[trace]") {
  // §5.2 16x16x16 i8: A[i][k] in lane i + 16*floor(k/4), VGPR 0, byte k mod 4; D (§5.3) VGPR i mod 4, lane j + 16 floor(i/4).
  const ElementTrace t = trace_element(inst("gfx90a", "v_mfma_i32_16x16x16i8"), {}, {}, 0, 2, 3);
  CHECK(t.feeds.d.slot == slot(3, 2, 0, 31));
  for (int k = 0; k < 16; ++k) {
    CHECK(t.feeds.a[k].read.slot == slot(2 + 16 * (k / 4), 0, 8 * (k % 4), 8 * (k % 4) + 7));
    CHECK(t.feeds.b[k].read.slot == slot(3 + 16 * (k / 4), 0, 8 * (k % 4), 8 * (k % 4) + 7));
  }
  REQUIRE(t.steps.size() == 1);
  CHECK(t.steps[0].kind == StepKind::integer_sum);
  CHECK(t.steps[0].ks.size() == 16);
}

TEST_CASE("trace: gfx1100 WMMA D[3][5] wave32 reads B column 5 from lane group 1 (not the calculator's B1 bug)",
          "[trace]") {
  // docs/spec/layouts.md §6: D[i][j] (32-bit, wave32) in VGPR i/2, lane 16 (i mod 2) + j = 21 -> lane group 1.
  // §8.5: that output reads copy 1: A[3][k] in lane 3 + 16 = 19, B[k][5] in lane 5 + 16 = 21, VGPR k/2, half k mod 2.
  // §9 B1: the calculator prints B[k][3]; the column must be j = 5.
  const InstrDesc& d = inst("gfx1100", "v_wmma_f32_16x16x16_f16");
  ElementTrace t = trace_element(d, {}, {}, 0, 3, 5);
  CHECK(t.feeds.d.slot == slot(21, 1, 0, 31));
  CHECK(t.feeds.replica == 1);
  for (int k = 0; k < 16; ++k) {
    const int lo = 16 * (k % 2);
    CHECK(t.feeds.a[k].read.slot == slot(19, k / 2, lo, lo + 15));
    CHECK(t.feeds.b[k].read.slot == slot(21, k / 2, lo, lo + 15));
    CHECK(t.feeds.b[k].source.col == 5);
    CHECK(t.feeds.b[k].source.row == k);
    CHECK(t.feeds.a[k].source.row == 3);
  }
  // docs/spec/numerics.md §B.5: C first, then DOT2 over k-pairs (0,1), (2,3), ..., (14,15) ascending.
  REQUIRE(t.steps.size() == 9);
  CHECK(t.steps[0].kind == StepKind::read_c);
  for (int p = 0; p < 8; ++p) {
    CHECK(t.steps[p + 1].kind == StepKind::dot2);
    CHECK(t.steps[p + 1].ks == std::vector<int>{2 * p, 2 * p + 1});
  }
  // rdna3_replica=group0 (the calculator's assumption) reads copy 0: lanes 3 and 5.
  Switches group0;
  set_switch(group0, "rdna3_replica", "group0");
  t = trace_element(d, {}, group0, 0, 3, 5);
  CHECK(t.feeds.a[0].read.slot.lane == 3);
  CHECK(t.feeds.b[0].read.slot.lane == 5);
}

TEST_CASE("trace: gfx1100 wave64 f16-output WMMA with OPSEL and NEG reads copy floor(L/16)", "[trace]") {
  // §6 wave64: D[6][9] in VGPR 6/4 = 1, lane 16 (6 mod 4) + 9 = 41 -> lane group 2; OPSEL[2] = 1 puts it in [31:16].
  // Copy 2: A[6][k] in lane 6 + 32 = 38, B[k][9] in lane 9 + 32 = 41. NEG[0] negates A's low halves (even k), §8.4.
  Modifiers mods;
  mods.opsel = 4;
  mods.neg = 1;
  const ElementTrace t = trace_element(inst("gfx1100", "v_wmma_f16_16x16x16_f16", 64), mods, {}, 0, 6, 9);
  CHECK(t.feeds.d.slot == slot(41, 1, 16, 31));
  CHECK(t.feeds.c.read.slot == slot(41, 1, 16, 31));
  CHECK(t.feeds.replica == 2);
  for (int k = 0; k < 16; ++k) {
    CHECK(t.feeds.a[k].read.slot.lane == 38);
    CHECK(t.feeds.b[k].read.slot.lane == 41);
    CHECK(t.feeds.a[k].read.negated == (k % 2 == 0));
    CHECK_FALSE(t.feeds.b[k].read.negated);
  }
  // 16-bit output: each DOT2 step first widens the f16 accumulator (docs/spec/numerics.md §B.5).
  CHECK(t.steps[1].ops.size() == 2);
  CHECK(t.steps[1].ops[0].kind == OpKind::read);
  CHECK(t.steps[1].ops[1].kind == OpKind::dot2);
}

TEST_CASE("trace: gfx1100 integer WMMA (iu8, iu4) slots and one integer step", "[trace]") {
  // §6: iu8 A/B in VGPR k/4, byte k mod 4; iu4 in VGPR k/8, nibble k mod 8. D[1][2] wave32: VGPR 0, lane 18 (group 1).
  ElementTrace t = trace_element(inst("gfx1100", "v_wmma_i32_16x16x16_iu8"), {}, {}, 0, 1, 2);
  CHECK(t.feeds.d.slot == slot(18, 0, 0, 31));
  for (int k = 0; k < 16; ++k) {
    CHECK(t.feeds.a[k].read.slot == slot(17, k / 4, 8 * (k % 4), 8 * (k % 4) + 7));
    CHECK(t.feeds.b[k].read.slot == slot(18, k / 4, 8 * (k % 4), 8 * (k % 4) + 7));
  }
  REQUIRE(t.steps.size() == 1);
  CHECK(t.steps[0].kind == StepKind::integer_sum);
  t = trace_element(inst("gfx1100", "v_wmma_i32_16x16x16_iu4"), {}, {}, 0, 1, 2);
  for (int k = 0; k < 16; ++k) CHECK(t.feeds.a[k].read.slot == slot(17, k / 8, 4 * (k % 8), 4 * (k % 8) + 3));
}

TEST_CASE("trace: an element out of range is InvalidArgument", "[trace]") {
  CHECK_THROWS_AS(trace_element(inst("gfx90a", "v_mfma_f32_32x32x8f16"), {}, {}, 0, 32, 0), InvalidArgument);
  CHECK_THROWS_AS(trace_element(inst("gfx90a", "v_mfma_f32_32x32x8f16"), {}, {}, 1, 0, 0), InvalidArgument);
}
