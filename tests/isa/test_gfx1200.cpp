// gfx1200 (RDNA4) dense WMMA through the instruction table: the rows against docs/rdna4.md §1, every
// instruction's layouts (both waves) through OperandLayout against the closed forms of §2, the
// modifier rules, every CLI command on a gfx1200 instruction, the bad-input errors, and the gfx1201
// captures (docs/rdna4.md §5) evaluated end to end through `mxlane eval` / `replay`.
#include "support/catch_compat.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "emu/api/builtins.hpp"
#include "emu/isa/errors.hpp"
#include "layouts/operand_layout.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/gfx12_closed_forms.hpp"
#include "tests/support/vector_file.hpp"
#include "tests/support/matrix_case.hpp"
#include "tests/support/sanitized.hpp"
#include "tests/support/scratch_file.hpp"

using mxlane_test::place_of;

using namespace mxlane;
using mxlane_test::inst;
using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;

namespace {

// docs/rdna4.md §1, typed from the calculator's gfx12 table and LLVM's builtin list: opcode, cycles
// (wave32), and the A / B / C,D VGPR counts in wave32 and in wave64.
struct Published {
  int opcode, cycles, a32, cd32, a64, cd64;
};
const std::map<std::string, Published> kGfx1200Dense = {
    {"v_wmma_f32_16x16x16_f16", {0x40, 16, 4, 8, 2, 4}},    {"v_wmma_f32_16x16x16_bf16", {0x41, 16, 4, 8, 2, 4}},
    {"v_wmma_f16_16x16x16_f16", {0x42, 16, 4, 4, 2, 2}},    {"v_wmma_bf16_16x16x16_bf16", {0x43, 16, 4, 4, 2, 2}},
    {"v_wmma_i32_16x16x16_iu8", {0x44, 8, 2, 8, 1, 4}},     {"v_wmma_i32_16x16x16_iu4", {0x45, 8, 1, 8, 1, 4}},
    {"v_wmma_f32_16x16x16_fp8_fp8", {0x46, 8, 2, 8, 1, 4}}, {"v_wmma_f32_16x16x16_fp8_bf8", {0x47, 8, 2, 8, 1, 4}},
    {"v_wmma_f32_16x16x16_bf8_fp8", {0x48, 8, 2, 8, 1, 4}}, {"v_wmma_f32_16x16x16_bf8_bf8", {0x49, 8, 2, 8, 1, 4}},
    {"v_wmma_i32_16x16x32_iu4", {0x4a, 8, 2, 8, 1, 4}},
};

using mxlane_test::Place;

// docs/rdna4.md §2.4 for C/D[i][j]: 32-bit rows by VGPR, 16-bit rows packed two to a VGPR.
Place output_formula(int bits, int wave, int i, int j) {
  const int lane = wave == 32 ? 16 * (i / 8) + j : 32 * ((i / 4) % 2) + 16 * (i / 8) + j;
  if (bits == 32) return {lane, wave == 32 ? i % 8 : i % 4, 0};
  return {lane, wave == 32 ? (i / 2) % 4 : (i / 2) % 2, 16 * (i % 2)};
}

// One eval line for a fixture (docs/rdna4.md §5): the capture harness stored a[x] (low half) and
// a[x+1] (high half) in VGPR r of lane L with x = (L/16)*(256/W) + 2r, the same for B; every C word
// is c. `expect`: every D word is the captured result of that wave size.
std::string fixture_eval_line(const std::vector<std::string>& f, int wave, bool with_expect,
                              const std::string& expect_word) {
  const int ab_vgprs = wave == 32 ? 4 : 2, cd_vgprs = wave == 32 ? 8 : 4;
  const auto regs = [&](int first_field) {
    std::string s = "[";
    for (int r = 0; r < ab_vgprs; ++r) {
      s += r ? ",[" : "[";
      for (int lane = 0; lane < wave; ++lane) {
        const int x = (lane / 16) * (256 / wave) + 2 * r;
        s += (lane ? ",\"0x" : "\"0x") + f[first_field + x + 1] + f[first_field + x] + "\"";
      }
      s += "]";
    }
    return s + "]";
  };
  const auto uniform = [&](const std::string& word) {
    std::string s = "[";
    for (int r = 0; r < cd_vgprs; ++r) {
      s += r ? ",[" : "[";
      for (int lane = 0; lane < wave; ++lane) s += (lane ? ",\"0x" : "\"0x") + word + "\"";
      s += "]";
    }
    return s + "]";
  };
  const std::string mnemonic = f[0] == "f16" ? "v_wmma_f32_16x16x16_f16" : "v_wmma_f32_16x16x16_bf16";
  std::string line = "{\"arch\": \"gfx1201\", \"inst\": \"" + mnemonic + "\", \"wave\": " + std::to_string(wave) +
                     ", \"src\": {\"A\": " + regs(1) + ", \"B\": " + regs(17) + ", \"C\": " + uniform(f[33]) + "}";
  if (with_expect) line += ", \"expect\": " + uniform(expect_word);
  return line + "}\n";
}

}  // namespace

