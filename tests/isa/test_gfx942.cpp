// gfx942 (CDNA3) dense MFMA: the table against the published list, both spellings and the
// removed builtins, the layouts against the closed forms of docs/cdna3.md §3, the modifier rules
// of §2 (BLGP as the f64 negate mask) and the CLI (docs/cdna3.md).
#include "support/catch_compat.hpp"

#include <map>
#include <set>
#include <string>

#include "emu/isa/errors.hpp"
#include "layouts/operand_layout.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/matrix_case.hpp"

using namespace mxlane;
using mxlane_test::inst;
using mxlane_test::run_mxlane;

namespace {

// docs/cdna3.md §1: the 32 dense instructions — builtin, VOP3P-MAI opcode (0x56/0x57 for the
// K-doubled i8 as LLVM encodes them), cycles and A / B / C,D VGPR counts, typed from the
// calculator's cdna3 table and LLVM's builtin list.
struct PublishedGfx942 {
  const char* builtin;
  int opcode, cycles, a, b, cd;
};
const std::map<std::string, PublishedGfx942> kGfx942Dense = {
    {"v_mfma_f32_16x16x8_xf32", {"mfma_f32_16x16x8_xf32", 0x3e, 16, 2, 2, 4}},
    {"v_mfma_f32_32x32x4_xf32", {"mfma_f32_32x32x4_xf32", 0x3f, 32, 2, 2, 16}},
    {"v_mfma_f32_32x32x1_2b_f32", {"mfma_f32_32x32x1f32", 0x40, 64, 1, 1, 32}},
    {"v_mfma_f32_16x16x1_4b_f32", {"mfma_f32_16x16x1f32", 0x41, 32, 1, 1, 16}},
    {"v_mfma_f32_4x4x1_16b_f32", {"mfma_f32_4x4x1f32", 0x42, 8, 1, 1, 4}},
    {"v_mfma_f32_32x32x2_f32", {"mfma_f32_32x32x2f32", 0x44, 64, 1, 1, 16}},
    {"v_mfma_f32_16x16x4_f32", {"mfma_f32_16x16x4f32", 0x45, 32, 1, 1, 4}},
    {"v_mfma_f32_32x32x4_2b_f16", {"mfma_f32_32x32x4f16", 0x48, 64, 2, 2, 32}},
    {"v_mfma_f32_16x16x4_4b_f16", {"mfma_f32_16x16x4f16", 0x49, 32, 2, 2, 16}},
    {"v_mfma_f32_4x4x4_16b_f16", {"mfma_f32_4x4x4f16", 0x4a, 8, 2, 2, 4}},
    {"v_mfma_f32_32x32x8_f16", {"mfma_f32_32x32x8f16", 0x4c, 32, 2, 2, 16}},
    {"v_mfma_f32_16x16x16_f16", {"mfma_f32_16x16x16f16", 0x4d, 16, 2, 2, 4}},
    {"v_mfma_i32_32x32x4_2b_i8", {"mfma_i32_32x32x4i8", 0x50, 64, 1, 1, 32}},
    {"v_mfma_i32_16x16x4_4b_i8", {"mfma_i32_16x16x4i8", 0x51, 32, 1, 1, 16}},
    {"v_mfma_i32_4x4x4_16b_i8", {"mfma_i32_4x4x4i8", 0x52, 8, 1, 1, 4}},
    {"v_mfma_i32_32x32x16_i8", {"mfma_i32_32x32x16_i8", 0x56, 32, 2, 2, 16}},
    {"v_mfma_i32_16x16x32_i8", {"mfma_i32_16x16x32_i8", 0x57, 16, 2, 2, 4}},
    {"v_mfma_f32_32x32x4_2b_bf16", {"mfma_f32_32x32x4bf16_1k", 0x5d, 64, 2, 2, 32}},
    {"v_mfma_f32_16x16x4_4b_bf16", {"mfma_f32_16x16x4bf16_1k", 0x5e, 32, 2, 2, 16}},
    {"v_mfma_f32_4x4x4_16b_bf16", {"mfma_f32_4x4x4bf16_1k", 0x5f, 8, 2, 2, 4}},
    {"v_mfma_f32_32x32x8_bf16", {"mfma_f32_32x32x8bf16_1k", 0x60, 32, 2, 2, 16}},
    {"v_mfma_f32_16x16x16_bf16", {"mfma_f32_16x16x16bf16_1k", 0x61, 16, 2, 2, 4}},
    {"v_mfma_f64_16x16x4_f64", {"mfma_f64_16x16x4f64", 0x6e, 32, 2, 2, 8}},
    {"v_mfma_f64_4x4x4_4b_f64", {"mfma_f64_4x4x4f64", 0x6f, 16, 2, 2, 2}},
    {"v_mfma_f32_16x16x32_bf8_bf8", {"mfma_f32_16x16x32_bf8_bf8", 0x70, 16, 2, 2, 4}},
    {"v_mfma_f32_16x16x32_bf8_fp8", {"mfma_f32_16x16x32_bf8_fp8", 0x71, 16, 2, 2, 4}},
    {"v_mfma_f32_16x16x32_fp8_bf8", {"mfma_f32_16x16x32_fp8_bf8", 0x72, 16, 2, 2, 4}},
    {"v_mfma_f32_16x16x32_fp8_fp8", {"mfma_f32_16x16x32_fp8_fp8", 0x73, 16, 2, 2, 4}},
    {"v_mfma_f32_32x32x16_bf8_bf8", {"mfma_f32_32x32x16_bf8_bf8", 0x74, 32, 2, 2, 16}},
    {"v_mfma_f32_32x32x16_bf8_fp8", {"mfma_f32_32x32x16_bf8_fp8", 0x75, 32, 2, 2, 16}},
    {"v_mfma_f32_32x32x16_fp8_bf8", {"mfma_f32_32x32x16_fp8_bf8", 0x76, 32, 2, 2, 16}},
    {"v_mfma_f32_32x32x16_fp8_fp8", {"mfma_f32_32x32x16_fp8_fp8", 0x77, 32, 2, 2, 16}},
};

}  // namespace

