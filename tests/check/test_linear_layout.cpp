// Linear layouts (Triton's LinearLayout): `lanemap --format linear-layout` and `check
// --linear-layout`, round trips over every operand of every instruction, bases derived by hand from
// the layouts of docs/spec/layouts.md, corrupted bases, refusals, --transposed, --steps chains and
// the hints after a failure.
#include "support/catch_compat.hpp"

#include <bit>
#include <set>
#include <string_view>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "emu/isa/instr_desc.hpp"
#include "emu/protocol/linear_layout_json.hpp"
#include "layouts/formula/linear_layout.hpp"
#include "support/cli_run.hpp"

namespace {

using mxlane::Operand;
using mxlane::OperandLayout;
using mxlane::formula::LinearLayout;
using mxlane::formula::LinearVector;
using mxlane_test::Run;
using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;

Run export_layout(const std::string& arch, const std::string& inst, const std::string& operand,
                  std::vector<std::string> extra = {}) {
  return run_mxlane({"lanemap", "--arch", arch, "--inst", inst, "--operand", operand, "--format", "linear-layout"},
                    extra);
}

// `mxlane check ... --linear-layout FILE` with `document` in FILE.
Run check_document(const std::string& arch, const std::string& inst, const std::string& operand,
                   const std::string& document, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"check", "--arch", arch, "--inst", inst, "--operand", operand};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back("--linear-layout");
  return run_mxlane_on_input(args, document);
}

std::string bases_document(const std::string& register_bases, const std::string& lane_bases) {
  return R"({"bases": {"register": )" + register_bases + R"(, "lane": )" + lane_bases +
         R"(}, "out_dims": ["dim0", "dim1"]})";
}

// The slot -> element map read from the forward map (OperandLayout::all), not from inverse(), which
// derive_linear_layout walks: each used (lane, G) and the element it holds.
struct SlotElement {
  int lane, g;
  LinearVector element;
};
std::vector<SlotElement> forward_slots(const OperandLayout& l) {
  std::vector<SlotElement> slots;
  for (const mxlane::Placement& p : l.all())
    slots.push_back({p.slot.lane, mxlane::formula::vector_index(l, p.slot), {p.block, p.row, p.col}});
  return slots;
}

// How many of the forward map's slots the bases put another element in (one REQUIRE per operand
// instead of one per slot keeps the sanitized run short).
int wrong_slots(const LinearLayout& linear, const OperandLayout& l) {
  int wrong = 0;
  for (const SlotElement& s : forward_slots(l)) wrong += linear.apply(s.lane, s.g) == s.element ? 0 : 1;
  return wrong;
}

}  // namespace

TEST_CASE("Linear layouts: every operand of every instruction has one, and it reproduces the forward map",
          "[check][linear]") {
  int operands = 0;
  for (const mxlane::InstrDesc& d : mxlane::instruction_table()) {
    for (Operand op : d.operands()) {
      const OperandLayout l(d, op);
      INFO(d.builtin << " " << mxlane::operand_name(op));
      const LinearLayout linear = mxlane::formula::derive_linear_layout(l);
      REQUIRE(linear.register_size() == mxlane::formula::vector_length(l));
      REQUIRE(linear.lane_size() == d.wave);
      REQUIRE(wrong_slots(linear, l) == 0);
      // The written object reads back as the same bases, and judged as a check it passes.
      const std::string text = mxlane::protocol::linear_layout_json(l, linear, {&mxlane::arch_info(d.arch), ""}).dump();
      mxlane::protocol::LinearLayoutShape shape{linear.register_size(), d.wave, l.blocks() > 1, "x", ""};
      REQUIRE(mxlane::protocol::parse_linear_layout(text, shape) == linear);
      REQUIRE(mxlane::formula::check_linear(l, linear, 1).ok());
      ++operands;
    }
  }
  CHECK(operands > 1000);
}

