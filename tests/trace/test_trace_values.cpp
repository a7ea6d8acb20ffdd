// Evaluated traces: every intermediate rounding against values computed by hand (each case shows the
// arithmetic), the final value against execute_matrix() and published gfx1100 captures, and the
// trace's result equal to execute_matrix()'s D word for random inputs on every instruction.
#include "support/catch_compat.hpp"

#include <random>

#include "emu/insns/element_trace.hpp"
#include "emu/isa/arch.hpp"
#include "tests/support/matrix_case.hpp"

using mxlane_test::inst;

using namespace mxlane;

namespace {

MatrixOperands operands_of(const InstrDesc& d) {
  return MatrixOperands{{0}, {d.vgprs_a}, {d.vgprs_a + d.vgprs_b}, {d.vgprs_a + d.vgprs_b + d.vgprs_c}, {}, {}, {}};
}

struct Evaluated {
  ElementTrace trace;
  std::uint64_t executed;  // execute_matrix's word for the same element
};

// Registers holding A[i][k] = a[k], B[k][j] = b[k] (every replica) and C[i][j] = c in block `block`;
// the element traced and executed.
Evaluated evaluate(const InstrDesc& d, const Modifiers& mods, const Switches& sw, int block, int i, int j,
                   const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b, std::uint64_t c) {
  LaneRegFile regs(d.wave, d.vgprs_a + d.vgprs_b + d.vgprs_c + d.vgprs_cd);
  const MatrixOperands ops = operands_of(d);
  const OperandLayout la(d, Operand::A, {}, sw), lb(d, Operand::B, {}, sw), lc(d, Operand::C, mods, sw);
  for (int k = 0; k < d.k; ++k) {
    for (const Placement& p : la.forward(block, i, k))
      write_slot(regs, ops.a.base, p.slot, a[static_cast<std::size_t>(k)]);
    for (const Placement& p : lb.forward(block, k, j))
      write_slot(regs, ops.b.base, p.slot, b[static_cast<std::size_t>(k)]);
  }
  write_slot(regs, ops.c.base, lc.forward(block, i, j).front().slot, c);
  Evaluated e{trace_element(d, mods, sw, block, i, j, regs, ops), 0};
  execute_matrix(d, regs, ops, mods, sw);
  e.executed = read_slot(regs, ops.d.base, e.trace.feeds.d.slot);
  return e;
}

std::vector<std::uint64_t> results(const TracedStep& s) {
  std::vector<std::uint64_t> out;
  for (const TraceOp& op : s.ops) out.push_back(op.result.bits);
  return out;
}

// Small integers -8..64 as f16 / binary32 bits, by hand: sign | (e + bias) << m | fraction.
std::uint16_t f16_of(int v) {
  if (v == 0) return 0;
  const unsigned mag = static_cast<unsigned>(v < 0 ? -v : v);
  int e = 0;
  while ((mag >> (e + 1)) != 0) ++e;
  return static_cast<std::uint16_t>((v < 0 ? 0x8000U : 0U) | ((e + 15U) << 10) | ((mag << (10 - e)) & 0x3FFU));
}
std::uint32_t f32_of(int v) {
  if (v == 0) return 0;
  const unsigned mag = static_cast<unsigned>(v < 0 ? -v : v);
  int e = 0;
  while ((mag >> (e + 1)) != 0) ++e;
  return (v < 0 ? 0x80000000U : 0U) | ((e + 127U) << 23) | ((mag << (23 - e)) & 0x7FFFFFU);
}

}  // namespace

