// gfx1250 (CDNA5) block-scaled WMMA (docs/cdna5.md §2.7, §3.7): the rows against what clang-22 and llvm-mc-22
// print, every operand's map (SA/SB in either half-wave included) against rocjitsu's closed forms, the modifier
// rules, hand-derived scale decoding, model-independent results end to end through `mxlane eval` with the
// registers filled by the closed forms, the default model against the independent gfx950 reference, hand-derived
// cases that tell the cdna5_wmma values apart, and the builtin API's int / long scale arguments.
#include "support/catch_compat.hpp"

#include <cstring>
#include <random>
#include <string>

#include "emu/api/builtins.hpp"
#include "emu/api/matrix.hpp"
#include "emu/formats/block_scale.hpp"
#include "emu/isa/errors.hpp"
#include "layouts/operand_layout.hpp"
#include "nlohmann/json.hpp"
#include "reference/reference_cdna4.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/gfx12_closed_forms.hpp"
#include "tests/support/matrix_case.hpp"
#include "tests/support/sanitized.hpp"
#include "tests/support/small_values.hpp"

using namespace mxlane;
using mxlane_test::inst;
using mxlane_test::Place;
using mxlane_test::place_of;
using mxlane_test::run_mxlane_on_input;
using Json = nlohmann::json;