TEST_CASE("Linear layouts by hand: the bases written from each instruction's layout formulas", "[check][linear]") {
  // gfx942 32x32x8 D (docs/spec/layouts.md, MFMA accumulators): lane L, element G hold row
  // 8*(G/4) + 4*(L/32) + G%4, column L%32. G's bits: rows 1, 2, 8, 16; lane bits 0-4: columns
  // 1..16; lane bit 5: row 4. The object the interface specification shows, key for key.
  const Run d = export_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D");
  CHECK(d.code == 0);
  CHECK(d.out ==
        R"({"format":"mxlane.linear-layout/1","arch":"gfx942","inst":"v_mfma_f32_32x32x8_f16","operand":"D",)"
        R"("wave":64,"mods":{},"in_dims":{"register":16,"lane":64},"bases":{"register":[[1,0],[2,0],[8,0],[16,0]],)"
        R"("lane":[[0,1],[0,2],[0,4],[0,8],[0,16],[4,0]]},"out_dims":["dim0","dim1"]})"
        "\n");
  // RDNA3 16-bit A: lane L holds row L%16, k = G; lanes 16-31 repeat lanes 0-15, so lane bit 4 is
  // the zero vector.
  const Run a = export_layout("gfx1100", "v_wmma_f32_16x16x16_f16", "A");
  CHECK(nlohmann::json::parse(a.out)["bases"] ==
        nlohmann::json::parse(R"({"register":[[0,1],[0,2],[0,4],[0,8]],"lane":[[1,0],[2,0],[4,0],[8,0],[0,0]]})"));
  // RDNA3 f16 D (OPSEL 0): element G = 2v holds row 2v + L/16, column L%16; the odd G are not
  // written, so G's bit 0 is the zero vector; with OPSEL 4 (odd G) the bases are the same.
  const auto f16_d = R"({"register":[[0,0],[2,0],[4,0],[8,0]],"lane":[[0,1],[0,2],[0,4],[0,8],[1,0]]})";
  CHECK(nlohmann::json::parse(export_layout("gfx1100", "v_wmma_f16_16x16x16_f16", "D").out)["bases"] ==
        nlohmann::json::parse(f16_d));
  CHECK(
      nlohmann::json::parse(export_layout("gfx1100", "v_wmma_f16_16x16x16_f16", "D", {"--opsel", "4"}).out)["bases"] ==
      nlohmann::json::parse(f16_d));
  // gfx1200 16-bit A: lane L holds row L%16, k = 8*(L/16) + 4*(G/4)... in mxlane's order k =
  // (G%4) + 4*(L/16) + 8*(G/4): G bits 0, 1 -> k 1, 2; G bit 2 -> k 8; lane bit 4 -> k 4.
  CHECK(nlohmann::json::parse(export_layout("gfx1200", "v_wmma_f32_16x16x16_f16", "A").out)["bases"] ==
        nlohmann::json::parse(R"({"register":[[0,1],[0,2],[0,8]],"lane":[[1,0],[2,0],[4,0],[8,0],[0,4]]})"));
  // A multi-block operand: gfx90a 32x32x1f32 D has 2 blocks, "block" first.
  const auto blocks = nlohmann::json::parse(export_layout("gfx90a", "v_mfma_f32_32x32x1f32", "D").out);
  CHECK(blocks["out_dims"] == nlohmann::json::parse(R"(["block","dim0","dim1"])"));
  CHECK(blocks["bases"]["register"][0] == nlohmann::json::parse("[0,1,0]"));
}

TEST_CASE("check --linear-layout: export then check passes; a corrupted basis fails at its first element",
          "[check][linear]") {
  const Run d = export_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D");
  const Run ok = check_document("gfx942", "v_mfma_f32_32x32x8_f16", "D", d.out);
  CHECK(ok.code == 0);
  CHECK(ok.err.empty());
  CHECK_THAT(ok.out, Catch::EndsWith("OK: all 1024 slots (L, G) of D match\n"));
  // Lane bit 5 said to add row 8 instead of 4: lane 32 is the first slot with that bit; it holds
  // D[4][0] (row 4*(32/32)), the basis names D[8][0]. Half the slots (lanes 32-63) are wrong.
  std::string corrupted = d.out;
  corrupted.replace(corrupted.find("[4,0]]"), 6, "[8,0]]");
  const Run bad = check_document("gfx942", "v_mfma_f32_32x32x8_f16", "D", corrupted, {"--max-mismatches", "1"});
  CHECK(bad.code == 1);
  CHECK_THAT(bad.out, Catch::Contains("L=32 G=0 (v0{32}): formula D[8][0]; layout D[4][0]\n"
                                      "FAILED: 512 of 1024 slots (L, G) of D do not match (first 1 shown)\n"));
}

