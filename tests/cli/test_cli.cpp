// mxlane list / lanemap run in-process: outputs against the seeds' and specs' published values,
// the JSON contract of docs/spec/interfaces.md, and the exit-code/one-line-error contract for bad input.
#include "support/catch_compat.hpp"

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "support/cli_run.hpp"

using SortedJson = nlohmann::json;  // keys in sorted order
using mxlane_test::Run;
using mxlane_test::run_mxlane;

namespace {

SortedJson lanemap_json(std::vector<std::string> args) {
  args.insert(args.begin(), "lanemap");
  args.push_back("--format");
  args.push_back("json");
  const Run r = run_mxlane(args);
  REQUIRE(r.code == 0);
  REQUIRE(r.err.empty());
  return SortedJson::parse(r.out);
}

}  // namespace

TEST_CASE("mxlane list prints every builtin as text and JSON", "[cli][list]") {
  const Run text = run_mxlane({"list"});
  REQUIRE(text.code == 0);
  for (const char* name : {"mfma_f32_32x32x1f32", "v_mfma_f64_4x4x4f64", "wmma_bf16_16x16x16_bf16_tied_w64",
                           "cbsz_model", "f64_4x4x4_cd_order"})
    CHECK_THAT(text.out, Catch::Contains(name));

  const Run json = run_mxlane({"list", "--format", "json"});
  REQUIRE(json.code == 0);
  const SortedJson doc = SortedJson::parse(json.out);
  CHECK(doc["format"] == "mxlane.list/1");
  std::size_t matrix = 0;
  for (const SortedJson& i : doc["instructions"]) matrix += i["kind"] != "valu" ? 1 : 0;
  CHECK(
      matrix ==
      20 + 27 + 46 + 68 + 16 + 22 + 22 + 43 +
          44);  // gfx1251 (gfx1250's 43 and its f64 WMMA); gfx908, gfx90a, gfx942 (32 dense, 14 SMFMAC), gfx950 (36 dense, 28 SMFMAC, 2 scaled f8f6f4 and their 2 unscaled forms), gfx1100, gfx1200 (22 dense, 22 SWMMAC), gfx1250 (25 dense, 14 SWMMAC, 4 block-scaled)
  CHECK(doc["architectures"].size() == 9);
  for (const SortedJson& i : doc["instructions"]) {
    if (i["kind"] == "valu") continue;
    for (const char* key : {"arch", "builtin", "mnemonic", "opcode", "wave", "m", "n", "k", "blocks", "types", "vgprs",
                            "modifiers", "ops", "cycles", "coexec_cycles"})
      CHECK(i.contains(key));
  }
  // Every switch: the two layout models and docs/spec/numerics.md §E's open questions, each with a default.
  std::set<std::string> switches;
  for (const SortedJson& sw : doc["switches"]) {
    switches.insert(sw["name"]);
    CHECK(sw["values"].size() >= 2);
    CHECK(sw["default"] == sw["values"][0]["name"]);
  }
  for (const char* name : {"cbsz_model", "f64_4x4x4_cd_order", "cdna2_mode", "cdna2_nan", "cdna2_flushed_input_sign",
                           "cdna2_int8_overflow", "cdna2_bf16_product_overflow", "cdna2_f64_algorithm", "cdna2_exec",
                           "rdna3_mode", "fp16_ovfl", "rdna3_grid", "rdna3_bf16_output", "rdna3_int_clamp"})
    CHECK(switches.count(name) == 1);

  const SortedJson rdna3 = SortedJson::parse(run_mxlane({"list", "--arch", "rdna3", "--format", "json"}).out);
  std::size_t wmma = 0;
  for (const SortedJson& i : rdna3["instructions"]) wmma += i["kind"] == "wmma" ? 1 : 0;
  CHECK(wmma == 16);
  CHECK(rdna3["architectures"][0]["name"] == "gfx1100");
  const SortedJson mi250 = SortedJson::parse(run_mxlane({"list", "--arch", "MI250X", "--format", "json"}).out);
  std::size_t mfma = 0;
  for (const SortedJson& i : mi250["instructions"]) mfma += i["kind"] == "mfma" ? 1 : 0;
  CHECK(mfma == 27);
  // A published figure: v_mfma_f32_32x32x8f16 does 16384 ops in 64 cycles (seed 001), 1024/CU/clk (docs/spec/layouts.md §4.1).
  for (const SortedJson& i : mi250["instructions"])
    if (i["mnemonic"] == "v_mfma_f32_32x32x8f16") {
      CHECK(i["ops"] == 16384);
      CHECK(i["cycles"] == 64);
      CHECK(i["peak_ops_per_clock"] == 1024);
    }
}