namespace {

const char* const kScaledNames[] = {"v_wmma_scale_f32_16x16x128_f8f6f4", "v_wmma_scale16_f32_16x16x128_f8f6f4",
                                    "v_wmma_scale_f32_32x16x128_f4", "v_wmma_scale16_f32_32x16x128_f4"};
constexpr ElemType kFormatTypes[] = {ElemType::fp8, ElemType::bf8, ElemType::fp6, ElemType::bf6, ElemType::fp4};

// docs/cdna5.md §2.7, rocjitsu's wmma_block_scaled_input_loc: an 8-bit A[i][k] (B[k][j] with j) in lane
// i + 16*k4, slot (k mod 16) + 16*(k / 32); a 6/4-bit one in lane i + 16*k5, slot (k mod 32) + 32*(k / 64); rows
// 16-31 of the 32-row FP4 A 64 slots (8 VGPRs) further on.
Place scaled_input_formula(int bits, int mn, int k) {
  const int row_half = mn / 16;
  if (bits == 8) {
    const int slot = k % 16 + 16 * (k / 32);
    return {mn % 16 + 16 * ((k >> 4) & 1), slot / 4, 8 * (slot % 4)};
  }
  const int slot = k % 32 + 32 * (k / 64) + 64 * row_half;
  return {mn % 16 + 16 * ((k >> 5) & 1), slot * bits / 32, slot * bits % 32};
}

// §2.7: the scale of row (column) mn and block b in lane mn + 16 * half (a 32-row A: lane mn), byte b of the
// lane's 32-bit scale or 64-bit scale pair.
Place scale_formula(int rows, int half, int mn, int block) {
  return {rows == 32 ? mn : mn + 16 * half, block / 4, 8 * (block % 4)};
}

// §2.2 / §2.4: D[i][j] in lane 16 * ((i / 8) mod 2) + j, VGPR i mod 8 + 8 * (i / 16).
Place output_formula(int i, int j) { return {16 * ((i / 8) % 2) + j, i % 8 + 8 * (i / 16), 0}; }

int blocks_of(const InstrDesc& d) { return d.k / modifier_set_traits(d.modifiers).scale_block_k; }

Switches scaled_model(Cdna5Wmma model) {
  Switches s;
  s.set<SwitchId::cdna5_wmma>(model);
  return s;
}
constexpr Cdna5Wmma kScaledModels[] = {Cdna5Wmma::fused_groups, Cdna5Wmma::dot4, Cdna5Wmma::fma_chain};
const char* scaled_model_name(Cdna5Wmma m) {
  return m == Cdna5Wmma::fused_groups ? "fused-groups" : m == Cdna5Wmma::dot4 ? "dot4" : "fma-chain";
}

// The modifier combinations the layout and eval tests walk: every format pair with E8M0 scales, ROW0/ROW1 mixed
// per pair, and the E5M3 / E4M3 scales on FP4 operands (both, and beside an FP8 partner).
std::vector<Modifiers> scale_cases(const InstrDesc& d) {
  std::vector<Modifiers> out;
  const bool formats = d.formats_from_modifiers();
  for (int fa = 0; fa < (formats ? 5 : 1); ++fa)
    for (int fb = 0; fb < (formats ? 5 : 1); ++fb)
      out.push_back(Modifiers{.matrix_a_fmt = fa,
                              .matrix_b_fmt = fb,
                              .matrix_a_scale = (fa + fb) % 2,
                              .matrix_b_scale = (fa / 2 + fb) % 2});
  const int fp4 = formats ? 4 : 0;
  for (int f = 1; f <= 2; ++f) {
    out.push_back(Modifiers{.matrix_a_fmt = fp4,
                            .matrix_b_fmt = fp4,
                            .matrix_a_scale = 1,
                            .matrix_a_scale_fmt = f,
                            .matrix_b_scale_fmt = f});
    if (formats) {
      out.push_back(Modifiers{.matrix_a_fmt = 4, .matrix_b_scale = 1, .matrix_a_scale_fmt = f});
      out.push_back(Modifiers{.matrix_b_fmt = 4, .matrix_b_scale_fmt = f});
    }
  }
  return out;
}

// A scale byte of format `f` standing for sig/8 * 2^e (sig 8..15; E8M0 only sig 8), written by hand: E8M0 e+127,
// E5M3 (e+15)<<3 | sig-8, E4M3 sign | (e+7)<<3 | sig-8 (docs/cdna5.md §2.7).
std::uint8_t scale_byte(int f, int sig, int e, bool neg = false) {
  if (f == 0) return static_cast<std::uint8_t>(e + 127);
  if (f == 1) return static_cast<std::uint8_t>((e + 15) << 3 | (sig - 8));
  return static_cast<std::uint8_t>((neg ? 0x80 : 0) | (e + 7) << 3 | (sig - 8));
}

// binary32 bits of an exact double (the value is a binary32 number in every use here).
std::uint32_t f32_bits(double v) {
  const float f = static_cast<float>(v);
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

TEST_CASE("gfx1250 block-scaled: the rows are what clang-22 and llvm-mc-22 print", "[isa][gfx1250][scaled]") {
  // docs/cdna5.md §2.7: the matrix word's opcode, A/B/C/D VGPRs as the unscaled forms, SA/SB one VGPR (an int)
  // or two (a long) per lane; 4 or 8 scale blocks.
  for (const char* name : kScaledNames) {
    const InstrDesc& d = inst("gfx1250", name);
    CAPTURE(name);
    const bool f4 = d.m == 32, scale16 = std::string(name).find("scale16") != std::string::npos;
    CHECK(d.opcode == (f4 ? 0x88 : 0x33));
    CHECK(d.vgprs_a == 16);
    CHECK(d.vgprs_b == (f4 ? 8 : 16));
    CHECK(d.vgprs_cd == (f4 ? 16 : 8));
    CHECK(d.has(Operand::SA));
    CHECK(d.has(Operand::SB));
    CHECK(d.vgprs(Operand::SA) == (scale16 ? 2 : 1));
    CHECK(d.vgprs(Operand::SB) == (scale16 ? 2 : 1));
    CHECK(d.cols(Operand::SA) == (scale16 ? 8 : 4));
    CHECK(d.rows(Operand::SA) == d.m);
    CHECK(d.rows(Operand::SB) == 16);
    CHECK(d.formats_from_modifiers() == !f4);
    CHECK(std::string(d.builtin) == std::string(name).substr(2));
    // gfx1251 has every gfx1250 row (docs/cdna5.md §2.6).
    CHECK(std::string(inst("gfx1251", name).mnemonic) == name);
  }
  CHECK_FALSE(inst("gfx1250", "v_wmma_f32_16x16x128_f8f6f4").has(Operand::SA));
}

TEST_CASE("gfx1250 block-scaled: every operand sits where rocjitsu's closed forms put it", "[isa][gfx1250][scaled]") {
  for (const char* name : kScaledNames) {
    const InstrDesc& d = inst("gfx1250", name);
    for (const Modifiers& mods : scale_cases(d)) {
      CAPTURE(name, mods.matrix_a_fmt, mods.matrix_b_fmt, mods.matrix_a_scale, mods.matrix_b_scale);
      for (Operand op : {Operand::A, Operand::B}) {
        const OperandLayout layout(d, op, mods);
        const int bits = elem_bits(operand_type(d, op, mods));
        int placed = 0;
        for (const Placement& p : layout.all()) {
          const int mn = op == Operand::A ? p.row : p.col, k = op == Operand::A ? p.col : p.row;
          CAPTURE(operand_name(op), mn, k);
          REQUIRE(place_of(p) == scaled_input_formula(bits, mn, k));
          ++placed;
        }
        CHECK(placed == (op == Operand::A ? d.m : d.n) * d.k);
      }
      for (Operand op : {Operand::SA, Operand::SB}) {
        const OperandLayout layout(d, op, mods);
        const int half = op == Operand::SA ? mods.matrix_a_scale : mods.matrix_b_scale;
        CHECK(layout.vgprs() == d.vgprs(op));
        const int scale_fmt = op == Operand::SA ? mods.matrix_a_scale_fmt : mods.matrix_b_scale_fmt;
        const ElemType want_type = scale_fmt == 0 ? ElemType::e8m0 : scale_fmt == 1 ? ElemType::e5m3 : ElemType::fp8;
        CHECK(operand_type(d, op, mods) == want_type);
        for (const Placement& p : layout.all()) {
          CAPTURE(operand_name(op), p.row, p.col);
          REQUIRE(place_of(p) == scale_formula(d.rows(op), half, p.row, p.col));
          REQUIRE(p.slot.width() == 8);
        }
        // Inverse: the lanes of the other half-wave hold nothing the instruction reads.
        for (int lane = 0; lane < 32; ++lane) {
          const bool used = d.rows(op) == 32 || lane / 16 == half;
          for (int vgpr = 0; vgpr < d.vgprs(op); ++vgpr)
            for (const SlotContents& s : layout.inverse(vgpr, lane)) {
              CAPTURE(lane, vgpr);
              REQUIRE(s.elements.size() == (used ? 1u : 0u));
              if (used) CHECK(place_of(s.elements[0]) == Place{lane, vgpr, s.slot.bit_lo});
            }
        }
      }
    }
  }
}

TEST_CASE("gfx1250 block-scaled: modifier rules, each refusal with its reason", "[isa][gfx1250][scaled]") {
  const InstrDesc& s = inst("gfx1250", "v_wmma_scale_f32_16x16x128_f8f6f4");
  const InstrDesc& f4 = inst("gfx1250", "v_wmma_scale16_f32_32x16x128_f4");
  CHECK_NOTHROW(validate_modifiers(s, Modifiers{.neg = 4,
                                                .neg_hi = 4,
                                                .matrix_a_reuse = 1,
                                                .matrix_b_reuse = 1,
                                                .matrix_a_fmt = 4,
                                                .matrix_b_fmt = 4,
                                                .matrix_a_scale = 1,
                                                .matrix_b_scale = 1,
                                                .matrix_a_scale_fmt = 2,
                                                .matrix_b_scale_fmt = 2}));
  CHECK_NOTHROW(validate_modifiers(s, Modifiers{.matrix_a_fmt = 4, .matrix_a_scale_fmt = 1}));  // FP4 A, FP8 B
  CHECK_THROWS_WITH(validate_modifiers(s, Modifiers{.matrix_a_scale_fmt = 1}),
                    Catch::Contains("only on an FP4 operand"));
  CHECK_THROWS_WITH(validate_modifiers(s, Modifiers{.matrix_a_fmt = 4, .matrix_b_fmt = 2, .matrix_b_scale_fmt = 2}),
                    Catch::Contains("non-FP4 B"));
  CHECK_THROWS_WITH(validate_modifiers(f4, Modifiers{.matrix_a_scale_fmt = 1, .matrix_b_scale_fmt = 2}),
                    Catch::Contains("differ"));
  CHECK_THROWS_WITH(validate_modifiers(s, Modifiers{.matrix_a_scale_fmt = 3}),
                    Catch::Contains("legal values: 0, 1, 2"));
  CHECK_THROWS_WITH(validate_modifiers(s, Modifiers{.matrix_b_scale = 2}), Catch::Contains("legal values: 0, 1"));
  CHECK_THROWS_WITH(validate_modifiers(s, Modifiers{.neg = 1}), Catch::Contains("8/6/4-bit A and B is illegal"));
  CHECK_THROWS_WITH(validate_modifiers(s, Modifiers{.clamp = 1}), Catch::Contains("CLAMP must be 0"));
  CHECK_THROWS_WITH(validate_modifiers(s, Modifiers{.opsel_a = 1}), Catch::Contains("gfx950"));
  CHECK_THROWS_WITH(validate_modifiers(f4, Modifiers{.matrix_a_fmt = 4}), Catch::Contains("FP4 A and B only"));
  CHECK_NOTHROW(validate_modifiers(f4, Modifiers{.matrix_a_scale = 1}));  // accepted, ignored (32 rows fill the wave)
  // The scale modifiers belong to the block-scaled forms only.
  CHECK_THROWS_WITH(validate_modifiers(inst("gfx1250", "v_wmma_f32_16x16x128_f8f6f4"), Modifiers{.matrix_a_scale = 1}),
                    Catch::Contains("matrix_a_scale=1 is not allowed"));
}

TEST_CASE("gfx1250 block-scaled: scale bytes decode as the formats define them", "[isa][gfx1250][scaled]") {
  // Hand-derived binary32 patterns (docs/cdna5.md §2.7).
  struct Case {
    BlockScaleFormat f;
    std::uint8_t byte;
    std::uint32_t bits;
  };
  const Case cases[] = {
      {BlockScaleFormat::e8m0, 0x7F, 0x3F800000},  // 2^0
      {BlockScaleFormat::e8m0, 0x80, 0x40000000},  // 2^1
      {BlockScaleFormat::e8m0, 0x00, 0x00400000},  // 2^-127, a binary32 subnormal
      {BlockScaleFormat::e8m0, 0x01, 0x00800000},  // 2^-126
      {BlockScaleFormat::e8m0, 0xFE, 0x7F000000},  // 2^127
      {BlockScaleFormat::e8m0, 0xFF, 0x7FC00000},  // NaN
      {BlockScaleFormat::e5m3, 0x78, 0x3F800000},  // 1
      {BlockScaleFormat::e5m3, 0x79, 0x3F900000},  // 1.125
      {BlockScaleFormat::e5m3, 0x00, 0x00000000},  // 0
      {BlockScaleFormat::e5m3, 0x01, 0x37000000},  // 2^-17 (subnormal)
      {BlockScaleFormat::e5m3, 0x08, 0x38800000},  // 2^-14
      {BlockScaleFormat::e5m3, 0xFE, 0x47E00000},  // 1.75 * 2^16 = 114688
      {BlockScaleFormat::e5m3, 0xF8, 0x47800000},  // 2^16: no infinity
      {BlockScaleFormat::e5m3, 0xFF, 0x7FC00000},  // NaN
      {BlockScaleFormat::e4m3, 0x38, 0x3F800000},  // 1
      {BlockScaleFormat::e4m3, 0xB8, 0xBF800000},  // -1
      {BlockScaleFormat::e4m3, 0x01, 0x3B000000},  // 2^-9
      {BlockScaleFormat::e4m3, 0x7E, 0x43E00000},  // 448
      {BlockScaleFormat::e4m3, 0x80, 0x80000000},  // -0
      {BlockScaleFormat::e4m3, 0x7F, 0x7FC00000},  // NaN
      {BlockScaleFormat::e4m3, 0xFF, 0x7FC00000},  // NaN
  };
  for (const Case& c : cases) {
    CAPTURE(static_cast<int>(c.f), c.byte);
    CHECK(block_scale_binary32(c.f, c.byte) == c.bits);
  }
  CHECK(block_scale_text(BlockScaleFormat::e5m3, 0x79) == "9 * 2^-3");
  CHECK(block_scale_text(BlockScaleFormat::e8m0, 0x7D) == "2^-2");
  CHECK(block_scale_text(BlockScaleFormat::e4m3, 0xFF) == "NaN");
}

TEST_CASE("gfx1250 block-scaled: exact cases end to end through `mxlane eval`, under every model",
          "[isa][gfx1250][scaled][eval]") {
  // Elements in -3..3 (every format holds them; FP4 holds 1, 2, 3 but not 5) and scales sig/8 * 2^e with e in
  // -1..1 (E8M0: powers of two only; E4M3 either sign) keep every product and partial sum exact in binary32, so
  // every model gives the exact scaled sum: this checks the A/B/SA/SB maps, ROW0/ROW1, the formats and the scale
  // decoding whatever the arithmetic (docs/cdna5.md §3.7). The registers are filled by the closed forms above.
  std::mt19937 rng(2507);
  std::uniform_int_distribution<int> value(-3, 3), exponent(-1, 1), significand(8, 15), coin(0, 1);
  const auto grid = [](int vgprs) {
    return Json(std::vector<std::vector<std::uint32_t>>(vgprs, std::vector<std::uint32_t>(32, 0)));
  };
  const auto put = [](Json& g, const Place& p, std::uint64_t bits, int width) {
    const std::uint64_t pair = g[p.vgpr][p.lane].get<std::uint64_t>() | (bits << p.bit);
    g[p.vgpr][p.lane] = static_cast<std::uint32_t>(pair);
    if (p.bit + width > 32)
      g[p.vgpr + 1][p.lane] = g[p.vgpr + 1][p.lane].get<std::uint32_t>() | static_cast<std::uint32_t>(pair >> 32);
  };
  for (const char* name : kScaledNames) {
    const InstrDesc& d = inst("gfx1250", name);
    const int blocks = blocks_of(d), block_k = d.k / blocks;
    std::string input;
    std::vector<std::vector<std::vector<double>>> wants;
    const std::vector<Modifiers> cases = scale_cases(d);
    for (const Modifiers& mods : cases) {
      const ElemType at = operand_type(d, Operand::A, mods), bt = operand_type(d, Operand::B, mods);
      const int ab = elem_bits(at), bb = elem_bits(bt);
      Json A = grid(d.vgprs_a), B = grid(d.vgprs_b), C = grid(d.vgprs_c), SA = grid(d.vgprs(Operand::SA)),
           SB = grid(d.vgprs(Operand::SB));
      std::vector<std::vector<int>> a(d.m, std::vector<int>(d.k)), b(d.k, std::vector<int>(16));
      std::vector<std::vector<double>> sa(d.m, std::vector<double>(blocks)), sb(16, std::vector<double>(blocks));
      for (int i = 0; i < d.m; ++i)
        for (int k = 0; k < d.k; ++k) {
          a[i][k] = value(rng);
          put(A, scaled_input_formula(ab, i, k), mxlane_test::small_value_bits(at, a[i][k]), ab);
        }
      for (int k = 0; k < d.k; ++k)
        for (int j = 0; j < 16; ++j) {
          b[k][j] = value(rng);
          put(B, scaled_input_formula(bb, j, k), mxlane_test::small_value_bits(bt, b[k][j]), bb);
        }
      const auto draw_scales = [&](Json& g, std::vector<std::vector<double>>& s, int rows, int half, int f) {
        for (int r = 0; r < rows; ++r)
          for (int blk = 0; blk < blocks; ++blk) {
            const int sig = f == 0 ? 8 : significand(rng), e = exponent(rng);
            const bool neg = f == 2 && coin(rng) == 1;
            s[r][blk] = (neg ? -1 : 1) * std::ldexp(sig / 8.0, e);
            put(g, scale_formula(rows, half, r, blk), scale_byte(f, sig, e, neg), 8);
          }
      };
      draw_scales(SA, sa, d.m, mods.matrix_a_scale, mods.matrix_a_scale_fmt);
      draw_scales(SB, sb, 16, mods.matrix_b_scale, mods.matrix_b_scale_fmt);
      std::vector<std::vector<double>> want(d.m, std::vector<double>(16));
      for (int i = 0; i < d.m; ++i)
        for (int j = 0; j < 16; ++j) {
          const int c = value(rng);
          put(C, output_formula(i, j), mxlane_test::small_value_bits(ElemType::f32, c), 32);
          double sum = c;
          for (int blk = 0; blk < blocks; ++blk) {
            long long dot = 0;
            for (int k = blk * block_k; k < (blk + 1) * block_k; ++k) dot += a[i][k] * b[k][j];
            sum += static_cast<double>(dot) * sa[i][blk] * sb[j][blk];
          }
          want[i][j] = sum;
        }
      wants.push_back(want);
      Json mj{{"matrix_a_scale", mods.matrix_a_scale},
              {"matrix_b_scale", mods.matrix_b_scale},
              {"matrix_a_scale_fmt", mods.matrix_a_scale_fmt},
              {"matrix_b_scale_fmt", mods.matrix_b_scale_fmt}};
      if (d.formats_from_modifiers()) {
        mj["matrix_a_fmt"] = mods.matrix_a_fmt;
        mj["matrix_b_fmt"] = mods.matrix_b_fmt;
      }
      Json line{{"id", static_cast<int>(wants.size())},
                {"arch", "gfx1250"},
                {"inst", d.builtin},
                {"mods", mj},
                {"src", {{"A", A}, {"B", B}, {"C", C}, {"SA", SA}, {"SB", SB}}}};
      input += line.dump() + "\n";
    }
    for (Cdna5Wmma model : kScaledModels) {
      CAPTURE(name, scaled_model_name(model));
      std::string lines;
      for (std::size_t start = 0; start < input.size();) {  // the same lines with the model's option
        const std::size_t end = input.find('\n', start);
        Json line = Json::parse(input.substr(start, end - start));
        line["options"] = {{"cdna5_wmma", scaled_model_name(model)}};
        lines += line.dump() + "\n";
        start = end + 1;
      }
      const auto run = run_mxlane_on_input({"eval"}, lines);
      REQUIRE(run.code == 0);
      std::size_t n = 0;
      for (std::size_t start = 0; start < run.out.size(); ++n) {
        const std::size_t end = run.out.find('\n', start);
        const Json out = Json::parse(run.out.substr(start, end - start));
        start = end + 1;
        REQUIRE(out.contains("D"));
        const Modifiers& mods = cases[n];
        CAPTURE(n, mods.matrix_a_fmt, mods.matrix_b_fmt, mods.matrix_a_scale_fmt, mods.matrix_b_scale_fmt);
        for (int i = 0; i < d.m; ++i)
          for (int j = 0; j < 16; ++j) {
            const Place p = output_formula(i, j);
            const auto word =
                static_cast<std::uint32_t>(std::stoul(out["D"][p.vgpr][p.lane].get<std::string>(), nullptr, 16));
            CAPTURE(i, j, wants[n][i][j]);
            REQUIRE(word == f32_bits(wants[n][i][j]));
          }
      }
      CHECK(n == cases.size());
    }
  }
}

TEST_CASE("gfx1250 block-scaled: fused-groups with E8M0 scales is gfx950's scaled dot (independent reference)",
          "[isa][gfx1250][scaled][reference]") {
  // Under the default model an E8M0-scaled 32-k block is one fused group scaled by 2^(sa+sb-254), as gfx950's
  // scaled MFMA (docs/cdna5.md §3.7); a scale16 pair of blocks with equal bytes is the same group. Random bits of
  // every format pair (NaN, infinity and subnormal inputs included) against tests/reference/reference_cdna4.hpp.
  std::mt19937_64 rng(1251);
  for (const char* name : {"v_wmma_scale_f32_16x16x128_f8f6f4", "v_wmma_scale16_f32_16x16x128_f8f6f4"}) {
    const InstrDesc& d = inst("gfx1250", name);
    const int blocks = blocks_of(d), per32 = blocks / 4;
    for (int fa = 0; fa < 5; ++fa)
      for (int fb = 0; fb < 5; ++fb) {
        // Under the sanitizers (ten times slower) five pairs, each format once as A and once as B.
        if (mxlane_test::kSanitized && (fa + fb) % 5 != 0) continue;
        CAPTURE(name, fa, fb);
        const Modifiers mods{.matrix_a_fmt = fa, .matrix_b_fmt = fb};
        const auto& ra = mxref::kRefMxFormats[fa];
        const auto& rb = mxref::kRefMxFormats[fb];
        BitMatrix A(16, 128), B(128, 16), C(16, 16), SA(16, blocks), SB(16, blocks);
        for (int i = 0; i < 16; ++i)
          for (int k = 0; k < 128; ++k) A(i, k) = rng() & ((1u << ra.width) - 1);
        for (int k = 0; k < 128; ++k)
          for (int j = 0; j < 16; ++j) B(k, j) = rng() & ((1u << rb.width) - 1);
        for (int i = 0; i < 16; ++i)
          for (int j = 0; j < 16; ++j) C(i, j) = (rng() % 8 == 0) ? rng() & 0xFFFFFFFF : 0x3F800000;
        for (BitMatrix* s : {&SA, &SB})
          for (int r = 0; r < 16; ++r)
            for (int blk = 0; blk < 4; ++blk) {
              const std::uint64_t byte = rng() % 16 == 0 ? 0xFF : 120 + rng() % 15;
              for (int h = 0; h < per32; ++h) (*s)(r, blk * per32 + h) = byte;  // equal bytes in a 32-k group
            }
        const BitMatrix D = run_matrix(d, {A}, {B}, {C}, mods, {}, {}, {SA}, {SB})[0];
        for (int i = 0; i < 16; ++i)
          for (int j = 0; j < 16; ++j) {
            std::vector<std::uint64_t> a(128), b(128);
            std::vector<std::uint8_t> sa(4), sb(4);
            for (int k = 0; k < 128; ++k) {
              a[k] = A(i, k);
              b[k] = B(k, j);
            }
            for (int blk = 0; blk < 4; ++blk) {
              sa[blk] = static_cast<std::uint8_t>(SA(i, blk * per32));
              sb[blk] = static_cast<std::uint8_t>(SB(j, blk * per32));
            }
            CAPTURE(i, j);
            REQUIRE(D(i, j) ==
                    mxref::ref_cdna4_f8f6f4(ra, rb, a, b, static_cast<std::uint32_t>(C(i, j)), sa, sb, false, false));
          }
      }
  }
}

TEST_CASE("gfx1250 block-scaled: unit E8M0 scales give the unscaled f8f6f4 result bit for bit",
          "[isa][gfx1250][scaled]") {
  std::mt19937_64 rng(128);
  const InstrDesc& unscaled = inst("gfx1250", "v_wmma_f32_16x16x128_f8f6f4");
  const InstrDesc& unscaled_f4 = inst("gfx1250", "v_wmma_f32_32x16x128_f4");
  for (const char* name : kScaledNames) {
    const InstrDesc& d = inst("gfx1250", name);
    const InstrDesc& plain = d.m == 32 ? unscaled_f4 : unscaled;
    for (int fa = 0; fa < (d.m == 32 ? 1 : 5); ++fa)
      for (int fb = 0; fb < (d.m == 32 ? 1 : 5); ++fb) {
        CAPTURE(name, fa, fb);
        const Modifiers mods = d.m == 32 ? Modifiers{} : Modifiers{.matrix_a_fmt = fa, .matrix_b_fmt = fb};
        const int wa = elem_bits(operand_type(d, Operand::A, mods)), wb = elem_bits(operand_type(d, Operand::B, mods));
        BitMatrix A(d.m, 128), B(128, 16), C(d.m, 16);
        for (int i = 0; i < d.m; ++i)
          for (int k = 0; k < 128; ++k) A(i, k) = rng() & ((1u << wa) - 1);
        for (int k = 0; k < 128; ++k)
          for (int j = 0; j < 16; ++j) B(k, j) = rng() & ((1u << wb) - 1);
        for (int i = 0; i < d.m; ++i)
          for (int j = 0; j < 16; ++j) C(i, j) = rng() & 0xFFFFFFFF;
        const BitMatrix SA = BitMatrix::Constant(d.m, blocks_of(d), 0x7F),
                        SB = BitMatrix::Constant(16, blocks_of(d), 0x7F);
        const BitMatrix scaled = run_matrix(d, {A}, {B}, {C}, mods, {}, {}, {SA}, {SB})[0];
        const BitMatrix want = run_matrix(plain, {A}, {B}, {C}, mods)[0];
        CHECK(scaled == want);
      }
  }
}

TEST_CASE("gfx1250 block-scaled: hand-derived cases tell the cdna5_wmma models apart", "[isa][gfx1250][scaled]") {
  // FP8 E4M3: 0x78 = 2^8, 0x18 = 2^-4, 0x38 = 1. Product 2^16 at k = 0 and 2^-8 at two more k, C = 0, every scale
  // 1: binary32's ulp at 2^16 is 2^-7, so each 2^-8 alone is a tie (to even: lost) but both together are kept.
  const InstrDesc& d = inst("gfx1250", "v_wmma_scale_f32_16x16x128_f8f6f4");
  const auto run = [&](std::initializer_list<std::pair<int, std::uint64_t>> a, Cdna5Wmma model,
                       std::uint64_t scale = 0x7F, std::uint64_t c = 0) {
    BitMatrix A = BitMatrix::Zero(16, 128), B = BitMatrix::Zero(128, 16), C = BitMatrix::Zero(16, 16);
    for (const auto& [k, bits] : a) {
      A(0, k) = bits;
      B(k, 0) = bits;
    }
    C(0, 0) = c;
    const BitMatrix S = BitMatrix::Constant(16, 4, scale);
    return run_matrix(d, {A}, {B}, {C}, {}, scaled_model(model), {}, {S}, {S})[0](0, 0);
  };
  // k = 0, 1, 2: one fused group (fused-groups) and one DOT4 step (dot4) hold both small products: 2^16 + 2^-7;
  // the FMA chain adds them one by one: 2^16.
  CHECK(run({{0, 0x78}, {1, 0x18}, {2, 0x18}}, Cdna5Wmma::fused_groups) == 0x47800001);
  CHECK(run({{0, 0x78}, {1, 0x18}, {2, 0x18}}, Cdna5Wmma::dot4) == 0x47800001);
  CHECK(run({{0, 0x78}, {1, 0x18}, {2, 0x18}}, Cdna5Wmma::fma_chain) == 0x47800000);
  // k = 0, 4, 8: still one fused group (2^16 + 2^-7), but three DOT4 steps (2^16).
  CHECK(run({{0, 0x78}, {4, 0x18}, {8, 0x18}}, Cdna5Wmma::fused_groups) == 0x47800001);
  CHECK(run({{0, 0x78}, {4, 0x18}, {8, 0x18}}, Cdna5Wmma::dot4) == 0x47800000);
  // k = 0 and k = 32 (two blocks): C = 2^24 and block products 1 each. fused-groups: each group 2^24 + 1, a tie,
  // to even: 2^24. The per-block chain: block sums 1 and 1 added one at a time: also 2^24 (ties). (No model
  // keeps one block's sum from the next's rounding.)
  CHECK(run({{0, 0x38}, {32, 0x38}}, Cdna5Wmma::fused_groups, 0x7F, 0x4B800000) == 0x4B800000);
  CHECK(run({{0, 0x38}, {32, 0x38}}, Cdna5Wmma::fma_chain, 0x7F, 0x4B800000) == 0x4B800000);
  // scale16, switch cdna5_scale16_group: half ulps at k 1 (block 0, beside the 2^16) and k 16 (block 1). One fused
  // group of 32 k keeps both (2^16 + 2^-7); one group per 16-k block loses each as a tie (2^16).
  const InstrDesc& d16 = inst("gfx1250", "v_wmma_scale16_f32_16x16x128_f8f6f4");
  const auto run16 = [&](const char* group) {
    BitMatrix A = BitMatrix::Zero(16, 128), B = BitMatrix::Zero(128, 16), C = BitMatrix::Zero(16, 16);
    for (const auto& [k, bits] : {std::pair{0, 0x78}, std::pair{1, 0x18}, std::pair{16, 0x18}}) {
      A(0, k) = static_cast<std::uint64_t>(bits);
      B(k, 0) = static_cast<std::uint64_t>(bits);
    }
    Switches sw;
    set_switch(sw, "cdna5_scale16_group", group);
    const BitMatrix S = BitMatrix::Constant(16, 8, 0x7F);
    return run_matrix(d16, {A}, {B}, {C}, {}, sw, {}, {S}, {S})[0](0, 0);
  };
  CHECK(run16("32") == 0x47800001);
  CHECK(run16("16") == 0x47800000);
  // Scales: E8M0 0x80 = 2 on both A and B multiplies the 1 * 1 product by 4 (every model).
  for (Cdna5Wmma model : kScaledModels) CHECK(run({{5, 0x38}}, model, 0x80) == 0x40800000);
  // A NaN scale (E8M0 0xFF) makes the element NaN; E8M0 0x00 is 2^-127, not zero: 1 * 2^-254 underflows to +0 in
  // binary32 under the chain models but the fused group keeps the tiny product exactly until its one rounding (+0).
  for (Cdna5Wmma model : kScaledModels) {
    CHECK(((run({{5, 0x38}}, model, 0xFF) & 0x7F800000) == 0x7F800000 && (run({{5, 0x38}}, model, 0xFF) & 0x7FFFFF)));
    CHECK(run({{5, 0x38}}, model, 0x00) == 0);
  }
}

TEST_CASE("gfx1250 block-scaled: E5M3 / E4M3 scales, signs and NaN on FP4 operands", "[isa][gfx1250][scaled]") {
  // v_wmma_scale16_f32_32x16x128_f4: FP4 0x2 = 1. A[0][k] = B[k][0] = 1 for k = 0 and k = 16 (blocks 0 and 1 of 16
  // k); C = 0. E5M3 scales 0x79 = 1.125 (A, block 0) and 0x70 = 0.5 (B, block 1), the rest 0x78 = 1:
  // D = 1.125 + 0.5 = 1.625 (0x3FD00000), every model.
  const InstrDesc& d = inst("gfx1250", "v_wmma_scale16_f32_32x16x128_f4");
  BitMatrix A = BitMatrix::Zero(32, 128), B = BitMatrix::Zero(128, 16), C = BitMatrix::Zero(32, 16);
  A(0, 0) = A(0, 16) = B(0, 0) = B(16, 0) = 0x2;
  const auto run = [&](int fmt, std::uint64_t sa0, std::uint64_t sb1, std::uint64_t one, Cdna5Wmma model) {
    BitMatrix SA = BitMatrix::Constant(32, 8, one), SB = BitMatrix::Constant(16, 8, one);
    SA(0, 0) = sa0;
    SB(0, 1) = sb1;
    const Modifiers mods{.matrix_a_scale_fmt = fmt, .matrix_b_scale_fmt = fmt};
    return run_matrix(d, {A}, {B}, {C}, mods, scaled_model(model), {}, {SA}, {SB})[0](0, 0);
  };
  for (Cdna5Wmma model : kScaledModels) {
    CAPTURE(scaled_model_name(model));
    CHECK(run(1, 0x79, 0x70, 0x78, model) == 0x3FD00000);
    // E4M3: 0x39 = 1.125, 0xB0 = -0.5, 0x38 = 1: 1.125 - 0.5 = 0.625 (0x3F200000).
    CHECK(run(2, 0x39, 0xB0, 0x38, model) == 0x3F200000);
    // NaN scales: E5M3 0xFF, E4M3 0x7F.
    CHECK((run(1, 0xFF, 0x70, 0x78, model) & 0x7FC00000) == 0x7FC00000);
    CHECK((run(2, 0x7F, 0xB0, 0x38, model) & 0x7FC00000) == 0x7FC00000);
    // A zero E5M3 scale removes its block: 0 + 0.5.
    CHECK(run(1, 0x00, 0x70, 0x78, model) == 0x3F000000);
  }
}

TEST_CASE("gfx1250 block-scaled: the builtins take clang's argument lists, an int or a long per scale",
          "[isa][gfx1250][scaled][api]") {
  // FP4 A = B = 1 everywhere (0x22222222 per VGPR), C = 0; every scale byte 2^0 except A's block 7 (the high word
  // of the scale16 pair) 2^1 in every lane: D = 112 + 2 * 16 = 144.
  auto w = builtins::gfx1250::wmma_scale16_f32_16x16x128_f8f6f4;
  decltype(w)::A a{};
  decltype(w)::B b{};
  decltype(w)::C c{};
  decltype(w)::Scale sa{}, sb{};
  for (auto& lane : a) lane.fill(0x22222222);
  for (auto& lane : b) lane.fill(0x22222222);
  for (auto& lane : c) lane.fill(F32(0));
  for (auto& lane : sa) lane = static_cast<std::int64_t>(0x807F7F7F7F7F7F7FULL);
  for (auto& lane : sb) lane = static_cast<std::int64_t>(0x7F7F7F7F7F7F7F7FULL);
  CHECK(w(4, a, 4, b, 0, c, 0, 0, sa, 0, 0, sb, false, false)[0][0].bits == 0x43100000);  // 144
  // ROW1 reads lanes 16-31 (the same bytes here); c_mod 1 negates C = 1: 143.
  for (auto& lane : c) lane.fill(F32(0x3F800000));
  CHECK(w(4, a, 4, b, 1, c, 1, 0, sa, 1, 0, sb, true, true)[17][3].bits == 0x430F0000);  // 143
  // Only lanes 0-15 scaled by 2 on block 7: ROW0 reads them (144), ROW1 reads lanes 16-31 (128).
  for (std::size_t lane = 16; lane < 32; ++lane) sa[lane] = static_cast<std::int64_t>(0x7F7F7F7F7F7F7F7FULL);
  for (auto& lane : c) lane.fill(F32(0));
  CHECK(w(4, a, 4, b, 0, c, 0, 0, sa, 0, 0, sb, false, false)[0][0].bits == 0x43100000);  // 144
  CHECK(w(4, a, 4, b, 0, c, 1, 0, sa, 0, 0, sb, false, false)[0][0].bits == 0x43000000);  // 128
  // The 32-bit form takes one int per lane: block 3 (k 96-127) of A doubled: 96 + 2 * 32 = 160 on every row.
  auto f4 = builtins::gfx1250::wmma_scale_f32_32x16x128_f4;
  decltype(f4)::A a4{};
  decltype(f4)::B b4{};
  decltype(f4)::C c4{};
  decltype(f4)::Scale sa4{}, sb4{};
  for (auto& lane : a4) lane.fill(0x22222222);
  for (auto& lane : b4) lane.fill(0x22222222);
  for (auto& lane : c4) lane.fill(F32(0));
  for (auto& lane : sa4) lane = static_cast<std::int32_t>(0x807F7F7FU);
  for (auto& lane : sb4) lane = 0x7F7F7F7F;
  CHECK(f4(a4, b4, 0, c4, 0, 0, sa4, 0, 0, sb4, false, false)[31][15].bits == 0x43200000);  // 160
}
