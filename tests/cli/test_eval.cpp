// mxlane eval / replay: the JSON-lines contract of docs/spec/interfaces.md, round trips through the register
// file, and per-line errors that name the field.
#include "support/catch_compat.hpp"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/eval_json.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/hex.hpp"
#include "tools/mxlane/cli.hpp"
#include "emu/protocol/eval_line.hpp"

using Json = nlohmann::ordered_json;
using mxlane::protocol::eval_line;
using mxlane::protocol::EvalOutcome;
using mxlane_test::Run;
constexpr auto hex = mxlane_test::hex_word;

namespace {

using mxlane_test::vgprs;

// v_wmma_f32_16x16x16_f16 wave32, A = B = 1.0, C = 0: every D is 16.0.
Json ones_line() {
  return Json{{"id", "ones"},
              {"arch", "gfx1100"},
              {"inst", "v_wmma_f32_16x16x16_f16"},
              {"src", {{"A", vgprs(8, 32, 0x3C003C00)}, {"B", vgprs(8, 32, 0x3C003C00)}, {"C", vgprs(8, 32, 0)}}}};
}

Run run(const std::string& subcommand, const std::string& input) {
  return mxlane_test::run_mxlane_on_input({subcommand}, input);
}

}  // namespace

TEST_CASE("eval: the seeds' register placement round-trips through JSON", "[cli][eval]") {
  // docs/spec/numerics.md §D.3 generator, placed by seed 000's own rules: lane L holds row (A) / column (B)
  // L % 16 with K packed two per VGPR; D row = 2G + L/16, column L % 16.
  const auto f16_of = [](int v) -> std::uint32_t {
    if (v == 0) return 0;
    const bool neg = v < 0;
    unsigned m = static_cast<unsigned>(neg ? -v : v), e = 0;
    while ((m >> e) > 1) ++e;
    return (neg ? 0x8000U : 0U) | ((e + 15) << 10) | ((m << (10 - e)) & 0x3FF);
  };
  const auto f32_of = [&](int v) -> std::uint32_t {
    if (v == 0) return 0;
    const bool neg = v < 0;
    unsigned m = static_cast<unsigned>(neg ? -v : v), e = 0;
    while ((m >> e) > 1) ++e;
    return (neg ? 0x80000000U : 0U) | ((e + 127) << 23) | ((m << (23 - e)) & 0x7FFFFF);
  };
  Json a = Json::array(), b = Json::array(), c = Json::array();
  for (int g = 0; g < 8; ++g) {
    Json ar = Json::array(), br = Json::array(), cr = Json::array();
    for (int lane = 0; lane < 32; ++lane) {
      const int i = lane % 16;
      const auto A = [&](int k) { return f16_of(((16 * i + k) * 7) % 17 - 8); };
      const auto B = [&](int k) { return f16_of(((16 * k + i) * 11) % 17 - 8); };
      ar.push_back(hex(A(2 * g) | (A(2 * g + 1) << 16)));
      br.push_back(hex(B(2 * g) | (B(2 * g + 1) << 16)));
      const int row = g * 2 + lane / 16, col = lane % 16;
      cr.push_back(hex(f32_of(((16 * row + col) * 13) % 129 - 64)));
    }
    a.push_back(ar);
    b.push_back(br);
    c.push_back(cr);
  }
  const Json line{
      {"id", 7}, {"arch", "rdna3"}, {"inst", "wmma_f32_16x16x16_f16_w32"}, {"src", {{"A", a}, {"B", b}, {"C", c}}}};
  const EvalOutcome r = eval_line(line.dump());
  REQUIRE(r.status == EvalOutcome::Status::ok);
  CHECK(r.output["id"] == 7);
  const Json& d = r.output["D"];
  REQUIRE(d.size() == 8);
  const auto at = [&](int row, int col) { return d[row / 2][16 * (row % 2) + col].get<std::string>(); };
  CHECK(at(0, 0) == "0xbfffffc0");  // docs/spec/numerics.md §D.3 [HW]
  CHECK(at(0, 1) == "0xc277fffe");
  CHECK(at(0, 13) == "0x41bffffd");
  CHECK(at(2, 3) == "0xc1b7fffe");
  CHECK(at(5, 4) == "0x36400000");
  CHECK(at(9, 15) == "0xc3370000");
}

