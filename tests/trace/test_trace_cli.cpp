// `mxlane lanemap --trace` on the command line: text and JSON against hand-derived slots and values,
// --values against `mxlane eval`, the option rules and their exit-2 errors; exact decimal input/output.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "emu/formats/exact_value.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "fmt/ranges.h"
#include "support/cli_run.hpp"

using Json = nlohmann::json;

namespace {

using mxlane_test::Run;
using mxlane_test::run_mxlane;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("lanemap --trace text names the slots and steps (gfx90a 32x32x8f16 D[0][5][7])", "[trace][cli]") {
  const Run r = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--trace", "0,5,7"});
  REQUIRE(r.code == 0);
  CHECK(r.err.empty());
  // docs/spec/layouts.md §5.3: D[5][7] in VGPR 1, lane 39; §5.2: A[5][4] in lane 37, VGPR 0 bits [15:0].
  CHECK(contains(r.out, "Trace: D[5][7] = v1{39} (lane 39, vgpr 1, bits [31:0])"));
  CHECK(contains(r.out, "docs/spec/numerics.md §A.1, §B.2"));
  CHECK(contains(r.out, "Step 1: C enters first"));
  CHECK(contains(r.out, "Step 2: k = 0..3: group of 4 products"));
  CHECK(contains(r.out, "pairwise tree ((p0+p1)+(p2+p3))"));
  CHECK(contains(r.out, "Step 3: k = 4..7"));
  CHECK(contains(r.out, "k=4: A[5][4] = v0{37}.[15:0] (lane 37, vgpr 0, bits [15:0])"));
  CHECK(contains(r.out, "B[7][7] = v1{39}.[31:16] (lane 39, vgpr 1, bits [31:16])"));
}

TEST_CASE("lanemap --trace JSON: RDNA3 D[3][5] uses B column 5 from lane 21", "[trace][cli]") {
  const Run r = run_mxlane(
      {"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--trace", "3,5", "--format", "json"});
  REQUIRE(r.code == 0);
  const Json doc = Json::parse(r.out);
  CHECK(doc["format"] == "mxlane.trace/1");
  CHECK(doc["d"]["lane"] == 21);
  CHECK(doc["replica"] == 1);
  CHECK(doc["evaluated"] == false);
  REQUIRE(doc["steps"].size() == 9);
  CHECK(doc["steps"][0]["kind"] == "read_c");
  const Json& step = doc["steps"][3];  // k = 4, 5
  CHECK(step["kind"] == "dot2");
  CHECK(step["k"] == Json::array({4, 5}));
  CHECK(step["b"][1]["element"] == "B[5][5]");
  CHECK(step["b"][1]["lane"] == 21);
  CHECK(step["b"][1]["vgpr"] == 2);
  CHECK(step["b"][1]["bit_lo"] == 16);
  CHECK(step["a"][0]["element"] == "A[3][4]");
  CHECK(step["a"][0]["lane"] == 19);
}

TEST_CASE("lanemap --trace with --a/--b/--c evaluates every rounding", "[trace][cli]") {
  // The cancellation case of test_trace_values.cpp through the CLI, with decimal input.
  const Run r = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "0,1,2", "--a",
                            "4096,1,4096,0", "--b", "4096,1,-4096,0", "--c", "0.5", "--format", "json"});
  REQUIRE(r.code == 0);
  const Json doc = Json::parse(r.out);
  CHECK(doc["evaluated"] == true);
  const Json& ops = doc["steps"][1]["ops"];
  REQUIRE(ops.size() == 8);
  CHECK(ops[4]["role"] == "(p0+p1)");
  CHECK(ops[4]["exact"] == "16777217");
  CHECK(ops[4]["result"]["bits"] == "0x4b800000");
  CHECK(ops[4]["flags"] == Json::array({"rounded"}));
  CHECK(doc["steps"][1]["a"][2]["bits"] == "0x6c00");
  CHECK(doc["steps"][1]["b"][2]["value"] == "-4096");
  CHECK(doc["result"]["bits"] == "0x3f000000");
}

