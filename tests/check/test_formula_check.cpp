// The formula checker on the seeds' own index formulas (they pass) and on plausible wrong ones
// (they fail, first mismatch and count worked out by hand). Formulas are transcribed from seed 000
// (RDNA3 WMMA page), seed 001 (CDNA2 MFMA page) and docs/spec/layouts.md, with the line they come from.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "emu/isa/arch.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/instr_desc.hpp"
#include "layouts/formula/formula_check.hpp"

namespace {

using mxlane::Modifiers;
using mxlane::Operand;
using mxlane::OperandLayout;
using mxlane::formula::CheckReport;
using mxlane::formula::IndexExpression;
using mxlane::formula::MemoryOrder;

OperandLayout layout_of(std::string_view arch, std::string_view inst, Operand op, Modifiers mods = {},
                        std::optional<int> wave = std::nullopt) {
  return OperandLayout(mxlane::resolve_instruction(*mxlane::find_arch(arch), inst, wave), op, mods);
}

CheckReport forward(const OperandLayout& l, const std::string& lane, const std::string& vgpr,
                    std::optional<std::string> bits = std::nullopt) {
  const auto vars = mxlane::formula::forward_variables(l);
  mxlane::formula::ForwardFormula f{IndexExpression::parse(lane, vars), IndexExpression::parse(vgpr, vars),
                                    bits ? std::optional(IndexExpression::parse(*bits, vars)) : std::nullopt};
  return mxlane::formula::check_forward(l, f, 8);
}

CheckReport inverse(const OperandLayout& l, const std::string& row, const std::string& col,
                    std::optional<std::string> block = std::nullopt) {
  const auto vars = mxlane::formula::slot_variables();
  mxlane::formula::InverseFormula f{IndexExpression::parse(row, vars), IndexExpression::parse(col, vars),
                                    block ? std::optional(IndexExpression::parse(*block, vars)) : std::nullopt};
  return mxlane::formula::check_inverse(l, f, 8);
}

CheckReport load(const OperandLayout& l, const std::string& index, std::int64_t ld,
                 MemoryOrder order = MemoryOrder::row_major) {
  const auto vars = mxlane::formula::slot_variables();
  return mxlane::formula::check_load(l, {IndexExpression::parse(index, vars), ld, order}, 8);
}

void require_ok(const CheckReport& r, std::int64_t checked) {
  INFO("mismatches: " << r.mismatches);
  CHECK(r.ok());
  CHECK(r.checked == checked);
}

}  // namespace

// ---- Seed 000: RDNA3 v_wmma_*_16x16x16 (wave32 unless noted) -----------------------------------