TEST_CASE("gfx1200 has the 11 dense WMMA instructions, each with a _w32_gfx12 and a _w64_gfx12 builtin",
          "[isa][gfx1200]") {
  std::map<std::string, std::set<int>> waves;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1200)) {
    if (d->family().sparse_a) continue;  // SWMMAC: tests/isa/test_gfx1200_swmmac.cpp
    const std::string mnemonic(d->mnemonic);
    CAPTURE(mnemonic, d->wave);
    REQUIRE(kGfx1200Dense.count(mnemonic) == 1);
    const Published& p = kGfx1200Dense.at(mnemonic);
    waves[mnemonic].insert(d->wave);
    CHECK(d->family_id == MatrixFamilyId::wmma_gfx12);
    CHECK(d->builtin == mnemonic.substr(2) + (d->wave == 32 ? "_w32_gfx12" : "_w64_gfx12"));
    CHECK(d->opcode == p.opcode);
    CHECK(d->cycles == (d->wave == 32 ? p.cycles : -1));
    CHECK(d->vgprs_a == (d->wave == 32 ? p.a32 : p.a64));
    CHECK(d->vgprs_b == (d->wave == 32 ? p.a32 : p.a64));
    CHECK(d->vgprs_cd == (d->wave == 32 ? p.cd32 : p.cd64));
    CHECK_FALSE(d->tied);
    // Its own element kernel: the gfx1100 arithmetic (DOT2, RDNA3 flushing) does not apply.
    CHECK(d->semantics == mnemonic + "_gfx12");
  }
  CHECK(waves.size() == 11);
  for (const auto& [mnemonic, w] : waves) CHECK(w == std::set<int>{32, 64});
  CHECK(arch_info(ArchId::gfx1200).matrix_modelled);
  CHECK(resolve_instruction(*find_arch("gfx1201"), "v_wmma_i32_16x16x32_iu4").wave == 32);
  CHECK(resolve_instruction(*find_arch("rdna4"), "v_wmma_i32_16x16x32_iu4", 64).builtin ==
        "wmma_i32_16x16x32_iu4_w64_gfx12");
  // gfx1100 lacks the gfx12-only shapes and names where they are.
  CHECK_THROWS_WITH(resolve_instruction(*find_arch("gfx1100"), "v_wmma_f32_16x16x16_fp8_fp8"),
                    Catch::Contains("gfx1200"));
}

TEST_CASE("gfx1200 layouts of every instruction, both waves, follow docs/rdna4.md §2", "[isa][gfx1200][layouts]") {
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1200)) {
    if (d->family().sparse_a) continue;  // SWMMAC's §2.5 forms: tests/isa/test_gfx1200_swmmac.cpp
    CAPTURE(d->builtin);
    for (Operand op : kAllOperands) {
      const OperandLayout layout(*d, op);
      const int bits = elem_bits(d->type(op));
      CHECK(layout.vgprs() == d->vgprs(op));
      std::set<Place> seen;
      for (int r = 0; r < d->rows(op); ++r)
        for (int c = 0; c < d->cols(op); ++c) {
          const auto p = layout.forward(0, r, c);
          REQUIRE(!p.empty());
          Place want{};
          if (op == Operand::A)
            want = mxlane_test::gfx12_input_formula(bits, d->k, d->wave, r, c);
          else if (op == Operand::B)
            want = mxlane_test::gfx12_input_formula(bits, d->k, d->wave, c, r);
          else
            want = output_formula(bits, d->wave, r, c);
          CHECK(place_of(p[0]) == want);
          CHECK(p[0].slot.width() == bits);
          seen.insert(place_of(p[0]));
        }
      CHECK(seen.size() == static_cast<std::size_t>(d->rows(op) * d->cols(op)));  // no replicas: every slot distinct
    }
  }
}