TEST_CASE("gfx942 has the 32 dense MFMA builtins of the CDNA3 table", "[isa][gfx942]") {
  std::set<std::string> seen;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx942)) {
    if (d->family_id != MatrixFamilyId::mfma) continue;
    const std::string mnemonic(d->mnemonic);
    CAPTURE(mnemonic);
    REQUIRE(kGfx942Dense.count(mnemonic) == 1);
    const PublishedGfx942& p = kGfx942Dense.at(mnemonic);
    seen.insert(mnemonic);
    CHECK(d->builtin == p.builtin);
    CHECK(d->opcode == p.opcode);
    CHECK(d->cycles == p.cycles);
    CHECK(d->vgprs_a == p.a);
    CHECK(d->vgprs_b == p.b);
    CHECK(d->vgprs_cd == p.cd);
    CHECK(d->coexec_cycles == -1);
    CHECK(d->wave == 64);
  }
  CHECK(seen.size() == kGfx942Dense.size());
}

TEST_CASE("gfx942 names: aliases, both spellings, removed builtins refused with where they exist", "[isa][gfx942]") {
  for (const char* alias : {"gfx942", "cdna3", "mi300", "MI300X", "mi325x", "gfx940", "gfx941"}) {
    CAPTURE(alias);
    REQUIRE(find_arch(alias) != nullptr);
    CHECK(find_arch(alias)->id == ArchId::gfx942);
  }
  const ArchInfo& a = *find_arch("gfx942");
  // The ISA mnemonic, the builtin (with and without prefix) and the gfx90a-style spelling that
  // LLVM's assembler still accepts all name the same instruction.
  for (const char* name : {"v_mfma_f32_32x32x1_2b_f32", "mfma_f32_32x32x1f32", "__builtin_amdgcn_mfma_f32_32x32x1f32",
                           "v_mfma_f32_32x32x1f32"}) {
    CAPTURE(name);
    CHECK(resolve_instruction(a, name).mnemonic == "v_mfma_f32_32x32x1_2b_f32");
  }
  CHECK(resolve_instruction(a, "mfma_f32_32x32x8bf16_1k").mnemonic == "v_mfma_f32_32x32x8_bf16");
  CHECK(resolve_instruction(a, "v_mfma_f32_32x32x8bf16_1k").mnemonic == "v_mfma_f32_32x32x8_bf16");
  // Removed on gfx942: legacy bf16 and the K=8/16 i8 shapes.
  for (const char* name :
       {"mfma_f32_32x32x4bf16", "v_mfma_f32_32x32x4bf16", "mfma_i32_32x32x8i8", "v_mfma_i32_16x16x16i8"}) {
    CAPTURE(name);
    CHECK_THROWS_WITH(resolve_instruction(a, name),
                      Catch::Contains("not available on gfx942") && Catch::Contains("gfx90a"));
  }
  // gfx942-only instructions are refused on gfx90a with the architecture that has them.
  CHECK_THROWS_WITH(resolve_instruction(*find_arch("gfx90a"), "v_mfma_f32_16x16x8_xf32"), Catch::Contains("gfx942"));
}

