// `mxlane check` in-process: exact reports for passing and failing formulas (mismatch lines derived
// by hand from seed 000's tables), exit codes, the caret under a malformed expression, JSON, and
// the README's failing example.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/cli_run.hpp"

namespace {

using mxlane_test::Run;
using mxlane_test::run_mxlane;

// `mxlane check` on an RDNA3 operand plus `extra`.
Run check_wmma(const std::string& operand, std::vector<std::string> extra) {
  std::vector<std::string> args = {"check",     "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16",
                                   "--operand", operand};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_mxlane(args);
}

}  // namespace

TEST_CASE("mxlane check: the seed's store_c passes, exit 0", "[check][cli]") {
  const Run r = check_wmma("D", {"--row", "G*2 + L/16", "--col", "L%16"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out ==
        "Checking D of v_wmma_f32_16x16x16_f16 (gfx1100, wave32) against --row 'G*2 + L/16' --col 'L%16', for "
        "L = 0..31, G = 0..7 (32-bit elements)\n"
        "OK: all 256 slots (L, G) of D match\n");
}

TEST_CASE("mxlane check: wrong formulas list the first mismatches, exit 1", "[check][cli]") {
  // Row and column swapped: lane 0, G = 1 and G = 2 hold D[2][0] and D[4][0] (seed 000's
  // accumulator table: row 2 and 4 are in lanes 0-15 of VGPRs 1 and 2); 240 of 256 are wrong.
  const Run swapped = check_wmma("D", {"--row", "L%16", "--col", "G*2 + L/16", "--max-mismatches", "2"});
  CHECK(swapped.code == 1);
  CHECK(swapped.err.empty());
  CHECK(swapped.out ==
        "Checking D of v_wmma_f32_16x16x16_f16 (gfx1100, wave32) against --row 'L%16' --col 'G*2 + L/16', for "
        "L = 0..31, G = 0..7 (32-bit elements)\n"
        "L=0 G=1 (v1{0}): formula D[0][2]; layout D[2][0]\n"
        "L=0 G=2 (v2{0}): formula D[0][4]; layout D[4][0]\n"
        "FAILED: 240 of 256 slots (L, G) of D do not match (first 2 shown)\n");

  // Forward, halves swapped: A[0][0] (k = 0) is in bits [15:0] of VGPR 0 of lanes 0 and 16.
  const Run halves =
      check_wmma("A", {"--lane", "i", "--vgpr", "k/2", "--bits", "16*((k+1)%2)", "--max-mismatches", "1"});
  CHECK(halves.code == 1);
  CHECK_THAT(halves.out, Catch::Contains("A[0][0]: formula lane 0, vgpr 0, bits 16 (v0{0}.[31:16]); layout lane 0 or "
                                         "16, vgpr 0, bits 0 (v0{0,16}.[15:0])\n"
                                         "FAILED: 256 of 256 elements of A do not match (first 1 shown)\n"));

  // Load: B read as row-major. Lane 0, G = 1 loads memory[1] = B[0][1] but holds B[1][0].
  const Run load = check_wmma("B", {"--load", "(L%16)*16 + G", "--max-mismatches", "1"});
  CHECK(load.code == 1);
  CHECK_THAT(load.out,
             Catch::Contains("L=0 G=1 (v0{0}.[31:16]): loads memory[1] = B[0][1]; layout B[1][0]\n"
                             "FAILED: 480 of 512 slots (L, G) of B receive the wrong element (first 1 shown)\n"));
  const Run load_ok = check_wmma("B", {"--load", "(L%16)*16 + G", "--order", "col"});
  CHECK(load_ok.code == 0);
  CHECK_THAT(load_ok.out,
             Catch::EndsWith("OK: all 512 slots (L, G) of B receive the element the instruction reads there\n"));

  // A missing block term on CDNA2 (2 blocks): D[0][0].B1 is in VGPR 16 (seed 001: 16b + ...).
  const Run block = run_mxlane({"check", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x1f32", "--operand", "D",
                                "--lane", "(32*(i/4))%64 + j", "--vgpr", "4*(i/8) + i%4", "--max-mismatches", "1"});
  CHECK(block.code == 1);
  CHECK_THAT(block.out, Catch::Contains("D[0][0].B1: formula lane 0, vgpr 0 (v0{0}); layout lane 0, vgpr 16 (v16{0})\n"
                                        "FAILED: 1024 of 2048 elements of D do not match (first 1 shown)\n"));
}

TEST_CASE("mxlane check: replicas, missing --bits and unused halves are reported", "[check][cli]") {
  const Run copy0 = check_wmma("A", {"--lane", "i", "--vgpr", "k/2"});
  CHECK(copy0.code == 0);
  CHECK_THAT(copy0.out,
             Catch::Contains("OK: all 256 elements of A match\n"
                             "Note: --bits not given: only the lane and the VGPR were checked, not where "
                             "the 16-bit element sits inside the VGPR\n"
                             "Note: A holds 2 copies of each element (copy r in lanes 16r..16r+15); the "
                             "formula names copy 0 for 256 elements; use the variable r to check every copy\n"));
  const Run every = check_wmma("A", {"--lane", "i + 16*r", "--vgpr", "k/2", "--bits", "16*(k%2)"});
  CHECK(every.code == 0);
  CHECK_THAT(every.out, Catch::EndsWith("OK: all 512 element copies of A match\n"));

  const Run f16 = run_mxlane({"check", "--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "D",
                              "--opsel", "4", "--row", "(G/2)*2 + L/16", "--col", "L%16"});
  CHECK(f16.code == 0);
  CHECK_THAT(f16.out, Catch::StartsWith("Checking D of v_wmma_f16_16x16x16_f16 (gfx1100, wave32, opsel=4 neg=0 "
                                        "neg_hi=0) against --row '(G/2)*2 + L/16' --col 'L%16', for L = 0..31, G = "
                                        "0..15 (16-bit elements)\n"));
  CHECK_THAT(f16.out, Catch::EndsWith("OK: all 256 slots (L, G) of D match\n"
                                      "Note: 256 slots (L, G) that the instruction does not write were not checked\n"));
}

TEST_CASE("mxlane check: malformed expressions exit 2 with the column and a caret", "[check][cli]") {
  const Run r = check_wmma("D", {"--row", "L/16+(G", "--col", "L%16"});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err ==
        "mxlane check: error: --row: column 8: expected an operator or ')' closing the '(' at column 6, "
        "found the end of the expression\n"
        "  --row L/16+(G\n"
        "               ^\n");

  struct Case {
    std::vector<std::string> args;
    std::string first_line;
  };
  const std::vector<Case> cases = {
      {{"--lane", "i+L", "--vgpr", "k/2"},
       "mxlane check: error: --lane: column 3: unknown name 'L'; allowed: i, k, b, row, col, r; functions: min, max"},
      {{"--lane", "i", "--vgpr", "k/2", "--bits", "16*(k%2"}, "mxlane check: error: --bits: column 8: expected"},
      {{"--row", "L%16", "--col", "G 2"}, "mxlane check: error: --col: column 3: expected an operator"},
      {{"--load", "0x"}, "mxlane check: error: --load: column 1: malformed number '0x'"},
      {{"--row", "L/(G-G)", "--col", "G"},
       "mxlane check: error: --row: column 2: division by zero in 'L/(G-G)' with L=0, G=0"},
      {{"--load", "L*0x7fffffffffffffff"},
       "mxlane check: error: --load: column 2: overflow (result outside 64 bits) in "
       "'L*0x7fffffffffffffff' with L=2"},
  };
  for (const Case& c : cases) {
    const Run bad = check_wmma("A", c.args);
    INFO(bad.err);
    CHECK(bad.code == 2);
    CHECK(bad.out.empty());
    CHECK(bad.err.rfind(c.first_line, 0) == 0);
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 3);  // error, expression, caret
  }
}

