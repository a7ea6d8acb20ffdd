// gfx90a MFMA A/B/C/D layouts vs seed 001's accumulator layouts and docs/spec/layouts.md §4.1, §5, §11.2.
//
// Every expected value below is computed from a source's formula or table written out literally
// here; the code under test is only ever the thing being checked. Each transcription cites where
// it comes from. Coordinates: A is M x K (row i, col k), B is K x N (row k, col j), C/D are M x N.
#include "support/catch_compat.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emu/isa/arch.hpp"
#include "emu/isa/element_type.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "layouts/bit_layout.hpp"
#include "layouts/operand_layout.hpp"

namespace {

using namespace mxlane;

// ---------------------------------------------------------------------------------------------
// Small value types, printable so that a failed CHECK shows both sides.

// Where an element lives: lane, VGPR relative to the operand base, bit range.
struct Where {
  int lane = -1;
  int vgpr = -1;
  int bit_lo = -1;
  int bit_hi = -1;
  bool operator==(const Where&) const = default;
};
std::ostream& operator<<(std::ostream& os, const Where& w) {
  return os << "v" << w.vgpr << "{" << w.lane << "}.[" << w.bit_hi << ":" << w.bit_lo << "]";
}

// A logical element in the operand's own coordinates.
struct Elem {
  int block = -1;
  int row = -1;
  int col = -1;
  bool operator==(const Elem&) const = default;
};
std::ostream& operator<<(std::ostream& os, const Elem& e) {
  return os << "[" << e.row << "][" << e.col << "].B" << e.block;
}

Where where(const Slot& s) { return {s.lane, s.vgpr, s.bit_lo, s.bit_hi}; }
Elem elem(const Placement& p) { return {p.block, p.row, p.col}; }

const std::vector<const InstrDesc*>& gfx90a() {
  static const std::vector<const InstrDesc*> all = instructions_for_arch(ArchId::gfx90a);
  return all;
}

const InstrDesc& by_mnemonic(std::string_view mnemonic) {
  return resolve_instruction(arch_info(ArchId::gfx90a), mnemonic);
}

bool f64_out(const InstrDesc& d) { return d.d_type == ElemType::f64; }

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// seed 001, "FP64 accVGPR indices count pairs of physical registers. accVGPR pair k corresponds
// to physical registers v[2k+1:2k]"; a 32-bit accVGPR index G is one whole VGPR.
Where seed_register(int lane, int reg, bool f64) { return f64 ? Where{lane, 2 * reg, 0, 63} : Where{lane, reg, 0, 31}; }

// docs/spec/layouts.md §5.1: item t of an s-bit element lives in
//   s = 64: VGPR pair (2t, 2t+1); s = 32: VGPR t;
//   s < 32: VGPR floor(t*s/32), bits [s*(t mod 32/s) + s - 1 : s*(t mod 32/s)].
Where item_slot(int lane, int t, int s) {
  if (s == 64) return {lane, 2 * t, 0, 63};
  if (s == 32) return {lane, t, 0, 31};
  const int lo = s * (t % (32 / s));
  return {lane, t * s / 32, lo, lo + s - 1};
}

// ---------------------------------------------------------------------------------------------
// seed 001, "Accumulator layout": forward (b, i, j) -> (lane, accVGPR or FP64 pair index) and
// inverse (lane L, register G) -> (b, i, j), one pair of functions per C/D shape.

struct LaneReg {
  int lane;
  int reg;
};

struct SeedCd {
  const char* name;
  LaneReg (*forward)(int b, int i, int j);
  Elem (*inverse)(int L, int G);  // nullptr: the source gives only the forward formula
};

// seed 001, 32x32 layout: lane = (32*floor(i/4)) mod 64 + j; accVGPR = 16b + 4*floor(i/8) + (i mod 4)
LaneReg seed_32x32_forward(int b, int i, int j) { return {(32 * (i / 4)) % 64 + j, 16 * b + 4 * (i / 8) + (i % 4)}; }
// seed 001, 32x32 layout: i = (8*floor(G/4)) mod 32 + 4*floor(L/32) + (G mod 4); j = L mod 32; b = floor(G/16)
Elem seed_32x32_inverse(int L, int G) { return {G / 16, (8 * (G / 4)) % 32 + 4 * (L / 32) + (G % 4), L % 32}; }

// seed 001, 16x16 layout: lane = 16*floor(i/4) + j; accVGPR = 4b + (i mod 4)
LaneReg seed_16x16_forward(int b, int i, int j) { return {16 * (i / 4) + j, 4 * b + (i % 4)}; }
// seed 001, 16x16 layout: i = 4*floor(L/16) + (G mod 4); j = L mod 16; b = floor(G/4)
Elem seed_16x16_inverse(int L, int G) { return {G / 4, 4 * (L / 16) + (G % 4), L % 16}; }

// seed 001, 4x4 layout: lane = 4b + j; accVGPR = i
LaneReg seed_4x4_forward(int b, int i, int j) { return {4 * b + j, i}; }
// seed 001, 4x4 layout: i = G mod 4; j = L mod 4; b = floor(L/4)
Elem seed_4x4_inverse(int L, int G) { return {L / 4, G % 4, L % 4}; }

// seed 001, 16x16 FP64 layout: lane = 16*(i mod 4) + j; accVGPR pair k = floor(i/4)
LaneReg seed_f64_16x16_forward(int, int i, int j) { return {16 * (i % 4) + j, i / 4}; }
// seed 001, 16x16 FP64 layout: i = 4k + floor(L/16); j = L mod 16
Elem seed_f64_16x16_inverse(int L, int k) { return {0, 4 * k + L / 16, L % 16}; }

// seed 001, 4x4 FP64 layout: lane = 16i + 4b + j (accVGPR pair 0, v[1:0])
LaneReg seed_f64_4x4_forward(int b, int i, int j) { return {16 * i + 4 * b + j, 0}; }
// seed 001, 4x4 FP64 layout: i = floor(L/16); j = L mod 4; b = floor((L mod 16)/4)
Elem seed_f64_4x4_inverse(int L, int) { return {(L % 16) / 4, L / 16, L % 4}; }

// docs/spec/layouts.md §11.2: the ISA's general output rule applied literally to v_mfma_f64_4x4x4f64 gives
// lane j + 4i + 16b (switch f64_4x4x4_cd_order=isa-general). The source gives no inverse.
LaneReg isa_general_f64_4x4_forward(int b, int i, int j) { return {j + 4 * i + 16 * b, 0}; }

constexpr SeedCd kSeed32x32{"seed 001 32x32 layout", seed_32x32_forward, seed_32x32_inverse};
constexpr SeedCd kSeed16x16{"seed 001 16x16 layout", seed_16x16_forward, seed_16x16_inverse};
constexpr SeedCd kSeed4x4{"seed 001 4x4 layout", seed_4x4_forward, seed_4x4_inverse};
constexpr SeedCd kSeedF64_16x16{"seed 001 16x16 FP64 layout", seed_f64_16x16_forward, seed_f64_16x16_inverse};
constexpr SeedCd kSeedF64_4x4{"seed 001 4x4 FP64 layout", seed_f64_4x4_forward, seed_f64_4x4_inverse};
constexpr SeedCd kIsaGeneralF64_4x4{"docs/spec/layouts.md §11.2 isa-general j + 4i + 16b", isa_general_f64_4x4_forward,
                                    nullptr};

// Which of seed 001's accumulator layouts covers an instruction's C/D (by M = N and out type).
const SeedCd* seed_cd_for(const InstrDesc& d) {
  if (d.m != d.n) return nullptr;
  if (f64_out(d)) return d.m == 16 ? &kSeedF64_16x16 : d.m == 4 ? &kSeedF64_4x4 : nullptr;
  return d.m == 32 ? &kSeed32x32 : d.m == 16 ? &kSeed16x16 : d.m == 4 ? &kSeed4x4 : nullptr;
}

// Every element of C or D against the seed's forward formula, and every (lane, register) against
// its inverse (and, round trip, against its forward formula).
void check_cd_against_seed(const InstrDesc& d, Operand op, const Switches& sw, const SeedCd& seed) {
  INFO(d.mnemonic << " operand " << operand_name(op) << " vs " << seed.name << " (switch "
                  << switch_value_name(sw, SwitchId::f64_4x4x4_cd_order) << ")");
  const bool f64 = f64_out(d);
  const OperandLayout lay(d, op, {}, sw);
  REQUIRE(lay.rows() == d.m);
  REQUIRE(lay.cols() == d.n);
  REQUIRE(lay.blocks() == d.blocks);
  // seed 001: accVGPRs per lane = blocks * M*N / wavefront size (FP64: pairs, 2 VGPRs each)
  const int seed_regs = d.blocks * d.m * d.n / 64;
  CHECK(lay.vgprs() == (f64 ? 2 * seed_regs : seed_regs));

  for (int b = 0; b < d.blocks; ++b)
    for (int i = 0; i < d.m; ++i)
      for (int j = 0; j < d.n; ++j) {
        INFO("element " << operand_name(op) << "[" << i << "][" << j << "] block " << b);
        const std::vector<Placement> ps = lay.forward(b, i, j);
        REQUIRE(ps.size() == 1);
        const LaneReg e = seed.forward(b, i, j);
        CHECK(where(ps[0].slot) == seed_register(e.lane, e.reg, f64));
        CHECK(elem(ps[0]) == Elem{b, i, j});
        CHECK(ps[0].replica == 0);
      }

  for (int G = 0; G < seed_regs; ++G)
    for (int L = 0; L < 64; ++L)
      for (int half = 0; half < (f64 ? 2 : 1); ++half) {
        const int vgpr = f64 ? 2 * G + half : G;  // both VGPRs of a pair name the pair
        INFO("inverse: lane " << L << ", register " << G << " (physical VGPR " << vgpr << ")");
        const std::vector<SlotContents> sc = lay.inverse(vgpr, L);
        REQUIRE(sc.size() == 1);
        CHECK(where(sc[0].slot) == seed_register(L, G, f64));
        REQUIRE(sc[0].elements.size() == 1);
        const Placement& got = sc[0].elements[0];
        if (seed.inverse != nullptr) CHECK(elem(got) == seed.inverse(L, G));
        const LaneReg back = seed.forward(got.block, got.row, got.col);
        CHECK(back.lane == L);
        CHECK(back.reg == G);
      }
}

std::vector<const InstrDesc*> with_cd_shape(const SeedCd& seed) {
  std::vector<const InstrDesc*> out;
  for (const InstrDesc* d : gfx90a())
    if (seed_cd_for(*d) == &seed) out.push_back(d);
  return out;
}

// ---------------------------------------------------------------------------------------------
// docs/spec/layouts.md §5.2 A and B inputs.

struct InputShape {
  int mn;      // M for A, N for B
  int blocks;  // B
  int kl;      // Kl = K*M*B/64
  int s;       // element bits
};

InputShape input_shape(const InstrDesc& d, Operand op) {
  const int mn = op == Operand::A ? d.m : d.n;
  // docs/spec/layouts.md §5.2: Kl = K*M*B/64
  return {mn, d.blocks, d.k * mn * d.blocks / 64, elem_bits(d.type(op))};
}

// Operand-coordinate element for (block, i-or-j, k).
Elem input_elem(Operand op, int b, int mn, int k) { return op == Operand::A ? Elem{b, mn, k} : Elem{b, k, mn}; }

// ---------------------------------------------------------------------------------------------
// docs/spec/layouts.md §5.4 bit tables, parsed from their literal text.

struct BitSpec {
  char coord;  // 'i', 'j', 'k', 'b' as the table writes them
  int bit;
};

std::optional<std::pair<int, int>> parse_range(std::string_view s) {
  auto number = [](std::string_view t) -> std::optional<int> {
    if (t.empty()) return std::nullopt;
    int v = 0;
    for (char c : t) {
      if (c < '0' || c > '9') return std::nullopt;
      v = v * 10 + (c - '0');
    }
    return v;
  };
  const std::size_t dash = s.find('-');
  if (dash == std::string_view::npos) {
    const auto v = number(s);
    if (!v) return std::nullopt;
    return std::make_pair(*v, *v);
  }
  const auto a = number(s.substr(0, dash));
  const auto b = number(s.substr(dash + 1));
  if (!a || !b || *b < *a) return std::nullopt;
  return std::make_pair(*a, *b);
}

// "L0-4:i0-4, L5:b0" or "t0:i0 t1:i1 (pair index)" or "—" -> bits indexed by physical bit.
// Returns nullopt when the text does not parse or the physical bits are not 0, 1, 2, ... in order.
std::optional<std::vector<BitSpec>> parse_bits(std::string_view text, char prefix) {
  const std::size_t paren = text.find('(');
  if (paren != std::string_view::npos) text = text.substr(0, paren);
  std::string s(text);
  for (char& c : s)
    if (c == ',') c = ' ';
  std::istringstream in(s);
  std::vector<BitSpec> out;
  std::string token;
  while (in >> token) {
    if (token == "—") continue;
    const std::size_t colon = token.find(':');
    // <prefix><range>:<letter><range>
    if (token[0] != prefix || colon == std::string::npos || colon < 2 || colon + 2 >= token.size()) return std::nullopt;
    const std::string_view t(token);
    const auto phys = parse_range(t.substr(1, colon - 1));
    const char coord = t[colon + 1];
    const auto logical = parse_range(t.substr(colon + 2));
    if (!phys || !logical || phys->second - phys->first != logical->second - logical->first) return std::nullopt;
    for (int n = 0; n <= phys->second - phys->first; ++n) {
      if (phys->first + n != static_cast<int>(out.size())) return std::nullopt;
      out.push_back({coord, logical->first + n});
    }
  }
  return out;
}

// Table letter -> engine coordinate. A: i row, k col. B: "the same table as A with j in place of
// i" (docs/spec/layouts.md §5.4), so i -> col, k -> row. C/D: i row, j col. b is the block everywhere.
std::optional<Coord> coord_of(char letter, Operand op) {
  if (letter == 'b') return Coord::block;
  switch (op) {
    case Operand::A:
      if (letter == 'i') return Coord::row;
      if (letter == 'k') return Coord::col;
      break;
    case Operand::B:
      if (letter == 'i') return Coord::col;
      if (letter == 'k') return Coord::row;
      break;
    case Operand::C:
    case Operand::D:
      if (letter == 'i') return Coord::row;
      if (letter == 'j') return Coord::col;
      break;
    case Operand::IDX:
    case Operand::SA:
    case Operand::SB: break;  // no CDNA2 table: std::nullopt, which the caller's REQUIRE rejects
  }
  return std::nullopt;
}

const char* coord_text(Coord c) {
  switch (c) {
    case Coord::row: return "row";
    case Coord::col: return "col";
    case Coord::block: return "block";
    case Coord::replica: return "replica";
  }
  return "?";
}

std::string describe(const std::vector<BitRef>& bits, char prefix) {
  std::string s;
  for (std::size_t n = 0; n < bits.size(); ++n) {
    if (n != 0) s += ' ';
    s += prefix;
    s += std::to_string(n);
    s += ':';
    s += coord_text(bits[n].coord);
    s += std::to_string(bits[n].bit);
  }
  return s;
}

int coord_value(const Elem& e, Coord c) {
  switch (c) {
    case Coord::row: return e.row;
    case Coord::col: return e.col;
    case Coord::block: return e.block;
    case Coord::replica: return 0;
  }
  return 0;
}

// Gather an index from the logical bits the table assigns to each physical bit.
int gather(const std::vector<BitRef>& bits, const Elem& e) {
  int index = 0;
  for (std::size_t n = 0; n < bits.size(); ++n) index |= ((coord_value(e, bits[n].coord) >> bits[n].bit) & 1) << n;
  return index;
}

// docs/spec/layouts.md §5.4, one row per line of the table, written as in the table.
struct BitTableRow {
  const char* name;
  std::vector<std::string_view> mnemonics;
  const char* ab_lane;
  const char* ab_item;
  const char* cd_lane;  // "as <name>": the C/D entry of that row
  const char* cd_item;
};

const std::vector<BitTableRow>& bit_table() {
  static const std::vector<BitTableRow> rows = {
      // docs/spec/layouts.md §5.4
      {"32x32x1f32",
       {"v_mfma_f32_32x32x1f32"},
       "L0-4:i0-4, L5:b0",
       "—",
       "L0-4:j0-4, L5:i2",
       "t0:i0 t1:i1 t2:i3 t3:i4 t4:b0"},
      {"16x16x1f32",
       {"v_mfma_f32_16x16x1f32"},
       "L0-3:i0-3, L4:b0, L5:b1",
       "—",
       "L0-3:j0-3, L4:i2, L5:i3",
       "t0:i0 t1:i1 t2:b0 t3:b1"},
      {"4x4x1f32", {"v_mfma_f32_4x4x1f32"}, "L0-1:i0-1, L2-5:b0-3", "—", "L0-1:j0-1, L2-5:b0-3", "t0:i0 t1:i1"},
      {"32x32x2f32", {"v_mfma_f32_32x32x2f32"}, "L0-4:i0-4, L5:k0", "—", "L0-4:j0-4, L5:i2", "t0:i0 t1:i1 t2:i3 t3:i4"},
      {"16x16x4f32",
       {"v_mfma_f32_16x16x4f32"},
       "L0-3:i0-3, L4:k0, L5:k1",
       "—",
       "L0-3:j0-3, L4:i2, L5:i3",
       "t0:i0 t1:i1"},
      {"32x32x4 f16/bf16_1k/i8 (2B)",
       {"v_mfma_f32_32x32x4f16", "v_mfma_f32_32x32x4bf16_1k", "v_mfma_i32_32x32x4i8"},
       "L0-4:i0-4, L5:b0",
       "t0:k0 t1:k1",
       "as 32x32x1f32",
       "as 32x32x1f32"},
      {"16x16x4 f16/bf16_1k/i8 (4B)",
       {"v_mfma_f32_16x16x4f16", "v_mfma_f32_16x16x4bf16_1k", "v_mfma_i32_16x16x4i8"},
       "L0-3:i0-3, L4:b0, L5:b1",
       "t0:k0 t1:k1",
       "as 16x16x1f32",
       "as 16x16x1f32"},
      {"4x4x4 f16/bf16_1k/i8 (16B)",
       {"v_mfma_f32_4x4x4f16", "v_mfma_f32_4x4x4bf16_1k", "v_mfma_i32_4x4x4i8"},
       "L0-1:i0-1, L2-5:b0-3",
       "t0:k0 t1:k1",
       "as 4x4x1f32",
       "as 4x4x1f32"},
      {"32x32x8 f16/bf16_1k/i8",
       {"v_mfma_f32_32x32x8f16", "v_mfma_f32_32x32x8bf16_1k", "v_mfma_i32_32x32x8i8"},
       "L0-4:i0-4, L5:k2",
       "t0:k0 t1:k1",
       "as 32x32x2f32",
       "as 32x32x2f32"},
      {"16x16x16 f16/bf16_1k/i8",
       {"v_mfma_f32_16x16x16f16", "v_mfma_f32_16x16x16bf16_1k", "v_mfma_i32_16x16x16i8"},
       "L0-3:i0-3, L4:k2, L5:k3",
       "t0:k0 t1:k1",
       "as 16x16x4f32",
       "as 16x16x4f32"},
      {"32x32x2bf16 (2B)", {"v_mfma_f32_32x32x2bf16"}, "L0-4:i0-4, L5:b0", "t0:k0", "as 32x32x1f32", "as 32x32x1f32"},
      {"16x16x2bf16 (4B)",
       {"v_mfma_f32_16x16x2bf16"},
       "L0-3:i0-3, L4:b0, L5:b1",
       "t0:k0",
       "as 16x16x1f32",
       "as 16x16x1f32"},
      {"4x4x2bf16 (16B)", {"v_mfma_f32_4x4x2bf16"}, "L0-1:i0-1, L2-5:b0-3", "t0:k0", "as 4x4x1f32", "as 4x4x1f32"},
      {"32x32x4bf16", {"v_mfma_f32_32x32x4bf16"}, "L0-4:i0-4, L5:k1", "t0:k0", "as 32x32x2f32", "as 32x32x2f32"},
      {"16x16x8bf16", {"v_mfma_f32_16x16x8bf16"}, "L0-3:i0-3, L4:k1, L5:k2", "t0:k0", "as 16x16x4f32", "as 16x16x4f32"},
      {"16x16x4f64",
       {"v_mfma_f64_16x16x4f64"},
       "L0-3:i0-3, L4:k0, L5:k1",
       "— (pair)",
       "L0-3:j0-3, L4:i0, L5:i1",
       "t0:i2 t1:i3 (pair index)"},
      {"4x4x4f64 (4B)",
       {"v_mfma_f64_4x4x4f64"},
       "L0-1:i0-1, L2-3:b0-1, L4:k0, L5:k1",
       "— (pair)",
       "L0-1:j0-1, L2-3:b0-1, L4:i0, L5:i1",
       "— (one pair)"},
  };
  return rows;
}

// Resolve "as <name>" to the referenced row's C/D text.
std::string_view cd_text(const BitTableRow& row, bool lane) {
  std::string_view text = lane ? row.cd_lane : row.cd_item;
  if (text.substr(0, 3) != "as ") return text;
  const std::string_view target = text.substr(3);
  for (const BitTableRow& r : bit_table())
    if (target == r.name) return lane ? r.cd_lane : r.cd_item;
  return "unresolved reference";  // does not parse: fails the REQUIRE below
}

}  // namespace

