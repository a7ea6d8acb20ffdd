// gfx950's scaled f8f6f4 MFMA through the instruction table: the rows, the layouts of A/B per format
// and of SA/SB per scale byte against the closed forms of docs/cdna4.md §2 (cdna4_f8f6f4_slots,
// cdna4_scale_slot), registers built from those closed forms (not through OperandLayout) executed and
// compared element by element with the independent exact reference (tests/reference/reference_cdna4.hpp),
// hand-derived values, the K-doubled k16_layout switch, and the CLI and API refusals.
#include "support/catch_compat.hpp"

#include <random>
#include <set>
#include <string>
#include <tuple>

#include "emu/api/builtins.hpp"
#include "emu/api/gemm.hpp"
#include "emu/api/matrix.hpp"
#include "emu/insns/execute.hpp"
#include "emu/isa/errors.hpp"
#include "layouts/cdna4_layouts.hpp"
#include "layouts/operand_layout.hpp"
#include "reference/reference_cdna4.hpp"
#include "tests/support/cli_run.hpp"

using namespace mxlane;
using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;

namespace {

const ArchInfo& gfx950_info() { return arch_info(ArchId::gfx950); }
const InstrDesc& scaled(int m) {
  return resolve_instruction(gfx950_info(),
                             m == 16 ? "v_mfma_scale_f32_16x16x128_f8f6f4" : "v_mfma_scale_f32_32x32x64_f8f6f4");
}
constexpr int kBits[5] = {8, 8, 6, 6, 4};

// The closed form's slots of one element as (lane, first bit of the lane's concatenated VGPRs, width).
std::tuple<int, int, int> closed_form(int m, int code, int mn, int k, Fp6Layout fp6 = Fp6Layout::contiguous) {
  const std::vector<Slot> slots = cdna4_f8f6f4_slots(m, code, mn, k, fp6);
  int width = 0;
  for (const Slot& s : slots) width += s.width();
  for (std::size_t n = 1; n < slots.size(); ++n) {  // a straddling field continues at bit 0 of the next VGPR
    REQUIRE(slots[n].vgpr == slots[n - 1].vgpr + 1);
    REQUIRE(slots[n].bit_lo == 0);
  }
  return {slots[0].lane, 32 * slots[0].vgpr + slots[0].bit_lo, width};
}

// Writes `value` into a lane's concatenated VGPRs at bit `pos` (closed-form placement, no OperandLayout).
void put_bits(LaneRegFile& regs, int base, int lane, int pos, int width, std::uint64_t value) {
  for (int b = 0; b < width; ++b) {
    const int at = pos + b, reg = base + at / 32;
    std::uint32_t w = regs.word(reg, lane);
    w = (w & ~(1U << (at % 32))) | (static_cast<std::uint32_t>((value >> b) & 1) << (at % 32));
    regs.set_word(reg, lane, w);
  }
}

}  // namespace

TEST_CASE("gfx950 scaled f8f6f4: the two rows (docs/cdna4.md §0, §1)", "[isa][gfx950][f8f6f4]") {
  for (int m : {16, 32}) {
    const InstrDesc& d = scaled(m);
    CAPTURE(d.mnemonic);
    CHECK(d.opcode == (m == 16 ? 0x2d : 0x2e));  // llvm-mc-22 for gfx950
    CHECK(d.k == (m == 16 ? 128 : 64));
    CHECK((d.vgprs_a == 8 && d.vgprs_b == 8 && d.vgprs_cd == (m == 16 ? 4 : 16)));
    CHECK((d.has(Operand::SA) && d.has(Operand::SB) && !d.has(Operand::IDX)));
    CHECK((d.vgprs(Operand::SA) == 1 && d.vgprs(Operand::SB) == 1));
    CHECK((d.rows(Operand::SA) == m && d.cols(Operand::SA) == d.k / 32 && d.rows(Operand::SB) == m));
    CHECK(d.a_type == ElemType::f8f6f4);
    CHECK(&resolve_instruction(gfx950_info(),
                               m == 16 ? "mfma_scale_f32_16x16x128_f8f6f4" : "mfma_scale_f32_32x32x64_f8f6f4") == &d);
    for (int code = 0; code <= 4; ++code)
      CHECK(operand_type(d, Operand::A, Modifiers{.cbsz = code}) == *f8f6f4_type(code));
  }
  // Only gfx950 has them; the dense rows have no scale registers.
  CHECK_THROWS_WITH(resolve_instruction(arch_info(ArchId::gfx942), "mfma_scale_f32_16x16x128_f8f6f4"),
                    Catch::Contains("gfx950"));
  CHECK_FALSE(resolve_instruction(gfx950_info(), "v_mfma_f32_16x16x32_f16").has(Operand::SA));
}

