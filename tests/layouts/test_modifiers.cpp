// Modifier semantics and legality (BLGP, CBSZ/ABID, OPSEL, NEG/NEG_HI) vs docs/spec/layouts.md §4, §8, §9.
#include "support/catch_compat.hpp"

#include "support/sweep.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "emu/isa/errors.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "layouts/lane_remap.hpp"
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
using mxlane::Switches;

// ---- Transcribed rules (never computed by the code under test) -------------------------------

// docs/spec/layouts.md §8.2 table: f(L), the lane whose B data lane L consumes, for BLGP 0..7.
int blgp_f(int blgp, int L) {
  switch (blgp) {
    case 0: return L;              // identity
    case 1: return L % 32;         // L5 <- 0
    case 2: return (L % 32) + 32;  // L5 <- 1
    case 3: return (L + 16) % 64;  // L5:L4 += 1 (mod 4)
    case 4: return L % 16;         // L5:L4 <- 00
    case 5: return (L % 16) + 16;  // <- 01
    case 6: return (L % 16) + 32;  // <- 10
    case 7: return (L % 16) + 48;  // <- 11
    default: return -1;
  }
}

// docs/spec/layouts.md §8.2 "Consumer sets": the lanes whose B read lane `src` serves.
std::vector<int> blgp_consumers(int blgp, int src) {
  switch (blgp) {
    case 0: return {src};
    // 1: a source lane below 32 feeds {L, L+32}; lanes 32-63 feed nothing. 2: mirror image.
    case 1: return src < 32 ? std::vector<int>{src, src + 32} : std::vector<int>{};
    case 2: return src >= 32 ? std::vector<int>{src - 32, src} : std::vector<int>{};
    case 3: return {((src - 16) % 64 + 64) % 64};  // bijection
    default: {  // 4-7: the chosen 16-lane group feeds all four groups; the others feed nothing
      const int group = blgp - 4;
      if (src / 16 != group) return {};
      const int r = src % 16;
      return {r, r + 16, r + 32, r + 48};
    }
  }
}

int log2i(int x) {
  int n = 0;
  while ((1 << n) < x) ++n;
  return n;
}

bool is_f64(const InstrDesc& d) { return d.a_type == ElemType::f64; }
bool multi_block(const InstrDesc& d) { return d.blocks > 1; }

// docs/spec/layouts.md §5.2: Kl = K*M*B/64; A[b][i][k] at lane i + M*b + M*B*floor(k/Kl), item k mod Kl;
// B[b][k][j] the same with j and N. §5.1: item t of an s-bit type (s < 32) is in VGPR
// floor(t*s/32), bits [s*(t mod 32/s) + s-1 : s*(t mod 32/s)]; s = 32: VGPR t.
struct MfmaInputPos {
  int lane;
  int item;
};
MfmaInputPos mfma_natural(const InstrDesc& d, int block, int mn, int k) {
  const int dim = d.m;  // all gfx90a shapes have M = N (docs/spec/layouts.md §5.1)
  const int kl = d.k * d.m * d.blocks / 64;
  return {mn + dim * block + dim * d.blocks * (k / kl), k % kl};
}
Slot mfma_item_slot(const InstrDesc& d, int lane, int item) {
  const int s = type_bits(d.a_type);
  if (s == 32) return Slot{lane, item, 0, 31};
  const int per = 32 / s;
  const int lo = s * (item % per);
  return Slot{lane, item * s / 32, lo, lo + s - 1};
}

// docs/spec/layouts.md §8.1, the lane A's natural lane `l` reads under CBSZ/ABID.
//   calculator: block b reads block (b with its low CBSZ bits cleared) + ABID; the block is lane
//               field [log2 M, log2 M + log2 B) (M*B = 64 on multi-block shapes).
//   ISA:        S = 64 >> CBSZ; lane l reads lane (l mod S) + S*ABID.
int cbsz_source(const InstrDesc& d, int l, int cbsz, int abid, bool isa_model) {
  if (isa_model) {
    const int s = 64 >> cbsz;
    return l % s + s * abid;
  }
  const int b = (l / d.m) % d.blocks;
  const int src_b = (b & ~((1 << cbsz) - 1)) + abid;
  return l - d.m * b + d.m * src_b;
}

// ---- Helpers -------------------------------------------------------------------------------

std::string elem_text(Operand op, int b, int r, int c) {
  std::ostringstream o;
  o << mxlane::operand_name(op) << "[" << r << "][" << c << "].B" << b;
  return o.str();
}

std::string mods_text(const Modifiers& m) {
  std::ostringstream o;
  o << "cbsz=" << m.cbsz << " abid=" << m.abid << " blgp=" << m.blgp << " opsel=" << m.opsel << " neg=" << m.neg
    << " neg_hi=" << m.neg_hi << " clamp=" << m.clamp;
  return o.str();
}

using mxlane_test::Sweep;

