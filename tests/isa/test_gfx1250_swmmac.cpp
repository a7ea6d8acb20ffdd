// gfx1250 (CDNA5) SWMMAC through the instruction table: the rows against what clang-22 and llvm-mc-22 print,
// the compressed A, B and IDX maps against rocjitsu's closed forms written out here (docs/cdna5.md §2.5), the
// modifier rules, index_key 1 (both values of switch cdna5_index_key), random 2:4-sparse small-integer products end to end through `mxlane eval` under every
// model (registers filled by the closed forms, results by exact arithmetic), hand-derived cases for switch
// cdna5_swmmac_grouping, and the builtin API.
#include "support/catch_compat.hpp"

#include <map>
#include <optional>
#include <random>
#include <string>

#include "emu/api/builtins.hpp"
#include "emu/isa/errors.hpp"
#include "layouts/operand_layout.hpp"
#include "nlohmann/json.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/gfx12_closed_forms.hpp"
#include "tests/support/matrix_case.hpp"
#include "tests/support/small_values.hpp"

using namespace mxlane;
using mxlane_test::inst;
using mxlane_test::Place;
using mxlane_test::place_of;
using mxlane_test::run_mxlane_on_input;
using Json = nlohmann::json;

namespace {

// docs/cdna5.md §1, from llvm-mc-22 -mcpu=gfx1250 -show-encoding: opcode and the D, A, B, IDX VGPR counts.
struct SwmmacPrinted {
  int opcode, d, a, b, idx;
};
const std::map<std::string, SwmmacPrinted> kGfx1250Swmmac = {
    {"v_swmmac_f32_16x16x64_f16", {0x65, 8, 8, 16, 1}},      {"v_swmmac_f32_16x16x64_bf16", {0x66, 8, 8, 16, 1}},
    {"v_swmmac_f16_16x16x64_f16", {0x67, 4, 8, 16, 1}},      {"v_swmmac_bf16_16x16x64_bf16", {0x68, 4, 8, 16, 1}},
    {"v_swmmac_bf16f32_16x16x64_bf16", {0x69, 4, 8, 16, 1}}, {"v_swmmac_f32_16x16x128_fp8_fp8", {0x73, 8, 8, 16, 2}},
    {"v_swmmac_f32_16x16x128_fp8_bf8", {0x74, 8, 8, 16, 2}}, {"v_swmmac_f32_16x16x128_bf8_fp8", {0x75, 8, 8, 16, 2}},
    {"v_swmmac_f32_16x16x128_bf8_bf8", {0x76, 8, 8, 16, 2}}, {"v_swmmac_f16_16x16x128_fp8_fp8", {0x77, 4, 8, 16, 2}},
    {"v_swmmac_f16_16x16x128_fp8_bf8", {0x78, 4, 8, 16, 2}}, {"v_swmmac_f16_16x16x128_bf8_fp8", {0x79, 4, 8, 16, 2}},
    {"v_swmmac_f16_16x16x128_bf8_bf8", {0x7a, 4, 8, 16, 2}}, {"v_swmmac_i32_16x16x128_iu8", {0x7b, 8, 8, 16, 2}},
};

std::vector<const InstrDesc*> gfx1250_swmmac_rows() {
  std::vector<const InstrDesc*> out;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1250))
    if (d->family().sparse_a) out.push_back(d);
  return out;
}

