// Which A, B, C slots feed one D element: the relation of layouts.md §8.5 over OperandLayout.
#include "layouts/feeding_slots.hpp"

namespace mxlane {

FeedingSlots::FeedingSlots(const InstrDesc& desc, const Modifiers& mods, const Switches& switches)
    : a_(desc, Operand::A, mods, switches),
      b_(desc, Operand::B, mods, switches),
      c_(desc, Operand::C, mods, switches),
      d_(desc, Operand::D, mods, switches),
      own_group_(switches.rdna3_replica() == ReplicaSource::own_group) {}

OutputFeed FeedingSlots::of(int block, int i, int j) const {
  OutputFeed feed;
  feed.d = d_.forward(block, i, j).front();
  // RDNA3: the output in lane L multiplies the A/B copies held by lane group L / 16 (rocjitsu,
  // layouts.md §8.5); the calculator's model (switch rdna3_replica=group0) always reads copy 0.
  // MFMA operands have one copy. CBSZ/ABID and BLGP are already in the placements: each names the
  // lane the instruction reads (layouts.md §8.1, §8.2).
  const int copies = a_.replicas();
  const int replica = copies > 1 && own_group_ ? (feed.d.slot.lane / 16) % copies : 0;
  const int depth = a_.cols();  // K
  feed.a.reserve(static_cast<std::size_t>(depth));
  feed.b.reserve(static_cast<std::size_t>(depth));
  for (int k = 0; k < depth; ++k) {
    feed.a.push_back(a_.forward(block, i, k)[static_cast<std::size_t>(replica)]);
    feed.b.push_back(b_.forward(block, k, j)[static_cast<std::size_t>(replica)]);
  }
  feed.c = c_.forward(block, i, j).front();
  return feed;
}

OutputFeed feeding_slots(const InstrDesc& desc, const Modifiers& mods, const Switches& switches, int block,
                         int i, int j) {
  return FeedingSlots(desc, mods, switches).of(block, i, j);
}

}  // namespace mxlane