// =============================================================================================
// 1. C and D against seed 001's accumulator layouts, shape by shape.

TEST_CASE("gfx90a: every instruction has one of seed 001's five C/D layouts", "[layouts][cdna2]") {
  REQUIRE(gfx90a().size() == 27);  // seed 001: "the 27 builtins"; docs/spec/layouts.md §4.1
  for (const InstrDesc* d : gfx90a()) {
    INFO(d->mnemonic);
    CHECK(d->wave == 64);
    CHECK(seed_cd_for(*d) != nullptr);
  }
  // seed 001, "32x32 layout uses two blocks" / 1-block variants; 16x16 four blocks / 1 block;
  // 4x4 16 blocks; 16x16 FP64 one block; 4x4 FP64 four blocks.
  const std::map<const SeedCd*, std::set<int>> legal_blocks = {
      {&kSeed32x32, {1, 2}}, {&kSeed16x16, {1, 4}}, {&kSeed4x4, {16}}, {&kSeedF64_16x16, {1}}, {&kSeedF64_4x4, {4}}};
  // docs/spec/layouts.md §4.1: 10 + 10 + 5 + 1 + 1 instructions per shape.
  const std::map<const SeedCd*, std::size_t> count = {
      {&kSeed32x32, 10}, {&kSeed16x16, 10}, {&kSeed4x4, 5}, {&kSeedF64_16x16, 1}, {&kSeedF64_4x4, 1}};
  for (const auto& [seed, blocks] : legal_blocks) {
    INFO(seed->name);
    const auto group = with_cd_shape(*seed);
    CHECK(group.size() == count.at(seed));
    for (const InstrDesc* d : group) {
      INFO(d->mnemonic);
      CHECK(blocks.count(d->blocks) == 1);
    }
  }
}

