// eval/replay mismatch reports: each differing D word named as its D element (block, i, j), decoded
// on both sides, with the ulp distance. Expected elements come from docs/spec/layouts.md's formulas
// (§5.3: CDNA2 4x4 D row i in VGPR i, lane j + 4b; §6: RDNA3 D row 2G + L/16, col L % 16).
#include "support/catch_compat.hpp"

#include <nlohmann/json.hpp>

#include "tests/support/eval_json.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/hex.hpp"

using Json = nlohmann::ordered_json;
using mxlane_test::Run;

namespace {

using mxlane_test::vgprs;

// All-zero inputs, so D is all +0; `expect` differs where the test writes into it.
Json zero_line(const std::string& arch, const std::string& inst, int a, int b, int cd, int wave) {
  return Json{{"id", "z"},
              {"arch", arch},
              {"inst", inst},
              {"src", {{"A", vgprs(a, wave, 0)}, {"B", vgprs(b, wave, 0)}, {"C", vgprs(cd, wave, 0)}}},
              {"expect", vgprs(cd, wave, 0)}};
}

}  // namespace

TEST_CASE("eval and replay name the D element, both values and the ulp distance of a differing word",
          "[cli][eval][mismatch]") {
  // v_mfma_f32_4x4x4f16: VGPR 1, lane 6 is D row 1, column 6 % 4 = 2, block 6 / 4 = 1.
  Json line = zero_line("gfx90a", "v_mfma_f32_4x4x4f16", 2, 2, 4, 64);
  line["expect"][1][6] = "0x3f800000";  // 1.0 where the emulator gives +0: 0x3f800000 ulps apart
  const Run eval = mxlane_test::run_mxlane_on_input({"eval"}, line.dump() + "\n");
  CHECK(eval.code == 1);
  const Json out = Json::parse(eval.out);
  REQUIRE(out["diff"].size() == 1);
  const Json& element = out["diff"][0]["elements"][0];
  CHECK(element["block"] == 1);
  CHECK(element["i"] == 1);
  CHECK(element["j"] == 2);
  CHECK(element["expect"] == "0x3f800000 (1)");
  CHECK(element["got"] == "0x00000000 (0)");
  CHECK(element["ulps"] == 1065353216);

  const Run replay = mxlane_test::run_mxlane_on_input({"replay"}, line.dump() + "\n");
  CHECK(replay.code == 1);
  CHECK_THAT(replay.out, Catch::Contains("1 of 256 D words differ: v1{6} D[1][2].B1: expected 0x3f800000 (1), "
                                         "got 0x00000000 (0), 1065353216 ulp"));
}

TEST_CASE("mismatch reports: 16-bit RDNA3 D halves, NaN and integer D", "[cli][eval][mismatch]") {
  // v_wmma_f16_16x16x16_f16 wave32, opsel 0: VGPR 3 lane 20 bits [15:0] is D[7][4]. A difference in
  // the unwritten high half is no element's.
  Json line = zero_line("gfx1100", "v_wmma_f16_16x16x16_f16", 8, 8, 8, 32);
  line["dst"] = vgprs(8, 32, 0);
  line["expect"][3][20] = "0x00003c01";  // f16 1.0009765625 in the low half
  line["expect"][0][0] = "0x7e000000";   // only the high half differs
  line["expect"][5][1] = "0x00007e00";   // a NaN: no ulp distance
  const Run replay = mxlane_test::run_mxlane_on_input({"replay", "--all-diffs"}, line.dump() + "\n");
  CHECK(replay.code == 1);
  CHECK_THAT(replay.out,
             Catch::Contains("v3{20} D[7][4].[15:0]: expected 0x3c01 (1.0009765625), got 0x0000 (0), 15361 ulp"));
  CHECK_THAT(replay.out, Catch::Contains("v0{0} (bits of no D element): expected 0x7e000000, got 0x00000000"));
  CHECK_THAT(replay.out,
             Catch::Contains("v5{1} D[10][1].[15:0]: expected 0x7e00 (NaN), got 0x0000 (0), no ulp distance (NaN)"));

  // v_mfma_i32_4x4x4i8: integers differ in units; VGPR 0 lane 0 is D[0][0].B0.
  Json ints = zero_line("gfx90a", "v_mfma_i32_4x4x4i8", 1, 1, 4, 64);
  ints["expect"][0][0] = "0xfffffffd";  // -3
  const Run r = mxlane_test::run_mxlane_on_input({"replay"}, ints.dump() + "\n");
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("v0{0} D[0][0].B0: expected 0xfffffffd (-3), got 0x00000000 (0), 3 ulp"));
}