std::vector<const InstrDesc*> mfma_builtins() { return mxlane::instructions_for_arch(mxlane::ArchId::gfx90a); }
std::vector<const InstrDesc*> wmma_builtins() { return mxlane::instructions_for_arch(mxlane::ArchId::gfx1100); }
const InstrDesc& mfma(std::string_view mnemonic) {
  return mxlane::resolve_instruction(mxlane::arch_info(mxlane::ArchId::gfx90a), mnemonic);
}

Switches model_switches(bool isa_model) {
  Switches sw;
  mxlane::set_switch(sw, "cbsz_model", isa_model ? "isa" : "calculator");
  return sw;
}

// True when `msg` names `field` as a word ("neg" does not match inside "neg_hi").
bool names_field(std::string_view msg, std::string_view field) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t pos = msg.find(field); pos != std::string_view::npos; pos = msg.find(field, pos + 1)) {
    const bool left = pos == 0 || !word(msg[pos - 1]);
    const std::size_t end = pos + field.size();
    const bool right = end >= msg.size() || !word(msg[end]);
    if (left && right) return true;
  }
  return false;
}

// Every operand's constructor must refuse `mods` with an InvalidArgument naming `field`.
void require_refused(const InstrDesc& d, const Modifiers& mods, std::string_view field) {
  for (Operand op : mxlane::kAllOperands) {
    INFO(d.builtin << " operand " << mxlane::operand_name(op) << " " << mods_text(mods) << " (expect refusal naming "
                   << field << ")");
    bool threw = false;
    std::string message;
    try {
      const OperandLayout layout(d, op, mods);
    } catch (const mxlane::InvalidArgument& e) {
      threw = true;
      message = e.what();
    }
    CHECK(threw);
    if (threw) {
      INFO("message: " << message);
      CHECK(names_field(message, field));
    }
  }
}

// Whether every operand's constructor accepts `mods`.
bool accepted_everywhere(const InstrDesc& d, const Modifiers& mods, std::string& why) {
  for (Operand op : mxlane::kAllOperands) {
    try {
      const OperandLayout layout(d, op, mods);
    } catch (const std::exception& e) {
      why = std::string(mxlane::operand_name(op)) + ": " + e.what();
      return false;
    }
  }
  return true;
}

}  // namespace

// ============================================================================================
// BLGP (docs/spec/layouts.md §8.2)
// ============================================================================================

TEST_CASE("Modifiers BLGP: remap follows the §8.2 f(L) table and consumer sets", "[layouts][modifiers]") {
  for (int blgp = 0; blgp < 8; ++blgp) {
    CAPTURE(blgp);
    const mxlane::LaneRemap remap = mxlane::LaneRemap::blgp(blgp);
    REQUIRE(remap.wave() == 64);
    Sweep sweep("BLGP " + std::to_string(blgp) + " f(L) and consumers");
    for (int L = 0; L < 64; ++L) {
      sweep.expect(remap.source(L) == blgp_f(blgp, L), [&] {
        return "lane " + std::to_string(L) + ": f(L) expected " + std::to_string(blgp_f(blgp, L)) + ", got " +
               std::to_string(remap.source(L));
      });
      const std::vector<int> want = blgp_consumers(blgp, L);
      const std::vector<int> got = remap.consumers(L);
      sweep.expect(got == want, [&] {
        std::string g, w;
        for (int x : got) g += " " + std::to_string(x);
        for (int x : want) w += " " + std::to_string(x);
        return "source lane " + std::to_string(L) + ": consumers {" + g + " }, expected {" + w + " }";
      });
    }
    sweep.report();
    CHECK(remap.is_identity() == (blgp == 0));
  }
}

TEST_CASE("Modifiers BLGP: B of every non-f64 MFMA reads lane f(L); A, C, D are unaffected", "[layouts][modifiers]") {
  for (const InstrDesc* d : mfma_builtins()) {
    if (is_f64(*d)) continue;
    for (int blgp = 0; blgp < 8; ++blgp) {
      const std::string name = std::string(d->builtin) + " blgp " + std::to_string(blgp);
      INFO(name);
      Modifiers mods;
      mods.blgp = blgp;
      const OperandLayout b(*d, Operand::B, mods);
      Sweep sweep("B forward/inverse " + name);
      // Forward: B[b][k][j] read from lane f(natural lane), same item slot (§5.2 + §8.2).
      std::map<std::tuple<int, int, int>, std::set<std::tuple<int, int, int>>> want_inv;
      for (int blk = 0; blk < d->blocks; ++blk)
        for (int k = 0; k < d->k; ++k)
          for (int j = 0; j < d->n; ++j) {
            const MfmaInputPos nat = mfma_natural(*d, blk, j, k);
            const Slot want = mfma_item_slot(*d, blgp_f(blgp, nat.lane), nat.item);
            want_inv[{want.lane, want.vgpr, want.bit_lo}].insert({blk, k, j});
            const std::vector<Placement> got = b.forward(blk, k, j);
            sweep.expect(got.size() == 1 && got[0].slot == want, [&] {
              return elem_text(Operand::B, blk, k, j) + ": expected " + slot_text(want) + ", got " +
                     (got.empty() ? std::string("nothing") : placement_text(got[0]));
            });
          }
      // Inverse: each slot lists exactly the elements whose read lands on it (B2: every slot).
      for (int lane = 0; lane < 64; ++lane)
        for (int vgpr = 0; vgpr < b.vgprs(); ++vgpr)
          for (const SlotContents& c : b.inverse(vgpr, lane)) {
            std::set<std::tuple<int, int, int>> got;
            for (const Placement& p : c.elements) got.insert({p.block, p.row, p.col});
            const auto it = want_inv.find({c.slot.lane, c.slot.vgpr, c.slot.bit_lo});
            const std::set<std::tuple<int, int, int>> want =
                it == want_inv.end() ? std::set<std::tuple<int, int, int>>{} : it->second;
            sweep.expect(got == want && got.size() == c.elements.size(), [&] {
              return slot_text(c.slot) + ": lists " + std::to_string(c.elements.size()) + " elements, expected " +
                     std::to_string(want.size());
            });
          }
      sweep.report();

      // BLGP applies only to B (§8.2): A, C and D are placed as without it.
      for (Operand op : {Operand::A, Operand::C, Operand::D}) {
        INFO("operand " << mxlane::operand_name(op));
        const OperandLayout with(*d, op, mods);
        const OperandLayout without(*d, op);
        CHECK(with.remap().is_identity());
        const auto pw = with.all();
        const auto po = without.all();
        REQUIRE(pw.size() == po.size());
        bool same = true;
        for (std::size_t n = 0; n < pw.size(); ++n) same = same && pw[n].slot == po[n].slot;
        CHECK(same);
      }
    }
  }
}

