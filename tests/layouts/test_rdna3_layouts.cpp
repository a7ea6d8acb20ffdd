// gfx1100 WMMA operand layouts vs seed 000 and docs/spec/layouts.md §4.2/§6: replicas, K packing, C/D rows.
#include "support/catch_compat.hpp"

#include "support/sweep.hpp"

#include <cstddef>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "emu/isa/errors.hpp"
#include "emu/isa/instr_desc.hpp"
#include "layouts/operand_layout.hpp"
#include "tests/support/layout_text.hpp"

using mxlane_test::placement_text;
using mxlane_test::slot_text;
using mxlane_test::type_bits;

namespace {

using mxlane::ElemType;
using mxlane::InstrDesc;
using mxlane::Modifiers;
using mxlane::Operand;
using mxlane::OperandLayout;
using mxlane::Placement;
using mxlane::Slot;
using mxlane::SlotContents;

// ---- Transcribed data (never computed by the code under test) --------------------------------

// docs/spec/layouts.md §4.2, the gfx1100 table: mnemonic, opcode, A/B type, C/D type, A/B VGPRs (w32 and
// w64), C/D VGPRs w32 / w64, OPSEL[2] accepted, integer (NEG = signedness).
struct Sec42Row {
  std::string_view mnemonic;
  int opcode;
  ElemType in;
  ElemType out;
  int ab_vgprs;
  int cd_vgprs_w32;
  int cd_vgprs_w64;
  bool opsel;
  bool integer;
};
constexpr Sec42Row kSec42[] = {
    {"v_wmma_f32_16x16x16_f16", 0x40, ElemType::f16, ElemType::f32, 8, 8, 4, false, false},
    {"v_wmma_f32_16x16x16_bf16", 0x41, ElemType::bf16, ElemType::f32, 8, 8, 4, false, false},
    {"v_wmma_f16_16x16x16_f16", 0x42, ElemType::f16, ElemType::f16, 8, 8, 4, true, false},
    {"v_wmma_bf16_16x16x16_bf16", 0x43, ElemType::bf16, ElemType::bf16, 8, 8, 4, true, false},
    {"v_wmma_i32_16x16x16_iu8", 0x44, ElemType::iu8, ElemType::i32, 4, 8, 4, false, true},
    {"v_wmma_i32_16x16x16_iu4", 0x45, ElemType::iu4, ElemType::i32, 2, 8, 4, false, true},
};

// Seed 000, "Accumulator layout", the row-to-lane mapping table (wave32): Rows | Lanes | VGPRs.
struct AccRow {
  int row, lane_first, lane_last, vgpr;
};
constexpr AccRow kSeedAccRows[16] = {
    {0, 0, 15, 0},  {1, 16, 31, 0},  {2, 0, 15, 1},  {3, 16, 31, 1},  {4, 0, 15, 2},  {5, 16, 31, 2},
    {6, 0, 15, 3},  {7, 16, 31, 3},  {8, 0, 15, 4},  {9, 16, 31, 4},  {10, 0, 15, 5}, {11, 16, 31, 5},
    {12, 0, 15, 6}, {13, 16, 31, 6}, {14, 0, 15, 7}, {15, 16, 31, 7},
};

// Seed 000, "srcA and srcB (FP16 and BF16)", the row/column-to-lane mapping table (wave32):
// Row (srcA) or Column (srcB) | Lanes | VGPRs.
struct InRow {
  int index, lane0, lane1, vgpr_first, vgpr_last;
};
constexpr InRow kSeedInRows[16] = {
    {0, 0, 16, 0, 7},   {1, 1, 17, 0, 7},   {2, 2, 18, 0, 7},   {3, 3, 19, 0, 7},
    {4, 4, 20, 0, 7},   {5, 5, 21, 0, 7},   {6, 6, 22, 0, 7},   {7, 7, 23, 0, 7},
    {8, 8, 24, 0, 7},   {9, 9, 25, 0, 7},   {10, 10, 26, 0, 7}, {11, 11, 27, 0, 7},
    {12, 12, 28, 0, 7}, {13, 13, 29, 0, 7}, {14, 14, 30, 0, 7}, {15, 15, 31, 0, 7},
};

// Seed 000, the K-packing table: VGPR | K positions. Seed 000 and docs/spec/layouts.md §6: "v0.[15:0] = k0
// and v0.[31:16] = k1", i.e. the even k of each pair is in bits [15:0].
struct KPack {
  int vgpr, k_lo_half, k_hi_half;
};
constexpr KPack kSeedKPacking[8] = {
    {0, 0, 1}, {1, 2, 3}, {2, 4, 5}, {3, 6, 7}, {4, 8, 9}, {5, 10, 11}, {6, 12, 13}, {7, 14, 15},
};

// The slot holding K position k of a lane's A row / B column.
//   f16/bf16: seed 000 K-packing table (above).
//   iu8: docs/spec/layouts.md §6, VGPR floor(k/4), byte k mod 4.
//   iu4: docs/spec/layouts.md §6, VGPR floor(k/8), nibble k mod 8.
Slot expected_input_slot(ElemType t, int lane, int k) {
  Slot s;
  s.lane = lane;
  switch (t) {
    case ElemType::f16:
    case ElemType::bf16:
      for (const KPack& p : kSeedKPacking) {
        if (p.k_lo_half == k) {
          s.vgpr = p.vgpr;
          s.bit_lo = 0;
        }
        if (p.k_hi_half == k) {
          s.vgpr = p.vgpr;
          s.bit_lo = 16;
        }
      }
      s.bit_hi = s.bit_lo + 15;
      break;
    case ElemType::iu8:
      s.vgpr = k / 4;
      s.bit_lo = 8 * (k % 4);
      s.bit_hi = s.bit_lo + 7;
      break;
    case ElemType::iu4:
      s.vgpr = k / 8;
      s.bit_lo = 4 * (k % 8);
      s.bit_hi = s.bit_lo + 3;
      break;
    default: FAIL("not an RDNA3 input type");
  }
  return s;
}

// Seed 000 load_a / load_b: "frag[e] = ...[row * k_tile_size + ki + e]" with the 16-element
// fragment array having "the same layout as v16half" (v4int / v2int for iu8 / iu4: "four 8-bit
// values per register", "eight 4-bit values per register"): element e of the packed per-lane
// vector sits at bit e*s of the lane's operand registers.
Slot load_fragment_slot(ElemType t, int lane, int e) {
  const int s = type_bits(t);
  return Slot{lane, (e * s) / 32, (e * s) % 32, (e * s) % 32 + s - 1};
}

// The VGPR and lane of accumulator element (i, j).
//   wave32: seed 000 row table (lanes lane_first + j, VGPR per row).
//   wave64: docs/spec/layouts.md §6, VGPR floor(i/4), lane 16*(i mod 4) + j.
std::pair<int, int> expected_acc_vgpr_lane(int wave, int i, int j) {
  if (wave == 32) return {kSeedAccRows[i].vgpr, kSeedAccRows[i].lane_first + j};
  return {i / 4, 16 * (i % 4) + j};
}

// The element held by accumulator VGPR G of lane L.
//   wave32: seed 000 store_c: row = G * 2 + (L / 16), col = L mod 16.
//   wave64: docs/spec/layouts.md §6 inverse: i = (W/16)*v + floor(L/16) = 4*G + L/16, j = L mod 16.
std::pair<int, int> expected_acc_element(int wave, int vgpr, int lane) {
  if (wave == 32) return {vgpr * 2 + lane / 16, lane % 16};
  return {4 * vgpr + lane / 16, lane % 16};
}

// ---- Helpers -------------------------------------------------------------------------------

const Sec42Row* sec42_row(std::string_view mnemonic) {
  for (const Sec42Row& r : kSec42)
    if (r.mnemonic == mnemonic) return &r;
  return nullptr;
}

std::string reg_text(int vgpr, int lane) {
  std::ostringstream o;
  o << "v" << vgpr << "{" << lane << "}";
  return o.str();
}

std::string op_text(Operand op) { return std::string(mxlane::operand_name(op)); }

using mxlane_test::Sweep;

std::vector<const InstrDesc*> gfx1100_builtins() { return mxlane::instructions_for_arch(mxlane::ArchId::gfx1100); }

}  // namespace