TEST_CASE("lanemap --format linear-layout: maps that are not linear are refused, exit 2", "[check][linear]") {
  // BLGP 3 rotates B's lanes by 16 (lane L reads lane L+16 mod 64): lane 0 reads B[4][16], which no
  // linear map can give the zero input.
  const Run rotated = export_layout("gfx90a", "v_mfma_f32_32x32x8f16", "B", {"--blgp", "3"});
  CHECK(rotated.code == 2);
  CHECK(rotated.out.empty());
  CHECK(rotated.err ==
        "mxlane lanemap: error: --format linear-layout: B of v_mfma_f32_32x32x8f16 is not linear over GF(2): lane 0, "
        "G 0 (no bit set) holds B[4][16], but the XOR of what those bits give in the slots before it is B[0][0]\n");
  // CBSZ 1: lane 32 (block 1's A) feeds both blocks: one slot, two elements.
  const Run broadcast = export_layout("gfx90a", "v_mfma_f32_32x32x1f32", "A", {"--cbsz", "1", "--abid", "1"});
  CHECK(broadcast.code == 2);
  CHECK_THAT(broadcast.err, Catch::Contains("lane 32, G 0 feeds 2 elements (A[0][0].B0 and A[0][0].B1, a broadcast "
                                            "modifier), but a linear layout maps each slot to one"));
  // Options that have no meaning for a whole map.
  CHECK(export_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D", {"--element", "0,0"}).code == 2);
}

TEST_CASE("check --linear-layout: malformed input exits 2 naming the field", "[check][linear]") {
  const std::string inst = "v_mfma_f32_32x32x8_f16";
  const std::string good_lanes = "[[0,1],[0,2],[0,4],[0,8],[0,16],[4,0]]";
  const std::string good_registers = "[[1,0],[2,0],[8,0],[16,0]]";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{\"bases\": ", "--linear-layout: not JSON: parse error at line 1, column 11"},
      {"[1, 2]", "--linear-layout: the document: expected a JSON object with \"bases\" and \"out_dims\", got array"},
      {R"({"out_dims": ["dim0", "dim1"]})", "--linear-layout: bases: missing"},
      {R"({"bases": {"register": [], "lane": []}})", "--linear-layout: out_dims: missing"},
      {R"({"bases": {"register": [], "lane": []}, "out_dims": ["dim1", "dim0"]})",
       "--linear-layout: out_dims: expected [\"dim0\", \"dim1\"] (or [\"block\", \"dim0\", \"dim1\"]), got "
       "[\"dim1\",\"dim0\"]"},
      {bases_document("[[1,0],[2,0],[8,0]]", good_lanes),
       "--linear-layout: bases.register: 3 vectors give 8 register elements, but a lane of D of " + inst +
           " holds 16 elements G"},
      {bases_document(good_registers, "[[0,1],[0,2],[0,4],[0,8],[0,16]]"),
       "--linear-layout: bases.lane: 5 vectors give 32 lanes, but D of " + inst + " runs in wave64"},
      {bases_document("[[1,0],[2,0],[8,0],[16,-1]]", good_lanes),
       "--linear-layout: bases.register[3][1]: -1 is negative"},
      {bases_document("[[1,0],[2,0],[8,0],[16,0,0]]", good_lanes),
       "--linear-layout: bases.register[3]: expected a list of 2 integers (dim0, dim1), got [16,0,0]"},
      {bases_document("[[1,0],[2,0],[8,0],[16,0.5]]", good_lanes),
       "--linear-layout: bases.register[3][1]: expected an integer, got 0.5"},
      {bases_document("[[1,0],[2,0],[8,0],[16,0]]", "{}"),
       "--linear-layout: bases.lane: expected a list of basis vectors, got object"},
      {R"({"in_dims": {"register": 12, "lane": 64}, "bases": {"register": [], "lane": []}, "out_dims": ["dim0", "dim1"]})",
       "--linear-layout: in_dims.register: 12 is not a power of two"},
      {R"({"in_dims": {"register": 8, "lane": 64}, "bases": {"register": [[1,0],[2,0],[8,0],[16,0]], "lane": [[0,1],[0,2],[0,4],[0,8],[0,16],[4,0]]}, "out_dims": ["dim0", "dim1"]})",
       "--linear-layout: in_dims.register: 8, but bases.register has 4 vectors (size 16)"},
      {R"({"bases": {"register": [], "lane": [], "warp": [[0,0],[1,0]]}, "out_dims": ["dim0", "dim1"]})",
       "--linear-layout: bases.warp[1]: [1,0] is not zero: mxlane checks one wave"},
      // A key that is no plain name is quoted, JSON-escaped: the error stays one line (a fuzzer's finding).
      {R"({"in_dims": {"la\ne": 3}, "bases": {"register": [], "lane": []}, "out_dims": ["dim0", "dim1"]})",
       "--linear-layout: in_dims[\"la\\ne\"]: 3 is not a power of two"},
      {R"({"format": "mxlane.lanemap/1", "bases": {}, "out_dims": []})",
       "--linear-layout: format: \"mxlane.lanemap/1\" is not \"mxlane.linear-layout/1\""},
  };
  for (const auto& [document, message] : cases) {
    INFO(document);
    const Run r = check_document("gfx942", inst, "D", document);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::StartsWith("mxlane check: error: " + message));
  }
  // A multi-block operand needs the block dimension.
  const Run no_block = check_document("gfx90a", "v_mfma_f32_32x32x1f32", "D", bases_document("[]", "[]"));
  CHECK_THAT(no_block.err, Catch::StartsWith("mxlane check: error: --linear-layout: out_dims: D of "
                                             "v_mfma_f32_32x32x1f32 has several blocks: give [\"block\", \"dim0\", "
                                             "\"dim1\"]"));
  // Triton's own form: warps that repeat the tile (zero vectors) and an empty block dimension.
  const Run triton = check_document(
      "gfx942", inst, "D",
      R"({"bases": {"register": [[1,0],[2,0],[8,0],[16,0]], "lane": [[0,1],[0,2],[0,4],[0,8],[0,16],[4,0]], )"
      R"("warp": [[0,0],[0,0],[0,0]], "block": []}, "out_dims": ["dim0", "dim1"]})");
  CHECK(triton.code == 0);
  const Run missing = run_mxlane(
      {"check", "--arch", "gfx942", "--inst", inst, "--operand", "D", "--linear-layout", "/nonexistent/d.json"});
  CHECK(missing.code == 2);
  CHECK(missing.err == "mxlane check: error: --linear-layout: cannot open '/nonexistent/d.json'\n");
  const Run mixed = run_mxlane(
      {"check", "--arch", "gfx942", "--inst", inst, "--operand", "D", "--linear-layout", "x.json", "--row", "G"});
  CHECK(mixed.code == 2);
  CHECK_THAT(mixed.err, Catch::Contains("belong to different modes"));
}

