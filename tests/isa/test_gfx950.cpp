// gfx950 (CDNA4) in the instruction table: gfx942's instructions kept (minus xf32) with OCP fp8, the
// K-doubled MFMA and SMFMAC against docs/cdna4.md §0, their layouts against the general input rule,
// the index sets, and end-to-end values derived by hand.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>

#include "emu/api/matrix.hpp"
#include "emu/isa/errors.hpp"
#include "layouts/operand_layout.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/matrix_case.hpp"

using mxlane_test::all_equal;

using namespace mxlane;
using mxlane_test::run_mxlane;

namespace {

const ArchInfo& cdna4() { return arch_info(ArchId::gfx950); }

// docs/cdna4.md §0: the 20 new instructions, opcode and B VGPRs (A is 4 VGPRs for all of them).
const std::map<std::string, std::pair<int, int>> kNew = {
    {"v_mfma_f32_16x16x32_f16", {0x54, 4}},        {"v_mfma_f32_32x32x16_f16", {0x55, 4}},
    {"v_mfma_f32_16x16x32_bf16", {0x35, 4}},       {"v_mfma_f32_32x32x16_bf16", {0x37, 4}},
    {"v_mfma_i32_16x16x64_i8", {0x36, 4}},         {"v_mfma_i32_32x32x32_i8", {0x38, 4}},
    {"v_smfmac_f32_16x16x64_f16", {0x5a, 8}},      {"v_smfmac_f32_32x32x32_f16", {0x5b, 8}},
    {"v_smfmac_f32_16x16x64_bf16", {0x39, 8}},     {"v_smfmac_f32_32x32x32_bf16", {0x46, 8}},
    {"v_smfmac_i32_16x16x128_i8", {0x3a, 8}},      {"v_smfmac_i32_32x32x64_i8", {0x47, 8}},
    {"v_smfmac_f32_16x16x128_bf8_bf8", {0x3b, 8}}, {"v_smfmac_f32_16x16x128_bf8_fp8", {0x3c, 8}},
    {"v_smfmac_f32_16x16x128_fp8_bf8", {0x3d, 8}}, {"v_smfmac_f32_16x16x128_fp8_fp8", {0x43, 8}},
    {"v_smfmac_f32_32x32x64_bf8_bf8", {0x4b, 8}},  {"v_smfmac_f32_32x32x64_bf8_fp8", {0x4e, 8}},
    {"v_smfmac_f32_32x32x64_fp8_bf8", {0x4f, 8}},  {"v_smfmac_f32_32x32x64_fp8_fp8", {0x53, 8}},
};

}  // namespace

TEST_CASE("gfx950 keeps gfx942's instructions except xf32, with the same rows", "[isa][gfx950]") {
  int kept = 0;
  for (const InstrDesc* g : instructions_for_arch(ArchId::gfx942)) {
    CAPTURE(g->builtin);
    if (g->a_type == ElemType::xf32) {
      CHECK_THROWS_WITH(resolve_instruction(cdna4(), g->builtin), Catch::Contains("exists on gfx942"));
      continue;
    }
    const InstrDesc& d = resolve_instruction(cdna4(), g->builtin);
    ++kept;
    CHECK(d.mnemonic == g->mnemonic);
    CHECK(d.opcode == g->opcode);
    CHECK((d.m == g->m && d.n == g->n && d.k == g->k && d.blocks == g->blocks));
    CHECK((d.a_type == g->a_type && d.b_type == g->b_type && d.d_type == g->d_type));
    CHECK((d.vgprs_a == g->vgprs_a && d.vgprs_b == g->vgprs_b && d.vgprs_cd == g->vgprs_cd));
    CHECK(d.modifiers == g->modifiers);
    CHECK(d.family_id == g->family_id);
    CHECK(d.cycles == -1);  // not published for gfx950 in our sources
  }
  CHECK(kept == 44);
  CHECK(instructions_for_arch(ArchId::gfx950).size() == 68);  // 66 builtins and the 2 unscaled f8f6f4 forms
  for (const char* alias : {"cdna4", "mi350", "MI350X", "mi355x"}) CHECK(find_arch(alias)->id == ArchId::gfx950);
}

TEST_CASE("gfx950's new instructions: opcodes, registers, K-doubled layouts and index sets", "[isa][gfx950][layouts]") {
  int seen = 0;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx950)) {
    const std::string mnemonic(d->mnemonic);
    if (!kNew.count(mnemonic)) continue;
    CAPTURE(mnemonic);
    ++seen;
    CHECK(d->opcode == kNew.at(mnemonic).first);
    CHECK(d->vgprs_a == 4);
    CHECK(d->vgprs_b == kNew.at(mnemonic).second);
    CHECK(d->vgprs_cd == d->m * d->n / 64);
    CHECK(d->family().sparse_a == (mnemonic.rfind("v_smfmac", 0) == 0));
    // The general input rule (docs/cdna4.md §2.1 contiguous): lane i + M*floor(k/Kl), item k mod Kl.
    const int bits = elem_bits(d->a_type), stored = d->cols(Operand::A), kl = stored * d->m / 64;
    CHECK(kl * bits == 128);  // 4 VGPRs of A per lane
    const OperandLayout a(*d, Operand::A);
    for (int i = 0; i < d->m; i += 5)
      for (int c = 0; c < stored; ++c) {
        const Slot s = a.forward(0, i, c).front().slot;
        CHECK(s.lane == i + d->m * (c / kl));
        CHECK(s.vgpr * 32 + s.bit_lo == (c % kl) * bits);
      }
    if (d->family().sparse_a) {
      CHECK(smfmac_index_sets(*d) == (bits == 16 ? 2 : 1));
      CHECK_NOTHROW(validate_modifiers(*d, Modifiers{.abid = smfmac_index_sets(*d) - 1}));
      CHECK_THROWS_AS(validate_modifiers(*d, Modifiers{.abid = smfmac_index_sets(*d)}), InvalidArgument);
      const OperandLayout idx(*d, Operand::IDX, Modifiers{.abid = smfmac_index_sets(*d) - 1});
      CHECK(idx.forward(0, 0, 1).front().slot.bit_lo == 2 + 2 * kl * (smfmac_index_sets(*d) - 1));
    } else {
      // gfx9's meaning [INF]: CBSZ 0-4 with ABID 0-15 (the ISA text's lane broadcast) and BLGP 0-7, as
      // llvm-mc-22 encodes them (docs/cdna4.md §2.4).
      const std::vector<ModifierRange> legal = legal_modifiers(*d);
      REQUIRE(legal.size() == 3);
      CHECK(legal[0].name == "cbsz");
      CHECK(legal[0].values == std::vector<int>{0, 1, 2, 3, 4});
      CHECK(legal[1].name == "abid");
      CHECK(legal[1].values.size() == 16);
      CHECK(legal[2].name == "blgp");
      CHECK(legal[2].values == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
    }
  }
  CHECK(seen == 20);
}