TEST_CASE("RDNA3 WMMA: every builtin matches the docs/spec/layouts.md §4.2 table", "[layouts][rdna3]") {
  const auto builtins = gfx1100_builtins();
  // docs/spec/layouts.md §4.2 has 6 instructions; each exists as _w32 and _w64 (seed 000 names the _w32
  // builtins, §4.2 gives both wave sizes), and only the 16-bit-output ones have _tied forms.
  std::set<std::tuple<std::string, int, bool>> seen;
  for (const InstrDesc* d : builtins) {
    INFO("builtin " << d->builtin << " (" << d->mnemonic << ")");
    const Sec42Row* row = sec42_row(d->mnemonic);
    REQUIRE(row != nullptr);
    CHECK(d->opcode == row->opcode);
    CHECK(d->m == 16);
    CHECK(d->n == 16);
    CHECK(d->k == 16);
    CHECK(d->blocks == 1);
    CHECK(d->a_type == row->in);
    CHECK(d->b_type == row->in);
    CHECK(d->c_type == row->out);
    CHECK(d->d_type == row->out);
    CHECK((d->wave == 32 || d->wave == 64));
    if (d->tied) CHECK(row->opsel);  // _tied only exists for the 16-bit accumulators (seed 000)
    seen.insert({std::string(d->mnemonic), d->wave, d->tied});
  }
  for (const Sec42Row& row : kSec42) {
    INFO("mnemonic " << row.mnemonic);
    for (int wave : {32, 64}) {
      CAPTURE(wave);
      CHECK(seen.count({std::string(row.mnemonic), wave, false}) == 1);
      CHECK(seen.count({std::string(row.mnemonic), wave, true}) == (row.opsel ? 1u : 0u));
    }
  }
  CHECK(builtins.size() == seen.size());
}