TEST_CASE("lanemap --trace --values: the final D equals mxlane eval's word", "[trace][cli]") {
  // A random-looking v_mfma_f32_16x16x4f32 line with BLGP 3; D[5][7] lives in VGPR 1 lane 23 (§5.3).
  Json line{{"arch", "gfx90a"}, {"inst", "v_mfma_f32_16x16x4f32"}, {"mods", {{"blgp", 3}}}};
  std::uint32_t seed = 12345;
  const auto next = [&] { return seed = seed * 1103515245U + 12345U; };
  Json src;
  for (const auto& [name, count] : {std::pair{"A", 1}, std::pair{"B", 1}, std::pair{"C", 4}}) {
    Json regs = Json::array();
    for (int v = 0; v < count; ++v) {
      Json lanes = Json::array();
      for (int l = 0; l < 64; ++l) lanes.push_back(fmt::format("{:#010x}", (next() >> 4) & 0x3fffffffU));
      regs.push_back(lanes);
    }
    src[name] = regs;
  }
  line["src"] = src;
  const std::string path = "trace_values_test_line.json";
  std::ofstream(path) << line.dump() << '\n';
  const Run eval = run_mxlane({"eval", path});
  REQUIRE(eval.code == 0);
  const std::string eval_d = Json::parse(eval.out)["D"][1][23];
  const Run r = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f32", "--trace", "5,7",
                            "--values", path, "--format", "json"});
  REQUIRE(r.code == 0);
  const Json doc = Json::parse(r.out);
  CHECK(doc["mods"]["blgp"] == 3);
  CHECK(doc["result"]["bits"] == eval_d);
  CHECK(doc["steps"][1]["b"][0]["element"] == "B[1][7]");  // BLGP 3: lane 7 reads lane 23 (§8.2)
  // Conflicting modifiers on the command line are an error.
  const Run conflict = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f32", "--trace", "5,7",
                                   "--values", path, "--blgp", "1"});
  CHECK(conflict.code == 2);
  CHECK(contains(conflict.err, "--values"));
  std::remove(path.c_str());
}

TEST_CASE("lanemap --trace --values - takes a line of element values (sparse and scaled too) and ends on eval's D",
          "[trace][cli][values]") {
  // The browser's API hands the page's values line over standard input; the line places its elements
  // as eval does, so the trace of every D element ends on the bits eval's element-values answer has.
  std::uint32_t state = 20261205;
  const auto pick = [&] {
    state = state * 1664525U + 1013904223U;
    return std::vector<std::string>{"1", "-0.5", "2", "0", "0.25", "-1"}[(state >> 16) % 6];
  };
  struct Case {
    const char* arch;
    const char* inst;
    int rows_a, cols_a, n, i, j;  // A's stored shape (sparse: M x K/2), N, the traced element
  };
  for (const Case& c : {Case{"gfx942", "v_smfmac_f32_16x16x32_f16", 16, 16, 16, 3, 9},
                        Case{"gfx1100", "v_wmma_f32_16x16x16_f16", 16, 16, 16, 5, 3},
                        Case{"gfx950", "v_mfma_scale_f32_16x16x128_f8f6f4", 16, 128, 16, 2, 11}}) {
    const auto matrix = [&](int rows, int cols, bool index) {
      Json m = Json::array();
      for (int r = 0; r < rows; ++r) {
        Json row = Json::array();
        // SMFMAC indices: 0,1 / 2,3 in each pair of stored values (two distinct positions of four).
        for (int col = 0; col < cols; ++col) row.push_back(index ? std::to_string(col % 2 + 2 * ((r + col / 2) % 2)) : pick());
        m.push_back(row);
      }
      return m;
    };
    const bool sparse = std::string(c.inst).find("smfmac") != std::string::npos;
    const bool scaled = std::string(c.inst).find("scale") != std::string::npos;
    const int k = sparse ? 2 * c.cols_a : c.cols_a;
    Json values = {{"A", matrix(c.rows_a, c.cols_a, false)}, {"B", matrix(k, c.n, false)}, {"C", matrix(16, c.n, false)}};
    if (sparse) values["IDX"] = matrix(c.rows_a, c.cols_a, true);
    if (scaled) {
      values["SA"] = Json(16, Json(k / 32, "0x80"));  // E8M0 2^1
      values["SB"] = Json(c.n, Json(k / 32, "0x7e"));  // 2^-1
    }
    const Json line{{"arch", c.arch}, {"inst", c.inst}, {"values", values}};
    const Run eval = mxlane_test::run_mxlane_on_input({"eval"}, line.dump() + "\n");
    INFO(c.inst << ": " << eval.err);
    REQUIRE(eval.code == 0);
    const std::string eval_d = Json::parse(eval.out)["bits"]["D"][0][c.i][c.j];
    const Run r = mxlane_test::run_mxlane_with_stdin(
        {"lanemap", "--arch", c.arch, "--inst", c.inst, "--trace", fmt::format("{},{}", c.i, c.j), "--values", "-",
         "--format", "json"},
        line.dump() + "\n");
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(Json::parse(r.out)["result"]["bits"] == eval_d);
  }
  // Standard input with two lines is refused, naming it.
  const Run two = mxlane_test::run_mxlane_with_stdin(
      {"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--trace", "0,0", "--values", "-"},
      "{}\n{}\n");
  CHECK(two.code == 2);
  CHECK(contains(two.err, "--values: standard input has 2 non-empty lines"));
}