TEST_CASE("check: seed 000's store_c, load_a and load_b pass", "[check][seed]") {
  for (const char* inst :
       {"v_wmma_f32_16x16x16_f16", "v_wmma_f32_16x16x16_bf16", "v_wmma_i32_16x16x16_iu8", "v_wmma_i32_16x16x16_iu4"}) {
    INFO(inst);
    // store_c (seed 000 line 299-300): row = G*2 + L/16, col = L % 16, G = acc.regs index 0..7.
    require_ok(inverse(layout_of("gfx1100", inst, Operand::D), "G*2 + L/16", "L%16"), 32 * 8);
    require_ok(inverse(layout_of("gfx1100", inst, Operand::C), "G*2 + L/16", "L%16"), 32 * 8);
    // The accumulator table (seed 000 "Rows | Lanes | VGPRs"): row i in lanes 16*(i%2).., VGPR i/2.
    require_ok(forward(layout_of("gfx1100", inst, Operand::D), "16*(i%2) + j", "i/2"), 256);
  }
  const OperandLayout a = layout_of("gfx1100", "v_wmma_f32_16x16x16_f16", Operand::A);
  const OperandLayout b = layout_of("gfx1100", "v_wmma_f32_16x16x16_f16", Operand::B);
  // load_a (seed 000 line 258): frag[e] = tile_a_ptr[row * k_tile_size + ki + e], row = lane % 16;
  // with tile_a_row = ki = 0 and k_tile_size = 16 (k_step), e is G.
  require_ok(load(a, "(L%16)*16 + G", 16), 32 * 16);
  // The same code in a 32-wide LDS tile: ld 32.
  require_ok(load(a, "(L%16)*32 + G", 32), 32 * 16);
  // load_b (seed 000 line 275): tile_b_T_ptr[col * k_tile_size + ki + e], col = lane % 16: B stored
  // transposed, i.e. B (K x N) column-major with ld = K = 16.
  require_ok(load(b, "(L%16)*16 + G", 16, MemoryOrder::col_major), 32 * 16);
  // "Lane L covers srcA row = L mod 16", "VGPR 0: K {0, 1}" (seed 000 srcA/srcB tables).
  require_ok(inverse(a, "L%16", "G"), 32 * 16);
  require_ok(inverse(b, "G", "L%16"), 32 * 16);
  const CheckReport one_copy = forward(a, "i", "k/2", "16*(k%2)");
  require_ok(one_copy, 256);
  CHECK(one_copy.copies_named == std::vector<std::int64_t>{256, 0});  // lane i is copy 0
  const CheckReport upper_copy = forward(a, "i+16", "k/2", "16*(k%2)");
  CHECK(upper_copy.ok());
  CHECK(upper_copy.copies_named == std::vector<std::int64_t>{0, 256});
  const CheckReport every_copy = forward(a, "i + 16*r", "k/2", "16*(k%2)");
  require_ok(every_copy, 512);
  CHECK(every_copy.per_copy);
  require_ok(forward(b, "j + 16*r", "k/2", "16*(k%2)"), 512);
}

TEST_CASE("check: RDNA3 8-bit, 4-bit, wave64 and 16-bit accumulators (docs/spec/layouts.md §6)", "[check][seed]") {
  // docs/spec/layouts.md line 307-308: iu8 in VGPR k/4, byte k%4; iu4 in VGPR k/8, nibble k%8.
  require_ok(forward(layout_of("gfx1100", "v_wmma_i32_16x16x16_iu8", Operand::A), "i + 16*r", "k/4", "8*(k%4)"), 512);
  require_ok(forward(layout_of("gfx1100", "v_wmma_i32_16x16x16_iu4", Operand::B), "j + 16*r", "k/8", "4*(k%8)"), 512);
  // load_a's pattern on the v4int / v2int fragments read as 16 int8 / int4 elements.
  require_ok(load(layout_of("gfx1100", "v_wmma_i32_16x16x16_iu8", Operand::A), "(L%16)*16 + G", 16), 32 * 16);
  require_ok(load(layout_of("gfx1100", "v_wmma_i32_16x16x16_iu4", Operand::A), "(L%16)*16 + G", 16), 32 * 16);
  // Wave64 (docs/spec/layouts.md line 315-316): i = (W/16)*v + L/16 = 4*G + L/16.
  const OperandLayout d64 = layout_of("gfx1100", "v_wmma_f32_16x16x16_f16", Operand::D, {}, 64);
  require_ok(inverse(d64, "4*G + L/16", "L%16"), 64 * 4);
  require_ok(forward(d64, "16*(i%4) + j", "i/4"), 256);
  require_ok(load(layout_of("gfx1100", "v_wmma_f32_16x16x16_f16", Operand::A, {}, 64), "(L%16)*16 + G", 16), 64 * 16);

  // 16-bit D (docs/spec/layouts.md line 320-322): v16half, element 2v (opsel 0) or 2v+1 (opsel 4) of VGPR v
  // holds row 2v + L/16, so row = (G/2)*2 + L/16 for the used G; the other 16 x 32 slots are unused.
  for (int opsel : {0, 4}) {
    Modifiers mods;
    mods.opsel = opsel;
    const OperandLayout d16 = layout_of("gfx1100", "v_wmma_f16_16x16x16_f16", Operand::D, mods);
    const CheckReport r = inverse(d16, "(G/2)*2 + L/16", "L%16");
    require_ok(r, 256);
    CHECK(r.unused_slots == 256);
    require_ok(forward(d16, "16*(i%2) + j", "i/2", opsel == 0 ? "0" : "16"), 256);
    CHECK_FALSE(forward(d16, "16*(i%2) + j", "i/2", opsel == 0 ? "16" : "0").ok());
  }
}