TEST_CASE("RDNA3 WMMA: VGPR counts per operand equal docs/spec/layouts.md §4.2", "[layouts][rdna3]") {
  for (const InstrDesc* d : gfx1100_builtins()) {
    const Sec42Row* row = sec42_row(d->mnemonic);
    INFO("builtin " << d->builtin);
    REQUIRE(row != nullptr);
    const int cd = d->wave == 32 ? row->cd_vgprs_w32 : row->cd_vgprs_w64;
    const std::vector<int> opsels = row->opsel ? std::vector<int>{0, 4} : std::vector<int>{0};
    for (Operand op : mxlane::kAllOperands) {
      for (int opsel : opsels) {
        INFO("operand " << op_text(op) << " opsel " << opsel);
        Modifiers mods;
        mods.opsel = opsel;
        const OperandLayout layout(*d, op, mods);
        const bool input = op == Operand::A || op == Operand::B;
        const int expected = input ? row->ab_vgprs : cd;
        CHECK(layout.vgprs() == expected);
        CHECK(d->vgprs(op) == expected);
        // A/B are replicated (2 copies in wave32, 4 in wave64: docs/spec/layouts.md §4.2, §6); C/D are not.
        CHECK(layout.replicas() == (input ? d->wave / 16 : 1));
        CHECK(layout.blocks() == 1);
        CHECK(layout.rows() == 16);
        CHECK(layout.cols() == 16);
        CHECK(layout.element_bits() == type_bits(input ? row->in : row->out));
      }
    }
  }
}