TEST_CASE("gfx1200 modifiers: NEG/NEG_HI on f16/bf16, C only on FP8, signedness and CLAMP on integers, no OPSEL",
          "[isa][gfx1200][modifiers]") {
  const InstrDesc& f16out = inst("gfx1200", "v_wmma_f16_16x16x16_f16");
  CHECK_NOTHROW(validate_modifiers(f16out, Modifiers{.neg = 7, .neg_hi = 7}));
  CHECK_THROWS_WITH(validate_modifiers(f16out, Modifiers{.opsel = 4}),
                    Catch::Contains("opsel=4 is not allowed") && Catch::Contains("no OPSEL"));
  const InstrDesc& fp8 = inst("gfx1200", "v_wmma_f32_16x16x16_bf8_fp8");
  CHECK_NOTHROW(validate_modifiers(fp8, Modifiers{.neg = 4, .neg_hi = 4}));
  for (const Modifiers& m : {Modifiers{.neg = 1}, Modifiers{.neg = 2}, Modifiers{.neg_hi = 1}, Modifiers{.neg = 6}}) {
    CHECK_THROWS_WITH(validate_modifiers(fp8, m), Catch::Contains("NEG on the FP8/BF8 A and B is illegal") &&
                                                      Catch::Contains("legal values: 0, 4"));
  }
  const InstrDesc& iu8 = inst("gfx1200", "v_wmma_i32_16x16x16_iu8");
  CHECK_NOTHROW(validate_modifiers(iu8, Modifiers{.neg = 3, .clamp = 1}));
  CHECK_THROWS(validate_modifiers(iu8, Modifiers{.neg_hi = 1}));

  // FP8 C negation and absolute value act on the C value read (docs/rdna4.md §3.2): 1.0 + (-2.0) * 1.0
  // with C = -2.0 as read: neg gives 2 + (-2) = +0; neg_hi gives |C| = 2 → 0; both give -|C| = -2 → -4.
  const std::uint64_t fp8_one = 0x38, fp8_minus_two = 0xC0, minus_two = 0xC0000000;
  CHECK(mxlane_test::element00(fp8, {fp8_minus_two}, {fp8_one}, minus_two) == 0xC0800000);  // -2 + -2 = -4
  CHECK(mxlane_test::element00(fp8, {fp8_minus_two}, {fp8_one}, minus_two, {}, Modifiers{.neg = 4}) == 0x00000000);
  CHECK(mxlane_test::element00(fp8, {fp8_minus_two}, {fp8_one}, minus_two, {}, Modifiers{.neg_hi = 4}) == 0x00000000);
  CHECK(mxlane_test::element00(fp8, {fp8_minus_two}, {fp8_one}, minus_two, {}, Modifiers{.neg = 4, .neg_hi = 4}) ==
        0xC0800000);

  // f16 NEG[0] negates A's even k, NEG_HI[0] its odd k: 1*1 (k=0) + 2*1 (k=1) with C = 0.
  const InstrDesc& f32f16 = inst("gfx1200", "v_wmma_f32_16x16x16_f16");
  CHECK(mxlane_test::element00(f32f16, {0x3C00, 0x4000}, {0x3C00, 0x3C00}, 0) == 0x40400000);  // 3
  CHECK(mxlane_test::element00(f32f16, {0x3C00, 0x4000}, {0x3C00, 0x3C00}, 0, {}, Modifiers{.neg = 1}) ==
        0x3F800000);  // 1
  CHECK(mxlane_test::element00(f32f16, {0x3C00, 0x4000}, {0x3C00, 0x3C00}, 0, {}, Modifiers{.neg_hi = 1}) ==
        0xBF800000);  // -1
}

