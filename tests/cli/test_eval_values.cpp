// mxlane eval with element values ("values" instead of "src"): D = A*B + C checked by hand-sized exact
// arithmetic on every dense instruction, and every refusal naming its field.
#include "support/catch_compat.hpp"

#include <nlohmann/json.hpp>
#include <random>

#include "emu/isa/instr_desc.hpp"
#include "emu/protocol/eval_line.hpp"
#include "support/sanitized.hpp"

using Json = nlohmann::ordered_json;
using mxlane::protocol::eval_line;
using mxlane::protocol::EvalOutcome;


TEST_CASE("eval values: D = A*B + C for small integers, exactly, on every dense instruction", "[cli][eval][values]") {
  // A and B from {0, 1}, C from {0, 1, 2}: exact in every format the table has (FP4 and unsigned
  // integers included), and non-negative, so every partial sum is an integer of at most K + 2 <= 130,
  // exact in every accumulator (bf16 included) and on every family's grid: none of the truncations
  // (RDNA3's grid floors, the fused groups' truncated products) can lose a bit, whatever the order and
  // grouping. D is then the exact sum, computed here with plain integers. (With negative elements the
  // floors are real: the gfx1100 WMMA's DOT2 grid, docs/spec/numerics.md §B.4 [HW], gives 1 - 2^-22 for
  // one such D, which is not this test's subject.)
  std::mt19937 rng(20261205);
  int checked = 0, row = 0;
  for (const mxlane::InstrDesc& d : mxlane::instruction_table()) {
    if (d.has(mxlane::Operand::IDX)) continue;  // sparse: checked for its shapes below
    if (mxlane_test::kSanitized && row++ % 3 != 0) continue;
    const auto pick = [&](mxlane::Operand op) { return static_cast<int>(rng() % (op == mxlane::Operand::C ? 3 : 2)); };
    const auto matrix = [&](mxlane::Operand op, std::vector<std::vector<std::vector<int>>>& out) {
      out.assign(static_cast<std::size_t>(d.blocks), {});
      Json blocks = Json::array();
      for (auto& block : out) {
        Json rows = Json::array();
        block.assign(static_cast<std::size_t>(d.rows(op)), std::vector<int>(static_cast<std::size_t>(d.cols(op))));
        for (auto& r : block) {
          Json cells = Json::array();
          for (int& v : r) cells.push_back(std::to_string(v = pick(op)));
          rows.push_back(cells);
        }
        blocks.push_back(rows);
      }
      return blocks;
    };
    std::vector<std::vector<std::vector<int>>> a, b, c;
    Json values = {{"A", matrix(mxlane::Operand::A, a)}, {"B", matrix(mxlane::Operand::B, b)},
                   {"C", matrix(mxlane::Operand::C, c)}};
    if (d.has(mxlane::Operand::SA)) {  // E8M0 scale 0x7f = 2^0 on every row and column block
      values["SA"] = Json::array();
      values["SB"] = Json::array();
      for (int blk = 0; blk < d.blocks; ++blk) {
        values["SA"].push_back(Json(static_cast<std::size_t>(d.rows(mxlane::Operand::SA)),
                                    Json(static_cast<std::size_t>(d.cols(mxlane::Operand::SA)), "0x7f")));
        values["SB"].push_back(Json(static_cast<std::size_t>(d.rows(mxlane::Operand::SB)),
                                    Json(static_cast<std::size_t>(d.cols(mxlane::Operand::SB)), "0x7f")));
      }
    }
    const Json line{{"arch", mxlane::arch_info(d.arch).name}, {"inst", d.mnemonic}, {"wave", d.wave}, {"values", values}};
    const EvalOutcome r = eval_line(line.dump());
    INFO(d.mnemonic << " (" << d.builtin << ") " << r.error);
    REQUIRE(r.status == EvalOutcome::Status::ok);
    const Json& got = r.output["values"]["D"];
    REQUIRE(got.size() == static_cast<std::size_t>(d.blocks));
    for (int blk = 0; blk < d.blocks; ++blk)
      for (int i = 0; i < d.m; ++i)
        for (int j = 0; j < d.n; ++j) {
          int sum = c[blk][i][j];
          for (int k = 0; k < d.k; ++k) sum += a[blk][i][k] * b[blk][k][j];
          INFO("D[" << blk << "][" << i << "][" << j << "]");
          REQUIRE(got[blk][i][j].get<std::string>() == std::to_string(sum));
        }
    ++checked;
  }
  CHECK(checked >= (mxlane_test::kSanitized ? 70 : 216));  // every dense row (one in three under the sanitizers)
}

