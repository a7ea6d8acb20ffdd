// The feed relation of one output element, from the operand layouts (docs/spec/layouts.md §8.5).
#include "layouts/feeding_slots.hpp"

#include <algorithm>

#include "emu/semantics/sparse_row.hpp"

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
  // A family without replicas (gfx12) reads copy 0 even where its layout shows a second, unread copy.
  if (input_layout.replicas() <= 1 || !input_layout.desc().family().replicated_inputs ||
      switches.rdna3_replica() != ReplicaSource::own_group)
    return 0;
  return (output_lane / 16) % input_layout.replicas();
}

FeedingSlots::FeedingSlots(const InstrDesc& d, const Modifiers& mods, const Switches& switches)
    : depth_(d.k),
      switches_(switches),
      a_(d, Operand::A, mods, switches),
      b_(d, Operand::B, mods, switches),
      c_(d, Operand::C, mods, switches),
      d_(d, Operand::D, mods, switches),
      natural_a_(d, Operand::A, Modifiers{}, switches),
      natural_b_(d, Operand::B, Modifiers{}, switches) {
  if (d.has(Operand::IDX)) idx_.emplace(d, Operand::IDX, mods, switches);
  if (d.has(Operand::SA)) {
    sa_.emplace(d, Operand::SA, mods, switches);
    sb_.emplace(d, Operand::SB, mods, switches);
  }
}

std::vector<int> FeedingSlots::read_indices(const LaneRegFile& regs, int base, int block, int row) const {
  std::vector<int> out;
  if (!idx_) return out;
  // An index no register holds (gfx1250 index_key 1, docs/cdna5.md §2.5) reads as 0.
  for (int c = 0; c < idx_->cols(); ++c) {
    const std::vector<Placement> at = idx_->forward(block, row, c);
    out.push_back(at.empty() ? 0 : static_cast<int>(read_element(regs, base, at.front())));
  }
  return out;
}

OutputFeeds FeedingSlots::of(int block, int row, int col, std::span<const int> indices) const {
  OutputFeeds feeds;
  feeds.d = d_.forward(block, row, col).front();
  // CBSZ/ABID and BLGP are already in the placements: each names the lane the instruction reads
  // (docs/spec/layouts.md §8.1, §8.2); on RDNA3 the output's lane group picks the A/B copy (§8.5).
  feeds.replica = output_replica(a_, feeds.d.slot.lane, switches_);
  const auto copy = static_cast<std::size_t>(feeds.replica);
  if (idx_) {
    // SMFMAC: one feed per product term of the rebuilt row (docs/cdna3.md §3).
    std::vector<int> canonical;
    if (indices.empty()) indices = canonical = canonical_sparse_indices(idx_->cols());
    const SparseRow sparse = sparse_row(indices, sparse_grouping(a_.desc(), switches_));
    feeds.irregular_indices = sparse.irregular;
    for (int c = 0; c < idx_->cols(); ++c) {
      const std::vector<Placement> at = idx_->forward(block, row, c);
      const Placement p = at.empty() ? unplaced(block, row, c) : at.front();
      feeds.idx.push_back(
          FeedingSlot{Operand::IDX, 4 * (c / 2) + indices[static_cast<std::size_t>(c)], p, p, at.empty()});
    }
    for (const SparseTerm& term : sparse.terms) {
      if (term.stored < 0) {
        const Placement none = unplaced(block, row, term.k);
        feeds.a.push_back(FeedingSlot{Operand::A, term.k, none, none, true});
      } else {
        feeds.a.push_back(feed(Operand::A, term.k, a_.forward(block, row, term.stored)[copy], natural_a_));
      }
      feeds.b.push_back(feed(Operand::B, term.k, b_.forward(block, term.k, col)[copy], natural_b_));
    }
  } else {
    feeds.a.reserve(static_cast<std::size_t>(depth_));
    feeds.b.reserve(static_cast<std::size_t>(depth_));
    for (int k = 0; k < depth_; ++k) {
      feeds.a.push_back(feed(Operand::A, k, a_.forward(block, row, k)[copy], natural_a_));
      feeds.b.push_back(feed(Operand::B, k, b_.forward(block, k, col)[copy], natural_b_));
    }
  }
  const Placement c = c_.forward(block, row, col).front();
  feeds.c = FeedingSlot{Operand::C, -1, c, c};
  if (sa_) {
    const int block_k = depth_ / sa_->cols();  // 32, or 16 on gfx1250's scale16 forms
    for (int kb = 0; kb < sa_->cols(); ++kb) {
      const Placement pa = sa_->forward(block, row, kb).front(), pb = sb_->forward(block, col, kb).front();
      feeds.sa.push_back(FeedingSlot{Operand::SA, block_k * kb, pa, pa});
      feeds.sb.push_back(FeedingSlot{Operand::SB, block_k * kb, pb, pb});
    }
  }
  return feeds;
}

OutputFeeds output_feeds(const InstrDesc& d, const Modifiers& mods, const Switches& switches, int block, int row,
                         int col) {
  return FeedingSlots(d, mods, switches).of(block, row, col);
}

std::uint64_t read_element(const LaneRegFile& regs, int base, const Placement& p, RegBank bank) {
  std::uint64_t v = read_slot(regs, base, p.slot, bank);
  const std::uint64_t sign = std::uint64_t{1} << (p.slot.width() - 1);
  if (p.absolute) v &= ~sign;
  if (p.negated) v ^= sign;
  return v;
}

}  // namespace mxlane
