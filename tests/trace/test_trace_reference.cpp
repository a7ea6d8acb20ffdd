// "Why is my result off": the trace's exact dot product, once-rounded reference and ulp distance,
// the DOT2 grid's truncation and one's-complement flags, and --a/--b given partially or as k=value.
// Every expected number is worked out by hand in the comments (docs/spec/numerics.md §B.2, §B.4).
#include "support/catch_compat.hpp"

#include <nlohmann/json.hpp>

#include "support/cli_run.hpp"

using Json = nlohmann::json;
using mxlane_test::Run;
using mxlane_test::run_mxlane;

namespace {

Run trace(const std::string& arch, const std::string& inst, std::vector<std::string> extra) {
  std::vector<std::string> args{"lanemap", "--arch", arch, "--inst", inst};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_mxlane(args);
}

std::string step_lines_with(const std::string& text, const std::string& needle) {
  std::string found;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    if (line.find(needle) != std::string::npos) found += line + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return found;
}

}  // namespace

TEST_CASE("trace: the pairwise tree's lost 1 against the exact sum 1.5 and its reference", "[trace][reference]") {
  // README's example: products 2^24, 1, -2^24, 0 and C = 0.5. The tree gives (2^24 + 1) -> 2^24, so
  // D = 0.5 (0x3f000000); the exact sum is 1.5 = 0x3fc00000 in binary32, 0xc00000 = 12582912 ulps away.
  const Run r = trace("gfx90a", "v_mfma_f32_4x4x4f16",
                      {"--trace", "0,1,2", "--a", "4096,1,4096,0", "--b", "4096,1,-4096,0", "--c", "0.5"});
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("Exact: C + sum of A*B = 1.5 "));
  CHECK_THAT(r.out, Catch::Contains("Reference: 0x3fc00000 (1.5), the exact sum rounded once to f32 (RNE)"));
  CHECK_THAT(r.out, Catch::Contains("Distance: D = 0x3f000000 (0.5) is 12582912 ulp from the reference"));

  const Run j =
      trace("gfx90a", "v_mfma_f32_4x4x4f16",
            {"--trace", "0,1,2", "--a", "4096,1,4096,0", "--b", "4096,1,-4096,0", "--c", "0.5", "--format", "json"});
  REQUIRE(j.code == 0);
  const Json doc = Json::parse(j.out);
  CHECK(doc["reference"]["exact"] == "1.5");
  CHECK(doc["reference"]["reference"]["bits"] == "0x3fc00000");
  CHECK(doc["reference"]["ulps"] == 12582912);
}

TEST_CASE("trace: a DOT2 step's one's complement and truncation are flagged, not called exact", "[trace][reference]") {
  // v_wmma_f32_16x16x16_f16, C = +0, k=0: 1*1, k=1: (-2^-10)*(2^-10) = -2^-20. §B.4: G = max(lead - 26,
  // exponent sums - 24) = max(-26, -24) = -24; 2^-20 is 16 units, but opposite to C's sign it counts
  // -16-1: S = 2^24 - 17, value 1 - 17*2^-24 = 0x3f7fffef, exactly representable. The exact sum
  // 1 - 2^-20 is 0x3f7ffff0: one ulp away.
  const Run r = trace("gfx1100", "v_wmma_f32_16x16x16_f16",
                      {"--trace", "0,0", "--a", "1,-0.0009765625", "--b", "1,0.0009765625"});
  REQUIRE(r.code == 0);
  const std::string dot2 = step_lines_with(r.out, "acc = 0x00000000 (0) + 0x3c00 (1) * 0x3c00 (1)");
  INFO(r.out);
  CHECK_THAT(dot2, Catch::Contains("one's complement: A*B k=1 counted one grid unit low (-m-1)"));
  CHECK_THAT(dot2, Catch::Contains("grid value kept, not the exact sum"));
  CHECK_THAT(dot2, !Catch::Contains("[exact"));
  CHECK_THAT(r.out, Catch::Contains("Reference: 0x3f7ffff0 "));
  CHECK_THAT(r.out,
             Catch::Contains("Distance: D = 0x3f7fffef (0.999998986721038818359375) is 1 ulp from the reference"));

  // C = 1, k=0: 2^-14 * 2^-14 = 2^-28. G = max(0 - 26, -14 - 14 - 24) = -26: 2^-28 is a quarter unit,
  // truncated to 0. The result 1 equals the once-rounded exact sum 1 + 2^-28 (0 ulp), but the step
  // did not compute the exact sum.
  const Run t =
      trace("gfx1100", "v_wmma_f32_16x16x16_f16", {"--trace", "0,0", "--a", "0x0400", "--b", "0x0400", "--c", "1"});
  REQUIRE(t.code == 0);
  const std::string step = step_lines_with(t.out, "acc = 0x3f800000 (1) + 0x0400");
  INFO(t.out);
  CHECK_THAT(step, Catch::Contains("truncated off the grid 2^-26: A*B k=0"));
  CHECK_THAT(step, Catch::Contains("grid value kept, not the exact sum"));
  CHECK_THAT(t.out, Catch::Contains("Exact: C + sum of A*B = ~1.0000000037252903 "));  // 1 + 2^-28, 17 digits
  CHECK_THAT(t.out, Catch::Contains("is 0 ulp from the reference"));
  // JSON carries the masks: bit 1 is the first product.
  const Json doc =
      Json::parse(trace("gfx1100", "v_wmma_f32_16x16x16_f16",
                        {"--trace", "0,0", "--a", "0x0400", "--b", "0x0400", "--c", "1", "--format", "json"})
                      .out);
  CHECK(doc["steps"][1]["ops"][0]["grid"]["truncated"] == 2);
  CHECK(doc["steps"][1]["ops"][0]["grid"]["complemented"] == 0);
}