TEST_CASE("mxlane check: option errors exit 2 with one line", "[check][cli]") {
  struct Case {
    std::vector<std::string> args;
    std::string mentions;
  };
  const std::vector<Case> cases = {
      {{}, "no formula given"},
      {{"--lane", "i"}, "--vgpr: required with --lane"},
      {{"--col", "G"}, "--row: required with --col"},
      {{"--lane", "i", "--vgpr", "0", "--row", "0"}, "--lane and --row belong to different modes"},
      {{"--ld", "16"}, "--load: required with --ld"},
      {{"--load", "G", "--ld", "8"}, "--ld: 8 is smaller than the 16 columns of A (row-major)"},
      {{"--load", "G", "--order", "diagonal"}, "--order"},
      {{"--load", "G", "--max-mismatches", "-1"}, "--max-mismatches"},
      {{"--load", "G", "--format", "yaml"}, "--format"},
      {{"--load", "G", "--opsel", "4"}, "opsel"},
  };
  for (const Case& c : cases) {
    const Run bad = check_wmma("A", c.args);
    INFO(bad.err);
    CHECK(bad.code == 2);
    CHECK(bad.out.empty());
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
    CHECK_THAT(bad.err, Catch::Contains(c.mentions));
  }
  const Run blocks = run_mxlane({"check", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x1f32", "--operand", "D",
                                 "--row", "4*(L/16) + G%4", "--col", "L%16"});
  CHECK(blocks.code == 2);
  CHECK_THAT(blocks.err, Catch::Contains("--block: required, D of v_mfma_f32_16x16x1f32 has 4 blocks"));
  // An expression that starts with '-' goes through the --opt=EXPR form.
  CHECK(check_wmma("D", {"--row=-(-G*2 - L/16)", "--col", "L%16"}).code == 0);
}