TEST_CASE("lanemap JSON follows docs/spec/interfaces.md and the RDNA3 seed", "[cli][lanemap]") {
  const SortedJson d = lanemap_json({"--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D"});
  CHECK(d["format"] == "mxlane.lanemap/1");
  CHECK(d["arch"] == "gfx1100");
  CHECK(d["inst"] == "v_wmma_f32_16x16x16_f16");
  CHECK(d["operand"] == "D");
  CHECK(d["wave"] == 32);
  CHECK(d["rows"] == 16);
  CHECK(d["cols"] == 16);
  CHECK(d["blocks"] == 1);
  CHECK(d["vgprs"] == 8);
  CHECK(d["element_bits"] == 32);
  REQUIRE(d["entries"].size() == 256);
  for (const SortedJson& e : d["entries"]) {
    // seed 000 store_c: row = G*2 + L/16, col = L % 16.
    const int lane = e["lane"], vgpr = e["vgpr"];
    CHECK(e["row"] == vgpr * 2 + lane / 16);
    CHECK(e["col"] == lane % 16);
    CHECK(e["bit_lo"] == 0);
    CHECK(e["bit_hi"] == 31);
    CHECK(e["replica"] == 0);
  }
  const SortedJson a = lanemap_json({"--arch", "rdna3", "--inst", "wmma_f32_16x16x16_f16_w64", "--operand", "A"});
  CHECK(a["wave"] == 64);
  CHECK(a["entries"].size() == 256 * 4);  // four copies in wave64 (docs/spec/layouts.md §6)
  const SortedJson& first = a["entries"][0];
  CHECK(first == SortedJson{{"block", 0},
                            {"row", 0},
                            {"col", 0},
                            {"lane", 0},
                            {"vgpr", 0},
                            {"bit_lo", 0},
                            {"bit_hi", 15},
                            {"replica", 0}});
}

TEST_CASE("lanemap forward and inverse queries reproduce published examples", "[cli][lanemap]") {
  // docs/spec/layouts.md §5.2 worked example (the calculator README's): v_mfma_f32_4x4x4f16 A[1][2] of block 4.
  const Run fwd = run_mxlane(
      {"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "A", "--element", "4,1,2"});
  REQUIRE(fwd.code == 0);
  CHECK_THAT(fwd.out, Catch::Contains("A[1][2].B4 = v1{17}.[15:0]"));

  // seed 001 32x32 inverse: G = 5, L = 33 -> i = 8*1 + 4*1 + 1 = 13, j = 1.
  const Run inv = run_mxlane({"lanemap", "--arch", "cdna2", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "D",
                              "--reg", "5", "--lane", "33"});
  REQUIRE(inv.code == 0);
  CHECK_THAT(inv.out, Catch::Contains("v5{33} = D[13][1]"));

  // docs/spec/layouts.md §9 B2: both 16-bit slots are listed under a broadcast.
  const Run b2 = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f16", "--operand", "A",
                             "--reg", "1", "--lane", "37", "--cbsz", "2", "--abid", "2"});
  CHECK_THAT(b2.out, Catch::Contains("v1{37}.[15:0] = A[5][2].B0 A[5][2].B1 A[5][2].B2 A[5][2].B3"));
  CHECK_THAT(b2.out, Catch::Contains("v1{37}.[31:16] = A[5][3].B0 A[5][3].B1 A[5][3].B2 A[5][3].B3"));

  // Under the same broadcast, lanes outside the source block feed nothing.
  const Run unused = run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f16", "--operand", "A",
                                 "--reg", "0", "--lane", "3", "--cbsz", "2", "--abid", "2"});
  CHECK_THAT(unused.out, Catch::Contains("v0{3}.[15:0] = (not used)"));

  // seed 001 4x4 FP64: lane = 16i + 4b + j; pair v[1:0].
  const Run f64 = run_mxlane(
      {"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f64_4x4x4f64", "--operand", "D", "--element", "2,3,1"});
  CHECK_THAT(f64.out, Catch::Contains("D[3][1].B2 = v[1:0]{57}"));
  const SortedJson f64_general = lanemap_json({"--arch", "gfx90a", "--inst", "v_mfma_f64_4x4x4f64", "--operand", "D",
                                               "--element", "2,3,1", "--option", "f64_4x4x4_cd_order=isa-general"});
  CHECK(f64_general["entries"][0]["lane"] == 1 + 4 * 3 + 16 * 2);  // j + 4i + 16b (docs/spec/layouts.md §11.2)
  CHECK(f64_general["options"]["f64_4x4x4_cd_order"] == "isa-general");

  // RDNA3 replicas and OPSEL: D of the f16-output WMMA in the high half with opsel 4 (docs/spec/layouts.md §8.3).
  const Run opsel = run_mxlane({"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "D",
                                "--opsel", "4", "--element", "0,3,5"});
  CHECK_THAT(opsel.out, Catch::Contains("D[3][5] = v1{21}.[31:16]"));
  const Run replica = run_mxlane(
      {"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "B", "--element", "5,3"});
  CHECK_THAT(replica.out, Catch::Contains("B[5][3] = v2{3,19}.[31:16]"));
  // NEG[0] marks the even-k A values negated (docs/spec/layouts.md §8.4).
  const Run neg = run_mxlane({"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "A",
                              "--neg", "1", "--element", "0,2"});
  CHECK_THAT(neg.out, Catch::Contains("-A[0][2] = v1{0,16}.[15:0]"));
}

TEST_CASE("lanemap grid, markdown and csv dumps", "[cli][lanemap]") {
  const Run grid =
      run_mxlane({"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x2bf16", "--operand", "B", "--blgp", "2"});
  REQUIRE(grid.code == 0);
  // The calculator README's example: with BLGP 2, block 0 reads lanes 32-47.
  CHECK_THAT(grid.out, Catch::Contains("Block 0\n+-----------+"));
  CHECK_THAT(grid.out, Catch::Contains("|         0 | v0{32}.[15:0]  | v0{33}.[15:0]  |"));
  CHECK_THAT(grid.out, Catch::Contains("Block 3"));

  const Run md = run_mxlane({"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "C",
                             "--neg", "4", "--neg-hi", "4", "--format", "markdown"});
  REQUIRE(md.code == 0);
  CHECK_THAT(md.out, Catch::Contains("| C[M][N] | 0 | 1 |"));
  CHECK_THAT(md.out, Catch::Contains("-\\|v0{0}.[15:0]\\|"));  // -|C| with the pipes escaped

  const Run csv = run_mxlane(
      {"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_i32_16x16x16i8", "--operand", "A", "--format", "csv"});
  REQUIRE(csv.code == 0);
  std::istringstream lines(csv.out);
  std::string header, line;
  std::getline(lines, header);
  CHECK(header == "block,row,col,lane,vgpr,bit_lo,bit_hi,replica,neg,abs");
  int count = 0;
  while (std::getline(lines, line)) ++count;
  CHECK(count == 16 * 16);
  // A[0][5] of v_mfma_i32_16x16x16i8: lane 16*floor(5/4) + 0 = 16, byte 1 (docs/spec/layouts.md §5.2).
  CHECK_THAT(csv.out, Catch::Contains("\n0,0,5,16,0,8,15,0,0,0\n"));
}

TEST_CASE("Help explains every subcommand with examples", "[cli][help]") {
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"--help"}, {"list", "--help"}, {"lanemap", "--help"}}) {
    const Run r = run_mxlane(args);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("Examples"));
    CHECK(r.err.empty());
  }
  const Run lanemap = run_mxlane({"lanemap", "--help"});
  for (const char* option : {"--arch", "--inst", "--operand", "--cbsz", "--abid", "--blgp", "--opsel", "--neg",
                             "--neg-hi", "--wave", "--format", "--element", "--reg", "--lane", "--option"})
    CHECK_THAT(lanemap.out, Catch::Contains(option));
  CHECK(run_mxlane({"--version"}).out.find("mxlane") != std::string::npos);
}

