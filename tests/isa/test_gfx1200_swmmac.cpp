// gfx1200 SWMMAC through the instruction table: the 11 rows and 22 builtins, the §2.5 layouts (compressed
// A, IDX at every legal index_key, dense B) against closed forms written out here, modifiers and bad
// input, the rebuilt row in eval, the builtin API and run_matrix (docs/rdna4.md §1.1, §2.5, §3.2).
#include "support/catch_compat.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "emu/api/builtins.hpp"
#include "emu/api/gemm.hpp"
#include "emu/api/matrix.hpp"
#include "emu/isa/errors.hpp"
#include "layouts/operand_layout.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/gfx12_closed_forms.hpp"
#include "tests/support/scratch_file.hpp"

using mxlane_test::place_of;

using namespace mxlane;
using mxlane_test::Place;
using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;

namespace {

// docs/rdna4.md §1.1 [TOOL][LLVM]: opcode, cycles, A / B / C,D VGPRs in wave32 and wave64, legal index_key count
// in wave32 and wave64.
struct PublishedSwmmac {
  int opcode, cycles, a32, b32, cd32, a64, b64, cd64, keys32, keys64;
};
const std::map<std::string, PublishedSwmmac> kSwmmac = {
    {"v_swmmac_f32_16x16x32_f16", {0x50, 16, 4, 8, 8, 2, 4, 4, 2, 4}},
    {"v_swmmac_f32_16x16x32_bf16", {0x51, 16, 4, 8, 8, 2, 4, 4, 2, 4}},
    {"v_swmmac_f16_16x16x32_f16", {0x52, 16, 4, 8, 4, 2, 4, 2, 2, 4}},
    {"v_swmmac_bf16_16x16x32_bf16", {0x53, 16, 4, 8, 4, 2, 4, 2, 2, 4}},
    {"v_swmmac_i32_16x16x32_iu8", {0x54, 8, 2, 4, 8, 1, 2, 4, 2, 4}},
    {"v_swmmac_i32_16x16x32_iu4", {0x55, 8, 1, 2, 8, 1, 1, 4, 2, 2}},
    {"v_swmmac_i32_16x16x64_iu4", {0x56, 8, 2, 4, 8, 1, 2, 4, 1, 2}},
    {"v_swmmac_f32_16x16x32_fp8_fp8", {0x57, 8, 2, 4, 8, 1, 2, 4, 2, 4}},
    {"v_swmmac_f32_16x16x32_fp8_bf8", {0x58, 8, 2, 4, 8, 1, 2, 4, 2, 4}},
    {"v_swmmac_f32_16x16x32_bf8_fp8", {0x59, 8, 2, 4, 8, 1, 2, 4, 2, 4}},
    {"v_swmmac_f32_16x16x32_bf8_bf8", {0x5a, 8, 2, 4, 8, 1, 2, 4, 2, 4}},
};

std::vector<const InstrDesc*> swmmac_rows() {
  std::vector<const InstrDesc*> out;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1200))
    if (d->family().sparse_a) out.push_back(d);
  return out;
}

// docs/rdna4.md §2.5: the slot of the group of four dense k from k (= 4 * floor(c/2)) holding stored value c
// of row i: (lane, VGPR, first bit of the slot). wave64 4-bit forms: the calculator's entries [TOOL]
// (iu4 K=32 keeps the wave32 lanes; iu4 K=64 puts k 16-31 of each half in lanes 32-63).
Place group_slot(int bits, int k_size, int wave, int i, int k) {
  if (bits == 16) {
    if (wave == 32) return {16 * ((k / 8) % 2) + i, 2 * (k / 16) + (k / 4) % 2, 0};
    return {16 * (k / 8) + i, (k / 4) % 2, 0};
  }
  if (bits == 8) {
    if (wave == 32) return {16 * (k / 16) + i, (k / 8) % 2, 16 * ((k / 4) % 2)};
    return {32 * ((k / 8) % 2) + 16 * (k / 16) + i, 0, 16 * ((k / 4) % 2)};
  }
  if (k_size == 32) return {16 * (k / 16) + i, 0, 8 * ((k / 4) % 4)};
  if (wave == 32) return {16 * (k / 32) + i, (k / 16) % 2, 8 * ((k / 4) % 4)};
  return {32 * ((k / 16) % 2) + 16 * (k / 32) + i, 0, 8 * ((k / 4) % 4)};
}