TEST_CASE("trace values: CDNA2 f16 pairwise grouping hides 2^24 + 1 - 2^24", "[trace]") {
  // v_mfma_f32_4x4x4f16 D[0][1][2]: A = (4096, 1, 4096, 0), B = (4096, 1, -4096, 0), C = 0.5.
  // f16 bits: 4096 = 2^12 -> (12+15)<<10 = 0x6c00, -4096 = 0xec00, 1 = 0x3c00. Products (binary32, exact):
  // p0 = 2^24 = 0x4b800000, p1 = 1 = 0x3f800000, p2 = -2^24 = 0xcb800000, p3 = +0.
  // (p0+p1) = 2^24 + 1, a tie between 2^24 and 2^24 + 2 -> even: 2^24 = 0x4b800000.
  // (p2+p3) = -2^24 = 0xcb800000; root = 0 -> +0; acc = 0.5 + 0 = 0x3f000000.
  // A sequential exact sum would give 1.5: the grouping is visible.
  const Evaluated e = evaluate(inst("gfx90a", "v_mfma_f32_4x4x4f16"), {}, {}, 0, 1, 2, {0x6c00, 0x3c00, 0x6c00, 0},
                               {0x6c00, 0x3c00, 0xec00, 0}, 0x3f000000);
  REQUIRE(e.trace.steps.size() == 2);
  CHECK(results(e.trace.steps[0]) == std::vector<std::uint64_t>{0x3f000000});
  CHECK(results(e.trace.steps[1]) ==
        std::vector<std::uint64_t>{0x4b800000, 0x3f800000, 0xcb800000, 0, 0x4b800000, 0xcb800000, 0, 0x3f000000});
  CHECK(e.trace.d == 0x3f000000);
  CHECK(e.executed == e.trace.d);
}

TEST_CASE("trace values: CDNA2 f16 subnormal inputs and C are read as +0", "[trace]") {
  // docs/spec/numerics.md §B.2: A = 0x0001 (f16 subnormal) -> +0; C = 0x00000001 (binary32 subnormal) -> +0.
  // Products 0, 1*1 = 1, 0, 0 -> tree 1 -> acc = 0 + 1 = 1.0 = 0x3f800000.
  const Evaluated e = evaluate(inst("gfx90a", "v_mfma_f32_4x4x4f16"), {}, {}, 3, 0, 0, {0x0001, 0x3c00, 0, 0},
                               {0x3c00, 0x3c00, 0, 0}, 0x00000001);
  CHECK(e.trace.steps[0].ops[0].result.bits == 0);  // C flushed
  const TraceOp& flush = e.trace.steps[1].ops[0];
  CHECK(flush.kind == OpKind::read);
  CHECK(flush.k == 0);
  CHECK(flush.result.bits == 0);
  CHECK(e.trace.d == 0x3f800000);
  CHECK(e.executed == e.trace.d);
}

TEST_CASE("trace values: CDNA2 f32 FMA chain rounds after every k", "[trace]") {
  // v_mfma_f32_16x16x4f32 D[0][5][7], A = (2^24, 1, -2^24, 0), B = (1, 1, 1, 1), C = 0:
  // fma(2^24, 1, 0) = 2^24 (0x4b800000); fma(1, 1, 2^24) = 2^24 + 1 -> tie to even 2^24;
  // fma(-2^24, 1, 2^24) = +0; fma(0, 1, +0) = +0. The exact sum is 1.
  const Evaluated e =
      evaluate(inst("gfx90a", "v_mfma_f32_16x16x4f32"), {}, {}, 0, 5, 7, {0x4b800000, 0x3f800000, 0xcb800000, 0},
               {0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000}, 0);
  REQUIRE(e.trace.steps.size() == 5);
  const std::uint64_t expected[] = {0, 0x4b800000, 0x4b800000, 0, 0};
  for (std::size_t s = 0; s < 5; ++s) CHECK(e.trace.steps[s].ops.back().result.bits == expected[s]);
  CHECK(e.trace.d == 0);
  CHECK(e.executed == 0);
}

TEST_CASE("trace values: CDNA2 f64 chain in block 1 of v_mfma_f64_4x4x4f64", "[trace]") {
  // A = (2^53, 1, -2^53, 0.5), B = 1, C = 0: 2^53 (0x4340000000000000); 2^53 + 1 ties to 2^53;
  // -2^53 + 2^53 = +0; 0 + 0.5 = 0.5 (0x3fe0000000000000).
  const std::uint64_t one = 0x3ff0000000000000;
  const Evaluated e =
      evaluate(inst("gfx90a", "v_mfma_f64_4x4x4f64"), {}, {}, 1, 2, 3,
               {0x4340000000000000, one, 0xc340000000000000, 0x3fe0000000000000}, {one, one, one, one}, 0);
  const std::uint64_t expected[] = {0, 0x4340000000000000, 0x4340000000000000, 0, 0x3fe0000000000000};
  for (std::size_t s = 0; s < 5; ++s) CHECK(e.trace.steps[s].ops.back().result.bits == expected[s]);
  CHECK(e.executed == 0x3fe0000000000000);
  // exact-dot (E13 alternative): C + 2^53 + 1 - 2^53 + 0.5 = 1.5 exactly (0x3ff8000000000000).
  Switches exact;
  set_switch(exact, "cdna2_f64_algorithm", "exact-dot");
  const Evaluated x =
      evaluate(inst("gfx90a", "v_mfma_f64_4x4x4f64"), {}, exact, 1, 2, 3,
               {0x4340000000000000, one, 0xc340000000000000, 0x3fe0000000000000}, {one, one, one, one}, 0);
  CHECK(x.trace.d == 0x3ff8000000000000);
  CHECK(x.executed == x.trace.d);
}