TEST_CASE("gfx950 f8f6f4 A/B layouts equal the closed forms for every format, shape and fp6 map",
          "[isa][gfx950][f8f6f4][layouts]") {
  for (int m : {16, 32})
    for (int code = 0; code <= 4; ++code)
      for (Fp6Layout fp6 : {Fp6Layout::contiguous, Fp6Layout::interleaved}) {
        const InstrDesc& d = scaled(m);
        Switches sw;
        set_switch(sw, "fp6_layout", fp6 == Fp6Layout::contiguous ? "contiguous" : "interleaved");
        for (Operand op : {Operand::A, Operand::B}) {
          CAPTURE(m, code, operand_name(op), static_cast<int>(fp6));
          const Modifiers mods = op == Operand::A ? Modifiers{.cbsz = code} : Modifiers{.blgp = code};
          const OperandLayout l(d, op, mods, sw);
          CHECK(l.element_bits() == kBits[code]);
          CHECK(l.vgprs() == 32 * kBits[code] / 32);
          std::set<std::pair<int, int>> bits_used;  // (lane, bit): a bijection means no bit twice
          for (const Placement& p : l.all()) {
            const int mn = op == Operand::A ? p.row : p.col, k = op == Operand::A ? p.col : p.row;
            const auto [lane, pos, width] = closed_form(m, code, mn, k, fp6);
            REQUIRE(p.slot.lane == lane);
            REQUIRE(32 * p.slot.vgpr + p.slot.bit_lo == pos);
            REQUIRE(p.slot.width() == width);
            for (int b = 0; b < width; ++b) REQUIRE(bits_used.insert({lane, pos + b}).second);
          }
          CHECK(static_cast<int>(bits_used.size()) == 64 * 32 * kBits[code]);  // every read bit, once
        }
      }
}

TEST_CASE("gfx950 SA/SB layouts: byte opsel of lane mn + M*block (docs/cdna4.md §2.3)",
          "[isa][gfx950][f8f6f4][layouts]") {
  for (int m : {16, 32})
    for (int opsel = 0; opsel < 4; ++opsel)
      for (Operand op : {Operand::SA, Operand::SB}) {
        const InstrDesc& d = scaled(m);
        const OperandLayout l(d, op, op == Operand::SA ? Modifiers{.opsel_a = opsel} : Modifiers{.opsel_b = opsel});
        CHECK(l.vgprs() == 1);
        int n = 0;
        for (const Placement& p : l.all()) {
          REQUIRE(p.slot == cdna4_scale_slot(m, p.row, p.col, opsel));
          ++n;
        }
        CHECK(n == 64);  // every lane holds exactly one scale
      }
}

