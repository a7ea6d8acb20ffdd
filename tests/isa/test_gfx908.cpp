// gfx908 (CDNA1): its 20 MFMA builtins against the published list, layouts equal to gfx90a's,
// register rules, the kept-subnormal numerics and the switch back to gfx90a's flushing, the C++
// builtin API and every CLI command (docs/cdna1.md).
#include "support/catch_compat.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "emu/api/builtins.hpp"
#include "emu/insns/execute.hpp"
#include "emu/isa/errors.hpp"
#include "layouts/operand_layout.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/matrix_case.hpp"

using namespace mxlane;
using mxlane_test::element00;
using mxlane_test::inst;
using mxlane_test::run_mxlane;

namespace {

// docs/cdna1.md: the 20 instructions with the calculator's opcode (0x55 for 16x16x16i8 as LLVM
// encodes it), cycles and A / B / C,D VGPR counts, typed from the published table.
struct PublishedGfx908 {
  int opcode, cycles, a, b, cd;
};
const std::map<std::string, PublishedGfx908> kGfx908 = {
    {"v_mfma_f32_32x32x1f32", {0x40, 64, 1, 1, 32}},  {"v_mfma_f32_16x16x1f32", {0x41, 32, 1, 1, 16}},
    {"v_mfma_f32_4x4x1f32", {0x42, 8, 1, 1, 4}},      {"v_mfma_f32_32x32x2f32", {0x44, 64, 1, 1, 16}},
    {"v_mfma_f32_16x16x4f32", {0x45, 32, 1, 1, 4}},   {"v_mfma_f32_32x32x4f16", {0x48, 64, 2, 2, 32}},
    {"v_mfma_f32_16x16x4f16", {0x49, 32, 2, 2, 16}},  {"v_mfma_f32_4x4x4f16", {0x4a, 8, 2, 2, 4}},
    {"v_mfma_f32_32x32x8f16", {0x4c, 64, 2, 2, 16}},  {"v_mfma_f32_16x16x16f16", {0x4d, 32, 2, 2, 4}},
    {"v_mfma_i32_32x32x4i8", {0x50, 64, 1, 1, 32}},   {"v_mfma_i32_16x16x4i8", {0x51, 32, 1, 1, 16}},
    {"v_mfma_i32_4x4x4i8", {0x52, 8, 1, 1, 4}},       {"v_mfma_i32_32x32x8i8", {0x54, 64, 1, 1, 16}},
    {"v_mfma_i32_16x16x16i8", {0x55, 32, 1, 1, 4}},   {"v_mfma_f32_32x32x2bf16", {0x68, 64, 1, 1, 32}},
    {"v_mfma_f32_16x16x2bf16", {0x69, 32, 1, 1, 16}}, {"v_mfma_f32_4x4x2bf16", {0x6b, 8, 1, 1, 4}},
    {"v_mfma_f32_32x32x4bf16", {0x6c, 64, 1, 1, 16}}, {"v_mfma_f32_16x16x8bf16", {0x6d, 32, 1, 1, 4}},
};

}  // namespace

TEST_CASE("gfx908 has exactly the 20 MFMA builtins of the CDNA1 table", "[isa][gfx908]") {
  const auto rows = instructions_for_arch(ArchId::gfx908);
  REQUIRE(rows.size() == 20);
  std::set<std::string> seen;
  for (const InstrDesc* d : rows) {
    const std::string mnemonic(d->mnemonic);
    CAPTURE(mnemonic);
    REQUIRE(kGfx908.count(mnemonic) == 1);
    seen.insert(mnemonic);
    const PublishedGfx908& p = kGfx908.at(mnemonic);
    CHECK(d->builtin == mnemonic.substr(2));
    CHECK(d->opcode == p.opcode);
    CHECK(d->cycles == p.cycles);
    CHECK(d->vgprs_a == p.a);
    CHECK(d->vgprs_b == p.b);
    CHECK(d->vgprs_cd == p.cd);
    CHECK(d->coexec_cycles == -1);  // not published for gfx908
    CHECK(d->wave == 64);
    CHECK(d->family_id == MatrixFamilyId::mfma);
  }
  CHECK(seen.size() == 20);
  // Not on gfx908: the gfx90a additions, refused with the architectures that have them.
  for (const char* name : {"v_mfma_f64_16x16x4f64", "v_mfma_f32_32x32x8bf16_1k"}) {
    CAPTURE(name);
    CHECK_THROWS_WITH(resolve_instruction(*find_arch("mi100"), name), Catch::Contains("it exists on gfx90a"));
  }
}

