// `mxlane check` pair mode, C operators with threadIdx/--block-dim/--var sweeps, and --block-stride:
// real kernels' index arithmetic (llama.cpp's CDNA int8 MMA, AMD's 32x32x1f32 B), with every
// expected report line derived by hand from the layouts of docs/spec/layouts.md §5.
#include "support/catch_compat.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "layouts/formula/formula_check.hpp"
#include "support/cli_run.hpp"

namespace {

using mxlane_test::Run;
using mxlane_test::run_mxlane;

// llama.cpp's CDNA int8 MMA (ggml-cuda mma.cuh, CDNA2 path): a tile<16, 8, int> holds, in lane L,
// the two ints at row L%16, int columns 2*(L/16) and 2*(L/16)+1 of a row of `stride` ints: one
// 64-bit load from int index (L%16)*stride + 2*(L/16). The kernel then runs two chained
// v_mfma_i32_16x16x16i8, step s taking int x[s] (one VGPR = 4 i8). At i8 granularity (the
// element of the instruction's A/B: G = 0..3 is the byte in the VGPR), with stride = 8 ints =
// 32 bytes (K = 32), lane L's A element G at step s is byte 4*((L%16)*8 + 2*(L/16) + s) + G.
// B is loaded the same way from B stored transposed (N x K, i.e. column-major K x N).
const std::string kLlamaLoad = "4*((threadIdx.x%16)*8 + 2*(threadIdx.x/16) + s) + G";

Run check_int8_pair(const std::string& load_a, const std::string& load_b, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"check",     "--arch",    "gfx90a",   "--inst",   "v_mfma_i32_16x16x16i8",
                                   "--pair",    "--steps",   "2",        "--ld-a",   "32",
                                   "--order-a", "row",       "--load-a", load_a,     "--ld-b",
                                   "32",        "--order-b", "col",      "--load-b", load_b};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_mxlane(args);
}

const std::string kPairHeader =
    "Checking A x B of v_mfma_i32_16x16x16i8 (gfx90a, wave64) over 2 chained steps against --load-a '{A}' "
    "(--order-a row --ld-a 32) --load-b '{B}' (--order-b col --ld-b 32), for D[i][j], i = 0..15, j = 0..15, k = 0..31\n";

std::string pair_header(const std::string& a, const std::string& b) {
  std::string h = kPairHeader;
  h.replace(h.find("{A}"), 3, a);
  h.replace(h.find("{B}"), 3, b);
  return h;
}

}  // namespace

TEST_CASE("mxlane check --pair: llama.cpp's CDNA int8 MMA permutes K the same way in A and B: exact, exit 0",
          "[check][cli][pair]") {
  const Run r = check_int8_pair(kLlamaLoad, kLlamaLoad);
  CHECK(r.err.empty());
  CHECK(r.code == 0);
  CHECK(r.out == pair_header(kLlamaLoad, kLlamaLoad) +
                     "OK: all 256 elements of D get A[i][k]*B[k][j] for k = 0..31 once each\n");

  // The same A load judged alone against the instruction's natural K order is refuted: lanes
  // 16..63 hold A[i][8g+G] (ld 32) where the instruction reads A[i][4g+G] (g = L/16): 192 of 256.
  const Run single = run_mxlane({"check", "--arch", "gfx90a", "--inst", "v_mfma_i32_16x16x16i8", "--operand", "A",
                                 "--load", "4*((L%16)*8 + 2*(L/16)) + G", "--ld", "32"});
  CHECK(single.code == 1);
  CHECK_THAT(single.out, Catch::Contains("FAILED: 192 of 256 slots (L, G) of A receive the wrong element"));
}