TEST_CASE("Modifiers BLGP: v_mfma_f32_16x16x2bf16 with blgp 2 (calculator README example)", "[layouts][modifiers]") {
  const InstrDesc& d = mfma("v_mfma_f32_16x16x2bf16");
  Modifiers mods;
  mods.blgp = 2;
  const OperandLayout b(d, Operand::B, mods);
  // Block 0 reads lanes 32-47; blocks 0 and 1 receive the same input as blocks 2 and 3.
  for (int blk = 0; blk < 4; ++blk)
    for (int k = 0; k < 2; ++k)
      for (int j = 0; j < 16; ++j) {
        INFO(elem_text(Operand::B, blk, k, j));
        const auto got = b.forward(blk, k, j);
        REQUIRE(got.size() == 1);
        const int want_block_lanes = blk < 2 ? blk + 2 : blk;  // 0->2, 1->3, 2->2, 3->3
        CHECK(got[0].slot.lane == 16 * want_block_lanes + j);
        if (blk == 0) {
          CHECK(got[0].slot.lane >= 32);
          CHECK(got[0].slot.lane <= 47);
        }
      }
  // docs/spec/layouts.md §9 B2 (second repro): -m -r 0 -l 37 -B --blgp 2. Lane 37 serves lanes 5 and 37
  // (block 0 and block 2, column 5); BOTH slots are listed: [15:0] k=0, [31:16] k=1.
  const auto inv = b.inverse(0, 37);
  REQUIRE(inv.size() == 2);
  for (int half = 0; half < 2; ++half) {
    INFO("slot " << half);
    CHECK(inv[static_cast<std::size_t>(half)].slot == Slot{37, 0, 16 * half, 16 * half + 15});
    std::set<std::tuple<int, int, int>> got;
    for (const Placement& p : inv[static_cast<std::size_t>(half)].elements) got.insert({p.block, p.row, p.col});
    const std::set<std::tuple<int, int, int>> want{{0, half, 5}, {2, half, 5}};
    CHECK(got == want);
    CHECK(inv[static_cast<std::size_t>(half)].elements.size() == 2);
  }
  // Lane 5 is not read under blgp 2: it feeds nothing.
  for (const SlotContents& c : b.inverse(0, 5)) CHECK(c.elements.empty());
}

TEST_CASE("Modifiers BLGP: single-block v_mfma_f32_32x32x8f16 with blgp 1 moves K groups", "[layouts][modifiers]") {
  // docs/spec/layouts.md §8.2 note: B rows k = 4..7 are read from the registers that hold rows 0..3.
  const InstrDesc& d = mfma("v_mfma_f32_32x32x8f16");
  REQUIRE(d.blocks == 1);
  Modifiers mods;
  mods.blgp = 1;
  const OperandLayout with(d, Operand::B, mods);
  const OperandLayout plain(d, Operand::B);
  for (int k = 4; k < 8; ++k)
    for (int j = 0; j < 32; ++j) {
      INFO(elem_text(Operand::B, 0, k, j));
      const auto got = with.forward(0, k, j);
      const auto row_below = plain.forward(0, k - 4, j);
      REQUIRE(got.size() == 1);
      REQUIRE(row_below.size() == 1);
      CHECK(got[0].slot == row_below[0].slot);
      CHECK(got[0].slot.lane < 32);
    }
  // Rows 0..3 are read where they are.
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j < 32; ++j) {
      INFO(elem_text(Operand::B, 0, k, j));
      CHECK(with.forward(0, k, j).at(0).slot == plain.forward(0, k, j).at(0).slot);
    }
}

