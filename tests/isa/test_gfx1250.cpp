// gfx1250 (CDNA5) dense WMMA through the instruction table: the rows against what clang-22 and llvm-mc-22
// print (docs/cdna5.md §1), every operand's lane map against rocjitsu's closed forms (§2), the modifier
// rules, model-independent results end to end through `mxlane eval` under every value of switch
// cdna5_wmma, and hand-derived cases that tell the switch values apart (§3).
#include "support/catch_compat.hpp"

#include <map>
#include <random>
#include <string>

#include "emu/api/builtins.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/valu_desc.hpp"
#include "emu/semantics/cdna5_wmma.hpp"
#include "layouts/operand_layout.hpp"
#include "nlohmann/json.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/gfx12_closed_forms.hpp"
#include "tests/support/matrix_case.hpp"
#include "tests/support/small_values.hpp"

using namespace mxlane;
using mxlane_test::element00;
using mxlane_test::inst;
using mxlane_test::Place;
using mxlane_test::place_of;
using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;
using Json = nlohmann::json;

namespace {

// docs/cdna5.md §1, typed from clang-22 / llvm-mc-22 -mcpu=gfx1250 (one kernel per builtin, its
// disassembly re-assembled with -show-encoding): opcode and the D / A / B / C VGPR counts.
struct Printed {
  int opcode, d, a, b, c;
};
const std::map<std::string, Printed> kGfx1250Dense = {
    {"v_wmma_f32_16x16x4_f32", {0x5d, 8, 2, 2, 8}},
    {"v_wmma_f32_16x16x32_f16", {0x60, 8, 8, 8, 8}},
    {"v_wmma_f16_16x16x32_f16", {0x61, 4, 8, 8, 4}},
    {"v_wmma_f32_16x16x32_bf16", {0x62, 8, 8, 8, 8}},
    {"v_wmma_bf16_16x16x32_bf16", {0x63, 4, 8, 8, 4}},
    {"v_wmma_bf16f32_16x16x32_bf16", {0x64, 4, 8, 8, 8}},
    {"v_wmma_f32_16x16x64_fp8_fp8", {0x6a, 8, 8, 8, 8}},
    {"v_wmma_f32_16x16x64_fp8_bf8", {0x6b, 8, 8, 8, 8}},
    {"v_wmma_f32_16x16x64_bf8_fp8", {0x6c, 8, 8, 8, 8}},
    {"v_wmma_f32_16x16x64_bf8_bf8", {0x6d, 8, 8, 8, 8}},
    {"v_wmma_f16_16x16x64_fp8_fp8", {0x6e, 4, 8, 8, 4}},
    {"v_wmma_f16_16x16x64_fp8_bf8", {0x6f, 4, 8, 8, 4}},
    {"v_wmma_f16_16x16x64_bf8_fp8", {0x70, 4, 8, 8, 4}},
    {"v_wmma_f16_16x16x64_bf8_bf8", {0x71, 4, 8, 8, 4}},
    {"v_wmma_i32_16x16x64_iu8", {0x72, 8, 8, 8, 8}},
    {"v_wmma_f32_16x16x128_fp8_fp8", {0x80, 8, 16, 16, 8}},
    {"v_wmma_f32_16x16x128_fp8_bf8", {0x81, 8, 16, 16, 8}},
    {"v_wmma_f32_16x16x128_bf8_fp8", {0x82, 8, 16, 16, 8}},
    {"v_wmma_f32_16x16x128_bf8_bf8", {0x83, 8, 16, 16, 8}},
    {"v_wmma_f16_16x16x128_fp8_fp8", {0x84, 4, 16, 16, 4}},
    {"v_wmma_f16_16x16x128_fp8_bf8", {0x85, 4, 16, 16, 4}},
    {"v_wmma_f16_16x16x128_bf8_fp8", {0x86, 4, 16, 16, 4}},
    {"v_wmma_f16_16x16x128_bf8_bf8", {0x87, 4, 16, 16, 4}},
    // The builtin's A/B of the f8f6f4 form are 16 VGPRs whatever the formats (the instruction reads 16, 12
    // or 8 of them, checked with the layouts below).
    {"v_wmma_f32_16x16x128_f8f6f4", {0x33, 8, 16, 16, 8}},
    {"v_wmma_f32_32x16x128_f4", {0x88, 16, 16, 8, 16}},
};

// The f8f6f4 format codes of matrix_a_fmt / matrix_b_fmt (docs/cdna5.md §1) and their element widths.
constexpr ElemType kFormats[] = {ElemType::fp8, ElemType::bf8, ElemType::fp6, ElemType::bf6, ElemType::fp4};
constexpr int kFormatBits[] = {8, 8, 6, 6, 4};
constexpr int kFormatVgprs[] = {16, 16, 12, 12, 8};  // llvm-mc-22: the only tuple it accepts per format

// docs/cdna5.md §2.1, rocjitsu's closed form: A[i][k] (B[k][j] with j) of `bits`-bit elements lives in
// lane 16 * ((k / e) mod 2) + i at element slot (k / (2e)) * e + k mod e of the lane's registers, e =
// 128 / bits k (f32: e = 2 when K = 4, so the slot is k mod 2 and the lane 16 * (k / 2) + i).
// docs/cdna5.md §2.4, a 6- or 4-bit operand of the 16x16x128 forms (and the 32x16x128 FP4): beside a sub-byte
// partner lane 16 * k2 + i, slot k0 + 2k1 + 4k3 + 8k4 + 16k5 + 32k6; beside an 8-bit partner lane 16 * k5 + i,
// slot k0 + 2k1 + 4k3 + 8k4 + 16k2 + 32k6; rows 16-31 of the 32-row A 64 slots (8 VGPRs) further on.
Place input_formula(int bits, int k_size, int i, int k, int partner_bits = 0) {
  const auto bit = [&](int n) { return (k >> n) & 1; };
  if (bits < 8) {
    const bool sub_byte_partner = partner_bits < 8;
    const int lane = (i % 16) + 16 * (sub_byte_partner ? bit(2) : bit(5));
    const int slot = bit(0) + 2 * bit(1) + 4 * bit(3) + 8 * bit(4) + 16 * (sub_byte_partner ? bit(5) : bit(2)) +
                     32 * bit(6) + 64 * (i / 16);
    return {lane, slot * bits / 32, slot * bits % 32};
  }
  const int e = std::min(128 / bits, k_size / 2);
  const int slot = (k / (2 * e)) * e + k % e;
  return {16 * ((k / e) % 2) + i, slot * bits / 32, slot * bits % 32};
}

// §2.2: D[i][j] in lane 16 * (i / 8) + j, item i mod 8; 32-bit items one per VGPR, 16-bit two per VGPR.
// §2.4: rows 16-31 (32x16x128 FP4) in lane 16 * ((i / 8) mod 2) + j, VGPR 8 + i mod 8.
Place output_formula(int bits, int i, int j) {
  const int item = i % 8 + 8 * (i / 16);
  return {16 * ((i / 8) % 2) + j, item * bits / 32, item * bits % 32};
}

// Every (matrix_a_fmt, matrix_b_fmt) pair of an f8f6f4 row; the single default of the others.
std::vector<Modifiers> format_pairs(const InstrDesc& d) {
  if (!d.formats_from_modifiers()) return {Modifiers{}};
  std::vector<Modifiers> pairs;
  for (int fa = 0; fa < 5; ++fa)
    for (int fb = 0; fb < 5; ++fb) pairs.push_back(Modifiers{.matrix_a_fmt = fa, .matrix_b_fmt = fb});
  return pairs;
}

Switches with_model(Cdna5Wmma model) {
  Switches s;
  s.set<SwitchId::cdna5_wmma>(model);
  return s;
}

constexpr Cdna5Wmma kModels[] = {Cdna5Wmma::fused_groups, Cdna5Wmma::dot4, Cdna5Wmma::fma_chain};

// The unscaled dense WMMA rows (tests/isa/test_gfx1250_swmmac.cpp has the SWMMAC ones,
// tests/isa/test_gfx1250_scaled.cpp the block-scaled ones).
std::vector<const InstrDesc*> gfx1250_dense_rows() {
  std::vector<const InstrDesc*> out;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1250))
    if (!d->family().sparse_a && !d->has(Operand::SA)) out.push_back(d);
  return out;
}

}  // namespace