TEST_CASE("mxlane check --help documents the modes and the language", "[check][cli]") {
  const Run help = run_mxlane({"check", "--help"});
  CHECK(help.code == 0);
  for (const char* text :
       {"--lane",  "--vgpr",           "--bits",          "--row",   "--col",  "--block", "--load",   "--ld",
        "--order", "--max-mismatches", "--format",        "--cbsz",  "--blgp", "--opsel", "--neg-hi", "--option",
        "floor",   "min(a,b,...)",     "1024 characters", "Examples"})
    CHECK_THAT(help.out, Catch::Contains(text));
  CHECK_THAT(run_mxlane({"--help"}).out, Catch::Contains("mxlane check"));
}

TEST_CASE("mxlane check --format json", "[check][cli]") {
  const Run r = check_wmma("D", {"--row", "L%16", "--col", "G*2 + L/16", "--format", "json", "--max-mismatches", "1"});
  CHECK(r.code == 1);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  CHECK(doc["format"] == "mxlane.check/1");
  CHECK(doc["mode"] == "inverse");
  CHECK(doc["expressions"]["row"] == "L%16");
  CHECK(doc["ok"] == false);
  CHECK(doc["checked"] == 256);
  CHECK(doc["mismatches"] == 240);
  REQUIRE(doc["first_mismatches"].size() == 1);
  const nlohmann::json& m = doc["first_mismatches"][0];
  CHECK(m["lane"] == 0);
  CHECK(m["g"] == 1);
  CHECK(m["vgpr"] == 1);
  CHECK(m["formula"]["row"] == 0);
  CHECK(m["formula"]["col"] == 2);
  CHECK(m["layout"][0]["row"] == 2);
  CHECK(m["layout"][0]["col"] == 0);

  const Run ok = check_wmma("A", {"--lane", "i + 16*r", "--vgpr", "k/2", "--bits", "16*(k%2)", "--format", "json"});
  CHECK(ok.code == 0);
  const nlohmann::json fwd = nlohmann::json::parse(ok.out);
  CHECK(fwd["mode"] == "forward");
  CHECK(fwd["ok"] == true);
  CHECK(fwd["checked"] == 512);
  CHECK(fwd["first_mismatches"].empty());
}

TEST_CASE("README's failing check example is the program's output", "[check][docs]") {
  // The README shows one failing run in a ```text block (console blocks must exit 0); re-run it.
  std::ifstream in(MXLANE_SOURCE_DIR "/README.md");
  REQUIRE(in.good());
  std::string line, command, expected;
  bool in_text = false, found = false;
  while (std::getline(in, line)) {
    if (line.rfind("```", 0) == 0) {
      if (in_text && found) break;
      in_text = line == "```text";
      continue;
    }
    if (!in_text) continue;
    if (line.rfind("$ mxlane check", 0) == 0) {
      command = line.substr(2);
      found = true;
    } else if (found) {
      expected += line + "\n";
    }
  }
  REQUIRE(found);
  std::vector<std::string> args;
  std::istringstream words(command);
  for (std::string w; words >> w;) args.push_back(w);
  args.erase(args.begin());  // "mxlane"
  const Run r = run_mxlane(args);
  CHECK(r.code == 1);
  CHECK(r.out == expected);
}