TEST_CASE("gfx1200 integer WMMA through the table: CLAMP saturates after each half of K", "[isa][gfx1200][numerics]") {
  // docs/rdna4.md §4 item 4: C = 0x7FFFFFFF, +8 from the first half of K (k = 0), -8 from the second
  // (k = 8): two saturations give 0x7FFFFFF7, one final saturation would give 0x7FFFFFFF.
  const InstrDesc& iu8 = inst("gfx1200", "v_wmma_i32_16x16x16_iu8");
  std::initializer_list<std::uint64_t> a = {8, 0, 0, 0, 0, 0, 0, 0, 0xF8};
  std::initializer_list<std::uint64_t> b = {1, 0, 0, 0, 0, 0, 0, 0, 1};
  CHECK(mxlane_test::element00(iu8, a, b, 0x7FFFFFFF, {}, Modifiers{.neg = 3, .clamp = 1}) == 0x7FFFFFF7);
  CHECK(mxlane_test::element00(iu8, a, b, 0x7FFFFFFF, {}, Modifiers{.neg = 3}) == 0x7FFFFFFF);  // wraps, then back
  // The same shape on gfx1100 saturates once (docs/spec/numerics.md §B.7).
  CHECK(mxlane_test::element00(inst("gfx1100", "v_wmma_i32_16x16x16_iu8"), a, b, 0x7FFFFFFF, {},
                               Modifiers{.neg = 3, .clamp = 1}) == 0x7FFFFFFF);
}

TEST_CASE("gfx1201 float captures evaluated end to end through mxlane eval and replay",
          "[isa][gfx1200][captures][cli]") {
  const auto lines = mxlane_test::vector_lines("gfx1201_wmma_fixtures.txt");
  REQUIRE(lines.size() == 24);
  std::string eval_input, replay_input;
  for (const auto& f : lines)
    for (int wave : {32, 64}) {
      eval_input += fixture_eval_line(f, wave, false, "");
      replay_input += fixture_eval_line(f, wave, true, f[wave == 32 ? 34 : 35]);
    }
  const auto eval = run_mxlane_on_input({"eval"}, eval_input);
  REQUIRE(eval.code == 0);
  std::istringstream out(eval.out);
  std::size_t n = 0;
  for (std::string line; std::getline(out, line); ++n) {
    const auto& f = lines[n / 2];
    const std::string want = "\"0x" + f[n % 2 == 0 ? 34 : 35] + "\"";
    CAPTURE(n, f[0], want);
    // Every D word of the line is the captured value (every D element is one value, docs/rdna4.md §5).
    const int words = n % 2 == 0 ? 8 * 32 : 4 * 64;
    std::size_t count = 0;
    for (std::size_t at = line.find(want); at != std::string::npos; at = line.find(want, at + 1)) ++count;
    CHECK(count == static_cast<std::size_t>(words));
  }
  CHECK(n == 48);

  CHECK(run_mxlane_on_input({"replay"}, replay_input).code == 0);
  // One wrong expectation (wave32's answer given for wave64 on F16 fixture 2) is reported as a mismatch.
  const std::string wrong = fixture_eval_line(lines[2], 64, true, lines[2][34]);
  const auto bad = run_mxlane_on_input({"replay"}, wrong);
  CHECK(bad.code == 1);
}