// ============================================================================================
// CBSZ / ABID (docs/spec/layouts.md §8.1, §11.1)
// ============================================================================================

TEST_CASE("Modifiers CBSZ/ABID: §8.1 worked example on v_mfma_f32_16x16x1f32", "[layouts][modifiers]") {
  // cbsz=1 abid=1: calculator (0,1,2,3) <- (1,1,3,3); ISA text (0,1,2,3) <- (2,3,2,3).
  const InstrDesc& d = mfma("v_mfma_f32_16x16x1f32");
  Modifiers mods;
  mods.cbsz = 1;
  mods.abid = 1;
  const int calculator[4] = {1, 1, 3, 3};
  const int isa[4] = {2, 3, 2, 3};
  const OperandLayout calc_layout(d, Operand::A, mods, model_switches(false));
  const OperandLayout isa_layout(d, Operand::A, mods, model_switches(true));
  const OperandLayout default_layout(d, Operand::A, mods);  // Switches{}: the "isa" default
  for (int blk = 0; blk < 4; ++blk)
    for (int i = 0; i < 16; ++i) {
      INFO(elem_text(Operand::A, blk, i, 0));
      // A[b][i][0] of this 4-block, K=1 shape is in lane i + 16b (§5.2): the lane's block is
      // lane / 16.
      const auto c = calc_layout.forward(blk, i, 0);
      const auto s = isa_layout.forward(blk, i, 0);
      const auto def = default_layout.forward(blk, i, 0);
      REQUIRE(c.size() == 1);
      REQUIRE(s.size() == 1);
      REQUIRE(def.size() == 1);
      CHECK(c[0].slot.lane == i + 16 * calculator[blk]);
      CHECK(s[0].slot.lane == i + 16 * isa[blk]);
      CHECK(def[0].slot.lane == s[0].slot.lane);
      CHECK(c[0].slot.vgpr == 0);
      CHECK(s[0].slot.vgpr == 0);
    }
}

TEST_CASE("Modifiers CBSZ/ABID: 16-block example, calculator model", "[layouts][modifiers]") {
  // §8.1: with 16 blocks, CBSZ=1 and ABID=1 make block 1 feed blocks 0 and 1, block 3 feed
  // blocks 2 and 3, and so on.
  const int source_block[16] = {1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15};
  Modifiers mods;
  mods.cbsz = 1;
  mods.abid = 1;
  int shapes = 0;
  for (const InstrDesc* d : mfma_builtins()) {
    if (d->blocks != 16) continue;
    ++shapes;
    INFO(d->builtin);
    const OperandLayout a(*d, Operand::A, mods, model_switches(false));
    Sweep sweep(std::string(d->builtin) + " 16-block cbsz=1 abid=1");
    for (int blk = 0; blk < 16; ++blk)
      for (int i = 0; i < d->m; ++i)
        for (int k = 0; k < d->k; ++k) {
          const auto got = a.forward(blk, i, k);
          // 4x4 shapes: A[b][i][k] in lane i + 4b (§5.2), so the lane's block is lane / 4 % 16.
          sweep.expect(got.size() == 1 && got[0].slot.lane == i + 4 * source_block[blk], [&] {
            return elem_text(Operand::A, blk, i, k) + ": expected lane " + std::to_string(i + 4 * source_block[blk]) +
                   ", got " + (got.empty() ? std::string("nothing") : placement_text(got[0]));
          });
        }
    sweep.report();
  }
  CHECK(shapes == 5);  // §4.1: 4x4x1f32, 4x4x4f16, 4x4x4i8, 4x4x4bf16_1k, 4x4x2bf16
}