TEST_CASE("gfx90a C/D: 32x32 shapes follow seed 001's 32x32 formulas", "[layouts][cdna2]") {
  const auto group = with_cd_shape(kSeed32x32);
  REQUIRE(group.size() == 10);
  for (const InstrDesc* d : group)
    for (Operand op : {Operand::C, Operand::D}) check_cd_against_seed(*d, op, {}, kSeed32x32);
}

TEST_CASE("gfx90a C/D: 16x16 non-f64 shapes follow seed 001's 16x16 formulas", "[layouts][cdna2]") {
  const auto group = with_cd_shape(kSeed16x16);
  REQUIRE(group.size() == 10);
  for (const InstrDesc* d : group)
    for (Operand op : {Operand::C, Operand::D}) check_cd_against_seed(*d, op, {}, kSeed16x16);
}

TEST_CASE("gfx90a C/D: 4x4 f32/i32 shapes follow seed 001's 4x4 formulas", "[layouts][cdna2]") {
  const auto group = with_cd_shape(kSeed4x4);
  REQUIRE(group.size() == 5);
  for (const InstrDesc* d : group)
    for (Operand op : {Operand::C, Operand::D}) check_cd_against_seed(*d, op, {}, kSeed4x4);
}

TEST_CASE("gfx90a C/D: v_mfma_f64_16x16x4f64 follows seed 001's 16x16 FP64 formulas", "[layouts][cdna2]") {
  const auto group = with_cd_shape(kSeedF64_16x16);
  REQUIRE(group.size() == 1);
  CHECK(group[0]->mnemonic == "v_mfma_f64_16x16x4f64");
  for (Operand op : {Operand::C, Operand::D}) check_cd_against_seed(*group[0], op, {}, kSeedF64_16x16);
}