// rocjitsu's closed forms (docs/cdna5.md §2.5), `bits` the A/B element width, ck a stored column:
//   A (16-bit, K=64):  lane r + 16*((ck >> 3) & 1), VGPR 4*(ck >> 4) + ((ck & 7) >> 1), bit 16*(ck & 1)
//   A (8-bit, K=128):  lane r + 16*((ck >> 4) & 1), VGPR 4*(ck >> 5) + ((ck & 15) >> 2), bit 8*(ck & 3)
//   B (16-bit, K=64):  lane j + 16*((k >> 4) & 1), VGPR 8*(k >> 5) + ((k & 15) >> 1), bit 16*(k & 1)
//   B (8-bit, K=128):  lane j + 16*((k >> 5) & 1), VGPR 8*(k >> 6) + ((k & 31) >> 2), bit 8*(k & 3)
//   IDX (K=64):  lane r + 16*(ck >> 4), VGPR 0, bit 2*(ck & 15)
//   IDX (K=128): lane r + 16*(ck >> 5), VGPR (ck >> 4) & 1, bit 2*(ck & 15)
Place swmmac_a_place(int bits, int r, int ck) {
  if (bits == 16) return {r + 16 * ((ck >> 3) & 1), 4 * (ck >> 4) + ((ck & 7) >> 1), 16 * (ck & 1)};
  return {r + 16 * ((ck >> 4) & 1), 4 * (ck >> 5) + ((ck & 15) >> 2), 8 * (ck & 3)};
}
Place swmmac_b_place(int bits, int k, int j) {
  if (bits == 16) return {j + 16 * ((k >> 4) & 1), 8 * (k >> 5) + ((k & 15) >> 1), 16 * (k & 1)};
  return {j + 16 * ((k >> 5) & 1), 8 * (k >> 6) + ((k & 31) >> 2), 8 * (k & 3)};
}
Place swmmac_idx_place(int k_size, int r, int ck) {
  if (k_size == 64) return {r + 16 * (ck >> 4), 0, 2 * (ck & 15)};
  return {r + 16 * (ck >> 5), (ck >> 4) & 1, 2 * (ck & 15)};
}
// §2.2: D[i][j] in lane 16 * (i / 8) + j, item i mod 8.
Place swmmac_d_place(int bits, int i, int j) {
  const int item = i % 8;
  return {16 * (i / 8) + j, item * bits / 32, item * bits % 32};
}

Json swmmac_zero_grid(int vgprs) {
  return Json(std::vector<std::vector<std::uint32_t>>(vgprs, std::vector<std::uint32_t>(32, 0)));
}

void swmmac_put(Json& g, const Place& p, std::uint64_t bits) {
  g[p.vgpr][p.lane] = g[p.vgpr][p.lane].get<std::uint32_t>() | static_cast<std::uint32_t>(bits << p.bit);
}

}  // namespace

TEST_CASE("gfx1250 SWMMAC: the table rows are what clang-22 and llvm-mc-22 print", "[isa][gfx1250][swmmac]") {
  const auto rows = gfx1250_swmmac_rows();
  REQUIRE(rows.size() == kGfx1250Swmmac.size());
  for (const InstrDesc* d : rows) {
    CAPTURE(d->mnemonic);
    REQUIRE(kGfx1250Swmmac.count(std::string(d->mnemonic)) == 1);
    const SwmmacPrinted& p = kGfx1250Swmmac.at(std::string(d->mnemonic));
    CHECK(d->opcode == p.opcode);
    CHECK(d->vgprs(Operand::D) == p.d);
    CHECK(d->vgprs_a == p.a);
    CHECK(d->vgprs_b == p.b);
    CHECK(d->vgprs(Operand::IDX) == p.idx);
    // C is D's registers: the same tuple, except the bf16f32 form's f32 C (8 VGPRs) under its bf16 D.
    CHECK(d->vgprs(Operand::C) == (d->c_type == d->d_type ? p.d : 8));
    CHECK(d->wave == 32);
    CHECK(std::string(d->builtin) == std::string(d->mnemonic).substr(2));
  }
}

TEST_CASE("gfx1250 SWMMAC: compressed A, B and IDX sit where rocjitsu's closed forms put them",
          "[isa][gfx1250][swmmac][layouts]") {
  for (const InstrDesc* d : gfx1250_swmmac_rows()) {
    CAPTURE(d->mnemonic);
    const int bits = elem_bits(d->a_type);
    const auto check_operand = [&](Operand op, auto formula, int expected_elements) {
      const OperandLayout layout(*d, op);
      int placed = 0;
      for (const Placement& p : layout.all()) {
        CAPTURE(operand_name(op), p.row, p.col);
        REQUIRE(place_of(p) == formula(p.row, p.col));
        const auto slots = layout.inverse(p.slot.vgpr, p.slot.lane);
        const auto at =
            std::find_if(slots.begin(), slots.end(), [&](const SlotContents& s) { return s.slot == p.slot; });
        REQUIRE(at != slots.end());
        REQUIRE(at->elements.size() == 1);
        CHECK((at->elements[0].row == p.row && at->elements[0].col == p.col));
        ++placed;
      }
      CHECK(placed == expected_elements);
      CHECK(layout.vgprs() == d->vgprs(op));
    };
    check_operand(
        Operand::A, [&](int r, int ck) { return swmmac_a_place(bits, r, ck); }, 16 * d->k / 2);
    check_operand(
        Operand::B, [&](int k, int j) { return swmmac_b_place(bits, k, j); }, 16 * d->k);
    check_operand(
        Operand::IDX, [&](int r, int ck) { return swmmac_idx_place(d->k, r, ck); }, 16 * d->k / 2);
    for (Operand op : {Operand::C, Operand::D})
      check_operand(
          op, [&](int i, int j) { return swmmac_d_place(elem_bits(d->type(op)), i, j); }, 256);
  }
}