// docs/rdna4.md §2.5: dense B[k][j] at K = 32 or 64. wave64: the calculator's entries [TOOL].
Place b_formula(int bits, int k_size, int wave, int k, int j) {
  if (bits == 16) {
    if (wave == 32) return {16 * ((k / 8) % 2) + j, 4 * (k / 16) + (k / 2) % 4, 16 * (k % 2)};
    return {16 * (k / 8) + j, (k / 2) % 4, 16 * (k % 2)};
  }
  if (bits == 8) {
    if (wave == 32) return {16 * (k / 16) + j, (k / 4) % 4, 8 * (k % 4)};
    return {32 * ((k / 8) % 2) + 16 * (k / 16) + j, (k / 4) % 2, 8 * (k % 4)};
  }
  if (k_size == 32) return mxlane_test::gfx12_input_formula(4, 32, wave, j, k);  // as dense iu4 K=32
  if (wave == 32) return {16 * (k / 32) + j, (k / 8) % 4, 4 * (k % 8)};
  return {32 * ((k / 16) % 2) + 16 * (k / 32) + j, (k / 8) % 2, 4 * (k % 8)};
}

std::string grid(int vgprs, int wave, const std::string& word) {
  std::string s = "[";
  for (int r = 0; r < vgprs; ++r) {
    s += r ? ",[" : "[";
    for (int l = 0; l < wave; ++l) s += (l ? ",\"" : "\"") + word + "\"";
    s += "]";
  }
  return s + "]";
}

bool one_line(const mxlane_test::Run& r) { return std::count(r.err.begin(), r.err.end(), '\n') == 1; }

}  // namespace

TEST_CASE("gfx1200 has the 11 SWMMAC instructions, each with a _w32 and a _w64 builtin", "[isa][gfx1200][swmmac]") {
  const auto rows = swmmac_rows();
  REQUIRE(rows.size() == 22);
  std::set<std::string> mnemonics;
  for (const InstrDesc* d : rows) {
    CAPTURE(d->builtin);
    const auto it = kSwmmac.find(std::string(d->mnemonic));
    REQUIRE(it != kSwmmac.end());
    const PublishedSwmmac& p = it->second;
    mnemonics.insert(std::string(d->mnemonic));
    CHECK(d->family_id == MatrixFamilyId::swmmac_gfx12);
    CHECK(d->opcode == p.opcode);
    CHECK(d->builtin == std::string(d->mnemonic).substr(2) + (d->wave == 32 ? "_w32" : "_w64"));
    CHECK(d->vgprs_a == (d->wave == 32 ? p.a32 : p.a64));
    CHECK(d->vgprs_b == (d->wave == 32 ? p.b32 : p.b64));
    CHECK(d->vgprs_cd == (d->wave == 32 ? p.cd32 : p.cd64));
    CHECK(d->vgprs(Operand::IDX) == 1);
    CHECK(d->cols(Operand::A) == d->k / 2);
    CHECK(swmmac_index_keys(*d) == (d->wave == 32 ? p.keys32 : p.keys64));
    CHECK(d->cycles == (d->wave == 32 ? p.cycles : -1));
    CHECK(d->has(Operand::IDX));
  }
  CHECK(mnemonics.size() == 11);
}

TEST_CASE("gfx1200 SWMMAC layouts follow docs/rdna4.md §2.5, both waves, every legal index_key",
          "[isa][gfx1200][swmmac][layouts]") {
  for (const InstrDesc* d : swmmac_rows()) {
    CAPTURE(d->builtin);
    const int bits = elem_bits(d->a_type);
    // Compressed A: stored value c in its group's slot, first value in the low half.
    const OperandLayout a(*d, Operand::A);
    CHECK(a.vgprs() == d->vgprs_a);
    std::set<Place> seen;
    for (int i = 0; i < 16; ++i)
      for (int c = 0; c < d->k / 2; ++c) {
        Place want = group_slot(bits, d->k, d->wave, i, 4 * (c / 2));
        want.bit += bits * (c % 2);
        const auto p = a.forward(0, i, c);
        CHECK(place_of(p[0]) == want);
        seen.insert(place_of(p[0]));
      }
    CHECK(seen.size() == static_cast<std::size_t>(16 * d->k / 2));  // a bijection onto its slots
    // IDX: the stored value's item within its lane, 2 bits each, in window index_key.
    const int window = 64 / swmmac_index_keys(*d) / 2;
    for (int key = 0; key < swmmac_index_keys(*d); ++key) {
      Modifiers mods;
      mods.index_key = key;
      const OperandLayout idx(*d, Operand::IDX, mods);
      std::set<Place> fields;
      for (int i = 0; i < 16; ++i)
        for (int c = 0; c < d->k / 2; ++c) {
          const Place slot = group_slot(bits, d->k, d->wave, i, 4 * (c / 2));
          const int item = (32 * slot.vgpr + slot.bit) / bits + c % 2;  // the stored value's place in its lane
          const auto p = idx.forward(0, i, c);
          CHECK(place_of(p[0]) == Place{slot.lane, 0, window * key + 2 * item});
          CHECK(p[0].slot.width() == 2);
          fields.insert(place_of(p[0]));
        }
      CHECK(fields.size() == static_cast<std::size_t>(16 * d->k / 2));
    }
    // Dense B.
    const OperandLayout b(*d, Operand::B);
    CHECK(b.vgprs() == d->vgprs_b);
    seen.clear();
    for (int k = 0; k < d->k; ++k)
      for (int j = 0; j < 16; ++j) {
        const auto p = b.forward(0, k, j);
        CHECK(place_of(p[0]) == b_formula(bits, d->k, d->wave, k, j));
        seen.insert(place_of(p[0]));
      }
    CHECK(seen.size() == static_cast<std::size_t>(16 * d->k));
  }
}