TEST_CASE("Modifiers CBSZ/ABID: both models, every multi-block MFMA and legal value", "[layouts][modifiers]") {
  for (const InstrDesc* d : mfma_builtins()) {
    if (!multi_block(*d) || is_f64(*d)) continue;
    const int max_cbsz = std::min(4, log2i(d->blocks));
    for (int cbsz = 0; cbsz <= max_cbsz; ++cbsz)
      for (int abid = 0; abid < (1 << cbsz); ++abid)
        for (bool isa_model : {false, true}) {
          std::ostringstream n;
          n << d->builtin << " cbsz=" << cbsz << " abid=" << abid << " model " << (isa_model ? "isa" : "calculator");
          INFO(n.str());
          Modifiers mods;
          mods.cbsz = cbsz;
          mods.abid = abid;
          const OperandLayout a(*d, Operand::A, mods, model_switches(isa_model));
          Sweep sweep(n.str());
          for (int L = 0; L < 64; ++L)
            sweep.expect(a.remap().source(L) == cbsz_source(*d, L, cbsz, abid, isa_model), [&] {
              return "lane " + std::to_string(L) + " should read lane " +
                     std::to_string(cbsz_source(*d, L, cbsz, abid, isa_model)) + ", remap says " +
                     std::to_string(a.remap().source(L));
            });
          std::map<std::tuple<int, int, int>, std::set<std::tuple<int, int, int>>> want_inv;
          for (int blk = 0; blk < d->blocks; ++blk)
            for (int i = 0; i < d->m; ++i)
              for (int k = 0; k < d->k; ++k) {
                const MfmaInputPos nat = mfma_natural(*d, blk, i, k);
                const Slot want = mfma_item_slot(*d, cbsz_source(*d, nat.lane, cbsz, abid, isa_model), nat.item);
                want_inv[{want.lane, want.vgpr, want.bit_lo}].insert({blk, i, k});
                const auto got = a.forward(blk, i, k);
                sweep.expect(got.size() == 1 && got[0].slot == want, [&] {
                  return elem_text(Operand::A, blk, i, k) + ": expected " + slot_text(want) + ", got " +
                         (got.empty() ? std::string("nothing") : placement_text(got[0]));
                });
              }
          // Inverse: every slot lists exactly what is read from it; lanes outside the source
          // region feed nothing.
          for (int lane = 0; lane < 64; ++lane)
            for (int vgpr = 0; vgpr < a.vgprs(); ++vgpr)
              for (const SlotContents& c : a.inverse(vgpr, lane)) {
                std::set<std::tuple<int, int, int>> got;
                for (const Placement& p : c.elements) got.insert({p.block, p.row, p.col});
                const auto it = want_inv.find({c.slot.lane, c.slot.vgpr, c.slot.bit_lo});
                const std::set<std::tuple<int, int, int>> want =
                    it == want_inv.end() ? std::set<std::tuple<int, int, int>>{} : it->second;
                sweep.expect(got == want && got.size() == c.elements.size(), [&] {
                  return slot_text(c.slot) + ": lists " + std::to_string(c.elements.size()) + " elements, expected " +
                         std::to_string(want.size());
                });
              }
          sweep.report();
        }
  }
}

TEST_CASE("Modifiers CBSZ/ABID: the models agree when cbsz = log2(blocks)", "[layouts][modifiers]") {
  int instructions = 0;
  for (const InstrDesc* d : mfma_builtins()) {
    if (!multi_block(*d) || is_f64(*d)) continue;
    ++instructions;
    const int cbsz = log2i(d->blocks);
    for (int abid = 0; abid < (1 << cbsz); ++abid) {
      INFO(d->builtin << " cbsz=" << cbsz << " abid=" << abid);
      Modifiers mods;
      mods.cbsz = cbsz;
      mods.abid = abid;
      const OperandLayout calc(*d, Operand::A, mods, model_switches(false));
      const OperandLayout isa(*d, Operand::A, mods, model_switches(true));
      const auto pc = calc.all();
      const auto pi = isa.all();
      REQUIRE(pc.size() == pi.size());
      Sweep sweep("models agree");
      for (std::size_t n = 0; n < pc.size(); ++n) {
        sweep.expect(
            pc[n].slot == pi[n].slot && pc[n].block == pi[n].block && pc[n].row == pi[n].row && pc[n].col == pi[n].col,
            [&] { return "calculator " + placement_text(pc[n]) + " vs isa " + placement_text(pi[n]); });
        // Full broadcast: every block reads block abid (§8.1).
        sweep.expect(pc[n].slot.lane / d->m % d->blocks == abid, [&] {
          return "full broadcast should read block " + std::to_string(abid) + ": " + placement_text(pc[n]);
        });
      }
      sweep.report();
    }
  }
  CHECK(instructions == 15);  // §4.1: 15 multi-block non-f64 MFMAs (CBSZ/ABID "yes")
}

TEST_CASE("Modifiers CBSZ/ABID: §9 B2 repro lists both halves of vgpr 1 lane 37", "[layouts][modifiers]") {
  // -a cdna2 -i v_mfma_f32_16x16x4f16 -m -r 1 -l 37 -A --cbsz 2 --abid 2: [15:0] holds
  // A[5][2].B0-B3 and [31:16] holds A[5][3].B0-B3 (the calculator drops the second; §9 B2).
  const InstrDesc& d = mfma("v_mfma_f32_16x16x4f16");
  Modifiers mods;
  mods.cbsz = 2;
  mods.abid = 2;
  for (bool isa_model : {false, true}) {
    INFO("model " << (isa_model ? "isa" : "calculator"));
    const OperandLayout a(d, Operand::A, mods, model_switches(isa_model));
    const auto inv = a.inverse(1, 37);
    REQUIRE(inv.size() == 2);
    for (int half = 0; half < 2; ++half) {
      INFO("slot [" << 16 * half + 15 << ":" << 16 * half << "]");
      const SlotContents& c = inv[static_cast<std::size_t>(half)];
      CHECK(c.slot == Slot{37, 1, 16 * half, 16 * half + 15});
      std::set<std::tuple<int, int, int>> got;
      for (const Placement& p : c.elements) got.insert({p.block, p.row, p.col});
      const int k = 2 + half;
      const std::set<std::tuple<int, int, int>> want{{0, 5, k}, {1, 5, k}, {2, 5, k}, {3, 5, k}};
      CHECK(got == want);
      CHECK(c.elements.size() == 4);
    }
    // Only block 2's lanes (32-47) are read: every other lane feeds nothing.
    for (int lane = 0; lane < 64; ++lane) {
      if (lane >= 32 && lane < 48) continue;
      for (int vgpr = 0; vgpr < a.vgprs(); ++vgpr)
        for (const SlotContents& c : a.inverse(vgpr, lane)) {
          INFO("lane " << lane << " " << slot_text(c.slot));
          CHECK(c.elements.empty());
        }
    }
  }
}