TEST_CASE("gfx942 inputs with 2 or 8 values per lane follow the closed form of docs/cdna3.md §3",
          "[isa][gfx942][layouts]") {
  // lane = i + M*floor(k/Kl), item t = k mod Kl, item t at bits [w*t, w*t+w-1] of the lane's
  // little-endian operand words (w = element bits), for A (i = row) and B (i = column).
  for (const char* name : {"v_mfma_f32_16x16x8_xf32", "v_mfma_f32_32x32x4_xf32", "v_mfma_i32_32x32x16_i8",
                           "v_mfma_i32_16x16x32_i8", "v_mfma_f32_16x16x32_fp8_bf8", "v_mfma_f32_32x32x16_bf8_fp8"}) {
    const InstrDesc& d = inst("gfx942", name);
    CAPTURE(name);
    const int kl = d.k * d.m / 64;
    const int w = elem_bits(d.a_type);
    CHECK(kl == (w == 32 ? 2 : 8));
    for (Operand op : {Operand::A, Operand::B}) {
      const OperandLayout layout(d, op);
      for (int x = 0; x < d.m; ++x)
        for (int k = 0; k < d.k; ++k) {
          const auto p = op == Operand::A ? layout.forward(0, x, k) : layout.forward(0, k, x);
          REQUIRE(p.size() == 1);
          const int bit = (k % kl) * w;
          CHECK(p[0].slot.lane == x + d.m * (k / kl));
          CHECK(p[0].slot.vgpr == bit / 32);
          CHECK(p[0].slot.bit_lo == bit % 32);
          CHECK(p[0].slot.width() == w);
        }
    }
  }
}