// ---- Seed 001: CDNA2 accumulators; docs/spec/layouts.md §5.2 inputs -------------------------------------

TEST_CASE("check: seed 001's accumulator formulas pass", "[check][seed]") {
  // 32x32 (seed 001 lines 139-140 and 146-150): lane = (32*(i/4)) mod 64 + j,
  // accVGPR = 16b + 4*(i/8) + i%4; i = (8*(G/4)) mod 32 + 4*(L/32) + G%4, j = L%32, b = G/16.
  for (const char* inst : {"v_mfma_f32_32x32x1f32", "v_mfma_f32_32x32x4f16", "v_mfma_i32_32x32x4i8",
                           "v_mfma_f32_32x32x8f16", "v_mfma_f32_32x32x2f32", "v_mfma_f32_32x32x8bf16_1k"}) {
    INFO(inst);
    const OperandLayout d = layout_of("gfx90a", inst, Operand::D);
    require_ok(forward(d, "(32*(i/4))%64 + j", "16*b + 4*(i/8) + i%4"), d.blocks() * 1024);
    require_ok(inverse(d, "(8*(G/4))%32 + 4*(L/32) + G%4", "L%32", "G/16"), d.blocks() * 1024);
  }
  // 16x16 (lines 215-216, 222-224): lane = 16*(i/4) + j, accVGPR = 4b + i%4;
  // i = 4*(L/16) + G%4, j = L%16, b = G/4.
  for (const char* inst : {"v_mfma_f32_16x16x1f32", "v_mfma_f32_16x16x4f16", "v_mfma_f32_16x16x16f16",
                           "v_mfma_f32_16x16x4f32", "v_mfma_i32_16x16x16i8", "v_mfma_f32_16x16x8bf16"}) {
    INFO(inst);
    const OperandLayout d = layout_of("gfx90a", inst, Operand::D);
    require_ok(forward(d, "16*(i/4) + j", "4*b + i%4"), d.blocks() * 256);
    require_ok(inverse(d, "4*(L/16) + G%4", "L%16", "G/4"), d.blocks() * 256);
  }
  // 4x4, 16 blocks (lines 270-271, 277-279): lane = 4b + j, accVGPR = i; i = G%4, j = L%4, b = L/4.
  for (const char* inst : {"v_mfma_f32_4x4x1f32", "v_mfma_f32_4x4x4f16", "v_mfma_i32_4x4x4i8"}) {
    INFO(inst);
    const OperandLayout d = layout_of("gfx90a", inst, Operand::D);
    require_ok(forward(d, "4*b + j", "i"), 256);
    require_ok(inverse(d, "G%4", "L%4", "L/4"), 256);
  }
  // f64 16x16 (lines 308-309, 315-316): lane = 16*(i%4) + j, pair k = i/4 (VGPR 2k);
  // i = 4k + L/16, j = L%16 with G = the pair index.
  const OperandLayout f64 = layout_of("gfx90a", "v_mfma_f64_16x16x4f64", Operand::D);
  require_ok(forward(f64, "16*(i%4) + j", "2*(i/4)", "0"), 256);
  require_ok(inverse(f64, "4*G + L/16", "L%16"), 256);
  // f64 4x4, 4 blocks (lines 363, 369-371): lane = 16i + 4b + j; i = L/16, j = L%4, b = (L%16)/4.
  const OperandLayout f64x4 = layout_of("gfx90a", "v_mfma_f64_4x4x4f64", Operand::C);
  require_ok(forward(f64x4, "16*i + 4*b + j", "0"), 64);
  require_ok(inverse(f64x4, "L/16", "L%4", "(L%16)/4"), 64);
}

