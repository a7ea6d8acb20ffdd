// Properties of every layout of every instruction, operand and legal modifier combination:
// forward and inverse agree, plain layouts are bijections, counts match the table, replicas cover
// every lane, and values survive a register-file round trip.
#include "support/catch_compat.hpp"

#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "emu/isa/errors.hpp"
#include "layouts/operand_layout.hpp"

using namespace mxlane;

namespace {

using SlotSpan = std::tuple<int, int, int, int>;                // lane, vgpr, bit_lo, bit_hi
using ElementKey = std::tuple<int, int, int, int, bool, bool>;  // block, row, col, replica, neg, abs

SlotSpan span_key(const Slot& s) { return {s.lane, s.vgpr, s.bit_lo, s.bit_hi}; }
ElementKey key(const Placement& p) { return {p.block, p.row, p.col, p.replica, p.negated, p.absolute}; }

// Every legal combination of the modifiers that can change `op`'s layout (others stay 0).
std::vector<Modifiers> modifier_combinations(const InstrDesc& d, Operand op) {
  std::map<std::string, std::vector<int>> values;
  for (const ModifierRange& r : legal_modifiers(d)) values[r.name] = r.values;
  std::vector<std::string> relevant;
  switch (op) {
    case Operand::A: relevant = {"cbsz", "abid", "neg", "neg_hi"}; break;
    case Operand::B: relevant = {"blgp", "neg", "neg_hi"}; break;
    case Operand::C: relevant = {"opsel", "neg", "neg_hi"}; break;
    case Operand::D: relevant = {"opsel"}; break;
    case Operand::IDX:
    case Operand::SA:
    case Operand::SB:
      throw std::logic_error("modifier_combinations: no modifier list for IDX, SA or SB (A, B, C, D only)");
  }
  std::vector<Modifiers> combos{Modifiers{}};
  for (const std::string& name : relevant) {
    if (!values.count(name)) continue;
    std::vector<Modifiers> next;
    for (const Modifiers& base : combos)
      for (int v : values[name]) {
        Modifiers m = base;
        if (name == "cbsz") m.cbsz = v;
        if (name == "abid") m.abid = v;
        if (name == "blgp") m.blgp = v;
        if (name == "opsel") m.opsel = v;
        if (name == "neg") m.neg = v;
        if (name == "neg_hi") m.neg_hi = v;
        next.push_back(m);
      }
    combos = std::move(next);
  }
  std::vector<Modifiers> legal;
  for (const Modifiers& m : combos) {
    try {
      validate_modifiers(d, m);
      legal.push_back(m);
    } catch (const InvalidArgument&) {
    }
  }
  return legal;
}

// Every (vgpr, lane) pair worth an inverse query: each VGPR once, or each pair once for 64-bit.
std::map<SlotSpan, std::set<ElementKey>> inverse_map(const OperandLayout& l) {
  std::map<SlotSpan, std::set<ElementKey>> held;
  const int step = l.element_bits() == 64 ? 2 : 1;
  for (int vgpr = 0; vgpr < l.vgprs(); vgpr += step)
    for (int lane = 0; lane < l.wave(); ++lane)
      for (const SlotContents& s : l.inverse(vgpr, lane)) {
        auto& set = held[span_key(s.slot)];
        for (const Placement& p : s.elements) {
          // An element listed under a slot must be placed in that very slot; otherwise record it under
          // its own slot so the map comparison in the caller fails.
          set.insert(key(p));
          if (span_key(p.slot) != span_key(s.slot) || s.slot.lane != lane) held[span_key(p.slot)].insert(key(p));
        }
      }
  return held;
}

}  // namespace

TEST_CASE("Forward and inverse agree for every instruction, operand and legal modifier", "[layouts][properties]") {
  for (const InstrDesc& d : instruction_table()) {
    for (Operand op : kAllOperands) {
      for (const Modifiers& mods : modifier_combinations(d, op)) {
        const OperandLayout l(d, op, mods);
        INFO(d.builtin << " " << operand_name(op) << " " << format_modifiers(d, mods));
        // f8f6f4: fp6/bf6 read 6/8 and fp4 4/8 of A's / B's VGPRs (gfx950: of 8, docs/cdna4.md §2.2; gfx1250:
        // of 16, docs/cdna5.md §2.4).
        const bool format_operand = d.formats_from_modifiers() && (op == Operand::A || op == Operand::B);
        REQUIRE(l.vgprs() == (format_operand ? d.vgprs(op) * l.element_bits() / 8 : d.vgprs(op)));
        REQUIRE(l.rows() == d.rows(op));
        REQUIRE(l.cols() == d.cols(op));
        REQUIRE(l.blocks() == d.blocks);

        std::map<SlotSpan, std::set<ElementKey>> from_forward;
        std::size_t placements = 0;
        std::size_t bad_slots = 0;
        for (const Placement& p : l.all()) {
          ++placements;
          const bool ok = p.slot.lane >= 0 && p.slot.lane < l.wave() &&
                          p.slot.bit_hi - p.slot.bit_lo + 1 == l.element_bits() &&
                          p.slot.vgpr + (l.element_bits() == 64 ? 1 : 0) < l.vgprs();
          bad_slots += ok ? 0 : 1;
          from_forward[span_key(p.slot)].insert(key(p));
        }
        REQUIRE(bad_slots == 0);
        REQUIRE(placements == static_cast<std::size_t>(l.blocks() * l.rows() * l.cols() * l.replicas()));

        std::map<SlotSpan, std::set<ElementKey>> from_inverse = inverse_map(l);
        for (auto it = from_inverse.begin(); it != from_inverse.end();)
          it = it->second.empty() ? from_inverse.erase(it) : std::next(it);
        REQUIRE(from_forward == from_inverse);
      }
    }
  }
}