TEST_CASE("gfx1200 SWMMAC modifiers: index_key ranges, NEG on A/B only for f16/bf16, none on FP8",
          "[isa][gfx1200][swmmac][modifiers]") {
  const InstrDesc& f16 = resolve_instruction(arch_info(ArchId::gfx1200), "swmmac_f32_16x16x32_f16_w32");
  const InstrDesc& fp8 = resolve_instruction(arch_info(ArchId::gfx1200), "swmmac_f32_16x16x32_fp8_bf8_w64");
  const InstrDesc& iu4 = resolve_instruction(arch_info(ArchId::gfx1200), "swmmac_i32_16x16x64_iu4_w32");
  CHECK_NOTHROW(validate_modifiers(f16, Modifiers{.neg = 3, .neg_hi = 3, .index_key = 1}));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.neg = 4}), Catch::Contains("no C field"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.index_key = 2}), Catch::Contains("legal values: 0, 1"));
  CHECK_NOTHROW(validate_modifiers(fp8, Modifiers{.index_key = 3}));
  CHECK_THROWS_WITH(validate_modifiers(fp8, Modifiers{.neg = 1}), Catch::Contains("FP8/BF8"));
  CHECK_THROWS_WITH(validate_modifiers(iu4, Modifiers{.index_key = 1}), Catch::Contains("legal values: 0"));
  CHECK_NOTHROW(validate_modifiers(iu4, Modifiers{.neg = 3, .clamp = 1}));
  CHECK_THROWS_WITH(validate_modifiers(iu4, Modifiers{.neg_hi = 1}), Catch::Contains("NEG_HI"));
  const InstrDesc& dense = resolve_instruction(arch_info(ArchId::gfx1200), "wmma_f32_16x16x16_f16_w32_gfx12");
  CHECK_THROWS_WITH(validate_modifiers(dense, Modifiers{.index_key = 1}), Catch::Contains("only on gfx12 SWMMAC"));
}