TEST_CASE("check: CDNA2 input loads from docs/spec/layouts.md §5.2 and seed 001", "[check][seed]") {
  // docs/spec/layouts.md line 196: A[b][i][k] in lane i + M*b + M*B*(k/Kl), item k%Kl. 32x32x8f16: M = 32,
  // B = 1, Kl = 4, so lane L loads row L%32, columns 4*(L/32) + G of the row-major 32 x 8 A.
  require_ok(load(layout_of("gfx90a", "v_mfma_f32_32x32x8f16", Operand::A), "(L%32)*8 + 4*(L/32) + G", 8), 64 * 4);
  // B the same with j: B (8 x 32) column-major, ld 8.
  require_ok(load(layout_of("gfx90a", "v_mfma_f32_32x32x8f16", Operand::B), "(L%32)*8 + 4*(L/32) + G", 8,
                  MemoryOrder::col_major),
             64 * 4);
  // Seed 001's f64 policy: "group g = lane_id / 16 provides K-position ki + g", lane_id mod 16 the
  // row: A (16 x 4) row-major.
  require_ok(load(layout_of("gfx90a", "v_mfma_f64_16x16x4f64", Operand::A), "(L%16)*4 + L/16", 4), 64);
  // 4 blocks of 16 x 4 stacked: block b = L/16 (M*b term), k = G.
  require_ok(load(layout_of("gfx90a", "v_mfma_f32_16x16x4f16", Operand::A), "(L/16)*64 + (L%16)*4 + G", 4), 64 * 4);
  require_ok(inverse(layout_of("gfx90a", "v_mfma_f32_16x16x4f16", Operand::A), "L%16", "G", "L/16"), 64 * 4);
}

// ---- Plausible wrong formulas: first mismatch and count by hand -------------------------------

TEST_CASE("check: wrong store formulas fail at the hand-derived first slot", "[check][wrong]") {
  const OperandLayout d = layout_of("gfx1100", "v_wmma_f32_16x16x16_f16", Operand::D);
  {
    // Row and column swapped. Slots are visited lane by lane: lane 0, G = 0 holds D[0][0] either
    // way; lane 0, G = 1 holds D[2][0] but the formula says D[0][2]. They agree only where
    // L%16 = 2G + L/16: L = 2G (L < 16) or L = 2G + 17, 8 slots each, so 256 - 16 mismatch.
    const CheckReport r = inverse(d, "L%16", "G*2 + L/16");
    REQUIRE(r.mismatches == 240);
    REQUIRE(r.slots.size() == 8);
    const auto& m = r.slots.front();
    CHECK(m.slot == mxlane::Slot{0, 1, 0, 31});
    CHECK(m.g == 1);
    CHECK((m.formula.row == 0 && m.formula.col == 2 && m.formula.inside));
    REQUIRE(m.layout.size() == 1);
    CHECK((m.layout[0].row == 2 && m.layout[0].col == 0));
  }
  {
    // L%16 and L/16 exchanged: lanes 0 and 17 (where they are equal) pass; lane 1, G = 0 holds
    // D[0][1] and the formula says D[1][0].
    const CheckReport r = inverse(d, "G*2 + L%16", "L/16");
    REQUIRE(r.mismatches == 240);
    const auto& m = r.slots.front();
    CHECK(m.slot == mxlane::Slot{1, 0, 0, 31});
    CHECK((m.formula.row == 1 && m.formula.col == 0));
    CHECK((m.layout[0].row == 0 && m.layout[0].col == 1));
  }
  {
    // Off by one: never right. Lane 16, G = 7 says row 16, which is outside D.
    const CheckReport r = inverse(d, "G*2 + L/16 + 1", "L%16");
    CHECK(r.mismatches == 256);
    CHECK((r.slots.front().formula.row == 1 && r.slots.front().layout[0].row == 0));
    const CheckReport all = mxlane::formula::check_inverse(d,
                                                           {IndexExpression::parse("G*2 + L/16 + 1", {"L", "G"}),
                                                            IndexExpression::parse("L%16", {"L", "G"}), std::nullopt},
                                                           1000);
    const auto outside =
        std::find_if(all.slots.begin(), all.slots.end(), [](const auto& m) { return !m.formula.inside; });
    REQUIRE(outside != all.slots.end());
    CHECK(outside->slot == mxlane::Slot{16, 7, 0, 31});
    CHECK(outside->formula.row == 16);
  }
}