TEST_CASE("Without modifiers, layouts are bijections (or exact replications)", "[layouts][properties]") {
  for (const InstrDesc& d : instruction_table()) {
    for (Operand op : kAllOperands) {
      const OperandLayout l(d, op);
      INFO(d.builtin << " " << operand_name(op));
      std::map<SlotSpan, int> uses;
      std::set<int> lanes;
      for (const Placement& p : l.all()) {
        ++uses[span_key(p.slot)];
        lanes.insert(p.slot.lane);
      }
      // Every slot holds exactly one element (each replica is its own slot).
      std::size_t shared = 0;
      for (const auto& [slot, count] : uses) shared += count == 1 ? 0 : 1;
      REQUIRE(shared == 0);
      // Every lane of the wave holds data (RDNA3 replicas cover the upper lanes).
      REQUIRE(lanes.size() == static_cast<std::size_t>(l.wave()));
      // The operand's registers are completely used, except the unselected half of 16-bit RDNA3 C/D.
      const bool half_used =
          (d.family_id == MatrixFamilyId::wmma) && (op == Operand::C || op == Operand::D) && l.element_bits() == 16;
      const int slots_per_reg = l.element_bits() == 64 ? 1 : 32 / l.element_bits();
      const int regs = l.element_bits() == 64 ? l.vgprs() / 2 : l.vgprs();
      REQUIRE(uses.size() == static_cast<std::size_t>(regs * l.wave() * slots_per_reg / (half_used ? 2 : 1)));
      // Replicated operands: copy c of every element lives in lane group c (docs/spec/layouts.md §6: groups
      // of 16 lanes on RDNA3; gfx12 iu4 K=16 wave64 shows its unread lanes 32-63 as copy 1, docs/rdna4.md §2.3).
      std::size_t wrong_replica = 0;
      for (const Placement& p : l.all())
        wrong_replica += p.replica == (l.replicas() > 1 ? p.slot.lane / (l.wave() / l.replicas()) : 0) ? 0 : 1;
      REQUIRE(wrong_replica == 0);
    }
  }
}

TEST_CASE("Element values survive a register-file round trip through the layout", "[layouts][properties]") {
  for (const InstrDesc& d : instruction_table()) {
    for (Operand op : kAllOperands) {
      const OperandLayout l(d, op, Modifiers{.opsel = (d.modifiers == ModifierSet::wmma_neg_opsel ? 4 : 0)});
      INFO(d.builtin << " " << operand_name(op));
      LaneRegFile regs(d.wave, 40);
      const int base = 3;
      const std::uint64_t mask =
          l.element_bits() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << l.element_bits()) - 1;
      auto value_of = [&](const Placement& p) {
        return (static_cast<std::uint64_t>(p.block * 1000003 + p.row * 131 + p.col * 7 + 1) * 0x9e3779b97f4a7c15ULL) &
               mask;
      };
      for (const Placement& p : l.all()) write_slot(regs, base, p.slot, value_of(p));
      std::size_t lost = 0, spilled = 0;
      for (const Placement& p : l.all()) lost += read_slot(regs, base, p.slot) == value_of(p) ? 0 : 1;
      // Registers below the base and above the operand are untouched.
      for (int lane = 0; lane < d.wave; ++lane)
        spilled += (regs.word(base - 1, lane) != 0 ? 1 : 0) + (regs.word(base + l.vgprs(), lane) != 0 ? 1 : 0);
      REQUIRE(lost == 0);
      REQUIRE(spilled == 0);
    }
  }
}

TEST_CASE("Out-of-range queries are refused with the coordinate named", "[layouts][properties]") {
  const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx90a), "v_mfma_f32_32x32x8f16");
  const OperandLayout a(d, Operand::A);
  CHECK_THROWS_WITH(a.forward(0, 32, 0), Catch::Contains("row 32"));
  CHECK_THROWS_WITH(a.forward(0, 0, 8), Catch::Contains("col 8"));
  CHECK_THROWS_WITH(a.forward(1, 0, 0), Catch::Contains("block 1"));
  CHECK_THROWS_WITH(a.inverse(2, 0), Catch::Contains("vgpr 2"));
  CHECK_THROWS_WITH(a.inverse(0, 64), Catch::Contains("lane 64"));
  CHECK_THROWS_WITH(a.inverse(0, -1), Catch::Contains("lane -1"));
}
