// The feed relation of one output element, from the operand layouts (layouts.md §8.5).
#include "layouts/feeding_slots.hpp"

#include <algorithm>

namespace mxlane {
namespace {

// The element that `slot` holds when read without modifiers (the natural layout), or `fallback`
// when the slot holds none of the operand's elements.
Placement natural_element(const OperandLayout& natural, const Slot& slot, const Placement& fallback) {
  for (const SlotContents& contents : natural.inverse(slot.vgpr, slot.lane)) {
    if (contents.slot != slot || contents.elements.empty()) continue;
    Placement p = contents.elements.front();
    p.slot = slot;
    p.negated = fallback.negated;
    p.absolute = fallback.absolute;
    return p;
  }
  return fallback;
}

FeedingSlot feed(Operand op, int k, const Placement& read, const OperandLayout& natural) {
  return FeedingSlot{op, k, read, natural_element(natural, read.slot, read)};
}

}  // namespace

int output_replica(const OperandLayout& input_layout, int output_lane, const Switches& switches) {
  if (input_layout.replicas() <= 1 || switches.rdna3_replica() != ReplicaSource::own_group) return 0;
  return (output_lane / 16) % input_layout.replicas();
}

OutputFeeds output_feeds(const InstrDesc& d, const Modifiers& mods, const Switches& switches, int block, int row,
                         int col) {
  const OperandLayout la(d, Operand::A, mods, switches), lb(d, Operand::B, mods, switches),
      lc(d, Operand::C, mods, switches), ld(d, Operand::D, mods, switches);
  // The same operands without lane remaps, to name what a remapped slot really holds.
  const OperandLayout na(d, Operand::A, Modifiers{}, switches), nb(d, Operand::B, Modifiers{}, switches);

  OutputFeeds feeds;
  feeds.d = ld.forward(block, row, col).front();
  feeds.replica = output_replica(la, feeds.d.slot.lane, switches);
  for (int k = 0; k < d.k; ++k) {
    feeds.a.push_back(feed(Operand::A, k, la.forward(block, row, k)[static_cast<std::size_t>(feeds.replica)], na));
    feeds.b.push_back(feed(Operand::B, k, lb.forward(block, k, col)[static_cast<std::size_t>(feeds.replica)], nb));
  }
  const Placement c = lc.forward(block, row, col).front();
  feeds.c = FeedingSlot{Operand::C, -1, c, c};
  return feeds;
}

std::uint64_t read_element(const LaneRegFile& regs, int base, const Placement& p, RegBank bank) {
  std::uint64_t v = read_slot(regs, base, p.slot, bank);
  const std::uint64_t sign = std::uint64_t{1} << (p.slot.width() - 1);
  if (p.absolute) v &= ~sign;
  if (p.negated) v ^= sign;
  return v;
}

}  // namespace mxlane