TEST_CASE("check --transposed: a layout for the instruction issued with A and B swapped", "[check][linear]") {
  // Triton's transposed 32x32 MFMA accumulator (isTransposed): lane L holds D^T, i.e. your D[i][j]
  // with i = L%32 and j = the instruction's row 8*(G/4) + 4*(L/32) + G%4: the instruction's bases
  // with dim0 and dim1 exchanged.
  const std::string transposed_d =
      bases_document("[[0,1],[0,2],[0,8],[0,16]]", "[[1,0],[2,0],[4,0],[8,0],[16,0],[0,4]]");
  const Run plain = check_document("gfx942", "v_mfma_f32_32x32x8_f16", "D", transposed_d);
  CHECK(plain.code == 1);
  const Run transposed = check_document("gfx942", "v_mfma_f32_32x32x8_f16", "D", transposed_d, {"--transposed"});
  CHECK(transposed.code == 0);
  CHECK_THAT(transposed.out,
             Catch::Contains("Note: --transposed: your D[x][y] is D[y][x] of v_mfma_f32_32x32x8_f16 issued with A and "
                             "B swapped (D^T = B^T x A^T); the lines below name the instruction's D\n"));
  // Your A is the instruction's B: gfx942 16x16x16 f16 B holds B[k][j] at lane j + 16*(k/4), G =
  // k%4, so your A[i][k] (= B[k][i]) is in lane i + 16*(k/4): row L%16, column 4*(L/16) + G.
  const std::vector<std::string> base = {"check",     "--arch", "gfx942",      "--inst", "v_mfma_f32_16x16x16_f16",
                                         "--operand", "A",      "--transposed"};
  CHECK(run_mxlane(base, {"--row", "L%16", "--col", "4*(L/16) + G"}).code == 0);
  CHECK(run_mxlane(base, {"--row", "4*(L/16) + G", "--col", "L%16"}).code == 1);
  CHECK(run_mxlane(base, {"--load", "(L%16)*16 + 4*(L/16) + G"}).code == 0);
  // Forward, in your coordinates (i, k): lane i + 16*(k/4), VGPR (k%4)/2, bits 16*(k%2).
  CHECK(run_mxlane(base, {"--lane", "i + 16*(k/4)", "--vgpr", "(k%4)/2", "--bits", "16*(k%2)"}).code == 0);
  CHECK(run_mxlane(base, {"--lane", "k + 16*(i/4)", "--vgpr", "(i%4)/2", "--bits", "16*(i%2)"}).code == 1);
  // An evaluation error names the option the user typed, not the swapped one.
  const Run error = run_mxlane(base, {"--row", "L%16", "--col", "G/(L-L)"});
  CHECK(error.code == 2);
  CHECK_THAT(error.err, Catch::StartsWith("mxlane check: error: --col: column 2: division by zero"));
  // Pair mode: llama.cpp-style loads of your A and B (row-major A, column-major B) on the swapped
  // instruction; the same formula both ways passes, a formula that breaks the pairing fails.
  const std::vector<std::string> pair = {"check",  "--arch",       "gfx942",    "--inst", "v_mfma_f32_16x16x16_f16",
                                         "--pair", "--transposed", "--order-b", "col"};
  const Run p = run_mxlane(pair, {"--load-a", "(L%16)*16 + 4*(L/16) + G", "--load-b", "(L%16)*16 + 4*(L/16) + G"});
  CHECK(p.code == 0);
  CHECK_THAT(p.out, Catch::Contains("Note: --transposed: your A[i][k] is B[k][i]"));
  CHECK(run_mxlane(pair, {"--load-a", "(L%16)*16 + 4*(L/16) + G", "--load-b", "(L%16)*16 + G"}).code == 1);
  CHECK(run_mxlane({"check", "--arch", "gfx942", "--inst", "v_mfma_f32_16x16x16_f16", "--operand", "D", "--transposed",
                    "--row", "L%16", "--col", "4*(L/16) + G"})
            .code == 0);
}

