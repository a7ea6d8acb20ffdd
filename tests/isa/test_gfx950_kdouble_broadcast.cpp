// gfx950's K-doubled f16/bf16/i8 MFMA take CBSZ/ABID/BLGP with gfx9's meaning by default [INF], without effect
// under gfx950_kdouble_broadcast=ignore, and refuse them under =refuse (docs/cdna4.md §2.4). The expected lanes are written from the ISA's BLGP
// table (docs/spec/layouts.md §8.2) and the K-doubled B layout (docs/cdna4.md §2.1: B[k][j] in lane j + 16*(k/8),
// VGPR (k%8)/2, half k%2), not from the table under test.
#include "support/catch_compat.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_run.hpp"

namespace kdouble_broadcast {

std::string b_element(const char* inst, const char* element, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"lanemap", "--arch", "gfx950", "--inst", inst, "--operand", "B", "--element", element};
  args.insert(args.end(), extra.begin(), extra.end());
  const mxlane_test::Run r = mxlane_test::run_mxlane(args);
  INFO(r.err);
  REQUIRE(r.code == 0);
  return r.out;
}

}  // namespace kdouble_broadcast

TEST_CASE("gfx950 K-doubled MFMA: BLGP moves B's lane groups as on gfx9", "[isa][gfx950][kdouble]") {
  using kdouble_broadcast::b_element;
  for (const char* inst : {"v_mfma_f32_16x16x32_f16", "v_mfma_f32_16x16x32_bf16"}) {
    CAPTURE(inst);
    // B[8][3]: lane 3 + 16 = 19, VGPR 0, low half.
    CHECK_THAT(b_element(inst, "8,3"), Catch::Contains("B[8][3] = v0{19}.[15:0]"));
    // BLGP 3 (rotate: lane L reads lane (L + 16) mod 64): lane 19 reads lane 35; lane 48 (B[24][0]) reads lane 0.
    CHECK_THAT(b_element(inst, "8,3", {"--blgp", "3"}), Catch::Contains("B[8][3] = v0{35}.[15:0]"));
    CHECK_THAT(b_element(inst, "24,0", {"--blgp", "3"}), Catch::Contains("B[24][0] = v0{0}.[15:0]"));
    // BLGP 1 (lanes 32-63 read lanes 0-31): B[16][3] sits in lane 35, read from lane 3.
    CHECK_THAT(b_element(inst, "16,3", {"--blgp", "1"}), Catch::Contains("B[16][3] = v0{3}.[15:0]"));
    // BLGP 2 (lanes 0-31 read lanes 32-63): lane 19 reads lane 51.
    CHECK_THAT(b_element(inst, "8,3", {"--blgp", "2"}), Catch::Contains("B[8][3] = v0{51}.[15:0]"));
    // BLGP 4 (every lane reads lanes 0-15): B[13][5] is lane 21, VGPR 2, high half: read from lane 5.
    CHECK_THAT(b_element(inst, "13,5", {"--blgp", "4"}), Catch::Contains("B[13][5] = v2{5}.[31:16]"));
    // BLGP 7 (lanes 48-63): lane 19 reads lane 51.
    CHECK_THAT(b_element(inst, "8,3", {"--blgp", "7"}), Catch::Contains("B[8][3] = v0{51}.[15:0]"));
  }
}