TEST_CASE("gfx1250: the table rows are what clang-22 and llvm-mc-22 print", "[isa][gfx1250]") {
  const std::vector<const InstrDesc*> rows = gfx1250_dense_rows();
  REQUIRE(rows.size() == kGfx1250Dense.size());
  for (const InstrDesc* d : rows) {
    CAPTURE(d->builtin);
    REQUIRE(kGfx1250Dense.count(std::string(d->mnemonic)) == 1);
    const Printed& p = kGfx1250Dense.at(std::string(d->mnemonic));
    CHECK(d->opcode == p.opcode);
    CHECK((d->vgprs(Operand::D) == p.d && d->vgprs_a == p.a && d->vgprs_b == p.b && d->vgprs(Operand::C) == p.c));
    CHECK(d->wave == 32);
    CHECK(std::string(d->builtin) == std::string(d->mnemonic).substr(2));  // no suffix, no prefix
    CHECK(d->cycles == -1);
    CHECK_THROWS_WITH(resolve_instruction(arch_info(ArchId::gfx1250), d->mnemonic, 64), Catch::Contains("wave"));
  }
  // The aliases, and no VALU builtin modelled yet (docs/cdna5.md §5).
  for (const char* alias : {"cdna5", "MI450", "mi455x"}) CHECK(find_arch(alias)->id == ArchId::gfx1250);
  CHECK(valu_builtins_for_arch(ArchId::gfx1250).empty());
  CHECK_FALSE(arch_info(ArchId::gfx1250).wave64);
}