// ============================================================================================
// Legality (docs/spec/layouts.md §4.1, §4.2, §8.1-§8.4)
// ============================================================================================

TEST_CASE("Modifiers legality: illegal values are refused, naming the field", "[layouts][modifiers]") {
  auto with = [](auto set) {
    Modifiers m;
    set(m);
    return m;
  };
  for (const InstrDesc* d : mfma_builtins()) {
    INFO(d->builtin);
    if (!multi_block(*d) || is_f64(*d)) {
      // §8.1: CBSZ/ABID rejected on single-block and f64 instructions.
      require_refused(*d, with([](Modifiers& m) { m.cbsz = 1; }), "cbsz");
      require_refused(*d, with([](Modifiers& m) { m.abid = 1; }), "abid");
    } else {
      const int log2b = log2i(d->blocks);
      // §8.1: CBSZ <= min(4, log2 B).
      require_refused(*d, with([&](Modifiers& m) { m.cbsz = log2b + 1; }), "cbsz");
      require_refused(*d, with([](Modifiers& m) { m.cbsz = -1; }), "cbsz");
      // §8.1: ABID < 2^CBSZ, including a nonzero ABID with CBSZ = 0.
      for (int cbsz = 0; cbsz <= std::min(4, log2b); ++cbsz)
        require_refused(*d, with([&](Modifiers& m) {
          m.cbsz = cbsz;
          m.abid = 1 << cbsz;
        }),
                        "abid");
    }
    if (is_f64(*d)) {
      // §8.2: the calculator (and MLIR) reject BLGP on CDNA2 f64.
      for (int blgp = 1; blgp < 8; ++blgp) require_refused(*d, with([&](Modifiers& m) { m.blgp = blgp; }), "blgp");
    } else {
      // §8.2: BLGP is 0-7.
      require_refused(*d, with([](Modifiers& m) { m.blgp = 8; }), "blgp");
      require_refused(*d, with([](Modifiers& m) { m.blgp = -1; }), "blgp");
    }
    // §4.1: there is no OPSEL or NEG on CDNA2; §8.3 "rejects OPSEL on CDNA".
    require_refused(*d, with([](Modifiers& m) { m.opsel = 4; }), "opsel");
    require_refused(*d, with([](Modifiers& m) { m.neg = 1; }), "neg");
    require_refused(*d, with([](Modifiers& m) { m.neg_hi = 1; }), "neg_hi");
  }
  for (const InstrDesc* d : wmma_builtins()) {
    INFO(d->builtin);
    const bool integer = d->a_type == ElemType::iu8 || d->a_type == ElemType::iu4;
    const bool out16 = d->d_type == ElemType::f16 || d->d_type == ElemType::bf16;
    // §4.2: no CBSZ, ABID or BLGP on RDNA3.
    require_refused(*d, with([](Modifiers& m) { m.cbsz = 1; }), "cbsz");
    require_refused(*d, with([](Modifiers& m) { m.abid = 1; }), "abid");
    require_refused(*d, with([](Modifiers& m) { m.blgp = 1; }), "blgp");
    // §8.3: OPSEL only 0 or 4, and only on 16-bit-output WMMA.
    for (int opsel = -1; opsel < 9; ++opsel) {
      if (opsel == 0 || (out16 && opsel == 4)) continue;
      require_refused(*d, with([&](Modifiers& m) { m.opsel = opsel; }), "opsel");
    }
    if (integer) {
      // §8.4: for iu8/iu4, NEG[2] and all of NEG_HI must be 0.
      for (int neg = 4; neg < 8; ++neg) require_refused(*d, with([&](Modifiers& m) { m.neg = neg; }), "neg");
      for (int neg_hi = 1; neg_hi < 8; ++neg_hi)
        require_refused(*d, with([&](Modifiers& m) { m.neg_hi = neg_hi; }), "neg_hi");
    } else {
      // §2 / §8.4: NEG and NEG_HI are 3-bit fields.
      require_refused(*d, with([](Modifiers& m) { m.neg = 8; }), "neg");
      require_refused(*d, with([](Modifiers& m) { m.neg_hi = 8; }), "neg_hi");
    }
    require_refused(*d, with([](Modifiers& m) { m.neg = -1; }), "neg");
  }
}