TEST_CASE("gfx90a C/D: v_mfma_f64_4x4x4f64, seed 001 order by default, §11.2 order by switch", "[layouts][cdna2]") {
  const auto group = with_cd_shape(kSeedF64_4x4);
  REQUIRE(group.size() == 1);
  const InstrDesc& d = *group[0];
  CHECK(d.mnemonic == "v_mfma_f64_4x4x4f64");

  SECTION("default: seed 001, lane = 16i + 4b + j") {
    for (Operand op : {Operand::C, Operand::D}) check_cd_against_seed(d, op, {}, kSeedF64_4x4);
  }
  SECTION("explicit lab-notes value is the same as the default") {
    Switches sw;
    set_switch(sw, "f64_4x4x4_cd_order", "lab-notes");
    for (Operand op : {Operand::C, Operand::D}) check_cd_against_seed(d, op, sw, kSeedF64_4x4);
  }
  SECTION("f64_4x4x4_cd_order=isa-general: docs/spec/layouts.md §11.2, lane = j + 4i + 16b") {
    Switches sw;
    set_switch(sw, "f64_4x4x4_cd_order", "isa-general");
    for (Operand op : {Operand::C, Operand::D}) check_cd_against_seed(d, op, sw, kIsaGeneralF64_4x4);
    // The two orders really differ: D[0][0] of block 1 is lane 4 (seed) vs lane 16 (§11.2).
    const OperandLayout lay(d, Operand::D, {}, sw);
    CHECK(lay.forward(1, 0, 0).at(0).slot.lane == 16);
    CHECK(lay.forward(0, 1, 0).at(0).slot.lane == 4);
  }
}

TEST_CASE("gfx90a C/D: the f64_4x4x4_cd_order switch leaves every other shape on seed 001", "[layouts][cdna2]") {
  // docs/spec/layouts.md §11: the ISA's output rule matches §5.3 "except for f64 4-block (§11.2)".
  Switches sw;
  set_switch(sw, "f64_4x4x4_cd_order", "isa-general");
  int checked = 0;
  for (const InstrDesc* d : gfx90a()) {
    if (d->mnemonic == "v_mfma_f64_4x4x4f64") continue;
    const SeedCd* seed = seed_cd_for(*d);
    REQUIRE(seed != nullptr);
    check_cd_against_seed(*d, Operand::D, sw, *seed);
    ++checked;
  }
  CHECK(checked == 26);
}