TEST_CASE("gfx1250: every operand of every instruction sits where rocjitsu's closed forms put it",
          "[isa][gfx1250][layouts]") {
  for (const InstrDesc* d : gfx1250_dense_rows())
    for (const Modifiers& mods : format_pairs(*d)) {
      CAPTURE(d->builtin, mods.matrix_a_fmt, mods.matrix_b_fmt);
      for (Operand op : {Operand::A, Operand::B}) {
        const OperandLayout layout(*d, op, mods);
        const Operand partner = op == Operand::A ? Operand::B : Operand::A;
        const int bits = elem_bits(operand_type(*d, op, mods)),
                  partner_bits = elem_bits(operand_type(*d, partner, mods));
        int placed = 0;
        for (const Placement& p : layout.all()) {
          const int mn = op == Operand::A ? p.row : p.col, k = op == Operand::A ? p.col : p.row;
          CAPTURE(operand_name(op), mn, k);
          REQUIRE(place_of(p) == input_formula(bits, d->k, mn, k, partner_bits));
          // Inverse: the slot holds exactly this element.
          const auto slots = layout.inverse(p.slot.vgpr, p.slot.lane);
          const auto at =
              std::find_if(slots.begin(), slots.end(), [&](const SlotContents& s) { return s.slot == p.slot; });
          REQUIRE(at != slots.end());
          REQUIRE(at->elements.size() == 1);
          CHECK((at->elements[0].row == p.row && at->elements[0].col == p.col));
          ++placed;
        }
        CHECK(placed == (op == Operand::A ? d->m : d->n) * d->k);
        // The f8f6f4 operands read the tuple llvm-mc-22 takes for their format, the others the builtin's.
        CHECK(layout.vgprs() == (d->formats_from_modifiers() ? kFormatVgprs[format_code(*d, mods, op)] : d->vgprs(op)));
      }
      for (Operand op : {Operand::C, Operand::D}) {
        const OperandLayout layout(*d, op, mods);
        int placed = 0;
        for (const Placement& p : layout.all()) {
          CAPTURE(operand_name(op), p.row, p.col);
          REQUIRE(place_of(p) == output_formula(elem_bits(d->type(op)), p.row, p.col));
          ++placed;
        }
        CHECK(placed == d->m * d->n);
        CHECK(layout.vgprs() == d->vgprs(op));
      }
    }
}

TEST_CASE("gfx1250: modifier rules as llvm-mc-22 accepts them, each refusal with its reason", "[isa][gfx1250]") {
  const InstrDesc& f16 = inst("gfx1250", "v_wmma_f32_16x16x32_f16");
  const InstrDesc& f32 = inst("gfx1250", "v_wmma_f32_16x16x4_f32");
  const InstrDesc& fp8 = inst("gfx1250", "v_wmma_f32_16x16x64_fp8_bf8");
  const InstrDesc& iu8 = inst("gfx1250", "v_wmma_i32_16x16x64_iu8");
  CHECK_NOTHROW(validate_modifiers(f16, Modifiers{.neg = 7, .neg_hi = 7, .matrix_a_reuse = 1, .matrix_b_reuse = 1}));
  CHECK_NOTHROW(validate_modifiers(f32, Modifiers{.neg = 7, .neg_hi = 4}));
  CHECK_THROWS_WITH(validate_modifiers(f32, Modifiers{.neg_hi = 1}), Catch::Contains("no high half"));
  CHECK_NOTHROW(validate_modifiers(fp8, Modifiers{.neg = 4, .neg_hi = 4}));
  CHECK_THROWS_WITH(validate_modifiers(fp8, Modifiers{.neg = 1}), Catch::Contains("8-bit A and B is illegal"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.clamp = 1}), Catch::Contains("CLAMP must be 0 on a float"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.opsel = 4}), Catch::Contains("no OPSEL"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.cbsz = 1}), Catch::Contains("CDNA MFMA modifier"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.index_key = 1}), Catch::Contains("only on SWMMAC"));
  CHECK_NOTHROW(validate_modifiers(iu8, Modifiers{.neg = 3, .clamp = 1, .matrix_a_reuse = 1}));
  CHECK_THROWS_WITH(validate_modifiers(iu8, Modifiers{.neg = 4}), Catch::Contains("signedness"));
  CHECK_THROWS_WITH(validate_modifiers(iu8, Modifiers{.matrix_b_reuse = 2}), Catch::Contains("legal values: 0, 1"));
  // f8f6f4: formats 0-4, NEG on C only, no reuse hint (llvm-mc-22 refuses matrix_a_reuse there); the
  // 32x16x128 FP4 takes neither a format nor a reuse hint.
  const InstrDesc& f8f6f4 = inst("gfx1250", "v_wmma_f32_16x16x128_f8f6f4");
  const InstrDesc& f4 = inst("gfx1250", "v_wmma_f32_32x16x128_f4");
  CHECK_NOTHROW(validate_modifiers(f8f6f4, Modifiers{.neg = 4, .neg_hi = 4, .matrix_a_fmt = 4, .matrix_b_fmt = 2}));
  CHECK_THROWS_WITH(validate_modifiers(f8f6f4, Modifiers{.matrix_a_fmt = 5}),
                    Catch::Contains("legal values: 0, 1, 2, 3, 4"));
  CHECK_THROWS_WITH(validate_modifiers(f8f6f4, Modifiers{.neg = 2}), Catch::Contains("8/6/4-bit A and B is illegal"));
  CHECK_THROWS_WITH(validate_modifiers(f8f6f4, Modifiers{.matrix_a_reuse = 1}), Catch::Contains("llvm-mc-22 refuses"));
  CHECK_THROWS_WITH(validate_modifiers(f4, Modifiers{.matrix_b_fmt = 4}), Catch::Contains("types are fixed"));
  CHECK_THROWS_WITH(validate_modifiers(f4, Modifiers{.neg_hi = 1}), Catch::Contains("4-bit A and B is illegal"));
  CHECK_THROWS_WITH(validate_modifiers(f16, Modifiers{.matrix_a_fmt = 1}), Catch::Contains("types are fixed"));
  CHECK_THROWS_WITH(validate_modifiers(inst("gfx950", "v_mfma_f32_16x16x128_f8f6f4"), Modifiers{.matrix_a_fmt = 1}),
                    Catch::Contains("it takes cbsz/blgp"));
  // reuse on an RDNA4 WMMA: refused with where it exists.
  CHECK_THROWS_WITH(validate_modifiers(inst("gfx1200", "v_wmma_f32_16x16x16_f16"), Modifiers{.matrix_a_reuse = 1}),
                    Catch::Contains("gfx1250"));
}