TEST_CASE("gfx950 K-doubled MFMA: the legal modifiers and their messages", "[isa][gfx950][kdouble]") {
  for (const char* inst : {"v_mfma_f32_16x16x32_f16", "v_mfma_f32_32x32x16_f16", "v_mfma_f32_16x16x32_bf16",
                           "v_mfma_f32_32x32x16_bf16", "v_mfma_i32_16x16x64_i8", "v_mfma_i32_32x32x32_i8"}) {
    CAPTURE(inst);
    const mxlane_test::Run list = mxlane_test::run_mxlane({"list", "--arch", "gfx950", "--inst", inst});
    REQUIRE(list.code == 0);
    CHECK_THAT(list.out, Catch::Contains("blgp"));
    CHECK_THAT(list.out, Catch::Contains("cbsz"));
    // CBSZ up to 4 with ABID below 2^cbsz, as llvm-mc-22 encodes them; beyond, an error naming the rule.
    const mxlane_test::Run abid = mxlane_test::run_mxlane(
        {"lanemap", "--arch", "gfx950", "--inst", inst, "--operand", "A", "--cbsz", "1", "--abid", "2"});
    CHECK(abid.code == 2);
    CHECK_THAT(abid.err, Catch::Contains("abid=2 is not allowed with cbsz=1"));
    const mxlane_test::Run cbsz5 =
        mxlane_test::run_mxlane({"lanemap", "--arch", "gfx950", "--inst", inst, "--operand", "A", "--cbsz", "5"});
    CHECK(cbsz5.code == 2);
    const mxlane_test::Run blgp8 =
        mxlane_test::run_mxlane({"lanemap", "--arch", "gfx950", "--inst", inst, "--operand", "B", "--blgp", "8"});
    CHECK(blgp8.code == 2);
    CHECK_THAT(blgp8.err, Catch::Contains("--blgp: '8' is not an integer in 0..7"));
  }
}

TEST_CASE("gfx950 K-doubled MFMA: CBSZ/ABID broadcast A's lanes as the ISA text says, or nothing under ignore",
          "[isa][gfx950][kdouble]") {
  // The K-doubled A layout (docs/cdna4.md §2.1): A[i][k] of 16x16x32 in lane i + 16*(k/8), VGPR (k%8)/2, half
  // k%2. The ISA text: lane l reads lane l mod S + S*abid, S = 64 >> cbsz. A[2][3] sits in lane 2; with cbsz 1
  // abid 1 (S = 32) lane 2 reads lane 34, with cbsz 2 abid 3 (S = 16) lane 50.
  const std::vector<std::string> a = {"lanemap",   "--arch", "gfx950",    "--inst", "v_mfma_f32_16x16x32_f16",
                                      "--operand", "A",      "--element", "2,3"};
  CHECK_THAT(mxlane_test::run_mxlane(a).out, Catch::Contains("A[2][3] = v1{2}.[31:16]"));
  CHECK_THAT(mxlane_test::run_mxlane(a, {"--cbsz", "1", "--abid", "1"}).out,
             Catch::Contains("A[2][3] = v1{34}.[31:16]"));
  CHECK_THAT(mxlane_test::run_mxlane(a, {"--cbsz", "2", "--abid", "3"}).out,
             Catch::Contains("A[2][3] = v1{50}.[31:16]"));
  // A[2][20] (lane 2 + 16*2 = 34, VGPR 2, low half) with abid 0 reads lane 2.
  CHECK_THAT(mxlane_test::run_mxlane({"lanemap", "--arch", "gfx950", "--inst", "v_mfma_f32_16x16x32_f16", "--operand",
                                      "A", "--element", "2,20", "--cbsz", "1", "--abid", "0"})
                 .out,
             Catch::Contains("A[2][20] = v2{2}.[15:0]"));
  // ignore: the element stays where it is; BLGP too.
  const mxlane_test::Run ignored =
      mxlane_test::run_mxlane(a, {"--cbsz", "1", "--abid", "1", "--option", "gfx950_kdouble_broadcast=ignore"});
  CHECK_THAT(ignored.out, Catch::Contains("A[2][3] = v1{2}.[31:16]"));
  CHECK_THAT(ignored.out,
             Catch::Contains("gfx950_kdouble_broadcast=ignore: CBSZ/ABID/BLGP are encoded but move no lanes"));
  CHECK_THAT(kdouble_broadcast::b_element("v_mfma_f32_16x16x32_f16", "8,3",
                                          {"--blgp", "3", "--option", "gfx950_kdouble_broadcast=ignore"}),
             Catch::Contains("B[8][3] = v0{19}.[15:0]"));
  // eval: A = 1 in lanes 0-31 and 2 in lanes 32-63 (every f16 of the register), B = 1, C = 0. Each D element
  // sums its row's 32 products: 16 from lanes 0-31 and 16 from lanes 32-63, so 16*1 + 16*2 = 48 normally (and
  // under ignore); with cbsz 1 abid 1 every lane reads lanes 32-63: 32*2 = 64.
  nlohmann::json a_regs = nlohmann::json::array(), ones = nlohmann::json::array(), zeros = nlohmann::json::array();
  for (int r = 0; r < 4; ++r) {
    std::vector<std::string> lanes(64, "0x3c003c00");
    for (int l = 32; l < 64; ++l) lanes[static_cast<std::size_t>(l)] = "0x40004000";
    a_regs.push_back(lanes);
    ones.push_back(std::vector<std::string>(64, "0x3c003c00"));
    zeros.push_back(std::vector<std::string>(64, "0x00000000"));
  }
  auto d00 = [&](const nlohmann::json& mods, const nlohmann::json& options) {
    nlohmann::json line{{"arch", "gfx950"},
                        {"inst", "v_mfma_f32_16x16x32_f16"},
                        {"mods", mods},
                        {"options", options},
                        {"src", {{"A", a_regs}, {"B", ones}, {"C", zeros}}}};
    const mxlane_test::Run r = mxlane_test::run_mxlane_on_input({"eval"}, line.dump() + "\n");
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out)["D"][0][0].get<std::string>();
  };
  CHECK(d00(nlohmann::json::object(), nlohmann::json::object()) == "0x42400000");    // 48
  CHECK(d00({{"cbsz", 1}, {"abid", 1}}, nlohmann::json::object()) == "0x42800000");  // 64
  CHECK(d00({{"cbsz", 1}, {"abid", 1}}, {{"gfx950_kdouble_broadcast", "ignore"}}) == "0x42400000");
  CHECK(d00({{"cbsz", 1}, {"abid", 0}}, nlohmann::json::object()) == "0x42000000");  // lanes 0-31: 32*1
}