// seed 001's row-to-lane tables, written out as data.
TEST_CASE("gfx90a C/D: seed 001 row-to-lane tables", "[layouts][cdna2]") {
  struct Band {
    int row_lo, row_hi, lane_lo, lane_hi, acc_lo, acc_hi;
  };

  SECTION("32x32: bands of four rows; block 1 uses accVGPRs 16-31") {
    // seed 001, 32x32 layout, row-to-lane table (block 0)
    const Band bands[] = {
        {0, 3, 0, 31, 0, 3},    {4, 7, 32, 63, 0, 3},    {8, 11, 0, 31, 4, 7},    {12, 15, 32, 63, 4, 7},
        {16, 19, 0, 31, 8, 11}, {20, 23, 32, 63, 8, 11}, {24, 27, 0, 31, 12, 15}, {28, 31, 32, 63, 12, 15},
    };
    // seed 001: "Block 1 uses the same lane pattern with accVGPRs 16--31"
    const int block_offset = 16;
    for (const InstrDesc* d : with_cd_shape(kSeed32x32))
      for (Operand op : {Operand::C, Operand::D}) {
        const OperandLayout lay(*d, op);
        for (int b = 0; b < d->blocks; ++b)
          for (const Band& band : bands) {
            std::set<std::pair<int, int>> cells;
            for (int i = band.row_lo; i <= band.row_hi; ++i)
              for (int j = 0; j < 32; ++j) {
                INFO(d->mnemonic << " " << operand_name(op) << "[" << i << "][" << j << "] block " << b);
                const Slot s = lay.forward(b, i, j).at(0).slot;
                CHECK(s.lane >= band.lane_lo);
                CHECK(s.lane <= band.lane_hi);
                CHECK(s.lane - band.lane_lo == j);  // "Column j gives the lane offset within the group"
                CHECK(s.vgpr >= band.acc_lo + block_offset * b);
                CHECK(s.vgpr <= band.acc_hi + block_offset * b);
                cells.insert({s.lane, s.vgpr});
              }
            INFO(d->mnemonic << " " << operand_name(op) << " rows " << band.row_lo << "-" << band.row_hi << " block "
                             << b);
            // The band fills its lanes x accVGPRs rectangle exactly.
            CHECK(cells.size() ==
                  static_cast<std::size_t>((band.lane_hi - band.lane_lo + 1) * (band.acc_hi - band.acc_lo + 1)));
          }
      }
  }

  SECTION("16x16: bands of four rows per 16 lanes; block k uses accVGPRs 4k..4k+3") {
    // seed 001, 16x16 layout, row-to-lane table ("identical for every block")
    const Band bands[] = {{0, 3, 0, 15, 0, 3}, {4, 7, 16, 31, 0, 3}, {8, 11, 32, 47, 0, 3}, {12, 15, 48, 63, 0, 3}};
    // seed 001: "accVGPRs 0---3 for block 0, 4---7 for block 1, 8---11 for block 2, 12---15 for block 3"
    const int block_acc_lo[] = {0, 4, 8, 12};
    for (const InstrDesc* d : with_cd_shape(kSeed16x16))
      for (Operand op : {Operand::C, Operand::D}) {
        const OperandLayout lay(*d, op);
        for (int b = 0; b < d->blocks; ++b)
          for (const Band& band : bands) {
            std::set<std::pair<int, int>> cells;
            for (int i = band.row_lo; i <= band.row_hi; ++i)
              for (int j = 0; j < 16; ++j) {
                INFO(d->mnemonic << " " << operand_name(op) << "[" << i << "][" << j << "] block " << b);
                const Slot s = lay.forward(b, i, j).at(0).slot;
                CHECK(s.lane >= band.lane_lo);
                CHECK(s.lane <= band.lane_hi);
                CHECK(s.lane - band.lane_lo == j);  // "Column j gives the lane offset within the group"
                CHECK(s.vgpr >= block_acc_lo[b]);
                CHECK(s.vgpr <= block_acc_lo[b] + 3);
                cells.insert({s.lane, s.vgpr});
              }
            INFO(d->mnemonic << " " << operand_name(op) << " rows " << band.row_lo << "-" << band.row_hi << " block "
                             << b);
            CHECK(cells.size() == 16u * 4u);
          }
      }
  }

  SECTION("4x4: block b in lanes 4b..4b+3, accVGPRs 0-3") {
    // seed 001, 4x4 layout: "Each group of 4 consecutive lanes (lanes 4b through 4b + 3) holds all
    // 16 output elements of block b across 4 accVGPRs"; "accVGPRs 0--3 (rows)".
    for (const InstrDesc* d : with_cd_shape(kSeed4x4))
      for (Operand op : {Operand::C, Operand::D}) {
        const OperandLayout lay(*d, op);
        for (int b = 0; b < 16; ++b) {
          std::set<std::pair<int, int>> cells;
          for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
              INFO(d->mnemonic << " " << operand_name(op) << "[" << i << "][" << j << "] block " << b);
              const Slot s = lay.forward(b, i, j).at(0).slot;
              CHECK(s.lane >= 4 * b);
              CHECK(s.lane <= 4 * b + 3);
              CHECK(s.vgpr == i);  // accVGPRs 0-3 are the rows
              cells.insert({s.lane, s.vgpr});
            }
          INFO(d->mnemonic << " " << operand_name(op) << " block " << b);
          CHECK(cells.size() == 16u);
        }
      }
  }

  SECTION("16x16 FP64: rows i, i+4, i+8, i+12 in one 16-lane group, pairs 0-3") {
    struct F64Band {
      int rows[4];
      int lane_lo, lane_hi;
      int pairs[4];
    };
    // seed 001, 16x16 FP64 layout, row-to-lane table
    const F64Band bands[] = {
        {{0, 4, 8, 12}, 0, 15, {0, 1, 2, 3}},
        {{1, 5, 9, 13}, 16, 31, {0, 1, 2, 3}},
        {{2, 6, 10, 14}, 32, 47, {0, 1, 2, 3}},
        {{3, 7, 11, 15}, 48, 63, {0, 1, 2, 3}},
    };
    // seed 001: pairs 0, 1, 2, 3 are v[1:0], v[3:2], v[5:4], v[7:6]
    const std::pair<int, int> physical[] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}};
    const InstrDesc& d = by_mnemonic("v_mfma_f64_16x16x4f64");
    for (Operand op : {Operand::C, Operand::D}) {
      const OperandLayout lay(d, op);
      for (const F64Band& band : bands)
        for (int n = 0; n < 4; ++n)
          for (int j = 0; j < 16; ++j) {
            const int i = band.rows[n];
            INFO(d.mnemonic << " " << operand_name(op) << "[" << i << "][" << j << "]");
            const Slot s = lay.forward(0, i, j).at(0).slot;
            CHECK(s.lane >= band.lane_lo);
            CHECK(s.lane <= band.lane_hi);
            CHECK(s.lane - band.lane_lo == j);  // "column offset j"
            CHECK(s.vgpr == physical[band.pairs[n]].first);
            CHECK(s.bit_lo == 0);
            CHECK(s.bit_hi == 63);  // the pair v[2k+1:2k]
          }
    }
  }

  SECTION("4x4 FP64: row 0 blocks 0-3 in lanes 0-15, rows 1-3 at +16, +32, +48") {
    struct F64Row {
      int row, block_lo, block_hi, lane_lo, lane_hi, pair;
    };
    // seed 001, 4x4 FP64 layout, row-to-lane table
    const F64Row table[] = {
        {0, 0, 0, 0, 3, 0},   {0, 1, 1, 4, 7, 0},   {0, 2, 2, 8, 11, 0},  {0, 3, 3, 12, 15, 0},
        {1, 0, 3, 16, 31, 0}, {2, 0, 3, 32, 47, 0}, {3, 0, 3, 48, 63, 0},
    };
    const InstrDesc& d = by_mnemonic("v_mfma_f64_4x4x4f64");
    for (Operand op : {Operand::C, Operand::D}) {
      const OperandLayout lay(d, op);
      for (const F64Row& r : table) {
        std::set<int> lanes;
        for (int b = r.block_lo; b <= r.block_hi; ++b)
          for (int j = 0; j < 4; ++j) {
            INFO(d.mnemonic << " " << operand_name(op) << "[" << r.row << "][" << j << "] block " << b);
            const Slot s = lay.forward(b, r.row, j).at(0).slot;
            CHECK(s.lane >= r.lane_lo);
            CHECK(s.lane <= r.lane_hi);
            CHECK(s.vgpr == 2 * r.pair);  // pair 0 = v[1:0]
            CHECK(s.bit_lo == 0);
            CHECK(s.bit_hi == 63);
            lanes.insert(s.lane);
          }
        INFO(d.mnemonic << " " << operand_name(op) << " row " << r.row << " blocks " << r.block_lo << "-"
                        << r.block_hi);
        CHECK(lanes.size() == static_cast<std::size_t>(r.lane_hi - r.lane_lo + 1));
      }
    }
  }
}

// =============================================================================================
// 2. A and B inputs, docs/spec/layouts.md §5.2 (with §5.1 item packing).

TEST_CASE("gfx90a A/B: every element at lane i + M*b + M*B*floor(k/Kl), item k mod Kl (§5.2)", "[layouts][cdna2]") {
  REQUIRE(gfx90a().size() == 27);
  for (const InstrDesc* dp : gfx90a())
    for (Operand op : {Operand::A, Operand::B}) {
      const InstrDesc& d = *dp;
      INFO(d.mnemonic << " operand " << operand_name(op));
      const InputShape sh = input_shape(d, op);
      const OperandLayout lay(d, op);
      // A is M x K, B is K x N.
      CHECK(lay.rows() == (op == Operand::A ? d.m : d.k));
      CHECK(lay.cols() == (op == Operand::A ? d.k : d.n));
      CHECK(lay.blocks() == d.blocks);
      CHECK(lay.items_per_lane() == sh.kl);
      CHECK(lay.element_bits() == sh.s);

      // Forward: A[b][i][k] / B[b][k][j].
      std::set<std::pair<int, std::pair<int, int>>> used;  // (lane, (vgpr, bit_lo))
      for (int b = 0; b < d.blocks; ++b)
        for (int mn = 0; mn < sh.mn; ++mn)
          for (int k = 0; k < d.k; ++k) {
            const Elem e = input_elem(op, b, mn, k);
            INFO("element " << operand_name(op) << e);
            // docs/spec/layouts.md §5.2: L = i + M*b + M*B*floor(k/Kl), t = k mod Kl
            const int L = mn + sh.mn * b + sh.mn * sh.blocks * (k / sh.kl);
            const int t = k % sh.kl;
            const std::vector<Placement> ps = lay.forward(e.block, e.row, e.col);
            REQUIRE(ps.size() == 1);
            CHECK(where(ps[0].slot) == item_slot(L, t, sh.s));
            CHECK(elem(ps[0]) == e);
            used.insert({ps[0].slot.lane, {ps[0].slot.vgpr, ps[0].slot.bit_lo}});
          }
      // §5.2: "Every gfx90a input layout is a bijection between (b, i, k) and (lane, item)".
      CHECK(used.size() == static_cast<std::size_t>(64 * sh.kl));

      // Inverse: docs/spec/layouts.md §5.2, i (or j) = L mod M, b = floor(L/M) mod B,
      // k = Kl*floor(L/(M*B)) + t.
      for (int L = 0; L < 64; ++L)
        for (int t = 0; t < sh.kl; ++t) {
          INFO("inverse: lane " << L << ", item " << t);
          const Where w = item_slot(L, t, sh.s);
          const std::vector<SlotContents> sc = lay.inverse(w.vgpr, L);
          const SlotContents* hit = nullptr;
          for (const SlotContents& c : sc)
            if (c.slot.bit_lo == w.bit_lo) hit = &c;
          REQUIRE(hit != nullptr);
          CHECK(where(hit->slot) == w);
          REQUIRE(hit->elements.size() == 1);
          const Elem expected =
              input_elem(op, (L / sh.mn) % sh.blocks, L % sh.mn, sh.kl * (L / (sh.mn * sh.blocks)) + t);
          CHECK(elem(hit->elements[0]) == expected);
        }
      // Every sub-dword slot of every VGPR holds exactly one element (no unused slots on gfx90a).
      for (int v = 0; v < lay.vgprs(); ++v)
        for (int L = 0; L < 64; ++L)
          for (const SlotContents& c : lay.inverse(v, L)) {
            INFO("inverse: VGPR " << v << " lane " << L << " bits " << c.slot.bit_lo);
            CHECK(c.elements.size() == 1);
          }
    }
}