TEST_CASE("gfx1250: small-integer products are exact end to end through `mxlane eval`, under every model",
          "[isa][gfx1250][eval]") {
  // Values up to `limit` (C up to 3 * limit) keep every partial sum an integer the result format holds
  // exactly, so every model gives the exact product: this checks layouts, marshalling, formats, NEG
  // and signedness whatever the arithmetic (docs/cdna5.md §3). The registers are filled and read by the
  // closed forms above, not by the emulator's layouts.
  std::mt19937 rng(1250);
  for (const InstrDesc* d : gfx1250_dense_rows())
    for (const Modifiers& formats : format_pairs(*d)) {
      CAPTURE(d->builtin, formats.matrix_a_fmt, formats.matrix_b_fmt);
      const ElemType a_type = operand_type(*d, Operand::A, formats), b_type = operand_type(*d, Operand::B, formats);
      const int a_bits = elem_bits(a_type), b_bits = elem_bits(b_type);
      const bool integer = d->c_type == ElemType::i32;
      // Every integer of -4..4 is exact in FP4 E2M1, of -7..7 in every wider format here.
      int limit = integer ? 100 : std::min(a_bits, b_bits) == 4 ? 4 : 7;
      if (!integer) {
        const int man = d->d_type == ElemType::f32 ? 23 : d->d_type == ElemType::f16 ? 10 : 7;
        while (d->k * limit * limit + 3 * limit > (1 << (man + 1))) --limit;
      }
      std::uniform_int_distribution<int> pick(-limit, limit);
      // Integer A unsigned with neg bit 0 clear: values 0..limit then.
      const int neg = integer ? 2 : 0;  // A unsigned, B signed
      const int m = d->m;
      std::vector<std::vector<int>> a(m, std::vector<int>(d->k)), b(d->k, std::vector<int>(16));
      std::vector<std::vector<int>> c(m, std::vector<int>(16));
      const auto grid = [](int vgprs) {
        return Json(std::vector<std::vector<std::uint32_t>>(vgprs, std::vector<std::uint32_t>(32, 0)));
      };
      Json A = grid(d->vgprs_a), B = grid(d->vgprs_b), C = grid(d->vgprs(Operand::C));
      const auto put = [](Json& g, const Place& p, std::uint64_t bits, int width) {
        // A 6-bit element may run into the next VGPR (docs/cdna5.md §2.4).
        const std::uint64_t pair = g[p.vgpr][p.lane].get<std::uint64_t>() | (bits << p.bit);
        g[p.vgpr][p.lane] = static_cast<std::uint32_t>(pair);
        if (p.bit + width > 32)
          g[p.vgpr + 1][p.lane] = g[p.vgpr + 1][p.lane].get<std::uint32_t>() | static_cast<std::uint32_t>(pair >> 32);
      };
      for (int i = 0; i < m; ++i)
        for (int k = 0; k < d->k; ++k) {
          a[i][k] = integer ? std::abs(pick(rng)) : pick(rng);
          put(A, input_formula(a_bits, d->k, i, k, b_bits), mxlane_test::small_value_bits(a_type, a[i][k]), a_bits);
        }
      for (int k = 0; k < d->k; ++k)
        for (int j = 0; j < 16; ++j) {
          b[k][j] = pick(rng);
          put(B, input_formula(b_bits, d->k, j, k, a_bits), mxlane_test::small_value_bits(b_type, b[k][j]), b_bits);
        }
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < 16; ++j) {
          c[i][j] = 3 * pick(rng);
          put(C, output_formula(elem_bits(d->c_type), i, j), mxlane_test::small_value_bits(d->c_type, c[i][j]),
              elem_bits(d->c_type));
        }
      for (Cdna5Wmma model : kModels) {
        CAPTURE(static_cast<int>(model));
        Json line{{"id", 1}, {"arch", "cdna5"}, {"inst", d->builtin}, {"src", {{"A", A}, {"B", B}, {"C", C}}}};
        if (integer) line["mods"] = {{"neg", neg}};
        if (d->formats_from_modifiers())
          line["mods"] = {{"matrix_a_fmt", formats.matrix_a_fmt}, {"matrix_b_fmt", formats.matrix_b_fmt}};
        if (!integer)
          line["options"] = {{"cdna5_wmma", model == Cdna5Wmma::fused_groups ? "fused-groups"
                                            : model == Cdna5Wmma::dot4       ? "dot4"
                                                                             : "fma-chain"}};
        const auto run = run_mxlane_on_input({"eval"}, line.dump() + "\n");
        REQUIRE(run.code == 0);
        const Json out = Json::parse(run.out);
        for (int i = 0; i < m; ++i)
          for (int j = 0; j < 16; ++j) {
            long long want = c[i][j];
            for (int k = 0; k < d->k; ++k) want += static_cast<long long>(a[i][k]) * b[k][j];
            const Place p = output_formula(elem_bits(d->d_type), i, j);
            const std::uint32_t word =
                static_cast<std::uint32_t>(std::stoul(out["D"][p.vgpr][p.lane].get<std::string>(), nullptr, 16));
            const std::uint64_t bits = (word >> p.bit) & (elem_bits(d->d_type) == 32 ? 0xFFFFFFFFu : 0xFFFFu);
            CAPTURE(i, j, want, bits);
            REQUIRE(mxlane_test::small_value_of(d->d_type, bits) == want);
          }
        if (integer) break;  // the switch does not apply to the integer WMMA
      }
    }
}