TEST_CASE("check --steps: one formula over chained instructions, with a K order A and B share", "[check][linear]") {
  // Triton's kWidth 8 on gfx942 16x16x16 f16 (native 4): lane L holds k = 8*(L/16) + r, r = 0..7,
  // of K = 32; instruction s takes r = 4s..4s+3, so its (L, G) holds k = 8*(L/16) + 4s + G where
  // the instruction reads k' = 4*(L/16) + G: k' -> 8*(k'/4) + 4s + k'%4.
  const std::vector<std::string> base = {"check",     "--arch", "gfx942",  "--inst", "v_mfma_f32_16x16x16_f16",
                                         "--operand", "A",      "--steps", "2"};
  const Run r = run_mxlane(base, {"--row", "L%16", "--col", "8*(L/16) + 4*s + G"});
  CHECK(r.code == 0);
  CHECK(r.out ==
        "Checking A of v_mfma_f32_16x16x16_f16 (gfx942, wave64) against --row 'L%16' --col '8*(L/16) + 4*s + G' "
        "over 2 chained steps, for L = 0..63, G = 0..3, s = 0..1 (16-bit elements)\n"
        "OK: all 512 slots (L, G, s) of A match\n"
        "Note: A's columns follow a K order of their own (the K index of each step's k: s=0: 0 1 2 3 8 9 10 11 16 "
        "17 18 19 24 25 26 27; s=1: 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31); the sums are the same only if the "
        "other operand's formula follows the same order (check both together with --pair)\n");
  // The same as a linear layout: register index r = 4s + G (bits: k 1, 2, then 4 for s), lane
  // bits 0-3 rows, 4-5 k 8 and 16.
  const std::string k_width_8 = bases_document("[[0,1],[0,2],[0,4]]", "[[1,0],[2,0],[4,0],[8,0],[0,8],[0,16]]");
  CHECK(check_document("gfx942", "v_mfma_f32_16x16x16_f16", "A", k_width_8, {"--steps", "2"}).code == 0);
  const Run no_steps = check_document("gfx942", "v_mfma_f32_16x16x16_f16", "A", k_width_8);
  CHECK(no_steps.code == 2);
  CHECK_THAT(no_steps.err, Catch::EndsWith("needs --steps\n"));
  // Chained in the instructions' own order: step s's k is s*16 + k.
  const Run in_order = run_mxlane(base, {"--row", "L%16", "--col", "16*s + 4*(L/16) + G"});
  CHECK(in_order.code == 0);
  CHECK_THAT(in_order.out, Catch::Contains("Note: A's columns follow the instructions' order: step s's k is K index "
                                           "s*16 + k\n"));
  // Both steps name the same k: every K index from 0..15 twice, 16..31 never.
  const Run doubled = run_mxlane(base, {"--row", "L%16", "--col", "4*(L/16) + G"});
  CHECK(doubled.code == 1);
  CHECK_THAT(doubled.out, Catch::Contains("FAILED: the 512 slots (L, G, s) of A give no K order: K indices named by no "
                                          "(s, k): 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31; by several: 0 1 2 "
                                          "3 4 5 6 7 8 9 10 11 12 13 14 15\n"));
  // A wrong row is a slot mismatch, with its step.
  const Run row = run_mxlane(base, {"--row", "(L+s)%16", "--col", "8*(L/16) + 4*s + G", "--max-mismatches", "1"});
  CHECK(row.code == 1);
  CHECK_THAT(row.out, Catch::Contains("L=0 G=0 s=1 (v0{0}.[15:0]): formula A[1][4]; layout A[0][0]\n"));
  // Inconsistent: step 0's k = 0 is K index 0 in lane 0 and K index 1 in lane 1's copy... here the
  // K index depends on the row, which no B formula can follow.
  const Run by_row =
      run_mxlane(base, {"--row", "L%16", "--col", "(8*(L/16) + 4*s + G + L%2)%32", "--max-mismatches", "1"});
  CHECK(by_row.code == 1);
  CHECK_THAT(by_row.out, Catch::Contains("L=1 G=0 s=0 (v0{1}.[15:0]): formula A[1][1]; layout A[1][0] (the K index "
                                         "of its k at step 0 is 0 in an earlier slot)\n"));
  // Refusals naming --steps.
  CHECK_THAT(run_mxlane({"check", "--arch", "gfx942", "--inst", "v_mfma_f32_16x16x16_f16", "--operand", "D", "--steps",
                         "2", "--row", "G", "--col", "L"})
                 .err,
             Catch::StartsWith("mxlane check: error: --steps: chains A or B"));
  CHECK_THAT(run_mxlane({"check", "--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x1f32", "--operand", "A", "--steps",
                         "2", "--row", "G", "--col", "L"})
                 .err,
             Catch::StartsWith("mxlane check: error: --steps: v_mfma_f32_32x32x1f32 has 2 blocks"));
  CHECK_THAT(run_mxlane({"check", "--arch", "gfx942", "--inst", "v_smfmac_f32_16x16x32_f16", "--operand", "A",
                         "--steps", "2", "--row", "G", "--col", "L"})
                 .err,
             Catch::StartsWith("mxlane check: error: --steps: A of the sparse v_smfmac_f32_16x16x32_f16 holds "
                               "compressed columns"));
}