TEST_CASE("gfx950 scaled f8f6f4 end to end: registers from the closed forms against the exact reference",
          "[isa][gfx950][f8f6f4][reference]") {
  std::mt19937_64 rng(950);
  for (int m : {16, 32})
    for (int a_code = 0; a_code <= 4; ++a_code)
      for (int b_code = 0; b_code <= 4; ++b_code) {
        const InstrDesc& d = scaled(m);
        const int opsel_a = static_cast<int>(rng() % 4), opsel_b = static_cast<int>(rng() % 4);
        const Modifiers mods{.cbsz = a_code, .blgp = b_code, .opsel_a = opsel_a, .opsel_b = opsel_b};
        CAPTURE(m, a_code, b_code, opsel_a, opsel_b);
        const int k = d.k, blocks = k / 32;
        std::vector<std::vector<std::uint64_t>> a(m, std::vector<std::uint64_t>(k)),
            b(m, std::vector<std::uint64_t>(k));
        std::vector<std::vector<std::uint8_t>> sa(m, std::vector<std::uint8_t>(blocks)),
            sb(m, std::vector<std::uint8_t>(blocks));
        std::vector<std::uint32_t> c(static_cast<std::size_t>(m * m));
        // Random element bits (specials included), scales near 2^0, C small: finite sums mostly.
        for (int x = 0; x < m; ++x)
          for (int t = 0; t < k; ++t) {
            a[x][t] = rng() & ((1ULL << kBits[a_code]) - 1);
            b[x][t] = rng() & ((1ULL << kBits[b_code]) - 1);
          }
        for (int x = 0; x < m; ++x)
          for (int kb = 0; kb < blocks; ++kb) {
            sa[x][kb] = static_cast<std::uint8_t>(120 + rng() % 15);
            sb[x][kb] = static_cast<std::uint8_t>(120 + rng() % 15);
          }
        for (auto& v : c) v = static_cast<std::uint32_t>(rng() % 2 ? 0x3f800000u ^ (rng() & 0x807fffffu) : 0u);
        // Registers: A at 0, B at 8, C at 16, D at 16 + cd, SA and SB after, each placed by the closed forms.
        const int cd = d.vgprs_cd, sa_base = 16 + 2 * cd, sb_base = sa_base + 1;
        LaneRegFile regs(64, sb_base + 1);
        for (int x = 0; x < m; ++x)
          for (int t = 0; t < k; ++t) {
            const auto [la, pa, wa] = closed_form(m, a_code, x, t);
            put_bits(regs, 0, la, pa, wa, a[x][t]);
            const auto [lb, pb, wb] = closed_form(m, b_code, x, t);
            put_bits(regs, 8, lb, pb, wb, b[x][t]);
          }
        for (int x = 0; x < m; ++x)
          for (int kb = 0; kb < blocks; ++kb) {
            const Slot s_a = cdna4_scale_slot(m, x, kb, opsel_a), s_b = cdna4_scale_slot(m, x, kb, opsel_b);
            put_bits(regs, sa_base, s_a.lane, s_a.bit_lo, 8, sa[x][kb]);
            put_bits(regs, sb_base, s_b.lane, s_b.bit_lo, 8, sb[x][kb]);
          }
        // C/D: the CDNA 32-bit output rule (lane j + N*(floor(i/4) mod G), VGPR i mod 4 + 4*floor(i/(4G))).
        const int groups = 64 / m;
        const auto cd_slot = [&](int i, int j) {
          return std::pair{j + m * ((i / 4) % groups), (i % 4) + 4 * (i / (4 * groups))};
        };
        for (int i = 0; i < m; ++i)
          for (int j = 0; j < m; ++j) {
            const auto [lane, vgpr] = cd_slot(i, j);
            regs.set_word(16 + vgpr, lane, c[static_cast<std::size_t>(i * m + j)]);
          }
        MatrixOperands ops{{0}, {8}, {16}, {16 + cd}, {}, {}, {}};
        ops.sa.base = sa_base;
        ops.sb.base = sb_base;
        execute_matrix(d, regs, ops, mods);
        // Compare a spread of elements with the reference (the whole tile costs the reference too much).
        for (int e = 0; e < 24; ++e) {
          const int i = static_cast<int>(rng() % m), j = static_cast<int>(rng() % m);
          const auto [lane, vgpr] = cd_slot(i, j);
          const std::uint32_t want =
              mxref::ref_cdna4_f8f6f4(mxref::kRefMxFormats[a_code], mxref::kRefMxFormats[b_code], a[i], b[j],
                                      c[static_cast<std::size_t>(i * m + j)], sa[i], sb[j], false, false);
          const std::uint32_t got = regs.word(16 + cd + vgpr, lane);
          CAPTURE(i, j, want, got);
          const bool nan_want = (want & 0x7f800000u) == 0x7f800000u && (want & 0x7fffffu) != 0;
          const bool nan_got = (got & 0x7f800000u) == 0x7f800000u && (got & 0x7fffffu) != 0;
          REQUIRE((nan_want ? nan_got : got == want));
        }
      }
}