TEST_CASE("gfx1250: hand-derived cases tell the cdna5_wmma models apart", "[isa][gfx1250][numerics]") {
  const InstrDesc& f16 = inst("gfx1250", "v_wmma_f32_16x16x32_f16");
  constexpr std::uint64_t kTiny = 0x0001;  // f16 2^-24 (the least subnormal)
  constexpr std::uint64_t kOne16 = 0x3C00, kOne32 = 0x3F800000;
  // Products 2^-24 at k = 0 and 1 on C = 1: exact sum 1 + 2^-23, which binary32 holds.
  //   fused-groups: both products in the first group of 8, added to C with one rounding: 1 + 2^-23.
  //   dot4: both in the first DOT4 step, one rounding: 1 + 2^-23.
  //   fma-chain: 1 + 2^-24 is a tie at each step, to even: 1.
  CHECK(element00(f16, {kTiny, kTiny}, {kOne16, kOne16}, kOne32, with_model(Cdna5Wmma::fused_groups)) == 0x3F800001);
  CHECK(element00(f16, {kTiny, kTiny}, {kOne16, kOne16}, kOne32, with_model(Cdna5Wmma::dot4)) == 0x3F800001);
  CHECK(element00(f16, {kTiny, kTiny}, {kOne16, kOne16}, kOne32, with_model(Cdna5Wmma::fma_chain)) == kOne32);
  // Products at k = 0 and k = 4: one group of 8 (fused-groups: 1 + 2^-23) but two DOT4 steps, each a
  // tie rounded to even (dot4: 1).
  const std::initializer_list<std::uint64_t> a04 = {kTiny, 0, 0, 0, kTiny}, b04 = {kOne16, 0, 0, 0, kOne16};
  CHECK(element00(f16, a04, b04, kOne32, with_model(Cdna5Wmma::fused_groups)) == 0x3F800001);
  CHECK(element00(f16, a04, b04, kOne32, with_model(Cdna5Wmma::dot4)) == kOne32);
  CHECK(element00(f16, a04, b04, kOne32, with_model(Cdna5Wmma::fma_chain)) == kOne32);

  // FP4 (f8f6f4 with both formats 4, and the 32x16x128 FP4): eight products 0.5 * 0.5 (E2M1 0x1) on C = 2^24,
  // whose binary32 ulp is 2. fused-groups: one group of 32 k sums them exactly to 2, one rounding: 2^24 + 2.
  // dot4: two steps of 1 each; 2^24 + 1 is a tie, to even: 2^24 twice. fma-chain: 2^24 + 0.25 -> 2^24 each time.
  const Modifiers fp4_pair{.matrix_a_fmt = 4, .matrix_b_fmt = 4};
  const std::initializer_list<std::uint64_t> halves = {1, 1, 1, 1, 1, 1, 1, 1};
  for (const InstrDesc* d :
       {&inst("gfx1250", "v_wmma_f32_16x16x128_f8f6f4"), &inst("gfx1250", "v_wmma_f32_32x16x128_f4")}) {
    CAPTURE(d->mnemonic);
    const Modifiers mods = d->formats_from_modifiers() ? fp4_pair : Modifiers{};
    CHECK(element00(*d, halves, halves, 0x4B800000, with_model(Cdna5Wmma::fused_groups), mods) == 0x4B800001);
    CHECK(element00(*d, halves, halves, 0x4B800000, with_model(Cdna5Wmma::dot4), mods) == 0x4B800000);
    CHECK(element00(*d, halves, halves, 0x4B800000, with_model(Cdna5Wmma::fma_chain), mods) == 0x4B800000);
  }
  // FP6 E2M3 0x01 = 2^-3 and BF6 E3M2 0x01 = 2^-4 (subnormals), FP8 E4M3 0x08 = 2^-6: products 2^-4
  // (FP6 x FP4 0.5) and 2^-10 (BF6 x FP8) on C = 0, exact under every model.
  const InstrDesc& f8f6f4 = inst("gfx1250", "v_wmma_f32_16x16x128_f8f6f4");
  CHECK(element00(f8f6f4, {1}, {1}, 0, {}, Modifiers{.matrix_a_fmt = 2, .matrix_b_fmt = 4}) == 0x3D800000);
  CHECK(element00(f8f6f4, {1}, {0x08}, 0, {}, Modifiers{.matrix_a_fmt = 3, .matrix_b_fmt = 0}) == 0x3A800000);

  // 16-bit results: the binary32 result rounded once, to nearest even (docs/cdna5.md §3.1).
  const InstrDesc& h = inst("gfx1250", "v_wmma_f16_16x16x32_f16");
  // 1 + 2^-11 (a tie in f16) -> 1; 1 + 2^-11 + 2^-20 -> 1 + 2^-10.
  CHECK(element00(h, {0x1000}, {kOne16}, kOne16) == kOne16);  // 2^-11 * 1
  CHECK(element00(h, {0x1000}, {0x3C02}, kOne16) == 0x3C01);  // 2^-11 * (1 + 2^-9)
  // 65504 + 32 overflows f16: infinity, or 0x7BFF with MODE.FP16_OVFL (every infinity saturates).
  Switches ovfl;
  ovfl.set<SwitchId::fp16_ovfl>(ModeBit::on);
  CHECK(element00(h, {0x5000}, {kOne16}, 0x7BFF) == 0x7C00);  // 32 * 1 + 65504
  CHECK(element00(h, {0x5000}, {kOne16}, 0x7BFF, ovfl) == 0x7BFF);
  CHECK(element00(h, {0xFC00}, {kOne16}, 0, ovfl) == 0xFBFF);  // -inf * 1: -MAX
  // bf16 from an f32 C: 1 + 2^-8 is a bf16 tie (to even: 1), 1 + 3 * 2^-9 rounds up.
  const InstrDesc& mixed = inst("gfx1250", "v_wmma_bf16f32_16x16x32_bf16");
  CHECK(element00(mixed, {0x3B80}, {0x3F80}, kOne32) == 0x3F80);  // bf16 2^-8 * 1
  CHECK(element00(mixed, {0x3BC0}, {0x3F80}, kOne32) == 0x3F81);  // bf16 3 * 2^-9 * 1
  // rocjitsu's dense WMMA truncates instead (switch cdna5_bf16_output=truncate): 1 + 3 * 2^-9 -> 1.
  Switches truncate;
  truncate.set<SwitchId::cdna5_bf16_output>(Cdna5Bf16Output::truncate);
  CHECK(element00(mixed, {0x3BC0}, {0x3F80}, kOne32, truncate) == 0x3F80);
  const InstrDesc& bf16 = inst("gfx1250", "v_wmma_bf16_16x16x32_bf16");
  CHECK(element00(bf16, {0x3BC0}, {0x3F80}, 0x3F80) == 0x3F81);
  CHECK(element00(bf16, {0x3BC0}, {0x3F80}, 0x3F80, truncate) == 0x3F80);
  // Integer: CLAMP saturates once; without it the sum wraps; NEG[0] = 0 reads A as unsigned.
  const InstrDesc& iu8 = inst("gfx1250", "v_wmma_i32_16x16x64_iu8");
  CHECK(element00(iu8, {1}, {1}, 0x7FFFFFFF, {}, Modifiers{.neg = 3, .clamp = 1}) == 0x7FFFFFFF);
  CHECK(element00(iu8, {1}, {1}, 0x7FFFFFFF, {}, Modifiers{.neg = 3}) == 0x80000000);
  CHECK(element00(iu8, {0xFF}, {1}, 0, {}, Modifiers{.neg = 2}) == 255);
  CHECK(element00(iu8, {0xFF}, {1}, 0, {}, Modifiers{.neg = 3}) == 0xFFFFFFFF);
}