TEST_CASE("Modifiers legality: every legal combination is accepted", "[layouts][modifiers]") {
  long combos = 0;
  Sweep sweep("legal combinations");
  auto accept = [&](const InstrDesc& d, const Modifiers& m) {
    ++combos;
    std::string why;
    const bool ok = accepted_everywhere(d, m, why);
    sweep.expect(ok, [&] { return std::string(d.builtin) + " " + mods_text(m) + ": " + why; });
  };
  for (const InstrDesc* d : mfma_builtins()) {
    if (is_f64(*d)) {
      accept(*d, Modifiers{});  // §8.1/§8.2: no CBSZ/ABID, no BLGP on f64
      continue;
    }
    const int max_cbsz = multi_block(*d) ? std::min(4, log2i(d->blocks)) : 0;
    for (int cbsz = 0; cbsz <= max_cbsz; ++cbsz)
      for (int abid = 0; abid < (1 << cbsz); ++abid)
        for (int blgp = 0; blgp < 8; ++blgp) {
          Modifiers m;
          m.cbsz = cbsz;
          m.abid = abid;
          m.blgp = blgp;
          accept(*d, m);
        }
  }
  for (const InstrDesc* d : wmma_builtins()) {
    const bool integer = d->a_type == ElemType::iu8 || d->a_type == ElemType::iu4;
    const bool out16 = d->d_type == ElemType::f16 || d->d_type == ElemType::bf16;
    if (integer) {
      // §8.4: NEG[1:0] = A/B signed; seed 000: the integer builtins take clamp.
      for (int neg = 0; neg < 4; ++neg)
        for (int clamp = 0; clamp < 2; ++clamp) {
          Modifiers m;
          m.neg = neg;
          m.clamp = clamp;
          accept(*d, m);
        }
      continue;
    }
    const std::vector<int> opsels = out16 ? std::vector<int>{0, 4} : std::vector<int>{0};
    for (int opsel : opsels)
      for (int neg = 0; neg < 8; ++neg)
        for (int neg_hi = 0; neg_hi < 8; ++neg_hi) {
          Modifiers m;
          m.opsel = opsel;
          m.neg = neg;
          m.neg_hi = neg_hi;
          accept(*d, m);
        }
  }
  sweep.report();
  CAPTURE(combos);
  CHECK(combos > 0);
}

// ============================================================================================
// NEG / NEG_HI (docs/spec/layouts.md §8.4)
// ============================================================================================

TEST_CASE("Modifiers NEG/NEG_HI: per-half negation of A/B, neg/abs of C, never D", "[layouts][modifiers]") {
  for (const InstrDesc* d : wmma_builtins()) {
    const bool integer = d->a_type == ElemType::iu8 || d->a_type == ElemType::iu4;
    const int neg_max = integer ? 4 : 8;
    const int neg_hi_max = integer ? 1 : 8;
    for (Operand op : mxlane::kAllOperands) {
      const std::string name = std::string(d->builtin) + " operand " + std::string(mxlane::operand_name(op));
      INFO(name);
      const OperandLayout plain(*d, op);
      const auto base = plain.all();
      Sweep sweep("NEG/NEG_HI " + name);
      for (int neg = 0; neg < neg_max; ++neg)
        for (int neg_hi = 0; neg_hi < neg_hi_max; ++neg_hi) {
          Modifiers m;
          m.neg = neg;
          m.neg_hi = neg_hi;
          const OperandLayout layout(*d, op, m);
          const auto got = layout.all();
          sweep.expect(got.size() == base.size(), [&] { return std::string("size differs"); });
          for (std::size_t n = 0; n < got.size() && n < base.size(); ++n) {
            const Placement& p = got[n];
            bool want_neg = false;
            bool want_abs = false;
            if (!integer) {
              if (op == Operand::A || op == Operand::B) {
                const int bit = op == Operand::A ? 0 : 1;
                // k is A's column, B's row; even k is in bits [15:0] (NEG), odd k in [31:16]
                // (NEG_HI) (§8.4 "low half means even k and high half means odd k").
                const int k = op == Operand::A ? p.col : p.row;
                want_neg = (((k % 2 == 0) ? neg : neg_hi) >> bit & 1) != 0;
              } else if (op == Operand::C) {
                want_neg = (neg >> 2 & 1) != 0;     // NEG[2] negates C
                want_abs = (neg_hi >> 2 & 1) != 0;  // NEG_HI[2] takes |C|
              }
              // D: never negated.
            }
            // Integer WMMA: NEG means signedness, never a negation marker.
            sweep.expect(p.negated == want_neg && p.absolute == want_abs, [&] {
              return "neg=" + std::to_string(neg) + " neg_hi=" + std::to_string(neg_hi) + ": expected" +
                     (want_neg ? " negated" : " not negated") + (want_abs ? " absolute" : "") + ", got " +
                     placement_text(p);
            });
            // NEG moves nothing.
            sweep.expect(p.slot == base[n].slot, [&] {
              return "neg=" + std::to_string(neg) + " neg_hi=" + std::to_string(neg_hi) + ": slot moved to " +
                     placement_text(p);
            });
          }
        }
      sweep.report();
    }
  }
}

