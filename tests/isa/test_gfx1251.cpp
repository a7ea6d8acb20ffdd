// gfx1251 (CDNA5): every gfx1250 matrix row, answering as on gfx1250, plus v_wmma_f64_16x16x4_f64 — its lane
// maps against rocjitsu's closed forms written out here, hand-derived FMA-chain cases, small-integer products end
// to end through `mxlane eval`, the builtin API, and no device kernel (LLVM 22 knows no such instruction)
// (docs/cdna5.md §2.6).
#include "support/catch_compat.hpp"

#include <random>
#include <string>

#include "device/kernel_catalog.hpp"
#include "emu/api/builtins.hpp"
#include "layouts/operand_layout.hpp"
#include "nlohmann/json.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/gfx12_closed_forms.hpp"
#include "tests/support/matrix_case.hpp"

using namespace mxlane;
using mxlane_test::inst;
using mxlane_test::Place;
using mxlane_test::place_of;
using mxlane_test::run_mxlane;
using mxlane_test::run_mxlane_on_input;
using Json = nlohmann::json;

namespace {

// §2.6, rocjitsu's closed forms: A[i][k] (B[k][j] with j) in lane i + 16 * k1, VGPR pair 2 * k0; C/D[r][c] in
// lane c + 16 * (r / 8), VGPR pair 2 * (r mod 8).
Place f64_input_place(int i, int k) { return {i + 16 * ((k >> 1) & 1), 2 * (k & 1), 0}; }
Place f64_output_place(int r, int c) { return {c + 16 * (r / 8), 2 * (r % 8), 0}; }

// Small integers as binary64, written by hand.
std::uint64_t f64_bits(long long v) {
  if (v == 0) return 0;
  const bool neg = v < 0;
  const auto m = static_cast<unsigned long long>(neg ? -v : v);
  const int e = 63 - __builtin_clzll(m);
  return (neg ? 1ULL << 63 : 0) | (static_cast<std::uint64_t>(e + 1023) << 52) | ((m << (52 - e)) & ((1ULL << 52) - 1));
}

}  // namespace

TEST_CASE("gfx1251 has every gfx1250 row, answering as on gfx1250, and the f64 WMMA", "[isa][gfx1251]") {
  const ArchInfo* arch = find_arch("gfx1251");
  REQUIRE(arch != nullptr);
  CHECK(arch->wave32);
  CHECK_FALSE(arch->wave64);
  const auto rows = instructions_for_arch(ArchId::gfx1251), parent = instructions_for_arch(ArchId::gfx1250);
  REQUIRE(rows.size() == parent.size() + 1);
  std::mt19937_64 rng(1251);
  for (const InstrDesc* p : parent) {
    CAPTURE(p->mnemonic);
    const InstrDesc& d = resolve_instruction(*arch, p->mnemonic, 32);
    CHECK(d.arch == ArchId::gfx1251);
    CHECK((d.opcode == p->opcode && d.vgprs_a == p->vgprs_a && d.vgprs_b == p->vgprs_b && d.vgprs_cd == p->vgprs_cd &&
           d.modifiers == p->modifiers && d.family_id == p->family_id));
    if (d.family().sparse_a || d.formats_from_modifiers()) continue;  // plain random matrices: dense fixed types
    const auto random = [&](Operand op) {
      auto blocks = mxlane_test::zeros(d, op);
      const int bits = elem_bits(d.type(op));
      for (auto& b : blocks)
        b = b.unaryExpr([&](std::uint64_t) {
          return static_cast<std::uint64_t>(rng() & (bits >= 64 ? ~0ULL : (1ULL << bits) - 1));
        });
      return blocks;
    };
    const auto a = random(Operand::A), b = random(Operand::B), c = random(Operand::C);
    // The block-scaled FP4 forms: random scale bytes (the scale types are not in d.type()).
    std::vector<BitMatrix> sa, sb;
    if (d.has(Operand::SA))
      for (auto [op, out] : {std::pair{Operand::SA, &sa}, std::pair{Operand::SB, &sb}}) {
        *out = mxlane_test::zeros(d, op);
        for (auto& m : *out) m = m.unaryExpr([&](std::uint64_t) { return static_cast<std::uint64_t>(rng() & 0xFF); });
      }
    CHECK(run_matrix(d, a, b, c, {}, {}, {}, sa, sb) == run_matrix(*p, a, b, c, {}, {}, {}, sa, sb));
  }
  const InstrDesc& f64 = resolve_instruction(*arch, "v_wmma_f64_16x16x4_f64", 32);
  CHECK_FALSE(f64.known_to_llvm());
  CHECK((f64.vgprs_a == 4 && f64.vgprs_b == 4 && f64.vgprs_cd == 16));
  CHECK_THROWS(resolve_instruction(arch_info(ArchId::gfx1250), "v_wmma_f64_16x16x4_f64", 32));
  const auto list = run_mxlane({"list", "--arch", "gfx1251"});
  REQUIRE(list.code == 0);
  CHECK_THAT(list.out, Catch::Contains("v_wmma_f64_16x16x4_f64") && Catch::Contains("n/k"));
}