TEST_CASE("gfx1250: the builtin API takes clang's argument lists; reuse hints change nothing",
          "[isa][gfx1250][builtins]") {
  // wmma_f32_16x16x4_f32(neg_a, A, neg_b, B, c_mod, C, reuse_a, reuse_b): A[i][k] = 1 in every slot,
  // B = 2, C = 1: D = 1 + 4 * 2 = 9; neg_a gives 1 - 8 = -7; c_mod 1 (negate C) gives -1 + 8 = 7;
  // c_mod 3 (neg |C|) with C = -1 gives 7 as well.
  auto w = builtins::gfx1250::wmma_f32_16x16x4_f32;
  decltype(w)::A a{};
  decltype(w)::B b{};
  decltype(w)::C c{};
  for (auto& lane : a) lane = {F32(0x3F800000), F32(0x3F800000)};
  for (auto& lane : b) lane = {F32(0x40000000), F32(0x40000000)};
  for (auto& lane : c) lane.fill(F32(0x3F800000));
  CHECK(w(false, a, false, b, 0, c, false, false)[0][0].bits == 0x41100000);  // 9
  CHECK(w(true, a, false, b, 0, c, true, true)[0][0].bits == 0xC0E00000);     // -7
  CHECK(w(false, a, false, b, 1, c, false, false)[0][0].bits == 0x40E00000);  // 7
  for (auto& lane : c) lane.fill(F32(0xBF800000));
  CHECK(w(false, a, false, b, 3, c, false, false)[0][0].bits == 0x40E00000);  // -|-1| + 8
}