TEST_CASE("gfx1250 SWMMAC: modifier rules as llvm-mc-22 accepts them, each refusal with its reason",
          "[isa][gfx1250][swmmac]") {
  const InstrDesc& f16 = inst("gfx1250", "v_swmmac_f32_16x16x64_f16");
  const InstrDesc& fp8 = inst("gfx1250", "v_swmmac_f32_16x16x128_fp8_bf8");
  const InstrDesc& iu8 = inst("gfx1250", "v_swmmac_i32_16x16x128_iu8");
  CHECK_NOTHROW(validate_modifiers(f16, Modifiers{.neg = 3, .neg_hi = 3, .matrix_a_reuse = 1, .matrix_b_reuse = 1}));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.neg = 4}), Catch::Contains("no C field"));
  CHECK_THROWS_WITH(validate_modifiers(fp8, Modifiers{.neg = 1}), Catch::Contains("FP8/BF8 A and B is illegal"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.clamp = 1}), Catch::Contains("CLAMP must be 0"));
  CHECK_NOTHROW(validate_modifiers(iu8, Modifiers{.neg = 3, .clamp = 1, .matrix_b_reuse = 1}));
  CHECK_THROWS_WITH(validate_modifiers(iu8, Modifiers{.neg_hi = 1}), Catch::Contains("no NEG_HI"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.opsel = 1}), Catch::Contains("index_key"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.cbsz = 1}), Catch::Contains("CDNA MFMA modifier"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.matrix_a_fmt = 1}), Catch::Contains("not to SWMMAC"));
  // index_key: llvm-mc-22 encodes 0 and 1 (docs/cdna5.md §2.5); 2 is refused with why.
  for (const InstrDesc* d : gfx1250_swmmac_rows()) {
    CHECK_NOTHROW(validate_modifiers(*d, Modifiers{.index_key = 1}));
    CHECK_THROWS_WITH(validate_modifiers(*d, Modifiers{.index_key = 2}), Catch::Contains("no window to pick"));
  }
}

// index_key 1 under cdna5_index_key=shift (docs/cdna5.md §2.5): IDX is read shifted right by half its width, so
// field f < half of a lane comes from bit 2f + 16 (K=64, one VGPR) or from VGPR 1, bit 2f (K=128), and the fields
// from half on read 0 from no register. Written out from the rule, not from the layout code.
std::optional<Place> swmmac_idx_place_key1(int k_size, int r, int ck) {
  if (k_size == 64) {
    if ((ck & 15) >= 8) return std::nullopt;
    return Place{r + 16 * (ck >> 4), 0, 16 + 2 * (ck & 15)};
  }
  if ((ck & 31) >= 16) return std::nullopt;
  return Place{r + 16 * (ck >> 5), 1, 2 * (ck & 15)};
}