TEST_CASE("gfx1251 f64 WMMA: every element sits where rocjitsu's closed forms put it", "[isa][gfx1251][layouts]") {
  const InstrDesc& d = inst("gfx1251", "v_wmma_f64_16x16x4_f64");
  for (Operand op : {Operand::A, Operand::B, Operand::C, Operand::D}) {
    const OperandLayout layout(d, op);
    int placed = 0;
    for (const Placement& p : layout.all()) {
      CAPTURE(operand_name(op), p.row, p.col);
      const Place want = op == Operand::A   ? f64_input_place(p.row, p.col)
                         : op == Operand::B ? f64_input_place(p.col, p.row)
                                            : f64_output_place(p.row, p.col);
      REQUIRE(place_of(p) == want);
      CHECK(p.slot.width() == 64);
      ++placed;
    }
    CHECK(placed == (op == Operand::A || op == Operand::B ? 64 : 256));
    CHECK(layout.vgprs() == d.vgprs(op));
  }
}

TEST_CASE("gfx1251 f64 WMMA: a binary64 FMA chain, k ascending (hand-derived)", "[isa][gfx1251][numerics]") {
  const InstrDesc& d = inst("gfx1251", "v_wmma_f64_16x16x4_f64");
  constexpr std::uint64_t kOne = 0x3FF0000000000000, kHalfUlp = 0x3CA0000000000000;  // 1.0, 2^-53
  // C = 1, products 2^-53 at k 0 and 1: each FMA is a tie rounded to even (1.0); one rounding of the exact
  // sum would give 1 + 2^-52.
  CHECK(mxlane_test::element00(d, {kHalfUlp, kHalfUlp}, {kOne, kOne}, kOne) == kOne);
  // Products 2^-53 then 2^-52 * 1.5: the first is lost (tie to even), the second, 1.5 ulp, rounds to 2 ulp.
  CHECK(mxlane_test::element00(d, {kHalfUlp, 0x3CB8000000000000}, {kOne, kOne}, kOne) == 0x3FF0000000000002);
  // NEG[0] negates A, NEG[2] C: -(2) * 3 + -(1) = -7.
  CHECK(mxlane_test::element00(d, {0x4000000000000000}, {0x4008000000000000}, kOne, {}, Modifiers{.neg = 5}) ==
        0xC01C000000000000);
}

TEST_CASE("gfx1251 f64 WMMA: small-integer products exact end to end through `mxlane eval`", "[isa][gfx1251][eval]") {
  std::mt19937 rng(64);
  std::uniform_int_distribution<int> pick(-1000, 1000);
  const auto grid = [](int vgprs) {
    return Json(std::vector<std::vector<std::uint32_t>>(vgprs, std::vector<std::uint32_t>(32, 0)));
  };
  Json A = grid(4), B = grid(4), C = grid(16);
  const auto put = [](Json& g, const Place& p, std::uint64_t bits) {
    g[p.vgpr][p.lane] = static_cast<std::uint32_t>(bits);
    g[p.vgpr + 1][p.lane] = static_cast<std::uint32_t>(bits >> 32);
  };
  long long a[16][4], b[4][16], c[16][16];
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 4; ++k) put(A, f64_input_place(i, k), f64_bits(a[i][k] = pick(rng)));
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j < 16; ++j) put(B, f64_input_place(j, k), f64_bits(b[k][j] = pick(rng)));
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) put(C, f64_output_place(i, j), f64_bits(c[i][j] = pick(rng)));
  const Json line{
      {"id", 1}, {"arch", "gfx1251"}, {"inst", "v_wmma_f64_16x16x4_f64"}, {"src", {{"A", A}, {"B", B}, {"C", C}}}};
  const auto run = run_mxlane_on_input({"eval"}, line.dump() + "\n");
  REQUIRE(run.code == 0);
  const Json out = Json::parse(run.out);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      long long want = c[i][j];
      for (int k = 0; k < 4; ++k) want += a[i][k] * b[k][j];
      const Place p = f64_output_place(i, j);
      const auto lo = std::stoull(out["D"][p.vgpr][p.lane].get<std::string>(), nullptr, 16);
      const auto hi = std::stoull(out["D"][p.vgpr + 1][p.lane].get<std::string>(), nullptr, 16);
      CAPTURE(i, j, want);
      REQUIRE(((hi << 32) | lo) == f64_bits(want));
    }
}

TEST_CASE("gfx1251 f64 WMMA: the builtin API, and no device kernel", "[isa][gfx1251][builtins][device]") {
  // The builtin name is the mnemonic's, like every gfx1250 one (LLVM 22 has none yet); its arguments are the f32
  // form's (neg_a, A, neg_b, B, c_mod, C, reuse_a, reuse_b) [INF].
  auto w = builtins::gfx1251::wmma_f64_16x16x4_f64;
  decltype(w)::A a{};
  decltype(w)::B b{};
  decltype(w)::C c{};
  for (auto& lane : a) lane = {F64(0x3FF0000000000000), F64(0x3FF0000000000000)};  // 1.0
  for (auto& lane : b) lane = {F64(0x4000000000000000), F64(0x4000000000000000)};  // 2.0
  for (auto& lane : c) lane.fill(F64(0x3FF0000000000000));
  CHECK(w(false, a, false, b, 0, c, false, false)[0][0].bits == 0x4022000000000000);  // 1 + 4 * 2 = 9
  CHECK(w(true, a, false, b, 1, c, false, false)[0][0].bits == 0xC022000000000000);   // -1 - 8 = -9
  // The gfx1250 builtins answer under gfx1251 too.
  CHECK(builtins::gfx1251::wmma_f32_16x16x4_f32.d.arch == ArchId::gfx1251);
  for (const device::Kernel& k : device::every_kernel("gfx1251")) CHECK(k.builtin() != "wmma_f64_16x16x4_f64");
}