TEST_CASE("check hints: a K order A and B share, and the 16-bit RDNA3 OPSEL spacing", "[check][linear]") {
  // gfx1200 16-bit A in Triton's order (k = 8*(L/16) + G) against mxlane's (G bit 2 -> k 8, lane
  // bit 4 -> k 4): the k of G = 4..7 in lanes 0-15 and of G = 0..3 in lanes 16-31 differ: 128 of 256.
  const std::string triton_a = bases_document("[[0,1],[0,2],[0,4]]", "[[1,0],[2,0],[4,0],[8,0],[0,8]]");
  const Run a = check_document("gfx1200", "v_wmma_f32_16x16x16_f16", "A", triton_a, {"--max-mismatches", "1"});
  CHECK(a.code == 1);
  const std::string command =
      "mxlane check --arch gfx1200 --inst v_wmma_f32_16x16x16_f16 --pair --load-a '(L&15)*16 + ((G&7) ^ "
      "(L>>4&1)*8)' --load-b '(L&15)*16 + ((G&7) ^ (L>>4&1)*8)' --order-b col";
  CHECK_THAT(a.out, Catch::EndsWith(
                        "L=0 G=4 (v2{0}.[15:0]): formula A[0][4]; layout A[0][8]\n"
                        "FAILED: 128 of 256 slots (L, G) of A do not match (first 1 shown)\n"
                        "Hint: the same formula for A and B passes in pair mode: it differs from the layout "
                        "by a K order that A and B share, which gives the same sums:\n  " +
                        command + "\n  (or check this operand alone with --steps 1, which accepts such an order)\n"));
  // The printed command passes, and so does --steps 1.
  const Run pair = run_mxlane({"check", "--arch", "gfx1200", "--inst", "v_wmma_f32_16x16x16_f16", "--pair", "--load-a",
                               "(L&15)*16 + ((G&7) ^ (L>>4&1)*8)", "--load-b", "(L&15)*16 + ((G&7) ^ (L>>4&1)*8)",
                               "--order-b", "col"});
  CHECK(pair.code == 0);
  CHECK(check_document("gfx1200", "v_wmma_f32_16x16x16_f16", "A", triton_a, {"--steps", "1"}).code == 0);
  // The same with formulas, for B (its K is the row).
  const Run b = run_mxlane({"check", "--arch", "gfx1200", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "B",
                            "--row", "8*(L/16) + G", "--col", "L%16"});
  CHECK(b.code == 1);
  CHECK_THAT(b.out, Catch::Contains("--pair --load-a '(L%16)*16 + (8*(L/16) + G)' --load-b '(L%16)*16 + (8*(L/16) + "
                                    "G)' --order-b col\n"));
  // A wrong row is no K order: no pair hint.
  const Run wrong = run_mxlane({"check", "--arch", "gfx1200", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "A",
                                "--row", "(L+1)%16", "--col", "8*(L/16) + G"});
  CHECK(wrong.code == 1);
  CHECK_THAT(wrong.out, !Catch::Contains("Hint:"));
  // RDNA3 f16 D written with Triton's register r (row 2r + L/16) where mxlane's G = 2r.
  const Run opsel = run_mxlane({"check", "--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "D",
                                "--row", "2*G + L/16", "--col", "L%16", "--max-mismatches", "0"});
  CHECK(opsel.code == 1);
  CHECK_THAT(opsel.out,
             Catch::EndsWith("Hint: the formula passes with G/2 in place of G: D of v_wmma_f16_16x16x16_f16 uses every "
                             "other 16-bit element G of a lane (each value sits in one half of a 32-bit register, "
                             "OPSEL picks which), while a compiler's register index r (Triton's) counts the 8 values "
                             "it uses: G = 2r or 2r+1; write G/2 where the formula has G\n"));
  CHECK(run_mxlane({"check", "--arch", "gfx1100", "--inst", "v_wmma_f16_16x16x16_f16", "--operand", "D", "--row",
                    "2*(G/2) + L/16", "--col", "L%16"})
            .code == 0);
  // As a linear layout with Triton's 8 registers: exit 2 naming bases.register, with the fix.
  const Run linear = check_document("gfx1100", "v_wmma_f16_16x16x16_f16", "D",
                                    bases_document("[[2,0],[4,0],[8,0]]", "[[0,1],[0,2],[0,4],[0,8],[1,0]]"));
  CHECK(linear.code == 2);
  CHECK_THAT(linear.err, Catch::EndsWith("G = 2r or 2r+1; put [0, 0] first in bases.register for the bit the "
                                         "instruction does not use\n"));
  CHECK(check_document("gfx1100", "v_wmma_f16_16x16x16_f16", "D",
                       bases_document("[[0,0],[2,0],[4,0],[8,0]]", "[[0,1],[0,2],[0,4],[0,8],[1,0]]"))
            .code == 0);
}