TEST_CASE("gfx1250: the f8f6f4 builtins take their formats as clang's first and third arguments",
          "[isa][gfx1250][builtins]") {
  // wmma_f32_16x16x128_f8f6f4(fmt_a, A, fmt_b, B, c_mod, C): FP4 A with every nibble 0x2 (1.0), FP6 B (format 2)
  // with every 6-bit field 0x08 (1.0): D = C + 128 * 1 over the 8 A and 12 B VGPRs the formats read; words past
  // them hold garbage the instruction must not read. c_mod 1 negates C.
  auto w = builtins::gfx1250::wmma_f32_16x16x128_f8f6f4;
  decltype(w)::A a{};
  decltype(w)::B b{};
  decltype(w)::C c{};
  for (auto& lane : a)
    for (int v = 0; v < 16; ++v) lane[static_cast<std::size_t>(v)] = v < 8 ? 0x22222222 : 0xDEADBEEF;
  for (auto& lane : b) {
    std::uint64_t bits[6] = {};  // 64 six-bit fields of 0x08
    for (int f = 0; f < 64; ++f) {
      const int at = 6 * f;
      bits[at / 64] |= 0x08ULL << (at % 64);
      if (at % 64 > 58) bits[at / 64 + 1] |= 0x08ULL >> (64 - at % 64);
    }
    for (int v = 0; v < 16; ++v)
      lane[static_cast<std::size_t>(v)] =
          v < 12 ? static_cast<std::uint32_t>(bits[v / 2] >> (32 * (v % 2))) : 0xDEADBEEF;
  }
  for (auto& lane : c) lane.fill(F32(0x3F800000));
  CHECK(w(4, a, 2, b, 0, c)[0][0].bits == 0x43010000);  // 1 + 128 = 129
  CHECK(w(4, a, 2, b, 1, c)[0][0].bits == 0x42FE0000);  // -1 + 128 = 127
  // The 32x16x128 FP4 (A, B, c_mod, C): row 31 of D, in lane 31, VGPR 15.
  auto f4 = builtins::gfx1250::wmma_f32_32x16x128_f4;
  decltype(f4)::A a4{};
  decltype(f4)::B b4{};
  decltype(f4)::C c4{};
  for (auto& lane : a4) lane.fill(0x22222222);
  for (auto& lane : b4) lane.fill(0x44444444);  // 2.0
  for (auto& lane : c4) lane.fill(F32(0));
  CHECK(f4(a4, b4, 0, c4)[31][15].bits == 0x43800000);  // 128 * 2 = 256
}