TEST_CASE("gfx90a A/B: the K-packing table of §5.2", "[layouts][cdna2]") {
  struct Pack {
    int vgpr, bit_lo, bit_hi, k_offset;  // holds k = Kl*g + k_offset
  };
  struct PackRow {
    const char* input_type;
    int kl;
    int items_per_vgpr_num, items_per_vgpr_den;
    std::vector<Pack> entries;
  };
  // docs/spec/layouts.md §5.2, "K-packing order inside a lane" (g = floor(L/(M*B)), the lane's K-group)
  const std::vector<PackRow> table = {
      {"f32", 1, 1, 1, {{0, 0, 31, 0}}},                                                          // v0 = k (= g)
      {"f16, bf16_1k", 4, 2, 1, {{0, 0, 15, 0}, {0, 16, 31, 1}, {1, 0, 15, 2}, {1, 16, 31, 3}}},  // v0.[15:0] = 4g ...
      {"bf16 non-1k", 2, 2, 1, {{0, 0, 15, 0}, {0, 16, 31, 1}}},                                  // v0.[15:0] = 2g ...
      {"i8", 4, 4, 1, {{0, 0, 7, 0}, {0, 8, 15, 1}, {0, 16, 23, 2}, {0, 24, 31, 3}}},             // bytes 0..3
      {"f64", 1, 1, 2, {{0, 0, 63, 0}}},                                                          // v[1:0] = k (= g)
  };
  auto row_for = [&](const InstrDesc& d) -> const PackRow* {
    const bool k1 = ends_with(d.mnemonic, "_1k");
    std::string_view name;
    switch (d.a_type) {
      case ElemType::f32: name = "f32"; break;
      case ElemType::f16: name = "f16, bf16_1k"; break;
      case ElemType::bf16: name = k1 ? "f16, bf16_1k" : "bf16 non-1k"; break;
      case ElemType::i8: name = "i8"; break;
      case ElemType::f64: name = "f64"; break;
      default: return nullptr;
    }
    for (const PackRow& r : table)
      if (name == r.input_type) return &r;
    return nullptr;
  };

  std::map<std::string_view, int> rows_used;
  for (const InstrDesc* dp : gfx90a())
    for (Operand op : {Operand::A, Operand::B}) {
      const InstrDesc& d = *dp;
      INFO(d.mnemonic << " operand " << operand_name(op));
      const PackRow* row = row_for(d);
      REQUIRE(row != nullptr);
      INFO("packing row " << row->input_type);
      ++rows_used[row->input_type];
      const InputShape sh = input_shape(d, op);
      CHECK(sh.kl == row->kl);
      CHECK(static_cast<int>(row->entries.size()) == row->kl);
      // Items per VGPR = 32 / element bits (f64: one half).
      CHECK(32 * row->items_per_vgpr_den == sh.s * row->items_per_vgpr_num);
      const OperandLayout lay(d, op);
      for (int L = 0; L < 64; ++L) {
        const int g = L / (sh.mn * sh.blocks);
        for (const Pack& p : row->entries)
          for (int v = p.vgpr; v <= (row->items_per_vgpr_den == 2 ? p.vgpr + 1 : p.vgpr); ++v) {
            INFO("lane " << L << " VGPR " << v << " bits [" << p.bit_hi << ":" << p.bit_lo << "]");
            const SlotContents* hit = nullptr;
            const std::vector<SlotContents> sc = lay.inverse(v, L);
            for (const SlotContents& c : sc)
              if (c.slot.bit_lo == p.bit_lo) hit = &c;
            REQUIRE(hit != nullptr);
            CHECK(hit->slot.vgpr == p.vgpr);
            CHECK(hit->slot.bit_hi == p.bit_hi);
            REQUIRE(hit->elements.size() == 1);
            const Placement& e = hit->elements[0];
            const int k = op == Operand::A ? e.col : e.row;
            const int mn = op == Operand::A ? e.row : e.col;
            CHECK(k == row->kl * g + p.k_offset);
            CHECK(mn == L % sh.mn);
          }
      }
    }
  // Each row of the table is exercised (f32 5, f16+bf16_1k 10, bf16 5, i8 5, f64 2; x A and B).
  CHECK(rows_used["f32"] == 10);
  CHECK(rows_used["f16, bf16_1k"] == 20);
  CHECK(rows_used["bf16 non-1k"] == 10);
  CHECK(rows_used["i8"] == 10);
  CHECK(rows_used["f64"] == 4);
}