TEST_CASE("check: a missing block term fails in the second block", "[check][wrong]") {
  // 32x32x1f32 has 2 blocks; without 16b the VGPR of every block-1 element is 16 too small. Block
  // 0 (1024 elements) passes, all of block 1 fails, first D[0][0].B1: v0{0} instead of v16{0}.
  const OperandLayout d = layout_of("gfx90a", "v_mfma_f32_32x32x1f32", Operand::D);
  const CheckReport r = forward(d, "(32*(i/4))%64 + j", "4*(i/8) + i%4");
  CHECK(r.checked == 2048);
  REQUIRE(r.mismatches == 1024);
  const auto& m = r.forward.front();
  CHECK((m.block == 1 && m.row == 0 && m.col == 0));
  CHECK((m.lane == 0 && m.vgpr == 0));
  REQUIRE(m.layout.size() == 1);
  CHECK(m.layout[0] == mxlane::Slot{0, 16, 0, 31});

  // Inverse, 16x16x1f32 (4 blocks) with block 0 for everything: G 4..15 of every lane are wrong
  // (64 x 12 = 768 slots); the first is lane 0, G = 4, which holds D[0][0].B1.
  const OperandLayout d16 = layout_of("gfx90a", "v_mfma_f32_16x16x1f32", Operand::D);
  const CheckReport inv = inverse(d16, "4*(L/16) + G%4", "L%16", "0");
  CHECK(inv.mismatches == 768);
  CHECK(inv.slots.front().slot == mxlane::Slot{0, 4, 0, 31});
  CHECK((inv.slots.front().formula.block == 0 && inv.slots.front().layout[0].block == 1));
  // Omitting --block on a multi-block operand is refused rather than guessed.
  CHECK_THROWS_AS(inverse(d16, "4*(L/16) + G%4", "L%16"), mxlane::InvalidArgument);
}

TEST_CASE("check: wrong forward formulas: lanes past the wave, copies, halves", "[check][wrong]") {
  // 32x32x8f16 D without "mod 64": rows 8.. land on lanes 64..; rows 0-7 pass, 24 x 32 fail,
  // first D[8][0]: formula lane 64, VGPR 4*(8/8) + 0 = 4; layout lane (32*2)%64 = 0, VGPR 4.
  const OperandLayout d = layout_of("gfx90a", "v_mfma_f32_32x32x8f16", Operand::D);
  const CheckReport r = forward(d, "32*(i/4) + j", "4*(i/8) + i%4");
  CHECK(r.mismatches == 768);
  CHECK((r.forward.front().row == 8 && r.forward.front().col == 0));
  CHECK((r.forward.front().lane == 64 && r.forward.front().vgpr == 4));
  CHECK(r.forward.front().layout[0] == mxlane::Slot{0, 4, 0, 31});

  // RDNA3 A: copies 32 lanes apart instead of 16. Copy 0 is right, every copy 1 is wrong; first
  // A[0][0] copy 1: lane 32 instead of 16.
  const OperandLayout a = layout_of("gfx1100", "v_wmma_f32_16x16x16_f16", Operand::A);
  const CheckReport copies = forward(a, "i + 32*r", "k/2", "16*(k%2)");
  CHECK(copies.checked == 512);
  CHECK(copies.mismatches == 256);
  CHECK(copies.forward.front().replica == 1);
  CHECK(copies.forward.front().lane == 32);
  CHECK(copies.forward.front().layout == std::vector<mxlane::Slot>{{16, 0, 0, 15}});

  // Halves swapped: k even is in bits [15:0], not 16.
  const CheckReport halves = forward(a, "i", "k/2", "16*((k+1)%2)");
  CHECK(halves.mismatches == 256);
  CHECK(halves.forward.front().bits == 16);
  CHECK(halves.forward.front().layout == std::vector<mxlane::Slot>{{0, 0, 0, 15}, {16, 0, 0, 15}});
  // Without --bits the same lane and VGPR pass: only lane and VGPR are compared.
  CHECK(forward(a, "i", "k/2").ok());
}