TEST_CASE("eval: expect, match and diff", "[cli][eval]") {
  Json line = ones_line();
  line["expect"] = vgprs(8, 32, 0x41800000);
  EvalOutcome ok = eval_line(line.dump());
  CHECK(ok.status == EvalOutcome::Status::ok);
  CHECK(ok.output["match"] == true);
  line["expect"][3][17] = "0x41800001";
  EvalOutcome bad = eval_line(line.dump());
  CHECK(bad.status == EvalOutcome::Status::mismatch);
  CHECK(bad.output["match"] == false);
  REQUIRE(bad.output["diff"].size() == 1);
  // Seed 000's accumulator layout: VGPR 3, lane 17 is D row 2*3 + 17/16 = 7, column 17 % 16 = 1.
  CHECK(bad.output["diff"][0] == Json{{"vgpr", 3},
                                      {"lane", 17},
                                      {"expect", "0x41800001"},
                                      {"got", "0x41800000"},
                                      {"elements", Json::array({Json{{"block", 0},
                                                                     {"i", 7},
                                                                     {"j", 1},
                                                                     {"expect", "0x41800001 (16.0000019073486328125)"},
                                                                     {"got", "0x41800000 (16)"},
                                                                     {"ulps", 1},
                                                                     {"name", "D[7][1]"}}})}});
}

TEST_CASE("eval: modifiers, options, exec, dst and tied builtins", "[cli][eval]") {
  // Integer WMMA: a_signed/b_signed are NEG[0]/NEG[1]; all bytes 0xFF: signed -1*-1*16 = 16, unsigned 255*255*16.
  Json i8{{"arch", "gfx1100"},
          {"inst", "v_wmma_i32_16x16x16_iu8"},
          {"src", {{"A", vgprs(4, 32, 0xFFFFFFFF)}, {"B", vgprs(4, 32, 0xFFFFFFFF)}, {"C", vgprs(8, 32, 0)}}}};
  CHECK(eval_line(i8.dump()).output["D"][0][0] == hex(255 * 255 * 16));
  i8["mods"] = {{"a_signed", 1}, {"b_signed", true}};
  CHECK(eval_line(i8.dump()).output["D"][0][0] == hex(16));
  i8["mods"] = {{"neg", 3}};
  CHECK(eval_line(i8.dump()).output["D"][0][0] == hex(16));
  // The f16-output WMMA writes one half; dst gives the other half's previous contents.
  Json h{{"arch", "gfx1100"},
         {"inst", "v_wmma_f16_16x16x16_f16"},
         {"mods", {{"opsel", 4}}},
         {"src", {{"A", vgprs(8, 32, 0x3C003C00)}, {"B", vgprs(8, 32, 0x3C003C00)}, {"C", vgprs(8, 32, 0x40000000)}}},
         {"dst", vgprs(8, 32, 0x0000ABCD)}};
  CHECK(eval_line(h.dump()).output["D"][0][0] == "0x4c80abcd");  // 16 + 2 = 18 in the high half
  h["inst"] = "wmma_f16_16x16x16_f16_tied_w32";
  h.erase("dst");
  CHECK(eval_line(h.dump()).output["D"][0][0] == "0x4c800000");  // D over C: low half from C
  // exec: WMMA ignores it; gfx90a with cdna2_exec=masked keeps inactive lanes' D (from dst).
  Json m{{"arch", "gfx90a"},
         {"inst", "v_mfma_f32_32x32x2f32"},
         {"exec", "0x1"},
         {"options", {{"cdna2_exec", "masked"}}},
         {"src", {{"A", vgprs(1, 64, 0x3F800000)}, {"B", vgprs(1, 64, 0x3F800000)}, {"C", vgprs(16, 64, 0)}}},
         {"dst", vgprs(16, 64, 0x12345678)}};
  const Json d = eval_line(m.dump()).output["D"];
  CHECK(d[0][0] == "0x40000000");  // 1*1 + 1*1
  CHECK(d[0][1] == "0x12345678");
  m["options"] = Json::object();
  CHECK(eval_line(m.dump()).output["D"][0][1] == "0x40000000");
}