TEST_CASE("gfx950 scaled f8f6f4: values derived by hand", "[isa][gfx950][f8f6f4]") {
  const InstrDesc& d = scaled(16);  // K = 128: 4 scale blocks
  // A all fp4 1.0 (0x2), B all fp8 1.0 (OCP E4M3 0x38), C = 0.5: D = 0.5 + sum over blocks 32 * scale.
  const auto run = [&](std::uint8_t sa_block1, std::uint8_t sb_block3, const Modifiers& extra = {}) {
    Modifiers mods{.cbsz = 4, .blgp = 0, .opsel_a = extra.opsel_a, .opsel_b = extra.opsel_b};
    std::vector<BitMatrix> a{BitMatrix::Constant(16, 128, 0x2)}, b{BitMatrix::Constant(128, 16, 0x38)},
        c{BitMatrix::Constant(16, 16, 0x3f000000)};
    BitMatrix sa = BitMatrix::Constant(16, 4, 0x7f), sb = BitMatrix::Constant(16, 4, 0x7f);
    sa(0, 1) = sa_block1;  // row 0's second block
    sb(5, 3) = sb_block3;  // column 5's last block
    return run_matrix(d, a, b, c, mods, {}, {}, {sa}, {sb})[0];
  };
  const BitMatrix plain = run(0x7f, 0x7f);
  CHECK(plain(3, 3) == 0x43008000u);  // 0.5 + 128 = 128.5
  const BitMatrix scaled_rows = run(0x80, 0x7d);
  CHECK(scaled_rows(0, 0) == 0x43208000u);  // 0.5 + 32 + 64 + 32 + 32 = 160.5
  CHECK(scaled_rows(1, 5) == 0x42d10000u);  // 0.5 + 32 + 32 + 32 + 8 = 104.5 (column 5's last block x 2^-2)
  CHECK(scaled_rows(0, 5) == 0x43088000u);  // 0.5 + 32 + 64 + 32 + 8 = 136.5
  const BitMatrix nan = run(0xff, 0x7f);
  CHECK((nan(0, 7) & 0x7fc00000u) == 0x7fc00000u);  // an E8M0 NaN scale makes the element NaN
  CHECK(nan(1, 7) == 0x43008000u);                  // other rows keep their value
  // The same scales in byte 2 / byte 3 of the scale VGPRs, read with opsel_a = 2, opsel_b = 3.
  CHECK(run(0x80, 0x7d, Modifiers{.opsel_a = 2, .opsel_b = 3}) == scaled_rows);
}

TEST_CASE("gfx950 K-doubled MFMA: switch k16_layout moves A/B to the interleaved map (probe E-C4-1)",
          "[isa][gfx950][layouts][switches]") {
  for (const char* name : {"v_mfma_f32_16x16x32_f16", "v_mfma_f32_32x32x16_bf16", "v_mfma_i32_16x16x64_i8"}) {
    const InstrDesc& d = resolve_instruction(gfx950_info(), name);
    CAPTURE(name);
    REQUIRE(cdna4_kdoubled_input(d));
    Switches sw;
    set_switch(sw, "k16_layout", "interleaved16B");
    const int bits = elem_bits(d.a_type);
    for (Operand op : {Operand::A, Operand::B}) {
      const OperandLayout contiguous(d, op), interleaved(d, op, {}, sw);
      bool differs = false;
      for (const Placement& p : interleaved.all()) {
        const int mn = op == Operand::A ? p.row : p.col, k = op == Operand::A ? p.col : p.row;
        REQUIRE(p.slot == cdna4_kdoubled_slot(d.m, bits, mn, k, K16Layout::interleaved16b));
        differs |= contiguous.forward(p.block, p.row, p.col).front().slot != p.slot;
      }
      CHECK(differs);
    }
  }
  // gfx942's widest inputs (2 VGPRs) are not K-doubled: the switch does not touch them.
  CHECK_FALSE(cdna4_kdoubled_input(resolve_instruction(arch_info(ArchId::gfx942), "v_mfma_f32_16x16x32_fp8_fp8")));
}