TEST_CASE("gfx1250 SWMMAC: index_key 1 reads IDX shifted by half its width, or as index_key 0 under `ignore`",
          "[isa][gfx1250][swmmac][layouts]") {
  Switches ignore;
  set_switch(ignore, "cdna5_index_key", "ignore");
  for (const InstrDesc* d : gfx1250_swmmac_rows()) {
    CAPTURE(d->mnemonic);
    const OperandLayout shifted(*d, Operand::IDX, Modifiers{.index_key = 1}),
        ignored(*d, Operand::IDX, Modifiers{.index_key = 1}, ignore);
    int held = 0;
    for (int r = 0; r < 16; ++r)
      for (int ck = 0; ck < d->k / 2; ++ck) {
        CAPTURE(r, ck);
        const std::optional<Place> want = swmmac_idx_place_key1(d->k, r, ck);
        const std::vector<Placement> got = shifted.forward(0, r, ck);
        CHECK(shifted.held(Coords{0, r, ck, 0}) == want.has_value());
        REQUIRE(got.size() == (want ? 1u : 0u));
        if (want) {
          ++held;
          CHECK(place_of(got[0]) == *want);
        }
        REQUIRE(ignored.forward(0, r, ck).size() == 1);
        CHECK(place_of(ignored.forward(0, r, ck)[0]) == swmmac_idx_place(d->k, r, ck));
      }
    CHECK(held == 16 * d->k / 4);
    CHECK(static_cast<int>(shifted.all().size()) == held);
    // Inverse: the slots the shift moved out of the register feed nothing.
    for (const SlotContents& s : shifted.inverse(0, 0))
      CHECK(s.elements.empty() == (d->k == 64 ? s.slot.bit_lo < 16 : true));
    bool noted = false;
    for (const std::string& n : shifted.notes()) noted = noted || n.find("read as 0") != std::string::npos;
    CHECK(noted);
  }
}

TEST_CASE("gfx1250 SWMMAC: lanemap names an index no register holds under index_key 1", "[isa][gfx1250][swmmac][cli]") {
  // K=64, stored column 9: field 9 of lane 0, beyond the 8 fields the shifted register holds; column 3: bits
  // 16 + 2*3 = 23:22 (swmmac_idx_place_key1).
  const std::vector<std::string> base{"lanemap",   "--arch", "gfx1250",     "--inst", "v_swmmac_f32_16x16x64_f16",
                                      "--operand", "IDX",    "--index-key", "1"};
  auto with = [&](const std::vector<std::string>& extra) { return mxlane_test::run_mxlane(base, extra); };
  const auto unheld = with({"--element", "0,9"});
  REQUIRE(unheld.code == 0);
  CHECK(unheld.out.find("IDX[0][9] = 0: no register holds it") != std::string::npos);
  CHECK(unheld.out.find("fields 8-15 read as 0") != std::string::npos);
  const auto held = with({"--element", "0,3"});
  REQUIRE(held.code == 0);
  CHECK(held.out.find("IDX[0][3] = v0{0}.[23:22]") != std::string::npos);
  const auto json = with({"--element", "0,9", "--format", "json"});
  REQUIRE(json.code == 0);
  const Json doc = Json::parse(json.out);
  REQUIRE(doc.contains("held"));
  CHECK(doc["held"] == false);
  CHECK(doc["entries"].empty());
  // `ignore`: the element is held, at index_key 0's place (bits 19:18).
  const auto ignored = with({"--element", "0,9", "--option", "cdna5_index_key=ignore"});
  REQUIRE(ignored.code == 0);
  CHECK(ignored.out.find("IDX[0][9] = v0{0}.[19:18]") != std::string::npos);
}

TEST_CASE("gfx1250 SWMMAC: index_key 1 end to end through eval, hand-derived, both switch values",
          "[isa][gfx1250][swmmac][eval]") {
  // v_swmmac_f32_16x16x64_f16, row 0: A's stored values 0 and 1 are 1.0, B[k][0] = k + 1 (exact in f16), C = 0.
  // Lane 0's IDX word 0x000E0004: bits 3:0 give the pair indices (0, 1), bits 19:16 give (2, 3).
  //   index_key 0, or 1 under `ignore`: D[0][0] = B[0] + B[1] = 1 + 2 = 3.
  //   index_key 1 under `shift`: fields 0 and 1 come from bits 17:16 and 19:18: D[0][0] = B[2] + B[3] = 3 + 4 = 7.
  const InstrDesc& d = inst("gfx1250", "v_swmmac_f32_16x16x64_f16");
  Json A = swmmac_zero_grid(d.vgprs_a), B = swmmac_zero_grid(d.vgprs_b), C = swmmac_zero_grid(8),
       IDX = swmmac_zero_grid(1);
  swmmac_put(A, swmmac_a_place(16, 0, 0), 0x3C00);
  swmmac_put(A, swmmac_a_place(16, 0, 1), 0x3C00);
  for (int k = 0; k < d.k; ++k)
    swmmac_put(B, swmmac_b_place(16, k, 0), mxlane_test::small_value_bits(ElemType::f16, k + 1));
  IDX[0][0] = 0x000E0004u;
  const auto d00 = [&](int key, const char* model) {
    Json line{{"id", 1},
              {"arch", "gfx1250"},
              {"inst", d.builtin},
              {"mods", {{"index_key", key}}},
              {"options", {{"cdna5_index_key", model}}},
              {"src", {{"A", A}, {"B", B}, {"C", C}, {"IDX", IDX}}}};
    const auto run = run_mxlane_on_input({"eval"}, line.dump() + "\n");
    REQUIRE(run.code == 0);
    return std::stoul(Json::parse(run.out)["D"][0][0].get<std::string>(), nullptr, 16);
  };
  CHECK(d00(0, "shift") == 0x40400000u);   // 3.0
  CHECK(d00(1, "ignore") == 0x40400000u);  // 3.0
  CHECK(d00(1, "shift") == 0x40E00000u);   // 7.0
}