TEST_CASE("mxlane check --pair: a mismatched pairing fails with the first D element and its k values",
          "[check][cli][pair]") {
  // B takes its two ints in the other order (x[1-s]): at step 0, K position p multiplies A k =
  // 8*(p/4) + p%4 by B k = that + 4; at step 1 the reverse. No product is A[0][k]*B[k][0].
  const std::string swapped = "4*((threadIdx.x%16)*8 + 2*(threadIdx.x/16) + 1 - s) + G";
  const Run r = check_int8_pair(kLlamaLoad, swapped, {"--max-mismatches", "1"});
  CHECK(r.err.empty());
  CHECK(r.code == 1);
  CHECK(r.out ==
        pair_header(kLlamaLoad, swapped) +
            "D[0][0]: k of A*B by step: s=0: 0*4 1*5 2*6 3*7 8*12 9*13 10*14 11*15 16*20 17*21 18*22 19*23 "
            "24*28 25*29 26*30 27*31; s=1: 4*0 5*1 6*2 7*3 12*8 13*9 14*10 15*11 20*16 21*17 22*18 23*19 28*24 "
            "29*25 30*26 31*27; missing k: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 "
            "26 27 28 29 30 31; doubled k: none\n"
            "FAILED: 256 of 256 elements of D do not get A[i][k]*B[k][j] for k = 0..31 once each (first 1 shown)\n");
}

TEST_CASE("mxlane check --pair: a missing or doubled k fails, named by the k values", "[check][cli][pair]") {
  // Both without s: steps 0 and 1 load the same ints, so k = 0-3, 8-11, 16-19, 24-27 come twice
  // and the other 16 never.
  const std::string no_step = "4*((threadIdx.x%16)*8 + 2*(threadIdx.x/16)) + G";
  const Run doubled = check_int8_pair(no_step, no_step, {"--max-mismatches", "1"});
  CHECK(doubled.code == 1);
  CHECK_THAT(
      doubled.out,
      Catch::Contains("D[0][0]: k of A*B by step: s=0: 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27; s=1: 0 1 2 3 8 9 "
                      "10 11 16 17 18 19 24 25 26 27; missing k: 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31; "
                      "doubled k: 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27\n"));
  // A row taken from the wrong lanes: lane L reads row (L+1)%16, so D[0][0] multiplies A[1][k].
  const std::string shifted_rows = "4*(((threadIdx.x+1)%16)*8 + 2*(threadIdx.x/16) + s) + G";
  const Run one_step = run_mxlane({"check",
                                   "--arch",
                                   "gfx90a",
                                   "--inst",
                                   "v_mfma_i32_16x16x16i8",
                                   "--pair",
                                   "--k",
                                   "32",
                                   "--ld-a",
                                   "32",
                                   "--load-a",
                                   shifted_rows,
                                   "--ld-b",
                                   "32",
                                   "--order-b",
                                   "col",
                                   "--load-b",
                                   kLlamaLoad,
                                   "--max-mismatches",
                                   "1"});
  // One step, K = 32: D[0][0] gets A[1][k]*B[k][0] for k = 0-3, 8-11, 16-19, 24-27 (A's row wrong,
  // so every k is missing).
  CHECK(one_step.code == 1);
  CHECK_THAT(one_step.out, Catch::Contains("D[0][0]: k of A*B by step: s=0: A[1][0]*0 A[1][1]*1 A[1][2]*2 A[1][3]*3 "
                                           "A[1][8]*8 A[1][9]*9"));
}