TEST_CASE("gfx90a A/B: the per-shape lane decomposition table of §5.2", "[layouts][cdna2]") {
  struct Decomp {
    int mn, b, k;  // i (A) or j (B), block, k
  };
  struct Row {
    const char* family;
    std::vector<std::string_view> mnemonics;
    Decomp (*at)(int L, int item);
    int k_groups;  // "K-groups across lanes": 1 for "none"
    int items;     // values of item per lane
  };
  // docs/spec/layouts.md §5.2, "Shape by shape (L = lane)"
  const std::vector<Row> table = {
      {"32x32x1 f32, 2 blocks",
       {"v_mfma_f32_32x32x1f32"},
       [](int L, int) {
         return Decomp{L % 32, L / 32, 0};
       },
       1,
       1},
      {"32x32x2 f32",
       {"v_mfma_f32_32x32x2f32"},
       [](int L, int) {
         return Decomp{L % 32, 0, L / 32};
       },
       2,
       1},
      {"16x16x1 f32, 4 blocks",
       {"v_mfma_f32_16x16x1f32"},
       [](int L, int) {
         return Decomp{L % 16, L / 16, 0};
       },
       1,
       1},
      {"16x16x4 f32",
       {"v_mfma_f32_16x16x4f32"},
       [](int L, int) {
         return Decomp{L % 16, 0, L / 16};
       },
       4,
       1},
      {"4x4x1 f32, 16 blocks",
       {"v_mfma_f32_4x4x1f32"},
       [](int L, int) {
         return Decomp{L % 4, L / 4, 0};
       },
       1,
       1},
      {"32x32x4 f16/bf16_1k/i8, 2 blocks",
       {"v_mfma_f32_32x32x4f16", "v_mfma_f32_32x32x4bf16_1k", "v_mfma_i32_32x32x4i8"},
       [](int L, int item) {
         return Decomp{L % 32, L / 32, item};
       },
       1,
       4},
      {"32x32x8 f16/bf16_1k/i8",
       {"v_mfma_f32_32x32x8f16", "v_mfma_f32_32x32x8bf16_1k", "v_mfma_i32_32x32x8i8"},
       [](int L, int item) {
         return Decomp{L % 32, 0, 4 * (L / 32) + item};
       },
       2,
       4},
      {"16x16x4 f16/bf16_1k/i8, 4 blocks",
       {"v_mfma_f32_16x16x4f16", "v_mfma_f32_16x16x4bf16_1k", "v_mfma_i32_16x16x4i8"},
       [](int L, int item) {
         return Decomp{L % 16, L / 16, item};
       },
       1,
       4},
      {"16x16x16 f16/bf16_1k/i8",
       {"v_mfma_f32_16x16x16f16", "v_mfma_f32_16x16x16bf16_1k", "v_mfma_i32_16x16x16i8"},
       [](int L, int item) {
         return Decomp{L % 16, 0, 4 * (L / 16) + item};
       },
       4,
       4},
      {"4x4x4 f16/bf16_1k/i8, 16 blocks",
       {"v_mfma_f32_4x4x4f16", "v_mfma_f32_4x4x4bf16_1k", "v_mfma_i32_4x4x4i8"},
       [](int L, int item) {
         return Decomp{L % 4, L / 4, item};
       },
       1,
       4},
      {"32x32x2 bf16, 2 blocks",
       {"v_mfma_f32_32x32x2bf16"},
       [](int L, int item) {
         return Decomp{L % 32, L / 32, item};
       },
       1,
       2},
      {"32x32x4 bf16",
       {"v_mfma_f32_32x32x4bf16"},
       [](int L, int item) {
         return Decomp{L % 32, 0, 2 * (L / 32) + item};
       },
       2,
       2},
      {"16x16x2 bf16, 4 blocks",
       {"v_mfma_f32_16x16x2bf16"},
       [](int L, int item) {
         return Decomp{L % 16, L / 16, item};
       },
       1,
       2},
      {"16x16x8 bf16",
       {"v_mfma_f32_16x16x8bf16"},
       [](int L, int item) {
         return Decomp{L % 16, 0, 2 * (L / 16) + item};
       },
       4,
       2},
      {"4x4x2 bf16, 16 blocks",
       {"v_mfma_f32_4x4x2bf16"},
       [](int L, int item) {
         return Decomp{L % 4, L / 4, item};
       },
       1,
       2},
      {"16x16x4 f64",
       {"v_mfma_f64_16x16x4f64"},
       [](int L, int) {
         return Decomp{L % 16, 0, L / 16};
       },
       4,
       1},
      {"4x4x4 f64, 4 blocks",
       {"v_mfma_f64_4x4x4f64"},
       [](int L, int) {
         return Decomp{L % 4, (L / 4) % 4, L / 16};
       },
       4,
       1},
  };

  std::set<std::string_view> covered;
  for (const Row& row : table)
    for (std::string_view mnemonic : row.mnemonics) {
      const InstrDesc& d = by_mnemonic(mnemonic);
      CHECK(covered.insert(d.mnemonic).second);
      for (Operand op : {Operand::A, Operand::B}) {
        INFO(d.mnemonic << " operand " << operand_name(op) << " (row \"" << row.family << "\")");
        const OperandLayout lay(d, op);
        const InputShape sh = input_shape(d, op);
        CHECK(lay.items_per_lane() == row.items);
        CHECK(64 / (sh.mn * sh.blocks) == row.k_groups);
        for (int L = 0; L < 64; ++L)
          for (int t = 0; t < row.items; ++t) {
            INFO("lane " << L << " item " << t);
            const Where w = item_slot(L, t, sh.s);  // §5.1
            const SlotContents* hit = nullptr;
            const std::vector<SlotContents> sc = lay.inverse(w.vgpr, L);
            for (const SlotContents& c : sc)
              if (c.slot.bit_lo == w.bit_lo) hit = &c;
            REQUIRE(hit != nullptr);
            REQUIRE(hit->elements.size() == 1);
            const Decomp e = row.at(L, t);
            CHECK(elem(hit->elements[0]) == input_elem(op, e.b, e.mn, e.k));
          }
      }
    }
  CHECK(covered.size() == 27);  // the table covers every gfx90a instruction once
}

TEST_CASE("gfx90a A: §5.2 worked example, v_mfma_f32_4x4x4f16 A[1][2] of block 4", "[layouts][cdna2]") {
  const InstrDesc& d = by_mnemonic("v_mfma_f32_4x4x4f16");
  const OperandLayout lay(d, Operand::A);
  // docs/spec/layouts.md §5.2: "A[1][2] of block 4 is at lane 4*4+1 = 17, item 2, which is VGPR 1 bits
  // [15:0]. The calculator prints this as v1{17}.[15:0]."
  const std::vector<Placement> ps = lay.forward(4, 1, 2);
  REQUIRE(ps.size() == 1);
  CHECK(where(ps[0].slot) == Where{17, 1, 0, 15});
  CHECK(lay.bit_layout().item_of(Coords{4, 1, 2, 0}) == 2);

  const std::vector<SlotContents> sc = lay.inverse(1, 17);
  REQUIRE(sc.size() == 2);  // v1{17}.[15:0] and v1{17}.[31:16]
  CHECK(where(sc[0].slot) == Where{17, 1, 0, 15});
  REQUIRE(sc[0].elements.size() == 1);
  CHECK(elem(sc[0].elements[0]) == Elem{4, 1, 2});
  // The high half holds item 3: A[1][3] of block 4 (K-packing table, v1.[31:16] = 4g+3, g = 0).
  CHECK(where(sc[1].slot) == Where{17, 1, 16, 31});
  REQUIRE(sc[1].elements.size() == 1);
  CHECK(elem(sc[1].elements[0]) == Elem{4, 1, 3});
}

// =============================================================================================
// 4. The bit tables of §5.4.

TEST_CASE("gfx90a: docs/spec/layouts.md §5.4 bit tables, row by row", "[layouts][cdna2]") {
  std::set<std::string_view> covered;
  for (const BitTableRow& row : bit_table())
    for (std::string_view mnemonic : row.mnemonics) {
      const InstrDesc& d = by_mnemonic(mnemonic);
      CHECK(covered.insert(d.mnemonic).second);
      for (Operand op : kAllOperands) {
        const bool input = op == Operand::A || op == Operand::B;
        const std::string_view lane_text = input ? std::string_view(row.ab_lane) : cd_text(row, true);
        const std::string_view item_text = input ? std::string_view(row.ab_item) : cd_text(row, false);
        INFO(d.mnemonic << " operand " << operand_name(op) << " (§5.4 row \"" << row.name << "\": " << lane_text
                        << " | " << item_text << ")");
        const auto lane_spec = parse_bits(lane_text, 'L');
        const auto item_spec = parse_bits(item_text, 't');
        REQUIRE(lane_spec.has_value());
        REQUIRE(item_spec.has_value());
        REQUIRE(lane_spec->size() == 6u);  // 64 lanes

        auto to_refs = [&](const std::vector<BitSpec>& spec) {
          std::vector<BitRef> refs;
          for (const BitSpec& b : spec) {
            const auto c = coord_of(b.coord, op);
            REQUIRE(c.has_value());
            refs.push_back({*c, b.bit});
          }
          return refs;
        };
        const std::vector<BitRef> lane_bits = to_refs(*lane_spec);
        const std::vector<BitRef> item_bits = to_refs(*item_spec);

        const OperandLayout lay(d, op);
        // The engine's stored bit layout is the table's.
        CHECK(describe(lay.bit_layout().lane_bits, 'L') == describe(lane_bits, 'L'));
        CHECK(describe(lay.bit_layout().item_bits, 't') == describe(item_bits, 't'));

        // Forward placements computed by gathering the table's bits, then §5.1 for the item
        // (for C/D the item is the 32-bit VGPR, or the pair index for f64).
        const int s = elem_bits(d.type(op));
        std::set<std::pair<int, int>> seen;
        for (int b = 0; b < d.blocks; ++b)
          for (int r = 0; r < d.rows(op); ++r)
            for (int c = 0; c < d.cols(op); ++c) {
              const Elem e{b, r, c};
              INFO("element " << operand_name(op) << e);
              const int lane = gather(lane_bits, e);
              const int item = gather(item_bits, e);
              const std::vector<Placement> ps = lay.forward(b, r, c);
              REQUIRE(ps.size() == 1);
              CHECK(where(ps[0].slot) == item_slot(lane, item, s));
              seen.insert({lane, item});
            }
        // The table is a bijection: every (lane, item) is hit once.
        CHECK(seen.size() == static_cast<std::size_t>(d.blocks * d.rows(op) * d.cols(op)));
        CHECK(seen.size() == (std::size_t{64} << item_spec->size()));
      }
    }
  CHECK(covered.size() == 27);
}