TEST_CASE("eval: bad lines are refused one by one, naming the field", "[cli][eval]") {
  struct Case {
    std::function<void(Json&)> edit;
    std::string mention;
  };
  const std::vector<Case> cases = {
      {[](Json& j) { j["colour"] = "red"; }, "colour: unknown key"},
      {[](Json& j) {
         j["mods"] = {{"opsle", 4}};
       },
       "mods.opsle: unknown key"},
      {[](Json& j) { j["src"]["A"].erase(0); }, "src.A: expected 8 VGPRs, got 7"},
      {[](Json& j) { j["src"]["B"][2].erase(0); }, "src.B[2]: expected 32 lane words"},
      {[](Json& j) { j["src"]["C"][1][4] = "0x1234567890"; }, "src.C[1][4]"},
      {[](Json& j) { j["src"]["C"][1][4] = 1.5; }, "src.C[1][4]"},
      {[](Json& j) { j["src"]["C"][1][4] = "0xZZ"; }, "src.C[1][4]"},
      {[](Json& j) { j["src"]["C"][1][4] = 4294967296ULL; }, "src.C[1][4]"},
      {[](Json& j) { j["src"].erase("C"); }, "src.C: missing"},
      {[](Json& j) { j["src"]["D"] = Json::array(); }, "src.D: unknown key"},
      {[](Json& j) {
         j["mods"] = {{"opsel", 4}};
       },
       "opsel"},
      {[](Json& j) {
         j["mods"] = {{"cbsz", 1}};
       },
       "cbsz"},
      {[](Json& j) {
         j["mods"] = {{"a_signed", 1}};
       },
       "mods.a_signed"},
      {[](Json& j) {
         j["mods"] = {{"byte_sel", 1}};
       },
       "mods.byte_sel"},
      {[](Json& j) {
         j["mods"] = {{"neg", "one"}};
       },
       "mods.neg"},
      {[](Json& j) { j["arch"] = "gfx9000"; }, "arch: unknown architecture"},
      {[](Json& j) { j.erase("arch"); }, "arch: missing"},
      {[](Json& j) { j["inst"] = "v_mfma_f32_32x32x8f16"; }, "inst:"},
      {[](Json& j) { j["wave"] = 48; }, "wave"},
      {[](Json& j) { j["wave"] = 64; }, "src.A[0]: expected 64 lane words"},
      {[](Json& j) { j["exec"] = "0x1ffffffff"; }, "exec"},
      {[](Json& j) { j["exec"] = "ffff"; }, "exec"},
      {[](Json& j) {
         j["options"] = {{"cbsz_model", "adjacent"}};
       },
       "options.cbsz_model"},
      {[](Json& j) {
         j["options"] = {{"no_such_switch", "x"}};
       },
       "options.no_such_switch"},
      {[](Json& j) { j["dst"] = vgprs(7, 32, 0); }, "dst: expected 8 VGPRs"},
      {[](Json& j) { j["expect"] = vgprs(8, 31, 0); }, "expect[0]: expected 32 lane words"},
      {[](Json& j) {
         j = Json::array({1, 2});
       },
       "one JSON object per line"},
  };
  for (const Case& c : cases) {
    Json line = ones_line();
    c.edit(line);
    const EvalOutcome r = eval_line(line.dump());
    INFO(line.dump().substr(0, 300));
    CHECK(r.status == EvalOutcome::Status::error);
    CHECK_THAT(r.error, Catch::Contains(c.mention));
    CHECK(r.output.contains("error"));
  }
  CHECK_THAT(eval_line("{\"id\": 1, ").error, Catch::Contains("not valid JSON"));
  CHECK(eval_line("").status == EvalOutcome::Status::error);
}

TEST_CASE("eval and replay: exit codes, one output per line, errors on stderr", "[cli][eval]") {
  Json good = ones_line();
  Json bad = ones_line();
  bad["mods"] = {{"opsel", 4}};
  Json expected = ones_line();
  expected["expect"] = vgprs(8, 32, 0x41800000);
  Json wrong = expected;
  wrong["expect"][0][0] = "0x41800001";

  const Run mixed = run("eval", good.dump() + "\n" + bad.dump() + "\n" + good.dump() + "\n");
  CHECK(mixed.code == 2);
  CHECK(std::count(mixed.out.begin(), mixed.out.end(), '\n') == 3);
  CHECK_THAT(mixed.err, Catch::Contains("line 2: mods: opsel=4"));
  CHECK(run("eval", good.dump() + "\n").code == 0);
  CHECK(run("eval", wrong.dump() + "\n").code == 1);

  const Run replay_ok = run("replay", expected.dump() + "\n" + expected.dump() + "\n");
  CHECK(replay_ok.code == 0);
  CHECK(replay_ok.out == "line 1 (id \"ones\"): match\nline 2 (id \"ones\"): match\n");
  CHECK_THAT(replay_ok.err, Catch::Contains("mxlane replay: 2 lines, 2 match, 0 mismatch, 0 invalid"));
  const Run replay_bad = run("replay", expected.dump() + "\n" + wrong.dump() + "\n");
  CHECK(replay_bad.code == 1);
  CHECK(std::count(replay_bad.out.begin(), replay_bad.out.end(), '\n') == 2);
  CHECK_THAT(replay_bad.out,
             Catch::Contains("line 2 (id \"ones\"): gfx1100 v_wmma_f32_16x16x16_f16: 1 of 256 D words differ"));
  CHECK_THAT(
      replay_bad.out,
      Catch::Contains("v0{0} D[0][0]: expected 0x41800001 (16.0000019073486328125), got 0x41800000 (16), 1 ulp"));
  const Run replay_missing = run("replay", good.dump() + "\n");
  CHECK(replay_missing.code == 2);
  CHECK_THAT(replay_missing.err, Catch::Contains("line 1 (id \"ones\"): expect: missing"));
  std::ostringstream out, err;
  CHECK(mxlane::cli::run_cli({"mxlane", "replay", "/nonexistent/capture.jsonl"}, out, err) == 2);
  CHECK_THAT(err.str(), Catch::Contains("cannot open"));
}