TEST_CASE("gfx1250 SWMMAC: index_key 1 through the matrix API, and an index no register holds",
          "[isa][gfx1250][swmmac]") {
  // v_swmmac_f32_16x16x128_fp8_fp8 under `shift`: stored column 16 (field 16, no register) must be given index 0;
  // stored column 0 (field 0, VGPR 1) works as with index_key 0. A = 1 at stored columns 0 and 1 (indices 1, 2:
  // k 1 and 2), B[k][0] = 2 at k 1 and 3 at k 2: D[0][0] = 5.
  const InstrDesc& d = inst("gfx1250", "v_swmmac_f32_16x16x128_fp8_fp8");
  using mxlane_test::zeros;
  auto A = zeros(d, Operand::A), B = zeros(d, Operand::B), C = zeros(d, Operand::C), I = zeros(d, Operand::IDX);
  A[0](0, 0) = A[0](0, 1) = 0x38;  // E4M3 1.0
  I[0](0, 0) = 1;
  I[0](0, 1) = 2;
  B[0](1, 0) = 0x40;  // 2.0
  B[0](2, 0) = 0x44;  // 3.0
  CHECK(run_matrix(d, A, B, C, Modifiers{.index_key = 1}, {}, I)[0](0, 0) == 0x40A00000u);
  I[0](0, 16) = 1;
  CHECK_THROWS_WITH(run_matrix(d, A, B, C, Modifiers{.index_key = 1}, {}, I),
                    Catch::Contains("IDX[0][0][16] = 1: no register holds this index: with index_key 1 under "
                                    "cdna5_index_key=shift the IDX register holds fields 0-15"));
  Switches ignore;
  set_switch(ignore, "cdna5_index_key", "ignore");
  CHECK(run_matrix(d, A, B, C, Modifiers{.index_key = 1}, ignore, I)[0](0, 0) == 0x40A00000u);
}