TEST_CASE("mxlane --help names every architecture and matrix family the table holds", "[cli][help]") {
  // Read from `mxlane list --format json` (the table), not from the help text's own source.
  const SortedJson listed = SortedJson::parse(run_mxlane({"list", "--format", "json"}).out);
  std::set<std::string> archs;
  for (const SortedJson& row : listed["instructions"]) archs.insert(row["arch"].get<std::string>());
  const std::string help = run_mxlane({"--help"}).out;
  CHECK(archs.size() >= 7);
  for (const std::string& arch : archs) CHECK_THAT(help, Catch::Contains(arch));
  for (const char* family : {"MFMA on gfx908", "SMFMAC on gfx942", "WMMA on gfx1100", "SWMMAC on gfx1200"})
    CHECK_THAT(help, Catch::Contains(family));
}

TEST_CASE("Every subcommand registers its options with the CLI11 at hand", "[cli][help]") {
  // CLI11 2.4 (Debian 13) throws at registration where 2.3 (Debian 12) did not (lanemap's -a beside
  // --a): each subcommand's help must come back, on whichever CLI11 the build found.
  for (const char* sub : {"list", "lanemap", "eval", "replay", "device", "check", "site"}) {
    const Run r = run_mxlane({sub, "--help"});
    INFO(sub << ": " << r.err);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains(sub));
  }
}