TEST_CASE("Linear layouts through the command line: export, then check, on every architecture", "[check][linear]") {
  // The library test above covers every operand of every instruction; here the CLI path (file
  // reading, JSON writing, option handling) on every twentieth instruction of the table, all operands.
  int checked = 0;
  const auto table = mxlane::instruction_table();
  for (std::size_t n = 0; n < table.size(); n += 20) {
    const mxlane::InstrDesc& d = table[n];
    for (Operand op : d.operands()) {
      const std::string arch(mxlane::arch_info(d.arch).name), operand(mxlane::operand_name(op));
      const std::vector<std::string> selection = {
          "--arch", arch, "--inst", std::string(d.mnemonic), "--wave", std::to_string(d.wave), "--operand", operand};
      std::vector<std::string> lanemap = {"lanemap", "--format", "linear-layout"};
      lanemap.insert(lanemap.end(), selection.begin(), selection.end());
      const Run exported = run_mxlane(lanemap);
      INFO(arch << " " << d.mnemonic << " " << operand << ": " << exported.err);
      REQUIRE(exported.code == 0);
      std::vector<std::string> check = {"check"};
      check.insert(check.end(), selection.begin(), selection.end());
      check.push_back("--linear-layout");
      const Run judged = run_mxlane_on_input(check, exported.out);
      INFO(judged.out << judged.err);
      REQUIRE(judged.code == 0);
      ++checked;
    }
  }
  CHECK(checked > 50);
}