TEST_CASE("gfx1250 SWMMAC: random 2:4-sparse small-integer products are exact end to end, under every model",
          "[isa][gfx1250][swmmac][eval]") {
  std::mt19937 rng(1251);
  for (const InstrDesc* d : gfx1250_swmmac_rows()) {
    CAPTURE(d->mnemonic);
    const bool integer = d->c_type == ElemType::i32;
    const int bits = elem_bits(d->a_type), stored = d->k / 2;
    int limit = integer ? 100 : 7;
    if (!integer) {
      const int man = d->d_type == ElemType::f32 ? 23 : d->d_type == ElemType::f16 ? 10 : 7;
      while (stored * limit * limit + 3 * limit > (1 << (man + 1))) --limit;
    }
    std::uniform_int_distribution<int> pick(-limit, limit), position(0, 3);
    // Dense A with two nonzero-able k per group of four (two distinct positions, in increasing order).
    std::vector<std::vector<int>> a(16, std::vector<int>(d->k, 0)), b(d->k, std::vector<int>(16)),
        c(16, std::vector<int>(16));
    Json A = swmmac_zero_grid(d->vgprs_a), B = swmmac_zero_grid(d->vgprs_b), C = swmmac_zero_grid(d->vgprs(Operand::C)),
         IDX = swmmac_zero_grid(d->vgprs(Operand::IDX));
    for (int r = 0; r < 16; ++r)
      for (int q = 0; q < d->k / 4; ++q) {
        int p0 = position(rng), p1 = position(rng);
        while (p1 == p0) p1 = position(rng);
        if (p0 > p1) std::swap(p0, p1);
        for (const auto& [ck, pos] : {std::pair{2 * q, p0}, std::pair{2 * q + 1, p1}}) {
          const int v = integer ? std::abs(pick(rng)) : pick(rng);
          a[r][4 * q + pos] = v;
          swmmac_put(A, swmmac_a_place(bits, r, ck), mxlane_test::small_value_bits(d->a_type, v));
          swmmac_put(IDX, swmmac_idx_place(d->k, r, ck), static_cast<std::uint64_t>(pos));
        }
      }
    for (int k = 0; k < d->k; ++k)
      for (int j = 0; j < 16; ++j) {
        b[k][j] = pick(rng);
        swmmac_put(B, swmmac_b_place(bits, k, j), mxlane_test::small_value_bits(d->b_type, b[k][j]));
      }
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        c[i][j] = 3 * pick(rng);
        swmmac_put(C, swmmac_d_place(elem_bits(d->c_type), i, j), mxlane_test::small_value_bits(d->c_type, c[i][j]));
      }
    std::vector<std::pair<std::string, std::string>> settings;  // (cdna5_wmma, cdna5_swmmac_grouping)
    for (const char* model : {"fused-groups", "dot4", "fma-chain"})
      for (const char* grouping : {"dense-k", "compressed-k"}) settings.emplace_back(model, grouping);
    if (integer) settings.resize(1);  // no switch applies to the integer SWMMAC
    for (const auto& [model, grouping] : settings) {
      CAPTURE(model, grouping);
      Json line{
          {"id", 1}, {"arch", "gfx1250"}, {"inst", d->builtin}, {"src", {{"A", A}, {"B", B}, {"C", C}, {"IDX", IDX}}}};
      if (integer)
        line["mods"] = {{"neg", 2}};  // A unsigned, B signed
      else
        line["options"] = {{"cdna5_wmma", model}, {"cdna5_swmmac_grouping", grouping}};
      const auto run = run_mxlane_on_input({"eval"}, line.dump() + "\n");
      REQUIRE(run.code == 0);
      const Json out = Json::parse(run.out);
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          long long want = c[i][j];
          for (int k = 0; k < d->k; ++k) want += static_cast<long long>(a[i][k]) * b[k][j];
          const Place p = swmmac_d_place(elem_bits(d->d_type), i, j);
          const auto word =
              static_cast<std::uint32_t>(std::stoul(out["D"][p.vgpr][p.lane].get<std::string>(), nullptr, 16));
          const std::uint64_t got = (word >> p.bit) & (elem_bits(d->d_type) == 32 ? 0xFFFFFFFFu : 0xFFFFu);
          CAPTURE(i, j, want, got);
          REQUIRE(mxlane_test::small_value_of(d->d_type, got) == want);
        }
    }
  }
}