TEST_CASE("lanemap -a ARCH is --arch ARCH, in every spelling, and --a keeps A's values", "[cli]") {
  const std::vector<std::string> rest = {"--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D", "--element", "3,5"};
  auto lanemap = [&](std::vector<std::string> arch) {
    std::vector<std::string> args = {"lanemap"};
    args.insert(args.end(), arch.begin(), arch.end());
    args.insert(args.end(), rest.begin(), rest.end());
    return run_mxlane(args);
  };
  const Run reference = lanemap({"--arch", "gfx1100"});
  REQUIRE(reference.code == 0);
  CHECK_THAT(reference.out, Catch::Contains("D[3][5] = v1{21}"));
  for (const auto& spelling :
       std::vector<std::vector<std::string>>{{"-a", "gfx1100"}, {"-agfx1100"}, {"-a=gfx1100"}, {"--arch=gfx1100"}}) {
    const Run r = lanemap(spelling);
    INFO(spelling[0] << ": " << r.err);
    CHECK(r.code == 0);
    CHECK(r.out == reference.out);
  }
  // A different architecture through -a really is used (not a default that happens to match).
  const Run gfx90a =
      run_mxlane({"lanemap", "-a", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "D", "--element", "1,2,3"});
  CHECK(gfx90a.code == 0);
  CHECK_THAT(gfx90a.out, Catch::Contains("Architecture: gfx90a"));
  // --a is still A's values for --trace, next to -a.
  const Run trace = run_mxlane({"lanemap", "-a", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--trace", "3,5",
                                "--a", "1,2", "--b", "3,4", "--format", "summary"});
  CHECK(trace.code == 0);
  CHECK_THAT(trace.out, Catch::Contains("11"));  // 1*3 + 2*4
  // -a on the other subcommands that take an architecture.
  CHECK(run_mxlane({"list", "-a", "gfx1100"}).code == 0);
  CHECK(run_mxlane({"check", "-a", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D", "--row",
                    "G*2+L/16", "--col", "L%16"})
            .code == 0);
}

TEST_CASE("Bad input: exit code 2 and one line naming the culprit", "[cli][errors]") {
  struct Case {
    std::vector<std::string> args;
    std::string must_mention;
  };
  const std::vector<std::string> ok = {"lanemap",   "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x1f32",
                                       "--operand", "A"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = ok;
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  const std::vector<Case> cases = {
      {{}, "subcommand"},
      {{"frobnicate"}, "frobnicate"},
      {{"list", "--arch", "gfx9999"}, "gfx9999"},
      {{"list", "--format", "yaml"}, "--format"},
      {{"lanemap", "--arch", "gfx90a", "--operand", "A"}, "--inst"},
      {{"lanemap", "--arch", "nope", "--inst", "v_mfma_f32_16x16x1f32", "--operand", "A"}, "--arch"},
      {{"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x1f33", "--operand", "A"}, "--inst"},
      {{"lanemap", "--arch", "gfx90a", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "A"}, "gfx1100"},
      {{"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x1f32", "--operand", "E"}, "--operand"},
      {with({"--wave", "32"}), "wave64"},
      {with({"--wave", "48"}), "--wave"},
      {with({"--cbsz", "3"}), "cbsz"},
      {with({"--cbsz", "1", "--abid", "2"}), "abid"},
      {with({"--abid", "1"}), "abid"},
      {with({"--blgp", "8"}), "blgp"},
      {with({"--blgp", "-1"}), "blgp"},
      {with({"--opsel", "4"}), "opsel"},
      {with({"--neg", "1"}), "neg"},
      {with({"--cbsz", "x"}), "--cbsz"},
      {with({"--element", "0,16,0"}), "row 16"},
      {with({"--element", "4,0,0"}), "block 4"},
      {with({"--element", "1,2,3,4"}), "--element"},
      {with({"--element", "a,b"}), "--element"},
      {with({"--element", "1,"}), "--element"},
      {with({"--reg", "1", "--lane", "0"}), "vgpr 1"},
      {with({"--reg", "0", "--lane", "64"}), "--lane: '64' is not an integer in 0..63"},
      {with({"--reg", "0"}), "--lane"},
      {with({"--element", "0,0,0", "--reg", "0", "--lane", "0"}), "--element"},
      {with({"--option", "cbsz_model"}), "NAME=VALUE"},
      {with({"--option", "cbsz_model=adjacent"}), "adjacent"},
      {with({"--option", "nan_mode=x"}), "nan_mode"},
      {with({"--format", "pdf"}), "--format"},
      {{"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_i32_16x16x16_iu8", "--operand", "A", "--neg-hi", "1"},
       "neg_hi"},
      {{"lanemap", "--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "D", "--opsel", "1"},
       "opsel"},
      {{"lanemap", "--arch", "gfx1100", "--inst", "wmma_f32_16x16x16_f16_w64", "--operand", "D", "--wave", "32"},
       "wave"},
      {{"lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f64_16x16x4f64", "--operand", "B", "--blgp", "1"}, "blgp"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = c.args;
    const Run r = run_mxlane(args);
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    INFO("mxlane " << joined << "\nstderr: " << r.err);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_THAT(r.err, Catch::Contains(c.must_mention));
  }
}