TEST_CASE("mxlane check --pair: bad input exits 2 with one line naming the option", "[check][cli][pair]") {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--pair", "--load-a", "G"}, "mxlane check: error: --load-b: required with --pair\n"},
      {{"--pair", "--load-b", "G"}, "mxlane check: error: --load-a: required with --pair\n"},
      {{"--pair", "--load-a", "G", "--load-b", "G", "--operand", "A"},
       "mxlane check: error: --operand: not used with --pair"},
      {{"--pair", "--load-a", "G", "--load-b", "G", "--load", "G"},
       "mxlane check: error: --load: not used with --pair"},
      {{"--operand", "A", "--load", "G", "--load-a", "G"}, "mxlane check: error: --load-a: only with --pair\n"},
      {{"--operand", "A", "--load", "G", "--steps", "2"},
       "mxlane check: error: --steps: chains --row/--col or --linear-layout over several instructions (or --pair "
       "loads); forward and load formulas describe one instruction\n"},
      {{"--operand", "A", "--load", "G", "--k", "32"}, "mxlane check: error: --k: only with --pair\n"},
      {{"--pair", "--load-a", "G", "--load-b", "G", "--steps", "0"},
       "mxlane check: error: --steps: '0' is not an integer in 1..1024\n"},
      {{"--pair", "--load-a", "G", "--load-b", "G", "--ld-a", "8"},
       "mxlane check: error: --ld-a: 8 is smaller than the 16 columns of A (16 x 16, row-major)\n"},
      {{"--pair", "--load-a", "G+", "--load-b", "G"}, "mxlane check: error: --load-a: column 3: expected a number"},
      {{"--pair", "--load-a", "G", "--load-b", "G/(s-s)"}, "mxlane check: error: --load-b: column 2: division by zero"},
      {{"--load", "G"}, "mxlane check: error: --operand: required (A, B, C or D) unless --pair\n"},
  };
  for (const auto& [extra, message] : cases) {
    std::vector<std::string> args = {"check", "--arch", "gfx90a", "--inst", "v_mfma_i32_16x16x16i8"};
    args.insert(args.end(), extra.begin(), extra.end());
    const Run r = run_mxlane(args);
    INFO(r.err);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::StartsWith(message));
  }
  // A multi-block instruction is refused, naming --pair.
  const Run blocks = run_mxlane(
      {"check", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x1f32", "--pair", "--load-a", "G", "--load-b", "G"});
  CHECK(blocks.code == 2);
  CHECK_THAT(blocks.err, Catch::StartsWith("mxlane check: error: --pair: v_mfma_f32_32x32x1f32 has 2 blocks"));
}

TEST_CASE("mxlane check --pair --format json: the first mismatch's products", "[check][cli][pair]") {
  const std::string swapped = "4*((threadIdx.x%16)*8 + 2*(threadIdx.x/16) + 1 - s) + G";
  const Run r = check_int8_pair(kLlamaLoad, swapped, {"--max-mismatches", "1", "--format", "json"});
  CHECK(r.code == 1);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["format"] == "mxlane.check.pair/1");
  CHECK(doc["mode"] == "pair");
  CHECK(doc["mismatches"] == 256);
  const auto& first = doc["first_mismatches"][0];
  CHECK(first["row"] == 0);
  CHECK(first["col"] == 0);
  CHECK(first["products"].size() == 32);
  // Step 0, K position 0: A byte 0 (A[0][0]) times B byte 4 of column 0 (index 4: B[4][0]).
  CHECK(first["products"][0]["a"]["index"] == 0);
  CHECK(first["products"][0]["b"]["index"] == 4);
  CHECK(first["products"][0]["b"]["row"] == 4);
  CHECK(first["products"][0]["ok"] == false);
}

// ---- threadIdx, --block-dim and --var in the single-operand modes ----------------------------------

TEST_CASE("mxlane check: threadIdx.x, --block-dim and C operators in a load formula", "[check][cli]") {
  // v_mfma_i32_16x16x16i8 A: lane L holds A[L%16][4*(L/16) + G] (docs/spec/layouts.md §5).
  const std::vector<std::string> base = {"check",     "--arch", "gfx90a", "--inst", "v_mfma_i32_16x16x16i8",
                                         "--operand", "A"};
  auto run = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_mxlane(args);
  };
  CHECK(run({"--load", "(threadIdx.x & 15)*16 + (threadIdx.x >> 4 << 2) + G"}).code == 0);
  // A 16 x 4 block: threadIdx.x = L % 16 is the row, threadIdx.y = L / 16 the K group.
  const Run two_d = run({"--block-dim", "16,4", "--load", "threadIdx.x*16 + 4*threadIdx.y + G"});
  CHECK(two_d.code == 0);
  CHECK_THAT(two_d.out,
             Catch::EndsWith("OK: all 256 slots (L, G) of A receive the element the instruction reads there\n"));
  // Without --block-dim threadIdx.x is L: lane 16 loads 16*16 + 0 = memory[256], outside A.
  const Run one_d = run({"--load", "threadIdx.x*16 + G", "--max-mismatches", "1"});
  CHECK(one_d.code == 1);
  CHECK_THAT(
      one_d.out,
      Catch::Contains("L=16 G=0 (v0{16}.[7:0]): loads memory[256], which holds no element of A; layout A[0][4]\n"));
  // threadIdx.y needs --block-dim; bad --block-dim values name the option.
  const Run no_y = run({"--load", "threadIdx.y"});
  CHECK(no_y.code == 2);
  CHECK_THAT(no_y.err, Catch::StartsWith("mxlane check: error: --load: column 1: unknown name 'threadIdx.y'"));
  CHECK(run({"--block-dim", "8,4", "--load", "G"}).err ==
        "mxlane check: error: --block-dim: 8,4 has 32 threads, fewer than the 64 lanes of the wave\n");
  CHECK_THAT(run({"--block-dim", "16", "--load", "G"}).err,
             Catch::StartsWith("mxlane check: error: --block-dim: '16' is not X,Y"));
  CHECK_THAT(run({"--lane", "i", "--vgpr", "0", "--block-dim", "16,4"}).err,
             Catch::StartsWith("mxlane check: error: --block-dim: only for slot formulas"));
}