TEST_CASE("gfx1200 SWMMAC bad input: one line naming the field and the legal values, exit 2",
          "[isa][gfx1200][swmmac][cli]") {
  const auto key = run_mxlane({"lanemap", "--arch", "gfx1200", "--inst", "swmmac_f32_16x16x32_f16_w32", "--operand",
                               "IDX", "--index-key", "2"});
  CHECK(key.code == 2);
  CHECK(one_line(key));
  CHECK(key.err.find("index_key=2 is not allowed on v_swmmac_f32_16x16x32_f16") != std::string::npos);
  CHECK(key.err.find("legal values: 0, 1") != std::string::npos);
  const auto fp8_neg = run_mxlane(
      {"lanemap", "--arch", "gfx1200", "--inst", "v_swmmac_f32_16x16x32_fp8_fp8", "--operand", "A", "--neg", "1"});
  CHECK(fp8_neg.code == 2);
  CHECK(one_line(fp8_neg));
  CHECK(fp8_neg.err.find("neg=1 is not allowed on v_swmmac_f32_16x16x32_fp8_fp8") != std::string::npos);
  const auto w64 = run_mxlane_on_input({"eval"},
                                       "{\"arch\": \"gfx1200\", \"inst\": \"swmmac_f32_16x16x32_f16_w64\", "
                                       "\"wave\": 32, \"src\": {}}\n");
  CHECK(w64.code == 2);
  CHECK(w64.err.find("wave 32 contradicts builtin swmmac_f32_16x16x32_f16_w64") != std::string::npos);
  const std::string ones = grid(4, 32, "0x3c003c00");
  const auto dense_idx = run_mxlane_on_input(
      {"eval"}, "{\"arch\": \"gfx1200\", \"inst\": \"wmma_f32_16x16x16_f16_w32_gfx12\", \"src\": {\"A\": " + ones +
                    ", \"B\": " + ones + ", \"C\": " + grid(8, 32, "0x0") + ", \"IDX\": " + grid(1, 32, "0x44444444") +
                    "}}\n");
  CHECK(dense_idx.code == 2);
  CHECK(dense_idx.out.find("src.IDX") != std::string::npos);
  CHECK(dense_idx.out.find("SWMMAC") != std::string::npos);
  const auto lanemap_dense =
      run_mxlane({"lanemap", "--arch", "gfx1200", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "IDX"});
  CHECK(lanemap_dense.code == 2);
  CHECK(one_line(lanemap_dense));
  const auto eval_key = run_mxlane_on_input(
      {"eval"},
      "{\"arch\": \"gfx1200\", \"inst\": \"swmmac_i32_16x16x64_iu4_w32\", \"mods\": {\"index_key\": 1}, \"src\": {}}\n");
  CHECK(eval_key.code == 2);
  CHECK(eval_key.out.find("mods: index_key=1 is not allowed") != std::string::npos);
}

TEST_CASE("gfx1200 SWMMAC end to end: eval and lanemap --trace read the rebuilt row", "[isa][gfx1200][swmmac][cli]") {
  // f16 wave32: stored values 1.0, B 1.0, C (read from D's registers) 0: 16 stored products = 16.0 in every element.
  // IDX 0x44444444: every group's values at positions 0 and 1, in both index_key windows.
  const std::string line =
      "{\"arch\": \"gfx1200\", \"inst\": \"v_swmmac_f32_16x16x32_f16\", \"src\": {\"A\": " + grid(4, 32, "0x3c003c00") +
      ", \"B\": " + grid(8, 32, "0x3c003c00") + ", \"C\": " + grid(8, 32, "0x00000000") +
      ", \"IDX\": " + grid(1, 32, "0x44444444") + "}}\n";
  const auto eval = run_mxlane_on_input({"eval"}, line);
  CHECK(eval.code == 0);
  CHECK(eval.out.find("\"0x41800000\"") != std::string::npos);
  CHECK(eval.out.find("error") == std::string::npos);
  const auto missing = run_mxlane_on_input({"eval"},
                                           "{\"arch\": \"gfx1200\", \"inst\": \"v_swmmac_f32_16x16x32_f16\", "
                                           "\"src\": {\"A\": " +
                                               grid(4, 32, "0x3c003c00") + ", \"B\": " + grid(8, 32, "0x3c003c00") +
                                               ", \"C\": " + grid(8, 32, "0x0") + "}}\n");
  CHECK(missing.code == 2);
  CHECK(missing.out.find("src.IDX: missing") != std::string::npos);

  const auto trace =
      run_mxlane({"lanemap", "--arch", "gfx1200", "--inst", "v_swmmac_f32_16x16x32_f16", "--trace", "3,5"});
  CHECK(trace.code == 0);
  CHECK(trace.out.find("Sparse A") != std::string::npos);
  CHECK(trace.out.find("DOT4 step") != std::string::npos);
  CHECK(trace.out.find("SWMMAC, switch gfx12_swmmac_grouping=dense-k") != std::string::npos);
  CHECK(trace.out.find("k=2: no stored A value") != std::string::npos);  // canonical indices 0, 1: k 2 holds none
  // Equal positions (index fields 0x0, docs/rdna4.md §3.4, E6): the trace with the registers flags the row,
  // and both stored values still multiply B row 4g (the second moves to the first free k).
  std::string irregular = line;
  irregular.replace(irregular.find("0x44444444"), 10, "0x00000000");
  for (std::size_t at; (at = irregular.find("0x44444444")) != std::string::npos;)
    irregular.replace(at, 10, "0x00000000");
  const auto flagged = mxlane_test::trace_with_values("gfx1200", "v_swmmac_f32_16x16x32_f16", "3,5", irregular);
  CHECK(flagged.code == 0);
  CHECK(flagged.out.find("some group's indices are not increasing: undefined in the ISA") != std::string::npos);
  CHECK(run_mxlane_on_input({"eval"}, irregular).out.find("\"0x41800000\"") !=
        std::string::npos);  // still 16 products of 1
  const auto idx_map = run_mxlane({"lanemap", "--arch", "gfx1200", "--inst", "swmmac_f32_16x16x32_f16_w64", "--operand",
                                   "IDX", "--index-key", "3", "--format", "json"});
  CHECK(idx_map.code == 0);
  CHECK(idx_map.out.find("\"bit_lo\":24") != std::string::npos);  // window 3 of four 8-bit windows
}