TEST_CASE("gfx1200 on every command: list, lanemap, trace, check, pictures, site", "[isa][gfx1200][cli]") {
  const auto list = run_mxlane({"list", "--arch", "rdna4"});
  CHECK(list.code == 0);
  CHECK(list.out.find("wmma_i32_16x16x32_iu4_w64_gfx12") != std::string::npos);
  CHECK(list.out.find("wmma_f32_16x16x16_bf8_fp8_w32_gfx12") != std::string::npos);

  // D[3][5] of the packed f16 output: VGPR floor(3/2) mod 4 = 1, high half, lane 5.
  const auto lanemap = run_mxlane(
      {"lanemap", "--arch", "gfx1200", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "D", "--element", "3,5"});
  CHECK(lanemap.code == 0);
  CHECK(lanemap.out.find("D[3][5] = v1{5}.[31:16]") != std::string::npos);

  // The trace: C, then one DOT4 step per four k (docs/rdna4.md §3.2); k = 4 of A row 3 is in lane 19.
  const auto trace =
      run_mxlane({"lanemap", "--arch", "gfx1200", "--inst", "v_wmma_f32_16x16x16_f16", "--trace", "3,5"});
  CHECK(trace.code == 0);
  CHECK(trace.out.find("RDNA4 WMMA: chained DOT4 steps") != std::string::npos);
  CHECK(trace.out.find("k = 12..15: DOT4 step") != std::string::npos);
  CHECK(trace.out.find("A[3][4] = v0{19}.[15:0]") != std::string::npos);
  const auto int_trace = run_mxlane(
      {"lanemap", "--arch", "gfx1200", "--inst", "v_wmma_i32_16x16x16_iu8", "--trace", "0,0", "--format", "json"});
  CHECK(int_trace.code == 0);
  CHECK(int_trace.out.find("\"integer_sum\"") != std::string::npos);
  // Two stages, one per half of K, each with its own saturation (docs/rdna4.md §3.2).
  CHECK(int_trace.out.find("stage k=0..7") != std::string::npos);
  CHECK(int_trace.out.find("stage k=8..15") != std::string::npos);

  // The FP8 alternative of switch gfx12_fp8_wmma names itself, not a CDNA MFMA model.
  const auto fma_trace = run_mxlane({"lanemap", "--arch", "gfx1200", "--inst", "v_wmma_f32_16x16x16_fp8_fp8", "--trace",
                                     "0,0", "--option", "gfx12_fp8_wmma=fma-chain"});
  CHECK(fma_trace.code == 0);
  CHECK(fma_trace.out.find("Model: RDNA4 FP8/BF8 WMMA, switch gfx12_fp8_wmma=fma-chain") != std::string::npos);

  // check: the gfx12 C/D rule passes, the gfx1100 one fails.
  CHECK(run_mxlane({"check", "--arch", "gfx1200", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D", "--row",
                    "G+8*(L/16)", "--col", "L%16"})
            .code == 0);
  CHECK(run_mxlane({"check", "--arch", "gfx1200", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D", "--row",
                    "G*2+L/16", "--col", "L%16"})
            .code == 1);

  const auto svg = run_mxlane({"lanemap", "--arch", "gfx1200", "--inst", "wmma_i32_16x16x32_iu4_w64_gfx12", "--operand",
                               "A", "--format", "svg"});
  CHECK(svg.code == 0);
  CHECK(svg.out.find("<svg") != std::string::npos);
  const auto html =
      run_mxlane({"lanemap", "--arch", "gfx1200", "--inst", "v_wmma_bf16_16x16x16_bf16", "--format", "html"});
  CHECK(html.code == 0);
  CHECK(html.out.find("wmma_bf16_16x16x16_bf16_w32_gfx12") != std::string::npos);

  // Every gfx1200 page (tests/pictures/test_pictures.cpp checks every builtin's in the optimised run).
  for (const mxlane::InstrDesc* d : mxlane::instructions_for_arch(mxlane::ArchId::gfx1200)) {
    const auto page = run_mxlane({"lanemap", "--arch", "gfx1200", "--inst", std::string(d->builtin), "--format", "html"});
    INFO(d->builtin << ": " << page.err);
    CHECK(page.code == 0);
  }
}