TEST_CASE("mxlane check --var: swept free variables; a failure names their values", "[check][cli]") {
  const std::vector<std::string> base = {"check",     "--arch", "gfx90a", "--inst", "v_mfma_i32_16x16x16i8",
                                         "--operand", "A"};
  auto run = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_mxlane(args);
  };
  // A variable that cancels out passes at every point.
  const Run ok = run({"--var", "t=0..3", "--load", "(L%16)*16 + 4*(L/16) + G + t - t"});
  CHECK(ok.code == 0);
  CHECK(ok.out ==
        "Checking A of v_mfma_i32_16x16x16i8 (gfx90a, wave64) against --load '(L%16)*16 + 4*(L/16) + G + t - t' "
        "(--order row --ld 16), for L = 0..63, G = 0..3 (8-bit elements), t = 0..3\n"
        "OK: all 256 slots (L, G) of A receive the element the instruction reads there, at each of the 4 points of "
        "t = 0..3\n");
  // Correct only for t = 0 and 1 (t/2 = 0): the first failing point is t=2, where lane 0 G = 0
  // loads memory[1] = A[0][1] but holds A[0][0]. The points run with the last variable fastest:
  // u = 5 is a single value.
  const Run bad =
      run({"--var", "t=0..3", "--var", "u=5", "--load", "(L%16)*16 + 4*(L/16) + G + t/2", "--max-mismatches", "1"});
  CHECK(bad.code == 1);
  CHECK_THAT(bad.out, Catch::Contains("for L = 0..63, G = 0..3 (8-bit elements), t = 0..3, u = 5\n"
                                      "L=0 G=0 (v0{0}.[7:0]): loads memory[1] = A[0][1]; layout A[0][0]\n"
                                      "FAILED with t=2, u=5: "));
  // Bad --var values: one line naming the option.
  CHECK_THAT(run({"--var", "t", "--load", "G"}).err,
             Catch::StartsWith("mxlane check: error: --var: 't' is not NAME=LOW..HIGH"));
  CHECK_THAT(run({"--var", "t=3..1", "--load", "G"}).err,
             Catch::StartsWith("mxlane check: error: --var: 't=3..1': the range"));
  CHECK_THAT(run({"--var", "L=0..1", "--load", "G"}).err,
             Catch::StartsWith("mxlane check: error: --var: 'L' is a built-in name"));
  CHECK_THAT(run({"--var", "t=0..99", "--var", "u=0..99", "--load", "G"}).err,
             Catch::StartsWith("mxlane check: error: --var: the variables span more than 4096 points"));
  CHECK_THAT(run({"--load", "G + t"}).err,
             Catch::StartsWith("mxlane check: error: --load: column 5: unknown name 't'"));
  CHECK(run({"--var", "t=0..1", "--load", "G"}).code == 1);  // runs (and fails: G alone is not A's load)
}

// ---- --block-stride ----------------------------------------------------------------------------