TEST_CASE("trace values: CDNA2 i8 sum wraps at 2^32", "[trace]") {
  // C = 0x7fffffff, A = (127, 0, 0, 0), B = (127, 0, 0, 0): 2147483647 + 16129 = 2147499776 = 0x80003f00,
  // as int32 -2147467520.
  const Evaluated e =
      evaluate(inst("gfx90a", "v_mfma_i32_4x4x4i8"), {}, {}, 0, 0, 0, {0x7f, 0, 0, 0}, {0x7f, 0, 0, 0}, 0x7fffffff);
  const TraceOp& sum = e.trace.steps[0].ops.back();
  CHECK(sum.kind == OpKind::int_sum);
  CHECK(sum.operands[1].integer == 16129);
  CHECK(sum.result.integer == -2147467520);
  CHECK(e.trace.d == 0x80003f00);
  CHECK(e.executed == 0x80003f00);
}

TEST_CASE("trace values: RDNA3 DOT2 one's complement turns 1 - 1 + 0 into -2^-24", "[trace]") {
  // v_wmma_f32_16x16x16_f16 D[3][5] (wave32), C = 1.0, A[3][0] = -1 (0xbc00), B[0][5] = 1, all else +0.
  // Step 1 (docs/spec/numerics.md §B.4): terms C = 2^23 * 2^-23, p0 = -(2^10 * 2^10) * 2^-20, p1 = +0 * 1.
  // Gp = (0 + 0) - 24 = -24 (p0 only), Gl = max(lead C = 0, lead p0 = 0) - 26 = -26, G = -24.
  // S = 2^24 (C) - 2^24 - 1 (p0, opposite sign) + 0 (p1 = +0, same sign as C) = -1 -> -2^-24 = 0xb3800000.
  // Steps 2..8: C = -2^-24 (sig 2^23, exp -47), both products +0: no Gp, Gl = -24 - 26 = -50;
  // S = 2^26 - 1 - 1 (two opposite-sign zero products), value -(2^26 - 2) * 2^-50; RNE to 24 bits:
  // (2^26 - 2) / 4 = 2^24 - 0.5 ties to even 2^24 -> -2^-24 again.
  std::vector<std::uint64_t> a(16, 0), b(16, 0);
  a[0] = 0xbc00;
  b[0] = 0x3c00;
  const Evaluated e = evaluate(inst("gfx1100", "v_wmma_f32_16x16x16_f16"), {}, {}, 0, 3, 5, a, b, 0x3f800000);
  REQUIRE(e.trace.steps.size() == 9);
  const TraceOp& first = e.trace.steps[1].ops.back();
  REQUIRE(first.grid);
  CHECK(first.grid->g == -24);
  CHECK(first.grid->s == -1);
  CHECK(first.result.bits == 0xb3800000);
  const TraceOp& second = e.trace.steps[2].ops.back();
  CHECK(second.grid->g == -50);
  CHECK(second.grid->s == (std::int64_t{1} << 26) - 2);
  CHECK(second.grid->frame_neg);
  for (std::size_t s = 1; s < 9; ++s) CHECK(e.trace.steps[s].ops.back().result.bits == 0xb3800000);
  CHECK(e.executed == 0xb3800000);
}