TEST_CASE("Modifiers NEG/NEG_HI: literal cases on v_wmma_f32_16x16x16_f16", "[layouts][modifiers]") {
  const InstrDesc& d =
      mxlane::resolve_instruction(mxlane::arch_info(mxlane::ArchId::gfx1100), "v_wmma_f32_16x16x16_f16", 32);
  Modifiers m;
  m.neg = 1;     // NEG[0]: A at bits [15:0]
  m.neg_hi = 2;  // NEG_HI[1]: B at bits [31:16]
  const OperandLayout a(d, Operand::A, m);
  const OperandLayout b(d, Operand::B, m);
  for (const Placement& p : a.forward(0, 3, 4)) CHECK(p.negated);   // A[3][4]: even k
  for (const Placement& p : a.forward(0, 3, 5)) CHECK(!p.negated);  // A[3][5]: odd k
  for (const Placement& p : b.forward(0, 4, 3)) CHECK(!p.negated);  // B[4][3]: even k
  for (const Placement& p : b.forward(0, 5, 3)) CHECK(p.negated);   // B[5][3]: odd k
  // The inverse shows the same markers: v2 of lane 3 holds A[3][4] (low) and A[3][5] (high).
  const auto inv = a.inverse(2, 3);
  REQUIRE(inv.size() == 2);
  REQUIRE(inv[0].elements.size() == 1);
  REQUIRE(inv[1].elements.size() == 1);
  CHECK(inv[0].elements[0].col == 4);
  CHECK(inv[0].elements[0].negated);
  CHECK(inv[1].elements[0].col == 5);
  CHECK_FALSE(inv[1].elements[0].negated);

  Modifiers c_mods;
  c_mods.neg = 4;
  c_mods.neg_hi = 4;
  const OperandLayout c(d, Operand::C, c_mods);
  const OperandLayout dst(d, Operand::D, c_mods);
  const auto pc = c.forward(0, 7, 9);
  REQUIRE(pc.size() == 1);
  CHECK(pc[0].negated);
  CHECK(pc[0].absolute);
  const auto pd = dst.forward(0, 7, 9);
  REQUIRE(pd.size() == 1);
  CHECK_FALSE(pd[0].negated);
  CHECK_FALSE(pd[0].absolute);
}

// ============================================================================================
// Which B lanes feed an RDNA3 output (docs/spec/layouts.md §8.5, §9 B1)
// ============================================================================================

TEST_CASE("Modifiers §8.5/B1: RDNA3 D[i][j] uses B column j from lanes with lane % 16 == j", "[layouts][modifiers]") {
  for (const InstrDesc* d : wmma_builtins()) {
    INFO(d->builtin);
    const OperandLayout a(*d, Operand::A);
    const OperandLayout b(*d, Operand::B);
    const OperandLayout out(*d, Operand::D);
    Sweep sweep(std::string(d->builtin) + " B lanes for D");
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        const auto pd = out.forward(0, i, j);
        sweep.expect(pd.size() == 1, [&] { return std::string("D placement count ") + std::to_string(pd.size()); });
        if (pd.empty()) continue;
        const int group = pd[0].slot.lane / 16;
        for (int k = 0; k < 16; ++k) {
          // Every B[k][j] copy is in a lane with lane % 16 == j (seed 000 "srcB column =
          // L mod 16"), never in lane i when i != j (the calculator's B1 bug).
          const auto pb = b.forward(0, k, j);
          bool found_group_copy = false;
          for (const Placement& p : pb) {
            sweep.expect(p.slot.lane % 16 == j, [&] {
              return "D[" + std::to_string(i) + "][" + std::to_string(j) + "] B[" + std::to_string(k) + "][" +
                     std::to_string(j) + "] copy in " + placement_text(p);
            });
            // rocjitsu model (§8.5): the output in lane L uses the copies in lane group L/16.
            if (p.replica == group) {
              found_group_copy = true;
              sweep.expect(p.slot.lane == 16 * group + j,
                           [&] { return "B copy for lane group: " + placement_text(p); });
            }
          }
          sweep.expect(found_group_copy,
                       [&] { return std::string("no B copy in lane group ") + std::to_string(group); });
          for (const Placement& p : a.forward(0, i, k))
            if (p.replica == group)
              sweep.expect(p.slot.lane == 16 * group + i,
                           [&] { return "A copy for lane group: " + placement_text(p); });
        }
      }
    sweep.report();
  }

  // The §9 B1 repro element, D[3][5] in wave32: B column 5 is in lanes 5 and 21, not lane 3.
  const InstrDesc& d =
      mxlane::resolve_instruction(mxlane::arch_info(mxlane::ArchId::gfx1100), "v_wmma_f32_16x16x16_f16", 32);
  const OperandLayout b(d, Operand::B);
  for (int k = 0; k < 16; ++k) {
    CAPTURE(k);
    std::set<int> lanes;
    for (const Placement& p : b.forward(0, k, 5)) lanes.insert(p.slot.lane);
    CHECK(lanes == std::set<int>{5, 21});
    CHECK(lanes.count(3) == 0);
  }
  // D[3][5] is written by lane 16*(3 mod 2) + 5 = 21 (seed 000 row 3 -> lanes 16-31, VGPR 1),
  // whose own copy of B column 5 is lane 21.
  const OperandLayout dst(d, Operand::D);
  const auto pd = dst.forward(0, 3, 5);
  REQUIRE(pd.size() == 1);
  CHECK(pd[0].slot.lane == 21);
  CHECK(pd[0].slot.vgpr == 1);
}