TEST_CASE("lanemap --trace option errors exit 2 with one line", "[trace][cli]") {
  // v_mfma_f32_4x4x4f16 has 16 blocks: every --trace names its block.
  const std::vector<std::string> base = {"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16"};
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
      {{"--trace", "1,x"}, "--trace"},
      {{"--trace", "1,2,"}, "--trace"},
      {{"--trace", "1,2,3,4"}, "--trace"},
      {{"--trace", "0,4,0"}, "row 4 is out of range"},
      {{"--trace", "16,0,0"}, "block 16 is out of range"},
      {{"--trace", "0,0,0", "--operand", "A"}, "--operand A"},
      {{"--trace", "0,0,0", "--format", "csv"}, "--format csv"},
      {{"--trace", "0,0,0", "--element", "0,0"}, "--element"},
      {{"--a", "1,2,3,4"}, "--a"},
      {{"--trace", "0,0,0", "--a", "1,2,3,4,5"}, "K = 4"},  // fewer than K are allowed (the rest +0)
      {{"--trace", "0,0,0", "--a", "0.1,0,0,0"}, "not exactly representable in f16"},
      {{"--trace", "0,0,0", "--c", "1,2"}, "--c"},
      {{"--trace", "0,0,0", "--b", "0x10000,0,0,0"}, "does not fit in 16 bits"},
      {{"--trace", "0,0,0", "--values", "/nonexistent/line.json"}, "--values"},
      {{"--trace", "0,0,0", "--values", "x.json", "--a", "1,1,1,1"}, "exclude"},
      {{}, "--operand is required"},
  };
  for (const auto& [extra, message] : bad) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    const Run r = run_mxlane(args);
    INFO(fmt::format("{}", fmt::join(args, " ")));
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(contains(r.err, message));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("exact decimal input and output", "[trace]") {
  using namespace mxlane;
  // f16 1.5 = 0x3e00, -0 = 0x8000, 65504 = 0x7bff (largest finite), 2^-24 = 0x0001 (smallest subnormal).
  CHECK(parse_float_element(kBinary16, "1.5", "x") == 0x3e00);
  CHECK(parse_float_element(kBinary32, "0.25", "x") == 0x3e800000);               // not "025" read as octal 21
  CHECK(parse_float_element(kBinary32, "010", "x") == 0x41200000);                // ten
  CHECK(parse_float_element(kBinary64, "-0.0625e1", "x") == 0xbfe4000000000000);  // -0.625
  CHECK(parse_float_element(kBinary16, "-0", "x") == 0x8000);
  CHECK(parse_float_element(kBinary16, "65504", "x") == 0x7bff);
  CHECK(parse_float_element(kBinary16, "5.9604644775390625e-8", "x") == 0x0001);
  CHECK(parse_float_element(kBinary16, "-inf", "x") == 0xfc00);
  CHECK(parse_float_element(kBfloat16, "0x7fc1", "x") == 0x7fc1);
  CHECK(parse_float_element(kBinary32, "16777216", "x") == 0x4b800000);
  CHECK_THROWS_AS(parse_float_element(kBinary16, "65520", "x"), InvalidArgument);     // rounds to inf
  CHECK_THROWS_AS(parse_float_element(kBinary32, "16777217", "x"), InvalidArgument);  // needs 25 bits
  CHECK_THROWS_AS(parse_float_element(kBinary16, "0.1", "x"), InvalidArgument);       // not a binary fraction
  CHECK_THROWS_AS(parse_float_element(kBinary16, "1.5x", "x"), InvalidArgument);
  CHECK(parse_integer_element(8, true, "-128", "x") == 0x80);
  CHECK(parse_integer_element(4, false, "15", "x") == 0xf);
  CHECK_THROWS_AS(parse_integer_element(8, true, "128", "x"), InvalidArgument);
  // Decimal text: exact where short; 2^-24 has 17 significant digits; binary32 0.1 needs 27 digits,
  // so it is rounded to 17 and marked: 0.100000001490116119384765625 -> ~0.10000000149011612.
  CHECK(decimal_text(kBinary32, 0x33800000) == "5.9604644775390625e-8");
  CHECK(decimal_text(kBinary32, 0x3dcccccd) == "~0.10000000149011612");
  CHECK(decimal_text(kBinary32, 0xc1b80000) == "-23");
  CHECK(decimal_text(kBinary16, 0x8000) == "-0");
  CHECK(decimal_text(kBinary64, 0x7ff8000000000000) == "NaN");
  CHECK(decimal_text(kBinary32, 0x3f000000) == "0.5");
}