TEST_CASE("gfx950 reads fp8 bytes as OCP: 0x80 is -0 there and NaN on gfx942", "[isa][gfx950][numerics]") {
  const char* name = "mfma_f32_16x16x32_fp8_fp8";
  const BitMatrix a = BitMatrix::Constant(16, 32, 0x80), b = BitMatrix::Constant(32, 16, 0x38);  // OCP E4M3 1.0
  const BitMatrix c = BitMatrix::Constant(16, 16, 0x3f800000);
  // gfx950: every product is -0 * 1 = -0, so D = C = 1.0.
  CHECK(all_equal(run_matrix(resolve_instruction(cdna4(), name), {a}, {b}, {c})[0], 0x3f800000u));
  // gfx942: 0x80 is the FNUZ NaN.
  const BitMatrix d942 = run_matrix(resolve_instruction(arch_info(ArchId::gfx942), name), {a}, {b}, {c})[0];
  CHECK(std::all_of(d942.data(), d942.data() + d942.size(),
                    [](std::uint64_t x) { return (x & 0x7fffffffu) > 0x7f800000u; }));
}

TEST_CASE("gfx950 K-doubled and sparse K-doubled instructions compute end to end", "[isa][gfx950][numerics]") {
  // 32 products of 1.0 * 1.5 from C = 0.25: 48.25 = 0x42410000 exactly.
  const InstrDesc& f16 = resolve_instruction(cdna4(), "v_mfma_f32_16x16x32_f16");
  CHECK(all_equal(run_matrix(f16, {BitMatrix::Constant(16, 32, 0x3c00)}, {BitMatrix::Constant(32, 16, 0x3e00)},
                             {BitMatrix::Constant(16, 16, 0x3e800000)})[0],
                  0x42410000u));
  // Sparse 16x16x64 bf16: 32 stored 1.0 values at k 4q+1 and 4q+3 (indices 1, 3), B row k holds k:
  // row sum = sum over q of (4q+1) + (4q+3) = sum (8q+4), q = 0..15 = 8*120 + 64 = 1024.
  const InstrDesc& sparse = resolve_instruction(cdna4(), "v_smfmac_f32_16x16x64_bf16");
  BitMatrix b(64, 16), idx(16, 32);
  for (int k = 0; k < 64; ++k) {
    // k as bf16: exact for k < 256.
    const float v = static_cast<float>(k);
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    b.row(k).setConstant(bits >> 16);
  }
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 32; ++c) idx(i, c) = c % 2 == 0 ? 1 : 3;
  CHECK(all_equal(
      run_matrix(sparse, {BitMatrix::Constant(16, 32, 0x3f80)}, {b}, {BitMatrix::Zero(16, 16)}, {}, {}, {idx})[0],
      0x44800000u));
}

TEST_CASE("gfx950 on the command line", "[isa][gfx950][cli]") {
  const auto list = run_mxlane({"list", "--arch", "mi355x"});
  CHECK(list.code == 0);
  CHECK(list.out.find("v_smfmac_f32_32x32x64_fp8_fp8") != std::string::npos);
  CHECK(list.out.find("xf32") == std::string::npos);
  const auto lanemap = run_mxlane({"lanemap", "--arch", "gfx950", "--inst", "v_smfmac_f32_16x16x64_f16", "--operand",
                                   "IDX", "--element", "3,9", "--abid", "1", "--format", "json"});
  CHECK(lanemap.code == 0);
  // c = 9: lane 3 + 16*floor(9/8) = 19, item 1; set 1 starts at bit 16: bits [19:18].
  CHECK(lanemap.out.find("\"lane\":19") != std::string::npos);
  CHECK(lanemap.out.find("\"bit_lo\":18") != std::string::npos);
  const auto bad = run_mxlane(
      {"lanemap", "--arch", "gfx950", "--inst", "v_smfmac_i32_16x16x128_i8", "--operand", "IDX", "--abid", "1"});
  CHECK(bad.code == 2);
  CHECK(bad.err.find("legal values: 0") != std::string::npos);
  const auto xf32 = run_mxlane({"lanemap", "--arch", "gfx950", "--inst", "v_mfma_f32_16x16x8_xf32", "--operand", "A"});
  CHECK(xf32.code == 2);
  CHECK(xf32.err.find("gfx942") != std::string::npos);
}