TEST_CASE("gfx908 layouts are gfx90a's, element by element, with every modifier", "[isa][gfx908][layouts]") {
  for (const InstrDesc* d908 : instructions_for_arch(ArchId::gfx908)) {
    const InstrDesc& d90a = inst("gfx90a", d908->mnemonic);
    CAPTURE(d908->mnemonic);
    for (const ModifierRange& r : legal_modifiers(*d908)) {
      for (int v : r.values) {
        Modifiers mods;
        set_modifier(mods, r.name, v);
        if (r.name == "abid")
          mods.cbsz = std::max(1, static_cast<int>(std::bit_width(static_cast<unsigned>(v))));  // abid < 2^cbsz
        for (Operand op : kAllOperands) {
          const OperandLayout l908(*d908, op, mods, Switches{}), l90a(d90a, op, mods, Switches{});
          const auto p908 = l908.all(), p90a = l90a.all();
          REQUIRE(p908.size() == p90a.size());
          for (std::size_t i = 0; i < p908.size(); ++i) {
            if (!(p908[i].slot == p90a[i].slot))
              FAIL_CHECK("operand " << operand_name(op) << " placement " << i << " differs");
          }
        }
      }
    }
  }
}

TEST_CASE("gfx908 register tuples need 4-byte alignment, gfx90a's 8-byte", "[isa][gfx908]") {
  for (const char* arch : {"gfx908", "gfx90a"}) {
    const InstrDesc& d = inst(arch, "v_mfma_f32_16x16x16f16");  // A, B: 2 VGPRs each
    LaneRegFile regs(64, 64);
    const MatrixOperands odd_a{{1}, {8}, {16}, {24}, {}, {}, {}};
    CAPTURE(arch);
    if (std::string(arch) == "gfx908")
      CHECK_NOTHROW(execute_matrix(d, regs, odd_a, {}, {}));
    else
      CHECK_THROWS_WITH(execute_matrix(d, regs, odd_a, {}, {}),
                        Catch::Contains("must start at an even VGPR on gfx90a"));
  }
  CHECK(find_arch("gfx908")->cd_accvgpr_only);
  CHECK_FALSE(find_arch("gfx90a")->cd_accvgpr_only);
}

TEST_CASE("gfx908 FP16/BF16 MFMA keep subnormals; cdna1_subnormals=flush is gfx90a's rule", "[isa][gfx908][numerics]") {
  // docs/cdna1.md: gradual underflow everywhere. Expectations by hand: f16 0x0001 = 2^-24, times
  // 1.0 (0x3C00) is 2^-24 = binary32 (127 - 24) << 23 = 0x33800000.
  const InstrDesc& f16_908 = inst("gfx908", "v_mfma_f32_16x16x16f16");
  const InstrDesc& f16_90a = inst("gfx90a", "v_mfma_f32_16x16x16f16");
  CHECK(element00(f16_908, {0x0001}, {0x3C00}, 0) == 0x33800000);
  CHECK(element00(f16_90a, {0x0001}, {0x3C00}, 0) == 0);  // gfx90a: subnormal input read as +0
  Switches flush;
  set_switch(flush, "cdna1_subnormals", "flush");
  CHECK(element00(f16_908, {0x0001}, {0x3C00}, 0, flush) == 0);
  // A binary32 subnormal C passes through (1 ulp of the subnormal range, 0x00000001) on gfx908,
  // reads as +0 on gfx90a.
  CHECK(element00(f16_908, {0}, {0}, 0x00000001) == 0x00000001);
  CHECK(element00(f16_90a, {0}, {0}, 0x00000001) == 0);
  // bf16 0x0001 = 2^-126 * 2^-7 = 2^-133; times 1.0 (0x3F80) it is the binary32 subnormal
  // 2^-133 = 2^16 * 2^-149 = 0x00010000, kept on gfx908, read as +0 on gfx90a.
  const InstrDesc& bf16_908 = inst("gfx908", "v_mfma_f32_16x16x8bf16");
  CHECK(element00(bf16_908, {0x0001}, {0x3F80}, 0) == 0x00010000);
  CHECK(element00(inst("gfx90a", "v_mfma_f32_16x16x8bf16"), {0x0001}, {0x3F80}, 0) == 0);
  // f32 and i8 compute as on gfx90a.
  CHECK(element00(inst("gfx908", "v_mfma_f32_16x16x4f32"), {0x00000001}, {0x3F800000}, 0) == 0x00000001);
  CHECK(element00(inst("gfx908", "v_mfma_i32_16x16x16i8"), {0x7F}, {0x7F}, 1) == 127 * 127 + 1);
}