TEST_CASE("mxlane check --block-stride: AMD's 32x32x1f32 B with the blocks side by side", "[check][cli]") {
  // v_mfma_f32_32x32x1f32 B (K = 1, N = 32, 2 blocks): lane L holds B[0][L%32] of block L/32
  // (docs/spec/layouts.md §5). AMD's lab-notes kernel loads B[k][j] with j = L % 32 and
  // block = L / 32 from one K x 64 row-major matrix, the blocks side by side: element (b, 0, j)
  // at 0*64 + 32*b + j, i.e. ld 64 and a block stride of 32 columns.
  const std::vector<std::string> base = {"check",     "--arch", "gfx90a", "--inst",           "v_mfma_f32_32x32x1f32",
                                         "--operand", "B",      "--load", "L%32 + 32*(L/32)", "--ld",
                                         "64"};
  std::vector<std::string> args = base;
  args.insert(args.end(), {"--block-stride", "32"});
  const Run side_by_side = run_mxlane(args);
  CHECK(side_by_side.err.empty());
  CHECK(side_by_side.code == 0);
  CHECK(side_by_side.out ==
        "Checking B of v_mfma_f32_32x32x1f32 (gfx90a, wave64) against --load 'L%32 + 32*(L/32)' (--order row --ld 64 "
        "--block-stride 32), for L = 0..63, G = 0..0 (32-bit elements)\n"
        "OK: all 64 slots (L, G) of B receive the element the instruction reads there\n");
  // Without it block 1 starts rows*ld = 64 elements in: lane 32 loads memory[32], column 32 of
  // block 0's only row, outside its 32 columns.
  args = base;
  args.insert(args.end(), {"--max-mismatches", "1"});
  const Run stacked = run_mxlane(args);
  CHECK(stacked.code == 1);
  CHECK_THAT(stacked.out,
             Catch::Contains("L=32 G=0 (v0{32}): loads memory[32], which holds no element of B; layout B[0][0].B1\n"
                             "FAILED: 32 of 64 slots (L, G) of B receive the wrong element (first 1 shown)\n"));
  // A wrong stride: 48 puts lane 32's memory[32] in block 0 (outside), lane 48's memory[48] at
  // block 1, column 0, where the layout has B[0][16].B1.
  args = base;
  args.insert(args.end(), {"--block-stride", "48", "--max-mismatches", "1"});
  const Run wrong = run_mxlane(args);
  CHECK(wrong.code == 1);
  CHECK_THAT(wrong.out,
             Catch::Contains("L=32 G=0 (v0{32}): loads memory[32], which holds no element of B; layout B[0][0].B1\n"));
  CHECK_THAT(wrong.out, Catch::Contains("FAILED: 32 of 64 slots"));
  // Bad values name the option.
  args = base;
  args.insert(args.end(), {"--block-stride", "0"});
  const Run zero = run_mxlane(args);
  CHECK(zero.code == 2);
  CHECK_THAT(zero.err, Catch::Contains("--block-stride"));
  const Run not_load = run_mxlane({"check", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x1f32", "--operand", "B",
                                   "--row", "0", "--col", "L%32", "--block", "L/32", "--block-stride", "32"});
  CHECK(not_load.code == 2);
  CHECK(not_load.err == "mxlane check: error: --block-stride: only with --load\n");
}

TEST_CASE("mxlane check: load mode on D says the instruction writes D", "[check][cli]") {
  // v_mfma_f32_16x16x4f32 D: lane L, VGPR G holds D[4*(L/16) + G][L%16] (docs/spec/layouts.md §5).
  const Run r = run_mxlane({"check", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f32", "--operand", "D", "--load",
                            "(4*(L/16) + G)*16 + L%16"});
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::EndsWith("OK: all 256 slots (L, G) of D map to the element the instruction writes there\n"));
  const Run bad = run_mxlane({"check", "--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x4f32", "--operand", "D",
                              "--load", "(L%16)*16 + 4*(L/16) + G", "--max-mismatches", "0"});
  CHECK(bad.code == 1);
  CHECK_THAT(bad.out, Catch::Contains("of D map to the wrong element"));
  CHECK_THAT(bad.out, !Catch::Contains("reads"));
}