TEST_CASE("trace: integer results against the exact sum; an exact sum beyond 32 bits is said so",
          "[trace][reference]") {
  // 127*127 * 4 + 5 = 64521, exact.
  const Run ok = trace("gfx90a", "v_mfma_i32_4x4x4i8",
                       {"--trace", "0,0,0", "--a", "127,127,127,127", "--b", "127,127,127,127", "--c", "5"});
  REQUIRE(ok.code == 0);
  CHECK_THAT(ok.out, Catch::Contains("Reference: 0x0000fc09 (64521) (the exact integer sum)"));
  CHECK_THAT(ok.out, Catch::Contains("is 0 from the exact sum"));
  // C = 2^31 - 1 plus 64516 leaves the int32 range.
  const Run over = trace("gfx90a", "v_mfma_i32_4x4x4i8",
                         {"--trace", "0,0,0", "--a", "127,127,127,127", "--b", "127,127,127,127", "--c", "2147483647"});
  REQUIRE(over.code == 0);
  CHECK_THAT(over.out, Catch::Contains("Exact: C + sum of A*B = 2147548163 "));
  CHECK_THAT(over.out, Catch::Contains("Reference: the exact sum does not fit in 32 bits"));
}

TEST_CASE("trace: --a/--b with fewer than K values or k=value pairs; the others are +0", "[trace][reference]") {
  // A[1][3] = 2, B[3][2] = 0.5, C = 1: D = 2.
  const Run pairs =
      trace("gfx90a", "v_mfma_f32_4x4x4f16", {"--trace", "0,1,2", "--a", "3=2", "--b", "3=0.5", "--c", "1"});
  const Run full =
      trace("gfx90a", "v_mfma_f32_4x4x4f16", {"--trace", "0,1,2", "--a", "0,0,0,2", "--b", "0,0,0,0.5", "--c", "1"});
  REQUIRE(pairs.code == 0);
  CHECK(pairs.out == full.out);
  CHECK_THAT(pairs.out, Catch::Contains("Result: D[1][2].B0 = v1{2} (lane 2, vgpr 1, bits [31:0]) = 0x40000000 (2)"));
  CHECK_THAT(pairs.out, Catch::Contains("A[1][3].B0 = v1{1}.[31:16] (lane 1, vgpr 1, bits [31:16]) = 0x4000 (2)"));
  // Two values of K = 4: k = 2, 3 are +0. D = 1*3 + 2*4 = 11.
  const Run partial = trace("gfx90a", "v_mfma_f32_4x4x4f16", {"--trace", "0,1,2", "--a", "1,2", "--b", "3,4"});
  REQUIRE(partial.code == 0);
  CHECK_THAT(partial.out, Catch::Contains("= 0x41300000 (11)\n"));
  CHECK_THAT(partial.out, Catch::Contains("A[1][2].B0 = v1{1}.[15:0] (lane 1, vgpr 1, bits [15:0]) = 0x0000 (0)"));

  const std::vector<std::pair<std::string, std::string>> bad{
      {"1,2,3,4,5", "--a: 5 values given"},   {"4=1", "--a: '4=1': k 4 is out of range"},
      {"x=1", "--a: 'x=1' is not k=value"},   {"1=", "--a: '1=' has no value"},
      {"1=2,1=3", "--a: k=1 is given twice"}, {"1,2=3", "--a: '1' is not k=value"},
      {"1,,2", "--a: value 2 is empty"},      {"0=1.0000001", "--a k=0"}};
  for (const auto& [value, message] : bad) {
    const Run r = trace("gfx90a", "v_mfma_f32_4x4x4f16", {"--trace", "0,1,2", "--a", value});
    INFO(value << ": " << r.err);
    CHECK(r.code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_THAT(r.err, Catch::Contains(message));
  }
}