TEST_CASE("Linear layouts under every legal modifier value: derived and exact, or refused for a stated reason",
          "[check][linear]") {
  int derived = 0, refused = 0;
  for (const mxlane::InstrDesc& d : mxlane::instruction_table()) {
    for (const mxlane::ModifierRange& range : mxlane::legal_modifiers(d)) {
      // The modifiers that move or resize elements (NEG/NEG_HI and the scales only change values).
      static const std::set<std::string_view> kMoving = {"cbsz",      "abid",         "blgp",        "opsel",
                                                         "index_key", "matrix_a_fmt", "matrix_b_fmt"};
      if (!kMoving.contains(range.name)) continue;
      for (const int value : range.values) {
        if (value == 0) continue;
        mxlane::Modifiers mods;
        mxlane::set_modifier(mods, range.name, value);
        if (range.name == "abid") mods.cbsz = std::bit_width(static_cast<unsigned>(value));  // abid < 2^cbsz
        try {
          mxlane::validate_modifiers(d, mods);
        } catch (const mxlane::InvalidArgument&) {
          continue;
        }
        for (Operand op : d.operands()) {
          const OperandLayout l(d, op, mods);
          INFO(d.builtin << " " << mxlane::operand_name(op) << " " << range.name << "=" << value);
          try {
            const LinearLayout linear = mxlane::formula::derive_linear_layout(l);
            REQUIRE(wrong_slots(linear, l) == 0);
            ++derived;
          } catch (const mxlane::InvalidArgument& e) {
            const std::string why = e.what();
            const bool stated = why.find("is not linear over GF(2): lane ") != std::string::npos ||
                                why.find("elements (") != std::string::npos;
            REQUIRE(stated);
            ++refused;
          }
        }
      }
    }
  }
  CHECK(derived > 1000);
  CHECK(refused > 50);  // the CBSZ/ABID and BLGP broadcasts, BLGP's rotations
}