TEST_CASE("gfx1200 bad input: one line naming the field and the legal values, exit 2", "[isa][gfx1200][cli]") {
  const auto one_line = [](const mxlane_test::Run& r) { return std::count(r.err.begin(), r.err.end(), '\n') == 1; };
  const auto fp8_neg = run_mxlane(
      {"lanemap", "--arch", "gfx1200", "--inst", "v_wmma_f32_16x16x16_fp8_fp8", "--operand", "A", "--neg", "1"});
  CHECK(fp8_neg.code == 2);
  CHECK(one_line(fp8_neg));
  CHECK(fp8_neg.err.find("neg=1 is not allowed on v_wmma_f32_16x16x16_fp8_fp8") != std::string::npos);
  CHECK(fp8_neg.err.find("legal values: 0, 4") != std::string::npos);

  const auto opsel = run_mxlane(
      {"lanemap", "--arch", "gfx1200", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "D", "--opsel", "4"});
  CHECK(opsel.code == 2);
  CHECK(one_line(opsel));
  CHECK(opsel.err.find("opsel=4 is not allowed on v_wmma_f16_16x16x16_f16") != std::string::npos);

  for (const auto& [builtin, wave] :
       {std::pair{"wmma_f32_16x16x16_f16_w64_gfx12", "32"}, std::pair{"wmma_i32_16x16x16_iu8_w32_gfx12", "64"}}) {
    CAPTURE(builtin);
    const auto r = run_mxlane_on_input({"eval"}, std::string("{\"arch\": \"gfx1200\", \"inst\": \"") + builtin +
                                                     "\", \"wave\": " + wave + ", \"src\": {}}\n");
    CHECK(r.code == 2);
    CHECK(r.err.find(std::string("wave ") + wave + " contradicts builtin " + builtin) != std::string::npos);
  }
  const auto eval_fp8 = run_mxlane_on_input(
      {"eval"},
      "{\"arch\": \"gfx1200\", \"inst\": \"v_wmma_f32_16x16x16_bf8_bf8\", \"mods\": {\"neg_hi\": 2}, \"src\": {}}\n");
  CHECK(eval_fp8.code == 2);
  CHECK(eval_fp8.out.find("mods: neg_hi=2 is not allowed") != std::string::npos);
}

TEST_CASE("gfx1200 builtin API: builtins::gfx1200 functions take the gfx12 vector types", "[isa][gfx1200][api]") {
  // v_wmma_f16 wave32: A/B 4 VGPRs (8 halves) per lane, C/D 4 VGPRs packed (8 halves) per lane.
  using Fn = decltype(builtins::gfx1200::wmma_f16_16x16x16_f16_w32_gfx12);
  static_assert(std::is_same_v<Fn::A::value_type, std::array<F16, 8>>);
  static_assert(std::is_same_v<Fn::C::value_type, std::array<F16, 8>>);
  // All-ones A and B (f16 1.0) and C = 0 give 16 in every element; both halves of every D VGPR are written.
  Fn::A a{};
  Fn::B b{};
  Fn::C c{};
  for (auto& lane : a) lane.fill(F16{0x3C00});
  for (auto& lane : b) lane.fill(F16{0x3C00});
  const auto d = builtins::gfx1200::wmma_f16_16x16x16_f16_w32_gfx12(a, b, c);
  for (const auto& lane : d)
    for (F16 h : lane) CHECK(h.bits == 0x4C00);
  // Integer: (a_signed, a, b_signed, b, c, clamp) with one VGPR per lane in wave64 for iu4 K=32.
  using Int = decltype(builtins::gfx1200::wmma_i32_16x16x32_iu4_w64_gfx12);
  static_assert(std::is_same_v<Int::A::value_type, std::int32_t>);
  Int::A ia{};
  Int::B ib{};
  Int::C ic{};
  ia.fill(0x11111111);
  ib.fill(0x11111111);
  const auto id = builtins::gfx1200::wmma_i32_16x16x32_iu4_w64_gfx12(false, ia, false, ib, ic, false);
  for (const auto& lane : id)
    for (std::int32_t v : lane) CHECK(v == 32);  // 32 products of 1 * 1
}

TEST_CASE("gfx1200 iu4 K=16 wave64: lanes 32-63 are never read (no replicas)", "[isa][gfx1200][layouts]") {
  // docs/rdna4.md §2.3: the calculator gives the wave32 lanes for iu4 K=16 in wave64 too, so lanes
  // 32-63 carry nothing. Ones in lanes 0-31 and sevens in lanes 32-63 give 16 products of 1 * 1 in
  // every element; reading lanes 32-63 for any output would give 7 * 7 products.
  using Fn = decltype(builtins::gfx1200::wmma_i32_16x16x16_iu4_w64_gfx12);
  Fn::A a{};
  Fn::B b{};
  Fn::C c{};
  for (std::size_t lane = 0; lane < 64; ++lane) a[lane] = b[lane] = lane < 32 ? 0x11111111 : 0x77777777;
  const auto d = builtins::gfx1200::wmma_i32_16x16x16_iu4_w64_gfx12(false, a, false, b, c, false);
  for (const auto& lane : d)
    for (std::int32_t v : lane) CHECK(v == 16);
}