TEST_CASE("gfx1200 SWMMAC arithmetic through run_matrix: the index picks B rows, dense-k vs compressed-k",
          "[isa][gfx1200][swmmac]") {
  const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx1200), "swmmac_f32_16x16x32_f16_w32");
  BitMatrix a = BitMatrix::Constant(16, 16, 0x3c00), b = BitMatrix::Constant(32, 16, 0x3c00),
            c = BitMatrix::Zero(16, 16);
  BitMatrix idx(16, 16);
  for (int i = 0; i < 16; ++i)
    for (int t = 0; t < 16; ++t) idx(i, t) = static_cast<std::uint64_t>(t % 2);  // positions 0 and 1
  for (int key : {0, 1}) {
    Modifiers mods;
    mods.index_key = key;
    const BitMatrix dm = run_matrix(d, {a}, {b}, {c}, mods, {}, {idx})[0];
    CHECK((dm.array() == 0x41800000u).all());
  }
  // B row 2 is +inf and no index points at it: the default dense-k chain multiplies it by the unstored +0
  // (NaN 0xFFC00000); compressed-k never reads it.
  b.row(2).setConstant(0x7c00);
  CHECK((run_matrix(d, {a}, {b}, {c}, {}, {}, {idx})[0].array() == 0xFFC00000u).all());
  Switches compressed;
  set_switch(compressed, "gfx12_swmmac_grouping", "compressed-k");
  CHECK((run_matrix(d, {a}, {b}, {c}, {}, compressed, {idx})[0].array() == 0x41800000u).all());
  // gemm() refuses sparse rows, as for SMFMAC.
  CHECK_THROWS_WITH(
      gemm(d, GemmMatrix<std::uint16_t>(16, 32), GemmMatrix<std::uint16_t>(32, 16), GemmMatrix<std::uint32_t>(16, 16)),
      Catch::Contains("is sparse"));
}

TEST_CASE("gfx1200 SWMMAC builtin API: builtins::gfx1200::swmmac_* take (A, B, C, idx) and the integer flags",
          "[isa][gfx1200][swmmac][api]") {
  namespace g = builtins::gfx1200;
  using Fn = std::remove_cv_t<decltype(g::swmmac_f32_16x16x32_f16_w32)>;
  static_assert(std::is_same_v<Fn::A::value_type, std::array<F16, 8>>);
  static_assert(std::is_same_v<Fn::B::value_type, std::array<F16, 16>>);
  Fn::A a{};
  Fn::B bm{};
  Fn::C c{};
  Fn::Idx idx{};
  for (auto& lane : a) lane.fill(F16{0x3c00});
  for (auto& lane : bm) lane.fill(F16{0x4000});  // 2.0
  for (auto& lane : idx) lane = 0x4444;          // index_key 0 window: positions 0, 1 in every group
  for (const auto& lane : g::swmmac_f32_16x16x32_f16_w32(a, bm, c, idx))
    for (F32 v : lane) CHECK(v.bits == 0x42000000u);  // 16 products of 1 * 2
  // Integer: (a_sign, A, b_sign, B, C, idx, clamp); iu8 A bytes 0xFF read signed (-1) or unsigned (255).
  using Int = std::remove_cv_t<decltype(g::swmmac_i32_16x16x32_iu8_w32)>;
  Int::A ia{};
  Int::B ib{};
  Int::C ic{};
  Int::Idx iidx{};
  for (auto& lane : ia) lane.fill(static_cast<std::int32_t>(0xFFFFFFFF));
  for (auto& lane : ib) lane.fill(0x01010101);
  for (auto& lane : iidx) lane = 0x4444;
  for (const auto& lane : g::swmmac_i32_16x16x32_iu8_w32(true, ia, false, ib, ic, iidx, false))
    for (std::int32_t v : lane) CHECK(v == -16);
  for (const auto& lane : g::swmmac_i32_16x16x32_iu8_w32(false, ia, false, ib, ic, iidx, false))
    for (std::int32_t v : lane) CHECK(v == 16 * 255);
}