TEST_CASE("gfx950 K-doubled MFMA: gfx950_kdouble_broadcast=refuse refuses the fields, naming the switch",
          "[isa][gfx950][kdouble]") {
  const mxlane_test::Run lanemap =
      mxlane_test::run_mxlane({"lanemap", "--arch", "gfx950", "--inst", "v_mfma_i32_32x32x32_i8", "--operand", "B",
                               "--blgp", "3", "--option", "gfx950_kdouble_broadcast=refuse"});
  CHECK(lanemap.code == 2);
  CHECK_THAT(lanemap.err, Catch::Contains("blgp=3 is not allowed on v_mfma_i32_32x32x32_i8 under "
                                          "gfx950_kdouble_broadcast=refuse"));
  // BLGP 0 stays legal under refuse, and the default applies it.
  CHECK(mxlane_test::run_mxlane({"lanemap", "--arch", "gfx950", "--inst", "v_mfma_i32_32x32x32_i8", "--operand", "B",
                                 "--option", "gfx950_kdouble_broadcast=refuse"})
            .code == 0);
  // eval: one line under refuse errors naming the switch (A, B, C: four VGPRs of 64 lanes each).
  nlohmann::json regs = nlohmann::json::array();
  for (int r = 0; r < 4; ++r) regs.push_back(std::vector<std::string>(64, "0x3c003c00"));
  const nlohmann::json line{{"arch", "gfx950"},
                            {"inst", "v_mfma_f32_16x16x32_f16"},
                            {"mods", {{"blgp", 1}}},
                            {"options", {{"gfx950_kdouble_broadcast", "refuse"}}},
                            {"src", {{"A", regs}, {"B", regs}, {"C", regs}}}};
  const mxlane_test::Run eval = mxlane_test::run_mxlane_on_input({"eval"}, line.dump() + "\n");
  CHECK(eval.code != 0);
  CHECK_THAT(eval.out + eval.err, Catch::Contains("gfx950_kdouble_broadcast=refuse"));
  nlohmann::json applied = line;
  applied.erase("options");
  CHECK(mxlane_test::run_mxlane_on_input({"eval"}, applied.dump() + "\n").code == 0);
  // The switch belongs to gfx950: another architecture refuses it.
  const mxlane_test::Run other =
      mxlane_test::run_mxlane({"lanemap", "--arch", "gfx942", "--inst", "v_mfma_f32_16x16x16_f16", "--operand", "B",
                               "--option", "gfx950_kdouble_broadcast=refuse"});
  CHECK(other.code == 2);
  CHECK_THAT(other.err, Catch::Contains("gfx950_kdouble_broadcast"));
}