TEST_CASE("eval values: bits are the value's pattern, the output shape is [block][row][col]", "[cli][eval][values]") {
  // v_mfma_f32_4x4x4f16 (16 blocks): A[b] = B[b] = identity-like ones on the diagonal, C = 0.5 in block 3 only.
  Json a = Json::array(), c = Json::array();
  for (int blk = 0; blk < 16; ++blk) {
    Json rows = Json::array(), crow = Json::array();
    for (int i = 0; i < 4; ++i) {
      Json r = Json::array(), cr = Json::array();
      for (int k = 0; k < 4; ++k) {
        r.push_back(i == k ? "0x3c00" : "0");  // raw bits of f16 1.0 and a decimal 0
        cr.push_back(blk == 3 ? "0.5" : "-0");
      }
      rows.push_back(r);
      crow.push_back(cr);
    }
    a.push_back(rows);
    c.push_back(crow);
  }
  const Json line{{"id", "eye"}, {"arch", "gfx90a"}, {"inst", "v_mfma_f32_4x4x4f16"}, {"values", {{"A", a}, {"B", a}, {"C", c}}}};
  const EvalOutcome r = eval_line(line.dump());
  INFO(r.error);
  REQUIRE(r.status == EvalOutcome::Status::ok);
  CHECK(r.output["id"] == "eye");
  CHECK(r.output["values"]["D"][3][1][1] == "1.5");
  CHECK(r.output["bits"]["D"][3][1][1] == "0x3fc00000");
  CHECK(r.output["values"]["D"][0][0][1] == "0");  // -0 + (+0 products) = +0 under round to nearest
  CHECK(r.output["bits"]["D"][0][2][2] == "0x3f800000");
  CHECK(r.output["values"]["D"][15][3][3] == "1");
}

TEST_CASE("eval values: every refusal names its field", "[cli][eval][values]") {
  const auto error_of = [](const Json& line) {
    const EvalOutcome r = eval_line(line.dump());
    CHECK(r.status == EvalOutcome::Status::error);
    return r.error;
  };
  const Json base{{"arch", "gfx1100"}, {"inst", "v_wmma_f32_16x16x16_f16"}};
  const auto with = [&](const Json& values) {
    Json l = base;
    l["values"] = values;
    return l;
  };
  const Json row16 = Json(16, "1");
  CHECK_THAT(error_of(with(Json{{"A", Json(15, row16)}})), Catch::StartsWith("values.A: expected 16 rows of 16 elements"));
  CHECK_THAT(error_of(with(Json{{"A", Json(16, Json(3, "1"))}})), Catch::StartsWith("values.A[0]: expected 16 rows"));
  Json inexact = Json(16, row16);
  inexact[2][5] = "0.1";
  CHECK_THAT(error_of(with(Json{{"A", inexact}})), Catch::StartsWith("values.A[2][5]"));
  Json fraction = Json(16, row16);
  fraction[0][1] = 1.5;
  CHECK_THAT(error_of(with(Json{{"B", fraction}})), Catch::StartsWith("values.B[0][1]: expected a string"));
  CHECK_THAT(error_of(with(Json{{"D", Json(16, row16)}})), Catch::StartsWith("values.D: unknown key (allowed: A, B, C)"));
  CHECK_THAT(error_of(with(Json::array())), Catch::StartsWith("values: expected an object"));
  Json both = with(Json::object());
  both["src"] = Json::object();
  CHECK_THAT(error_of(both), Catch::StartsWith("src: cannot be combined with \"values\""));
  Json expect = with(Json::object());
  expect["expect"] = Json::array();
  CHECK_THAT(error_of(expect), Catch::StartsWith("expect: cannot be combined"));
  CHECK_THAT(error_of(Json{{"arch", "gfx1100"}, {"inst", "sad_u8"}, {"values", Json::object()}}),
             Catch::StartsWith("values: "));
  // Four blocks given to a one-block instruction, and a [row][col] matrix to a multi-block one.
  CHECK_THAT(error_of(with(Json{{"C", Json(4, Json(16, row16))}})), Catch::StartsWith("values.C: expected 16 rows"));
  CHECK_THAT(error_of(Json{{"arch", "gfx90a"}, {"inst", "v_mfma_f32_4x4x4f16"}, {"values", {{"A", Json(4, Json(4, "1"))}}}}),
             Catch::StartsWith("values.A: expected 16 blocks of 4 rows of 4 elements"));
  // The sparse instructions take IDX with A's compressed shape; dense ones refuse it.
  CHECK_THAT(error_of(with(Json{{"IDX", Json::array()}})), Catch::StartsWith("values.IDX: unknown key"));
  // replay compares registers.
  const EvalOutcome replayed = eval_line(with(Json::object()).dump(), true);
  CHECK(replayed.status == EvalOutcome::Status::error);
  CHECK_THAT(replayed.error, Catch::StartsWith("values: a replay line compares registers"));
}