TEST_CASE("gfx1250: the CLI lists, maps and refuses as for the other architectures", "[isa][gfx1250][cli]") {
  const auto list = run_mxlane({"list", "--arch", "cdna5"});
  REQUIRE(list.code == 0);
  for (const auto& [mnemonic, p] : kGfx1250Dense) CHECK_THAT(list.out, Catch::Contains(mnemonic));
  const auto map = run_mxlane(
      {"lanemap", "--arch", "gfx1250", "--inst", "wmma_f32_16x16x32_f16", "--operand", "B", "--format", "json"});
  REQUIRE(map.code == 0);
  const auto wave64 = run_mxlane(
      {"lanemap", "--arch", "gfx1250", "--inst", "v_wmma_f32_16x16x32_f16", "--operand", "A", "--wave", "64"});
  CHECK(wave64.code == 2);
  CHECK_THAT(wave64.err, Catch::Contains("wave"));
  const auto bad_mod = run_mxlane(
      {"lanemap", "--arch", "gfx1250", "--inst", "v_wmma_f32_16x16x64_fp8_fp8", "--operand", "A", "--neg", "1"});
  CHECK(bad_mod.code == 2);
  CHECK_THAT(bad_mod.err, Catch::Contains("illegal"));
  const auto check = run_mxlane({"check", "--arch", "gfx1250", "--inst", "v_wmma_f32_16x16x32_f16", "--operand", "A",
                                 "--lane", "i + 16*((k/8)%2)", "--vgpr", "((k/16)*8 + k%8)/2", "--bits", "16*(k%2)"});
  CHECK(check.code == 0);
  CHECK_THAT(check.out, Catch::Contains("OK"));
}

TEST_CASE("gfx1250: the 16-bit result rounding is nearest-even at every representable value and midpoint",
          "[isa][gfx1250][numerics]") {
  // Independent of the emulator's rounding: for each 16-bit value h (bf16: every one below infinity; f16: every
  // normal one below the largest) the binary32 pattern of h itself, the midpoint to h + 1 (a tie), and the
  // patterns one below and one above the midpoint; ties go to the even one of h, h + 1 (docs/cdna5.md §3.1).
  struct Case {
    const FormatSpec* format;
    std::uint32_t first, last;  // the positive patterns h checked
    int shift;                  // binary32 fraction bits below the 16-bit fraction
    std::uint32_t rebias;       // added to h << shift to get h's binary32 pattern
  };
  const Case cases[] = {{&kBfloat16, 0x0000, 0x7F7F, 16, 0}, {&kBinary16, 0x0400, 0x7BFE, 13, 0x38000000}};
  long checked = 0;
  for (const Case& c : cases)
    for (std::uint32_t h = c.first; h < c.last; ++h)
      for (const std::uint32_t sign : {0u, 0x80000000u}) {
        const std::uint32_t exact = sign | ((h << c.shift) + c.rebias), tie = exact + (1u << (c.shift - 1));
        const std::uint64_t s16 = sign >> 16, even = (h & 1) == 0 ? h : h + 1;
        CAPTURE(c.format->name, h, sign);
        REQUIRE(cdna5_result16(*c.format, exact, false, false) == (s16 | h));
        REQUIRE(cdna5_result16(*c.format, tie, false, false) == (s16 | even));
        REQUIRE(cdna5_result16(*c.format, tie - 1, false, false) == (s16 | h));
        REQUIRE(cdna5_result16(*c.format, tie + 1, false, false) == (s16 | (h + 1)));
        checked += 4;
      }
  CHECK(checked > 300000);
  // Beyond the largest finite value: to infinity, or to MAX with FP16_OVFL; bf16 truncation keeps the top half.
  CHECK(cdna5_result16(kBinary16, 0x477FF000, false, false) == 0x7C00);  // 65520: the tie above 65504
  CHECK(cdna5_result16(kBinary16, 0x477FF000, true, false) == 0x7BFF);
  CHECK(cdna5_result16(kBfloat16, 0x7F7FFFFF, false, false) == 0x7F80);
  CHECK(cdna5_result16(kBfloat16, 0x7F7FFFFF, true, false) == 0x7F7F);
  CHECK(cdna5_result16(kBfloat16, 0x3F80FFFF, false, true) == 0x3F80);
  CHECK(cdna5_result16(kBinary16, 0x33800000, false, false) == 0x0001);  // 2^-24: the least subnormal
  CHECK(cdna5_result16(kBinary16, 0x33000000, false, false) == 0x0000);  // 2^-25: a tie, to even (zero)
  CHECK(cdna5_result16(kBinary16, 0xFFC00001, false, false) == 0xFE00);  // a NaN keeps its sign, quieted
}