TEST_CASE("mxlane check --help: documents pair mode, the C operators, --block-stride, --var and --block-dim",
          "[check][cli]") {
  const Run r = run_mxlane({"check", "--help"});
  CHECK(r.code == 0);
  for (const char* text :
       {"--pair", "--load-a", "--load-b", "--ld-a", "--order-b", "--steps", "--block-stride", "--var", "--block-dim",
        "threadIdx.x = L % X", "c ? a : b", "<< >>", "required except with --pair"})
    CHECK_THAT(r.out, Catch::Contains(text));
}

TEST_CASE("mxlane check --pair: RDNA3 WMMA with seed 000's loads, and B read as row-major", "[check][cli][pair]") {
  // gfx1100 v_wmma_f32_16x16x16_f16: lane L (and its copy L+16) holds A row L%16 and B column
  // L%16, element G = k (docs/spec/layouts.md §6); seed 000 loads both with (L%16)*16 + G, B
  // stored transposed. Output rows in lane group g read copy g (§8.5): the copies' lanes L+16
  // load the same indices, so every D element gets its 16 products.
  const std::vector<std::string> base = {"check",  "--arch",   "gfx1100",       "--inst",   "v_wmma_f32_16x16x16_f16",
                                         "--pair", "--load-a", "(L%16)*16 + G", "--load-b", "(L%16)*16 + G"};
  std::vector<std::string> args = base;
  args.insert(args.end(), {"--order-b", "col"});
  const Run ok = run_mxlane(args);
  CHECK(ok.code == 0);
  CHECK_THAT(ok.out, Catch::EndsWith("OK: all 256 elements of D get A[i][k]*B[k][j] for k = 0..15 once each\n"));
  // Row-major B: the slot of B[k][0] (lane 0, G = k) loads memory[k] = B[0][k]; only k = 0 is right.
  args = base;
  args.insert(args.end(), {"--max-mismatches", "1"});
  const Run row = run_mxlane(args);
  CHECK(row.code == 1);
  CHECK_THAT(row.out,
             Catch::Contains("D[0][0]: k of A*B by step: s=0: 0 1*B[0][1] 2*B[0][2] 3*B[0][3] 4*B[0][4] 5*B[0][5] "
                             "6*B[0][6] 7*B[0][7] 8*B[0][8] 9*B[0][9] 10*B[0][10] 11*B[0][11] 12*B[0][12] "
                             "13*B[0][13] 14*B[0][14] 15*B[0][15]; missing k: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 "
                             "15; doubled k: none\n"));
}

TEST_CASE("mxlane check: a huge leading dimension with a very negative index is judged, not overflowed", "[check]") {
  // index = -2^63 + 1, ld = 2^62 + 1: floor(index/ld) = -2 and -2*ld does not fit in 64 bits;
  // the remainder is index + 2*ld = 3 (column 3 of row -2: outside the matrix). The command line
  // limits --ld to 1..2^31-1, so the library function is called directly.
  const mxlane::formula::ElementAt e = mxlane::formula::memory_element(-9223372036854775807LL, 4611686018427387905LL,
                                                                       mxlane::formula::MemoryOrder::row_major, 16, 64);
  CHECK(e.row == -2);
  CHECK(e.col == 3);
  CHECK_FALSE(e.inside);
  const mxlane::formula::ElementAt c = mxlane::formula::memory_element(-9223372036854775807LL, 4611686018427387905LL,
                                                                       mxlane::formula::MemoryOrder::col_major, 16, 64);
  CHECK(c.col == -2);
  CHECK(c.row == 3);
  CHECK_FALSE(c.inside);
  // And the command line refuses an --ld beyond its range with one line naming the option.
  const Run load = run_mxlane({"check", "--arch", "gfx90a", "--inst", "v_mfma_i32_16x16x16i8", "--operand", "A",
                               "--load", "G", "--ld", "4611686018427387905"});
  CHECK(load.code == 2);
  CHECK_THAT(load.err, Catch::StartsWith("mxlane check: error: --ld: "));
}