TEST_CASE("gfx942 modifiers: none on single-block shapes, BLGP as the f64 negate mask", "[isa][gfx942][modifiers]") {
  for (const char* name : {"v_mfma_f32_32x32x8_f16", "v_mfma_f32_16x16x16_bf16", "v_mfma_i32_16x16x32_i8",
                           "v_mfma_f32_16x16x8_xf32", "v_mfma_f32_32x32x16_fp8_fp8"}) {
    CAPTURE(name);
    const InstrDesc& d = inst("gfx942", name);
    CHECK(legal_modifiers(d).empty());
    CHECK_THROWS_WITH(validate_modifiers(d, Modifiers{.blgp = 1}), Catch::Contains("blgp=1 is not allowed"));
  }
  // Multi-block shapes keep gfx90a's CBSZ/ABID and BLGP.
  CHECK_NOTHROW(
      validate_modifiers(inst("gfx942", "v_mfma_f32_16x16x4_4b_f16"), Modifiers{.cbsz = 2, .abid = 3, .blgp = 7}));

  // f64: BLGP bit n negates operand n as it is read, so D(blgp) equals D on sign-flipped inputs.
  const InstrDesc& d = inst("gfx942", "v_mfma_f64_16x16x4_f64");
  auto A = mxlane_test::zeros(d, Operand::A), B = mxlane_test::zeros(d, Operand::B),
       C = mxlane_test::zeros(d, Operand::C);
  const std::uint64_t one = 0x3ff0000000000000, two = 0x4000000000000000, three = 0x4008000000000000, sign = 1ull << 63;
  for (int k = 0; k < d.k; ++k) {
    A[0](0, k) = k == 0 ? two : one;
    B[0](k, 0) = k == 0 ? three : one;
  }
  C[0](0, 0) = one;
  // D[0][0] = C + 2*3 + 1 + 1 + 1 = 10 with every sign choice written out by hand.
  const std::map<int, std::uint64_t> expected = {
      {0, 0x4024000000000000},  // 1 + 9 = 10
      {1, 0xc020000000000000},  // 1 - 9 = -8
      {2, 0xc020000000000000},  // 1 - 9 = -8
      {3, 0x4024000000000000},  // 1 + 9 = 10
      {4, 0x4020000000000000},  // -1 + 9 = 8
      {7, 0x4020000000000000},  // -1 + 9 = 8 (A and B negated: products unchanged)
  };
  for (const auto& [blgp, want] : expected) {
    CAPTURE(blgp);
    CHECK(run_matrix(d, A, B, C, Modifiers{.blgp = blgp})[0](0, 0) == want);
  }
  // And it is a sign flip of the read values, not a lane pattern: the same as flipping them by hand.
  auto An = A;
  for (int k = 0; k < d.k; ++k) An[0](0, k) ^= sign;
  CHECK(run_matrix(d, A, B, C, Modifiers{.blgp = 1})[0](0, 0) == run_matrix(d, An, B, C)[0](0, 0));
  CHECK_THROWS_WITH(validate_modifiers(d, Modifiers{.cbsz = 1}), Catch::Contains("negate mask"));
  // gfx90a f64 keeps BLGP reserved.
  CHECK_THROWS_WITH(validate_modifiers(inst("gfx90a", "v_mfma_f64_16x16x4f64"), Modifiers{.blgp = 1}),
                    Catch::Contains("reserved"));
}

TEST_CASE("gfx942 on the command line: list, lanemap and bad modifiers", "[isa][gfx942][cli]") {
  const auto list = run_mxlane({"list", "--arch", "mi300x"});
  CHECK(list.code == 0);
  CHECK(list.out.find("v_mfma_f32_32x32x16_fp8_fp8") != std::string::npos);
  CHECK(list.out.find("mfma_f32_32x32x8bf16_1k") != std::string::npos);

  const auto lanemap = run_mxlane({"lanemap", "--arch", "gfx942", "--inst", "v_mfma_i32_16x16x32_i8", "--operand", "A",
                                   "--element", "0,2,31", "--format", "json"});
  CHECK(lanemap.code == 0);
  // k = 31: lane 2 + 16*floor(31/8) = 50, item 7: VGPR 1 bits [31:24].
  CHECK(lanemap.out.find("\"lane\":50") != std::string::npos);
  CHECK(lanemap.out.find("\"bit_lo\":24") != std::string::npos);

  const auto bad =
      run_mxlane({"lanemap", "--arch", "gfx942", "--inst", "v_mfma_f32_32x32x8_f16", "--operand", "B", "--blgp", "2"});
  CHECK(bad.code == 2);
  CHECK(bad.err.find("blgp=2 is not allowed on v_mfma_f32_32x32x8_f16") != std::string::npos);
  CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
}