TEST_CASE("trace values: RDNA3 elements of the gfx1100 capture (docs/spec/numerics.md §D.3), wave32 and wave64",
          "[trace]") {
  // Generator of §D.3: A[m][k] = ((16m + k) 7 mod 17) - 8, B[k][n] = ((16k + n) 11 mod 17) - 8,
  // C[m][n] = ((16m + n) 13 mod 129) - 64; gfx1100 D from the table of §D.3 (hardware).
  struct Case {
    int m, n;
    std::uint32_t hw;
  };
  const Case cases[] = {
      {0, 0, 0xbfffffc0}, {0, 13, 0x41bffffd}, {2, 3, 0xc1b7fffe}, {5, 4, 0x36400000}, {9, 15, 0xc3370000}};
  for (int wave : {32, 64})
    for (const Case& c : cases) {
      std::vector<std::uint64_t> a, b;
      for (int k = 0; k < 16; ++k) {
        a.push_back(f16_of(((16 * c.m + k) * 7 % 17) - 8));
        b.push_back(f16_of(((16 * k + c.n) * 11 % 17) - 8));
      }
      const std::uint32_t cv = f32_of(((16 * c.m + c.n) * 13 % 129) - 64);
      const Evaluated e = evaluate(inst("gfx1100", "v_wmma_f32_16x16x16_f16", wave), {}, {}, 0, c.m, c.n, a, b, cv);
      INFO("wave" << wave << " D[" << c.m << "][" << c.n << "]");
      CHECK(e.trace.d == c.hw);
      CHECK(e.executed == c.hw);
      CHECK(e.trace.steps.back().ops.back().result.bits == c.hw);
    }
}

TEST_CASE("trace values: the trace's result is execute_matrix's D word on random inputs, every instruction",
          "[trace]") {
  std::mt19937_64 rng(20260614);
  for (const InstrDesc& d : instruction_table()) {
    // Random registers with some special patterns (zeros, subnormals) mixed in.
    LaneRegFile regs(d.wave, d.vgprs_a + d.vgprs_b + d.vgprs_c + d.vgprs_cd);
    for (int r = 0; r < regs.num_regs(RegBank::vgpr); ++r)
      for (int l = 0; l < d.wave; ++l) {
        const std::uint64_t x = rng();
        std::uint32_t w = static_cast<std::uint32_t>(x);
        if (x % 7 == 0) w &= 0x801F801F;  // small/subnormal halves
        if (x % 11 == 0) w = 0;
        regs.set_word(r, l, w);
      }
    const MatrixOperands ops = operands_of(d);
    Modifiers mods;
    Switches sw;
    if ((d.family_id == MatrixFamilyId::wmma || d.modifiers == ModifierSet::wmma_gfx12_neg) &&
        d.modifiers != ModifierSet::wmma_int) {
      mods.neg = static_cast<int>(rng() % 8);
      mods.neg_hi = static_cast<int>(rng() % 8);
    }
    if (d.modifiers == ModifierSet::wmma_gfx12_fp8) {  // C only (docs/rdna4.md §1)
      mods.neg = static_cast<int>(rng() % 2) * 4;
      mods.neg_hi = static_cast<int>(rng() % 2) * 4;
    }
    if (d.modifiers == ModifierSet::wmma_int) mods.neg = static_cast<int>(rng() % 4);
    // MFMA: a random BLGP (a lane pattern, or gfx942's f64 negate mask) and a partial CBSZ broadcast
    // wherever the instruction takes them.
    for (const ModifierRange& r : legal_modifiers(d)) {
      if (r.name == "blgp") mods.blgp = r.values[rng() % r.values.size()];  // f8f6f4: B's format, 0-4
      if (r.name == "cbsz") mods.cbsz = 1;
      if (r.name == "abid") mods.abid = std::min(1, r.values.back());  // SMFMAC with one index set: 0
    }
    LaneRegFile executed = regs;
    execute_matrix(d, executed, ops, mods, sw);
    for (int n = 0; n < 24; ++n) {
      const int block = static_cast<int>(rng() % static_cast<std::uint64_t>(d.blocks));
      const int i = static_cast<int>(rng() % static_cast<std::uint64_t>(d.m));
      const int j = static_cast<int>(rng() % static_cast<std::uint64_t>(d.n));
      const ElementTrace t = trace_element(d, mods, sw, block, i, j, regs, ops);
      INFO(d.builtin << " D[" << block << "][" << i << "][" << j << "]");
      CHECK(t.d == read_slot(executed, ops.d.base, t.feeds.d.slot));
      CHECK(t.steps.back().ops.back().result.bits == t.d);
    }
  }
}