TEST_CASE("gfx950 scaled f8f6f4 in the tools and the APIs", "[isa][gfx950][f8f6f4][cli]") {
  SECTION("lanemap: SA with --opsel-a, an fp6 A, and the refusals") {
    const auto sa = run_mxlane({"lanemap", "--arch", "gfx950", "--inst", "mfma_scale_f32_32x32x64_f8f6f4", "--operand",
                                "SA", "--opsel-a", "2", "--element", "5,1"});
    CHECK(sa.code == 0);
    CHECK_THAT(sa.out, Catch::Contains("v0{37}.[23:16]"));  // lane 5 + 32*1, byte 2
    const auto fp6 = run_mxlane({"lanemap", "--arch", "gfx950", "--inst", "mfma_scale_f32_16x16x128_f8f6f4",
                                 "--operand", "A", "--cbsz", "2", "--element", "0,5"});
    CHECK(fp6.code == 0);
    CHECK_THAT(fp6.out, Catch::Contains("[35:30]"));  // element 5 straddles v0/v1
    const auto dense =
        run_mxlane({"lanemap", "--arch", "gfx950", "--inst", "v_mfma_f32_16x16x32_f16", "--operand", "SA"});
    CHECK(dense.code == 2);
    CHECK_THAT(dense.err, Catch::Contains("no scale registers"));
    const auto bad_format = run_mxlane(
        {"lanemap", "--arch", "gfx950", "--inst", "mfma_scale_f32_16x16x128_f8f6f4", "--operand", "A", "--cbsz", "5"});
    CHECK(bad_format.code == 2);
    CHECK_THAT(bad_format.err, Catch::Contains("cbsz=5") && Catch::Contains("0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4"));
    const auto abid = run_mxlane(
        {"lanemap", "--arch", "gfx950", "--inst", "mfma_scale_f32_16x16x128_f8f6f4", "--operand", "A", "--abid", "1"});
    CHECK(abid.code == 2);
    CHECK_THAT(abid.err, Catch::Contains("no ABID"));
    // opsel_a on another architecture's instruction names where it exists.
    const auto other = run_mxlane(
        {"lanemap", "--arch", "gfx942", "--inst", "v_mfma_f32_16x16x16_f16", "--operand", "A", "--opsel-a", "1"});
    CHECK(other.code == 2);
    CHECK_THAT(other.err, Catch::Contains("opsel_a") && Catch::Contains("scaled f8f6f4"));
  }
  SECTION("eval: SA/SB sources, the opsel mods, and SA given to a dense MFMA") {
    std::string sa = "[[", sb = "[[", a = "[", b = "[", c = "[";
    for (int l = 0; l < 64; ++l) {
      sa += std::string(l ? "," : "") + "\"0x0000007f\"";
      sb += std::string(l ? "," : "") + "\"0x00007f00\"";  // byte 1, read with opsel_b = 1
    }
    sa += "]]";
    sb += "]]";
    const auto grid = [](int vgprs, const char* word) {
      std::string g = "[";
      for (int v = 0; v < vgprs; ++v) {
        g += v ? ",[" : "[";
        for (int l = 0; l < 64; ++l) g += std::string(l ? "," : "") + "\"" + word + "\"";
        g += "]";
      }
      return g + "]";
    };
    // fp8 1.0 = 0x38 in every byte of A and B, C = 0: D = 128 everywhere (0x43000000).
    const std::string line = std::string("{\"arch\":\"gfx950\",\"inst\":\"mfma_scale_f32_16x16x128_f8f6f4\",") +
                             "\"mods\":{\"opsel_b\":1},\"src\":{\"A\":" + grid(8, "0x38383838") +
                             ",\"B\":" + grid(8, "0x38383838") + ",\"C\":" + grid(4, "0x00000000") + ",\"SA\":" + sa +
                             ",\"SB\":" + sb + "}}\n";
    const auto r = run_mxlane_on_input({"eval"}, line);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("0x43000000"));
    CHECK_THAT(r.out, !Catch::Contains("0x3f800000"));
    const std::string dense = std::string("{\"arch\":\"gfx950\",\"inst\":\"v_mfma_f32_16x16x32_f16\",\"src\":{\"A\":") +
                              grid(4, "0x0") + ",\"B\":" + grid(4, "0x0") + ",\"C\":" + grid(4, "0x0") +
                              ",\"SA\":" + sa + "}}\n";
    const auto refused = run_mxlane_on_input({"eval"}, dense);
    CHECK(refused.code == 2);
    CHECK_THAT(refused.err, Catch::Contains("src.SA") && Catch::Contains("no scale registers"));
    const std::string missing =
        std::string("{\"arch\":\"gfx950\",\"inst\":\"mfma_scale_f32_16x16x128_f8f6f4\",\"src\":{\"A\":") +
        grid(8, "0x0") + ",\"B\":" + grid(8, "0x0") + ",\"C\":" + grid(4, "0x0") + ",\"SA\":" + sa + "}}\n";
    const auto no_sb = run_mxlane_on_input({"eval"}, missing);
    CHECK(no_sb.code == 2);
    CHECK_THAT(no_sb.err, Catch::Contains("src.SB"));
  }
  SECTION("the builtin API and gemm()") {
    using Lanes = builtins::Builtin<builtin_index(ArchId::gfx950, "mfma_scale_f32_16x16x128_f8f6f4")>;
    Lanes::A a{};
    Lanes::B b{};
    Lanes::C c{};
    Lanes::Scale sa{}, sb{};
    for (auto& lane : a) lane.fill(0x38383838);  // fp8 1.0
    for (auto& lane : b) lane.fill(0x38383838);
    for (auto& s : sa) s = 0x7f7f7f80;  // byte 0: 2^1
    for (auto& s : sb) s = 0x7f7f7f7f;
    const auto d = builtins::gfx950::mfma_scale_f32_16x16x128_f8f6f4(a, b, c, 0, 0, 0, sa, 0, sb);
    CHECK(d[0][0].bits == 0x43800000u);  // 128 products of 1, each block x 2: 256
    const auto d1 = builtins::gfx950::mfma_scale_f32_16x16x128_f8f6f4(a, b, c, 0, 0, 1, sa, 0, sb);
    CHECK(d1[0][0].bits == 0x43000000u);  // byte 1 of SA is 2^0
    GemmOptions o;
    CHECK_THROWS_WITH(gemm_path(scaled(16), o), Catch::Contains("block-scaled"));
  }
}