TEST_CASE("gfx908 builtins in the C++ API: builtins::gfx908::", "[isa][gfx908][builtins]") {
  builtins::PerLane<std::array<F16, 4>, 64> a{}, b{};
  builtins::PerLane<std::array<F32, 4>, 64> c{};
  a[0][0] = F16{0x0001};  // A[0][0] (lane 0 holds row 0, k 0..3)
  b[0][0] = F16{0x3C00};  // B[0][0]
  const auto kept = builtins::gfx908::mfma_f32_16x16x16f16(a, b, c, 0, 0, 0);
  const auto flushed = builtins::mfma_f32_16x16x16f16(a, b, c, 0, 0, 0);  // unqualified: gfx90a's
  CHECK(kept[0][0].bits == 0x33800000);
  CHECK(flushed[0][0].bits == 0);
}

TEST_CASE("gfx908 through every CLI command", "[isa][gfx908][cli]") {
  const auto list = run_mxlane({"list", "--arch", "mi100", "--format", "json"});
  REQUIRE(list.code == 0);
  const auto j = nlohmann::json::parse(list.out);
  int matrix = 0;
  for (const auto& row : j["instructions"]) matrix += row["kind"] == "mfma" ? 1 : 0;
  CHECK(matrix == 20);

  // lanemap: seed-001-style published placement, A[i][k] of 32x32x8f16 at lane i + 32*(k/4).
  const auto lm = run_mxlane({"lanemap", "--arch", "gfx908", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "A",
                              "--element", "5,6", "--format", "json"});
  REQUIRE(lm.code == 0);
  const auto entry = nlohmann::json::parse(lm.out)["entries"][0];
  CHECK(entry["lane"] == 37);
  CHECK(entry["vgpr"] == 1);  // k mod 4 = 2: the low half of the second VGPR
  CHECK(entry["bit_lo"] == 0);

  const auto check = run_mxlane({"check", "--arch", "gfx908", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "A",
                                 "--row", "L%32", "--col", "4*(L/32)+G"});
  CHECK(check.code == 0);

  const auto trace =
      run_mxlane({"lanemap", "--arch", "gfx908", "--inst", "v_mfma_f32_16x16x16f16", "--trace", "0,0", "--a",
                  "0x0001,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "--b", "0x3c00,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"});
  REQUIRE(trace.code == 0);
  CHECK(trace.out.find("CDNA1 FP16 MFMA") != std::string::npos);
  CHECK(trace.out.find("gradual underflow") != std::string::npos);

  // eval: a line for gfx908, and a gfx90a-only instruction refused naming the field.
  std::string words64 = "[";
  for (int l = 0; l < 64; ++l) words64 += std::string(l ? "," : "") + "\"0x3f800000\"";
  words64 += "]";
  std::string c16 = "[";
  for (int r = 0; r < 4; ++r) c16 += std::string(r ? "," : "") + words64;
  c16 += "]";
  const std::string line = R"({"arch":"gfx908","inst":"v_mfma_f32_16x16x4f32","src":{"A":[)" + words64 + R"(],"B":[)" +
                           words64 + R"(],"C":)" + c16 + "}}\n";
  const auto eval = mxlane_test::run_mxlane_on_input({"eval"}, line);
  REQUIRE(eval.code == 0);
  CHECK(eval.out.find("\"0x40a00000\"") != std::string::npos);  // 1 + 4 * (1*1) = 5
  // replay: the expected D (5.0 everywhere) matches; 6.0 is a mismatch, exit 1.
  const auto capture = [&](const char* word) {
    std::string d = "[";
    for (int r = 0; r < 4; ++r) {
      d += std::string(r ? "," : "") + "[";
      for (int l = 0; l < 64; ++l) d += std::string(l ? "," : "") + "\"" + word + "\"";
      d += "]";
    }
    return line.substr(0, line.size() - 2) + R"(,"expect":)" + d + "]}\n";
  };
  CHECK(mxlane_test::run_mxlane_on_input({"replay"}, capture("0x40a00000")).code == 0);
  CHECK(mxlane_test::run_mxlane_on_input({"replay"}, capture("0x40c00000")).code == 1);
  const auto bad =
      mxlane_test::run_mxlane_on_input({"eval"}, R"({"arch":"gfx908","inst":"v_mfma_f64_16x16x4f64","src":{}})"
                                                 "\n");
  CHECK(bad.code == 2);
  CHECK(bad.err.find("gfx90a") != std::string::npos);
}