TEST_CASE("check: wrong load patterns", "[check][wrong]") {
  // load_b's code with B taken as row-major: memory[(L%16)*16 + G] is B[L%16][G], but slot (L, G)
  // holds B[G][L%16]. Right only for G = L%16 (32 slots); first wrong: lane 0, G = 1.
  const OperandLayout b = layout_of("gfx1100", "v_wmma_f32_16x16x16_f16", Operand::B);
  const CheckReport r = load(b, "(L%16)*16 + G", 16);
  CHECK(r.mismatches == 480);
  const auto& m = r.slots.front();
  CHECK(m.slot == mxlane::Slot{0, 0, 16, 31});
  CHECK(m.index == 1);
  CHECK((m.formula.row == 0 && m.formula.col == 1));
  CHECK((m.layout[0].row == 1 && m.layout[0].col == 0));

  // A stored with ld 32 but indexed as if ld were 16: lane 1 loads memory[16 + G], columns 16..31
  // of row 0, which are padding.
  const OperandLayout a = layout_of("gfx1100", "v_wmma_f32_16x16x16_f16", Operand::A);
  const CheckReport padded = load(a, "(L%16)*16 + G", 32);
  const auto& p = padded.slots.front();
  CHECK(p.slot.lane == 1);
  CHECK(p.g == 0);
  CHECK(p.index == 16);
  CHECK_FALSE(p.formula.inside);
  CHECK((p.layout[0].row == 1 && p.layout[0].col == 0));
  CHECK_THROWS_AS(load(a, "G", 15), mxlane::InvalidArgument);  // ld below the 16 columns
}

TEST_CASE("check: under a full CBSZ broadcast only block 2's lanes are read", "[check][modifiers]") {
  // docs/spec/layouts.md §8.1 / README: with cbsz=2 abid=2 every block reads block 2 (lanes 32-47).
  Modifiers mods;
  mods.cbsz = 2;
  mods.abid = 2;
  const OperandLayout a = layout_of("gfx90a", "v_mfma_f32_16x16x4f16", Operand::A, mods);
  const CheckReport broadcast = forward(a, "i + 32", "k/2", "16*(k%2)");
  require_ok(broadcast, 256);
  // The formula without the broadcast is wrong for blocks 0, 1 and 3; first A[0][0].B0.
  const CheckReport plain = forward(a, "i + 16*b", "k/2", "16*(k%2)");
  CHECK(plain.mismatches == 192);
  CHECK(plain.forward.front().layout == std::vector<mxlane::Slot>{{32, 0, 0, 15}});
  // Inverse: 16 lanes x 4 elements are read, each feeding all four blocks; the others are skipped.
  const CheckReport inv = inverse(a, "L%16", "G", "L/16");
  require_ok(inv, 64);
  CHECK(inv.unused_slots == 192);
}