TEST_CASE("gfx1250 SWMMAC: hand-derived cases tell cdna5_swmmac_grouping apart", "[isa][gfx1250][swmmac][numerics]") {
  // v_swmmac_f32_16x16x64_f16, row 0, C = 1.0: stored value 0 at k = 0 (index 0) and stored value 6 at
  // k = 12 (group 3, index 0), both 2^-24 (f16 0x0001) times B = 1.0.
  //   dense-k (fused groups of 8 dense k): k 0 and k 12 fall in different groups, each a tie on 1.0,
  //     rounded to even: 1.0.
  //   compressed-k (groups of 8 stored values): stored values 0 and 6 share a group: 1 + 2^-23.
  const InstrDesc& d = inst("gfx1250", "v_swmmac_f32_16x16x64_f16");
  using mxlane_test::zeros;
  auto A = zeros(d, Operand::A), B = zeros(d, Operand::B), C = zeros(d, Operand::C), I = zeros(d, Operand::IDX);
  A[0](0, 0) = 0x0001;
  A[0](0, 6) = 0x0001;
  I[0](0, 1) = 1;  // the pair's second value at position 1 (a zero factor), the first at 0
  I[0](0, 7) = 1;
  for (int k = 0; k < d.k; ++k) B[0](k, 0) = 0x3C00;
  C[0](0, 0) = 0x3F800000;
  Switches compressed;
  set_switch(compressed, "cdna5_swmmac_grouping", "compressed-k");
  CHECK(run_matrix(d, A, B, C, {}, {}, I)[0](0, 0) == 0x3F800000);
  CHECK(run_matrix(d, A, B, C, {}, compressed, I)[0](0, 0) == 0x3F800001);
  // The index picks B's row: index 2 for stored value 0 reads B row 2 (2.0 there: D = 1 + 2 * 2^-24 * ... ).
  B[0](2, 0) = 0x4000;  // 2.0
  A[0](0, 6) = 0;
  I[0](0, 0) = 2;
  I[0](0, 1) = 3;
  CHECK(run_matrix(d, A, B, C, {}, {}, I)[0](0, 0) == 0x3F800001);  // 1 + 2^-23 exactly: one product 2^-23
  // Integer: CLAMP saturates once.
  const InstrDesc& iu8 = inst("gfx1250", "v_swmmac_i32_16x16x128_iu8");
  auto Ai = zeros(iu8, Operand::A), Bi = zeros(iu8, Operand::B), Ci = zeros(iu8, Operand::C),
       Ii = zeros(iu8, Operand::IDX);
  Ai[0](0, 0) = 1;
  Ii[0](0, 1) = 1;
  Bi[0](0, 0) = 1;
  Ci[0](0, 0) = 0x7FFFFFFF;
  CHECK(run_matrix(iu8, Ai, Bi, Ci, Modifiers{.neg = 3, .clamp = 1}, {}, Ii)[0](0, 0) == 0x7FFFFFFF);
  CHECK(run_matrix(iu8, Ai, Bi, Ci, Modifiers{.neg = 3}, {}, Ii)[0](0, 0) == 0x80000000);
}

TEST_CASE("gfx1250 SWMMAC: the builtin API takes clang's argument lists", "[isa][gfx1250][swmmac][builtins]") {
  // swmmac_f32_16x16x64_f16(neg_a, A, neg_b, B, C, index, reuse_a, reuse_b): every stored A value 1.0, every
  // index pair (0, 1), B = 2.0, C = 1: D = 1 + 32 * 2 = 65; neg_a: 1 - 64 = -63.
  auto w = builtins::gfx1250::swmmac_f32_16x16x64_f16;
  decltype(w)::A a{};
  decltype(w)::B b{};
  decltype(w)::C c{};
  decltype(w)::Idx idx{};
  for (auto& lane : a) lane.fill(F16(0x3C00));
  for (auto& lane : b) lane.fill(F16(0x4000));
  for (auto& lane : c) lane.fill(F32(0x3F800000));
  idx.fill(static_cast<std::int32_t>(0x44444444));                              // fields 0, 1, 0, 1, ...
  CHECK(w(false, a, false, b, c, idx, false, false)[0][0].bits == 0x42820000);  // 65
  CHECK(w(true, a, false, b, c, idx, true, false)[0][0].bits == 0xC27C0000);    // -63
  // The K=128 forms: the builtin's one `int` sets the first index VGPR; the second (stored values 16-31 and
  // 48-63 of a row in rocjitsu's map) is taken as 0 here, index 0 for both values of a pair.
  auto f8 = builtins::gfx1250::swmmac_f32_16x16x128_fp8_fp8;
  decltype(f8)::A a8{};
  decltype(f8)::B b8{};
  decltype(f8)::C c8{};
  decltype(f8)::Idx idx8{};
  for (auto& lane : a8) lane.fill(0x38383838);  // E4M3 1.0
  for (auto& lane : b8) lane.fill(0x38383838);
  for (auto& lane : c8) lane.fill(F32(0));
  idx8.fill(static_cast<std::int32_t>(0x44444444));
  // Per row: 64 stored values; the 32 whose index is in the first VGPR add 1 each; of the other 32 (index 0
  // twice per pair) both still multiply B's row 4q: 64 in all.
  CHECK(f8(a8, b8, c8, idx8, false, false)[0][0].bits == 0x42800000);  // 64
}