TEST_CASE("RDNA3 WMMA: C/D follow seed 000's accumulator row table and store_c inverse", "[layouts][rdna3]") {
  for (const InstrDesc* d : gfx1100_builtins()) {
    const Sec42Row* row = sec42_row(d->mnemonic);
    REQUIRE(row != nullptr);
    const int out_bits = type_bits(row->out);
    const std::vector<int> opsels = row->opsel ? std::vector<int>{0, 4} : std::vector<int>{0};
    for (Operand op : {Operand::C, Operand::D}) {
      for (int opsel : opsels) {
        std::ostringstream name;
        name << d->builtin << " operand " << op_text(op) << " opsel " << opsel;
        INFO(name.str());
        Modifiers mods;
        mods.opsel = opsel;
        const OperandLayout layout(*d, op, mods);
        // 32-bit outputs fill the VGPR; 16-bit ones use [15:0] (opsel 0) or [31:16] (opsel 4)
        // (seed 000 "opsel"; docs/spec/layouts.md §6 and §8.3).
        const int want_lo = out_bits == 32 ? 0 : (opsel == 4 ? 16 : 0);
        const int want_hi = out_bits == 32 ? 31 : want_lo + 15;

        SECTION("forward: " + name.str()) {
          Sweep sweep("forward " + name.str());
          for (int i = 0; i < 16; ++i) {
            for (int j = 0; j < 16; ++j) {
              const auto [vgpr, lane] = expected_acc_vgpr_lane(d->wave, i, j);
              const Slot want{lane, vgpr, want_lo, want_hi};
              const std::vector<Placement> got = layout.forward(0, i, j);
              sweep.expect(got.size() == 1, [&] {
                return "element (" + std::to_string(i) + "," + std::to_string(j) + "): " + std::to_string(got.size()) +
                       " placements, expected 1";
              });
              for (const Placement& p : got) {
                sweep.expect(p.slot == want && p.block == 0 && p.row == i && p.col == j && p.replica == 0 &&
                                 !p.negated && !p.absolute,
                             [&] {
                               return "element (" + std::to_string(i) + "," + std::to_string(j) + "): expected " +
                                      slot_text(want) + ", got " + placement_text(p);
                             });
              }
            }
          }
          sweep.report();
        }

        SECTION("inverse: " + name.str()) {
          // Every lane and every VGPR, low slot first: a 32-bit output has one slot [31:0]; a
          // 16-bit output has two halves, one holding the element and the other unused.
          Sweep sweep("inverse " + name.str());
          for (int vgpr = 0; vgpr < layout.vgprs(); ++vgpr) {
            for (int lane = 0; lane < d->wave; ++lane) {
              const auto [ei, ej] = expected_acc_element(d->wave, vgpr, lane);
              const std::vector<SlotContents> got = layout.inverse(vgpr, lane);
              const std::size_t want_slots = out_bits == 32 ? 1 : 2;
              const std::string where = reg_text(vgpr, lane);
              sweep.expect(got.size() == want_slots, [&] {
                return where + ": " + std::to_string(got.size()) + " slots, expected " + std::to_string(want_slots);
              });
              for (std::size_t s = 0; s < got.size(); ++s) {
                const SlotContents& c = got[s];
                const int lo = out_bits == 32 ? 0 : static_cast<int>(16 * s);
                const Slot slot_want{lane, vgpr, lo, lo + out_bits - 1};
                sweep.expect(c.slot == slot_want, [&] {
                  return where + " slot " + std::to_string(s) + ": expected " + slot_text(slot_want) + ", got " +
                         slot_text(c.slot);
                });
                const bool used = lo == want_lo;
                if (!used) {
                  sweep.expect(c.elements.empty(), [&] {
                    return where + " unused half " + slot_text(c.slot) + " lists " + std::to_string(c.elements.size()) +
                           " elements, first " + placement_text(c.elements.front());
                  });
                  continue;
                }
                sweep.expect(c.elements.size() == 1, [&] {
                  return where + " " + slot_text(c.slot) + ": " + std::to_string(c.elements.size()) +
                         " elements, expected (" + std::to_string(ei) + "," + std::to_string(ej) + ")";
                });
                for (const Placement& p : c.elements)
                  sweep.expect(p.block == 0 && p.row == ei && p.col == ej && p.replica == 0, [&] {
                    return where + ": expected element (" + std::to_string(ei) + "," + std::to_string(ej) + "), got " +
                           placement_text(p);
                  });
              }
            }
          }
          sweep.report();
          // Past the last VGPR or lane is out of range.
          CHECK_THROWS_AS(layout.inverse(layout.vgprs(), 0), mxlane::InvalidArgument);
          CHECK_THROWS_AS(layout.inverse(0, d->wave), mxlane::InvalidArgument);
        }
      }
    }
  }
}

TEST_CASE("RDNA3 WMMA: wave32 accumulator spot checks from seed 000", "[layouts][rdna3]") {
  // Literal cells of the seed's row table, one per form: row 0 -> lanes 0-15, VGPR 0; row 15 ->
  // lanes 16-31, VGPR 7; store_c: lane 17, G 3 -> row 3*2 + 17/16 = 7, col 17 mod 16 = 1.
  const InstrDesc& d =
      mxlane::resolve_instruction(mxlane::arch_info(mxlane::ArchId::gfx1100), "v_wmma_f32_16x16x16_f16", 32);
  const OperandLayout layout(d, Operand::D);
  const auto r0 = layout.forward(0, 0, 0);
  REQUIRE(r0.size() == 1);
  CHECK(r0[0].slot == Slot{0, 0, 0, 31});
  const auto r15 = layout.forward(0, 15, 15);
  REQUIRE(r15.size() == 1);
  CHECK(r15[0].slot == Slot{31, 7, 0, 31});
  const auto inv = layout.inverse(3, 17);
  REQUIRE(inv.size() == 1);
  REQUIRE(inv[0].elements.size() == 1);
  CHECK(inv[0].elements[0].row == 7);
  CHECK(inv[0].elements[0].col == 1);

  // 16-bit accumulator, opsel 4: row 1, col 2 -> lane 18, VGPR 0, bits [31:16]; [15:0] unused.
  const InstrDesc& h =
      mxlane::resolve_instruction(mxlane::arch_info(mxlane::ArchId::gfx1100), "wmma_f16_16x16x16_f16_tied_w32");
  CHECK(h.tied);
  Modifiers hi;
  hi.opsel = 4;
  const OperandLayout half(h, Operand::D, hi);
  const auto f = half.forward(0, 1, 2);
  REQUIRE(f.size() == 1);
  CHECK(f[0].slot == Slot{18, 0, 16, 31});
  const auto hinv = half.inverse(0, 18);
  REQUIRE(hinv.size() == 2);
  CHECK(hinv[0].slot == Slot{18, 0, 0, 15});
  CHECK(hinv[0].elements.empty());
  CHECK(hinv[1].slot == Slot{18, 0, 16, 31});
  REQUIRE(hinv[1].elements.size() == 1);
  CHECK(hinv[1].elements[0].row == 1);
  CHECK(hinv[1].elements[0].col == 2);
}