TEST_CASE("gfx950 unscaled f8f6f4: its own rows, the scaled arithmetic with every scale 2^0", "[isa][gfx950][f8f6f4]") {
  for (int m : {16, 32}) {
    const std::string mnemonic = m == 16 ? "v_mfma_f32_16x16x128_f8f6f4" : "v_mfma_f32_32x32x64_f8f6f4";
    const InstrDesc& u = resolve_instruction(gfx950_info(), mnemonic);
    const InstrDesc& s = scaled(m);
    CAPTURE(mnemonic);
    CHECK(u.mnemonic == mnemonic);
    CHECK(u.zero_scale_form);
    CHECK_FALSE(s.zero_scale_form);
    CHECK(u.builtin == s.builtin);  // the same clang builtin, with constant zero scales
    CHECK(u.entry_name() == std::string(s.builtin) + "__unscaled");
    CHECK(u.opcode == s.opcode);  // the scaled form adds a v_mfma_ld_scale_b32 prefix, same MFMA opcode
    CHECK_FALSE(u.has(Operand::SA));
    // The builtin name still names the scaled entry.
    CHECK(&resolve_instruction(gfx950_info(), s.builtin) == &s);
    CHECK_THROWS_WITH(validate_modifiers(u, Modifiers{.opsel_a = 1}), Catch::Contains("scaled f8f6f4"));
    // Same D as the scaled form with every scale byte 0x7F (2^0), and with 0x00 read as "no scaling".
    std::mt19937_64 rng(static_cast<unsigned>(m));
    BitMatrix a(m, u.k), b(u.k, m), c(m, m);
    for (Eigen::Index n = 0; n < a.size(); ++n) a.data()[n] = rng() & 0x3f;  // fp6 (cbsz 2) for A
    for (Eigen::Index n = 0; n < b.size(); ++n) b.data()[n] = rng() & 0x3f;  // bf6 (blgp 3) for B
    for (Eigen::Index n = 0; n < c.size(); ++n) c.data()[n] = rng() & 0xbf7fffffu;
    const Modifiers formats{.cbsz = 2, .blgp = 3};
    const BitMatrix plain = run_matrix(u, {a}, {b}, {c}, formats)[0];
    const BitMatrix ones = BitMatrix::Constant(m, u.k / 32, 0x7f), zeros = BitMatrix::Zero(m, u.k / 32);
    CHECK(plain == run_matrix(s, {a}, {b}, {c}, formats, {}, {}, {ones}, {ones})[0]);
    Switches identity;
    set_switch(identity, "scale_zero_is_identity", "identity");
    CHECK(plain == run_matrix(s, {a}, {b}, {c}, formats, identity, {}, {zeros}, {zeros})[0]);
    CHECK(plain != run_matrix(s, {a}, {b}, {c}, formats, {}, {}, {zeros}, {zeros})[0]);  // default: 0x00 is 2^-127
  }
  // eval by mnemonic takes no SA/SB.
  const auto r = run_mxlane({"lanemap", "--arch", "gfx950", "--inst", "v_mfma_f32_32x32x64_f8f6f4", "--operand", "SB"});
  CHECK(r.code == 2);
  CHECK_THAT(r.err, Catch::Contains("no scale registers"));
}