// =============================================================================================
// 5. VGPR counts: the §4.1 table and its formulas.

TEST_CASE("gfx90a: VGPR counts per operand, docs/spec/layouts.md §4.1 table and formulas", "[layouts][cdna2]") {
  struct Row {
    const char* mnemonic;
    int m, n, k, blocks, kl, ab, cd;
  };
  // docs/spec/layouts.md §4.1 (M×N×K, B, Kl, A/B, C/D columns)
  const Row table[] = {
      {"v_mfma_f32_32x32x1f32", 32, 32, 1, 2, 1, 1, 32},
      {"v_mfma_f32_16x16x1f32", 16, 16, 1, 4, 1, 1, 16},
      {"v_mfma_f32_4x4x1f32", 4, 4, 1, 16, 1, 1, 4},
      {"v_mfma_f32_32x32x2f32", 32, 32, 2, 1, 1, 1, 16},
      {"v_mfma_f32_16x16x4f32", 16, 16, 4, 1, 1, 1, 4},
      {"v_mfma_f32_32x32x4f16", 32, 32, 4, 2, 4, 2, 32},
      {"v_mfma_f32_16x16x4f16", 16, 16, 4, 4, 4, 2, 16},
      {"v_mfma_f32_4x4x4f16", 4, 4, 4, 16, 4, 2, 4},
      {"v_mfma_f32_32x32x8f16", 32, 32, 8, 1, 4, 2, 16},
      {"v_mfma_f32_16x16x16f16", 16, 16, 16, 1, 4, 2, 4},
      {"v_mfma_i32_32x32x4i8", 32, 32, 4, 2, 4, 1, 32},
      {"v_mfma_i32_16x16x4i8", 16, 16, 4, 4, 4, 1, 16},
      {"v_mfma_i32_4x4x4i8", 4, 4, 4, 16, 4, 1, 4},
      {"v_mfma_i32_32x32x8i8", 32, 32, 8, 1, 4, 1, 16},
      {"v_mfma_i32_16x16x16i8", 16, 16, 16, 1, 4, 1, 4},
      {"v_mfma_f32_32x32x4bf16_1k", 32, 32, 4, 2, 4, 2, 32},
      {"v_mfma_f32_16x16x4bf16_1k", 16, 16, 4, 4, 4, 2, 16},
      {"v_mfma_f32_4x4x4bf16_1k", 4, 4, 4, 16, 4, 2, 4},
      {"v_mfma_f32_32x32x8bf16_1k", 32, 32, 8, 1, 4, 2, 16},
      {"v_mfma_f32_16x16x16bf16_1k", 16, 16, 16, 1, 4, 2, 4},
      {"v_mfma_f32_32x32x2bf16", 32, 32, 2, 2, 2, 1, 32},
      {"v_mfma_f32_16x16x2bf16", 16, 16, 2, 4, 2, 1, 16},
      {"v_mfma_f32_4x4x2bf16", 4, 4, 2, 16, 2, 1, 4},
      {"v_mfma_f32_32x32x4bf16", 32, 32, 4, 1, 2, 1, 16},
      {"v_mfma_f32_16x16x8bf16", 16, 16, 8, 1, 2, 1, 4},
      {"v_mfma_f64_16x16x4f64", 16, 16, 4, 1, 1, 2, 8},  // A/B "2 (1 pair)", C/D "8 (4 pairs)"
      {"v_mfma_f64_4x4x4f64", 4, 4, 4, 4, 1, 2, 2},      // A/B "2 (1 pair)", C/D "2 (1 pair)"
  };
  std::set<std::string_view> covered;
  for (const Row& r : table) {
    const InstrDesc& d = by_mnemonic(r.mnemonic);
    INFO(d.mnemonic);
    CHECK(covered.insert(d.mnemonic).second);
    CHECK(d.m == r.m);
    CHECK(d.n == r.n);
    CHECK(d.k == r.k);
    CHECK(d.blocks == r.blocks);
    CHECK(d.vgprs_a == r.ab);
    CHECK(d.vgprs_b == r.ab);
    CHECK(d.vgprs_cd == r.cd);
    // docs/spec/layouts.md §4.1 formulas: Kl = K*M*B/64; inputs ceil(Kl*bits/32); C/D M*N*B*outbits/(64*32).
    const int kl = r.k * r.m * r.blocks / 64;
    CHECK(kl == r.kl);
    const int in_bits = elem_bits(d.a_type);
    CHECK(elem_bits(d.b_type) == in_bits);
    CHECK((kl * in_bits + 31) / 32 == r.ab);
    const int out_bits = elem_bits(d.d_type);
    CHECK(r.m * r.n * r.blocks * out_bits / (64 * 32) == r.cd);
    // seed 001: accVGPRs per lane = blocks * M*N / wavefront size (counted in pairs for FP64).
    CHECK(r.blocks * r.m * r.n / 64 * (out_bits == 64 ? 2 : 1) == r.cd);
    // The engine's layouts.
    for (Operand op : kAllOperands) {
      INFO("operand " << operand_name(op));
      const OperandLayout lay(d, op);
      const int expected = (op == Operand::A || op == Operand::B) ? r.ab : r.cd;
      CHECK(lay.vgprs() == expected);
      CHECK(d.vgprs(op) == expected);
    }
  }
  CHECK(covered.size() == 27);
  CHECK(covered.size() == gfx90a().size());
}

// all(): the same placements as forward, in block, row, col order, for every operand.
TEST_CASE("gfx90a: all() lists every element once, in order, where the sources put it", "[layouts][cdna2]") {
  for (const InstrDesc* dp : gfx90a())
    for (Operand op : kAllOperands) {
      const InstrDesc& d = *dp;
      INFO(d.mnemonic << " operand " << operand_name(op));
      const OperandLayout lay(d, op);
      const std::vector<Placement> all = lay.all();
      REQUIRE(all.size() == static_cast<std::size_t>(d.blocks * d.rows(op) * d.cols(op)));
      std::size_t n = 0;
      for (int b = 0; b < d.blocks; ++b)
        for (int r = 0; r < d.rows(op); ++r)
          for (int c = 0; c < d.cols(op); ++c, ++n) {
            const Elem e{b, r, c};
            INFO("element " << operand_name(op) << e);
            CHECK(elem(all[n]) == e);
            Where expected;
            if (op == Operand::A || op == Operand::B) {
              const InputShape sh = input_shape(d, op);
              const int mn = op == Operand::A ? r : c;
              const int k = op == Operand::A ? c : r;
              // docs/spec/layouts.md §5.2
              expected = item_slot(mn + sh.mn * b + sh.mn * sh.blocks * (k / sh.kl), k % sh.kl, sh.s);
            } else {
              const SeedCd* seed = seed_cd_for(d);
              REQUIRE(seed != nullptr);
              const LaneReg lr = seed->forward(b, r, c);  // seed 001
              expected = seed_register(lr.lane, lr.reg, f64_out(d));
            }
            CHECK(where(all[n].slot) == expected);
          }
    }
}