TEST_CASE("RDNA3 WMMA: A and B follow seed 000's row/column-to-lane and K-packing tables", "[layouts][rdna3]") {
  for (const InstrDesc* d : gfx1100_builtins()) {
    const Sec42Row* row = sec42_row(d->mnemonic);
    REQUIRE(row != nullptr);
    const int s = type_bits(row->in);
    for (Operand op : {Operand::A, Operand::B}) {
      const std::string name = std::string(d->builtin) + " operand " + op_text(op);
      INFO(name);
      const OperandLayout layout(*d, op);
      // A is M x K (row i, col k); B is K x N (row k, col j). `mn` is i for A, j for B.
      auto element = [&](int mn, int k) {
        return op == Operand::A ? layout.forward(0, mn, k) : layout.forward(0, k, mn);
      };

      SECTION("forward: " + name) {
        Sweep sweep("forward " + name);
        for (const InRow& r : kSeedInRows) {
          // Seed 000 table: lanes r, r+16 (wave32); docs/spec/layouts.md §6: also r+32, r+48 in wave64.
          std::set<int> want_lanes{r.lane0, r.lane1};
          if (d->wave == 64) want_lanes.insert({r.index + 32, r.index + 48});
          for (int k = 0; k < 16; ++k) {
            const std::vector<Placement> got = element(r.index, k);
            const std::string what =
                (op == Operand::A ? "A[" + std::to_string(r.index) + "][" + std::to_string(k) + "]"
                                  : "B[" + std::to_string(k) + "][" + std::to_string(r.index) + "]");
            std::set<int> got_lanes;
            std::set<int> got_replicas;
            for (const Placement& p : got) {
              got_lanes.insert(p.slot.lane);
              got_replicas.insert(p.replica);
              const Slot want = expected_input_slot(row->in, p.slot.lane, k);
              sweep.expect(p.slot == want,
                           [&] { return what + ": expected " + slot_text(want) + ", got " + placement_text(p); });
              // Seed 000: the row/column occupies VGPRs 0-7 (f16/bf16 only; iu8/iu4 pack tighter).
              if (s == 16)
                sweep.expect(p.slot.vgpr >= r.vgpr_first && p.slot.vgpr <= r.vgpr_last,
                             [&] { return what + ": VGPR outside 0-7: " + placement_text(p); });
              // Replica numbering = lane / 16 (docs/spec/layouts.md §6 "replica index c = floor(L/16)").
              sweep.expect(p.replica == p.slot.lane / 16,
                           [&] { return what + ": replica should be lane/16, got " + placement_text(p); });
              const bool coords_ok =
                  op == Operand::A ? (p.row == r.index && p.col == k) : (p.row == k && p.col == r.index);
              sweep.expect(coords_ok && p.block == 0 && !p.negated && !p.absolute,
                           [&] { return what + ": wrong coordinates " + placement_text(p); });
            }
            sweep.expect(got.size() == want_lanes.size() && got_lanes == want_lanes, [&] {
              std::ostringstream lanes;
              for (int l : got_lanes) lanes << " " << l;
              return what + ": " + std::to_string(got.size()) + " placements on lanes" + lanes.str() +
                     ", expected lanes " + std::to_string(r.lane0) + ", " + std::to_string(r.lane1) +
                     (d->wave == 64 ? " (+32, +48)" : "");
            });
            sweep.expect(got_replicas.size() == got.size(), [&] { return what + ": replica numbers repeat"; });
          }
        }
        sweep.report();
      }

      SECTION("inverse: " + name) {
        // Every slot of every lane holds exactly one element (each lane holds data): row/column
        // L mod 16 and K position from the packing tables; replica L / 16.
        Sweep sweep("inverse " + name);
        for (int lane = 0; lane < d->wave; ++lane) {
          for (int vgpr = 0; vgpr < layout.vgprs(); ++vgpr) {
            const std::vector<SlotContents> got = layout.inverse(vgpr, lane);
            const std::string where = reg_text(vgpr, lane);
            sweep.expect(static_cast<int>(got.size()) == 32 / s, [&] {
              return where + ": " + std::to_string(got.size()) + " slots, expected " + std::to_string(32 / s);
            });
            for (const SlotContents& c : got) {
              // Which k the packing tables put in this slot.
              int want_k = -1;
              for (int k = 0; k < 16; ++k)
                if (expected_input_slot(row->in, lane, k) == c.slot) want_k = k;
              sweep.expect(want_k >= 0 && c.slot.vgpr == vgpr && c.slot.lane == lane,
                           [&] { return where + ": unexpected slot " + slot_text(c.slot); });
              sweep.expect(c.elements.size() == 1, [&] {
                return where + " " + slot_text(c.slot) + ": " + std::to_string(c.elements.size()) +
                       " elements, expected 1 (k " + std::to_string(want_k) + ")";
              });
              for (const Placement& p : c.elements) {
                const int mn = op == Operand::A ? p.row : p.col;
                const int k = op == Operand::A ? p.col : p.row;
                sweep.expect(mn == lane % 16 && k == want_k && p.replica == lane / 16 && p.block == 0, [&] {
                  return where + " " + slot_text(c.slot) + ": expected " + (op == Operand::A ? "row " : "col ") +
                         std::to_string(lane % 16) + " k " + std::to_string(want_k) + " replica " +
                         std::to_string(lane / 16) + ", got " + placement_text(p);
                });
              }
            }
          }
        }
        sweep.report();
        CHECK_THROWS_AS(layout.inverse(layout.vgprs(), 0), mxlane::InvalidArgument);
        CHECK_THROWS_AS(layout.inverse(0, d->wave), mxlane::InvalidArgument);
      }

      SECTION("replicas cover the wave: " + name) {
        // Every lane of the wave holds 16 elements (a full row of A / column of B), and the
        // copies are numbered 0 .. W/16-1 (docs/spec/layouts.md §6).
        const std::vector<Placement> all = layout.all();
        CHECK(all.size() == static_cast<std::size_t>(16 * 16 * (d->wave / 16)));
        std::vector<int> per_lane(static_cast<std::size_t>(d->wave), 0);
        std::set<int> replicas;
        for (const Placement& p : all) {
          REQUIRE(p.slot.lane >= 0);
          REQUIRE(p.slot.lane < d->wave);
          ++per_lane[static_cast<std::size_t>(p.slot.lane)];
          replicas.insert(p.replica);
        }
        Sweep sweep("lane occupancy " + name);
        for (int lane = 0; lane < d->wave; ++lane)
          sweep.expect(per_lane[static_cast<std::size_t>(lane)] == 16, [&] {
            return "lane " + std::to_string(lane) + " holds " +
                   std::to_string(per_lane[static_cast<std::size_t>(lane)]) + " elements, expected 16";
          });
        sweep.report();
        std::set<int> want_replicas;
        for (int c = 0; c < d->wave / 16; ++c) want_replicas.insert(c);
        CHECK(replicas == want_replicas);
      }

      SECTION("seed load_a/load_b indexing: " + name) {
        // Seed 000 load_a: row = lane % 16, frag[e] = A[row][e]; load_b: col = lane % 16,
        // frag[e] = B[e][col] (tile_b_T[col][e]). Element e of the fragment is at bit e*s.
        Sweep sweep("load index " + name);
        for (int lane = 0; lane < d->wave; ++lane) {
          for (int e = 0; e < 16; ++e) {
            const Slot want = load_fragment_slot(row->in, lane, e);
            const std::vector<Placement> got = element(lane % 16, e);
            int hits = 0;
            for (const Placement& p : got)
              if (p.slot.lane == lane) {
                ++hits;
                sweep.expect(p.slot == want, [&] {
                  return "lane " + std::to_string(lane) + " e " + std::to_string(e) + ": load puts it at " +
                         slot_text(want) + ", layout says " + placement_text(p);
                });
              }
            sweep.expect(hits == 1, [&] {
              return "lane " + std::to_string(lane) + " e " + std::to_string(e) + ": layout has " +
                     std::to_string(hits) + " copies in this lane, expected 1";
            });
          }
        }
        sweep.report();
      }
    }
  }
}
