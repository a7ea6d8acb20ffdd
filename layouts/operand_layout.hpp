// OperandLayout: where every element of one operand of one instruction lives (lane, VGPR, bits),
// forward and inverse, with the modifiers applied as the instruction reads the operand.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"
#include "emu/wave/lane_regfile.hpp"
#include "layouts/bit_layout.hpp"
#include "layouts/lane_remap.hpp"

namespace mxlane {

// A storage slot: bits [bit_hi:bit_lo] of VGPR `vgpr` (relative to the operand's base register) in
// lane `lane`. A 64-bit element occupies the pair (vgpr, vgpr+1), vgpr even, bits [63:0] with the
// low word in vgpr.
struct Slot {
  int lane = 0;
  int vgpr = 0;
  int bit_lo = 0;
  int bit_hi = 31;
  int width() const { return bit_hi - bit_lo + 1; }
  bool operator==(const Slot&) const = default;
};

// One element and one slot it is read from (A, B, C) or written to (D).
struct Placement {
  int block = 0;
  int row = 0;      // A: i, B: k, C/D: i
  int col = 0;      // A: k, B: j, C/D: j
  int replica = 0;  // copy number of a replicated RDNA3 A/B element (lane / 16); else 0
  Slot slot;
  bool negated = false;   // NEG/NEG_HI negate it as it is read (RDNA3 float WMMA)
  bool absolute = false;  // NEG_HI[2] takes |C| (before NEG[2]) as it is read
};

// An element that no slot holds, named by its coordinates only (its slot is meaningless): a sparse row's unstored
// k, a gfx1250 index no register holds under index_key 1.
inline Placement unplaced(int block, int row, int col) {
  Placement p;
  p.block = block;
  p.row = row;
  p.col = col;
  return p;
}

// Every element that one sub-dword slot feeds; empty when the instruction does not read it.
struct SlotContents {
  Slot slot;
  std::vector<Placement> elements;
};

class OperandLayout {
 public:
  // Validates the modifiers against the instruction (throws InvalidArgument saying why).
  OperandLayout(const InstrDesc& desc, Operand operand, const Modifiers& mods = {}, const Switches& switches = {});

  const InstrDesc& desc() const { return *desc_; }
  Operand operand() const { return operand_; }
  const Modifiers& modifiers() const { return mods_; }
  const Switches& switches() const { return switches_; }
  int wave() const { return desc_->wave; }
  int rows() const { return bits_.extent(Coord::row); }
  int cols() const { return bits_.extent(Coord::col); }
  int blocks() const { return bits_.extent(Coord::block); }
  int replicas() const { return bits_.extent(Coord::replica); }
  int element_bits() const { return element_bits_; }
  int vgprs() const;
  // Elements held per lane (items), before modifiers.
  int items_per_lane() const { return bits_.items(); }
  const BitLayout& bit_layout() const { return bits_; }
  // The lane remap CBSZ/ABID (A) or BLGP (B) applies; identity elsewhere.
  const LaneRemap& remap() const { return remap_; }

  // Forward: every slot element (block, row, col) is read from / written to, one per replica; none
  // for an element no register holds (gfx1250 IDX under index_key 1: it reads as 0, docs/cdna5.md §2.5).
  // Throws InvalidArgument when a coordinate is out of range.
  std::vector<Placement> forward(int block, int row, int col) const;

  // Inverse: every sub-dword slot of register `vgpr` (0-based from the operand's base) in lane
  // `lane`, low bits first, with the elements read from / written to it. For a 64-bit operand the
  // one slot is the whole pair holding `vgpr`. Throws InvalidArgument when out of range.
  std::vector<SlotContents> inverse(int vgpr, int lane) const;

  // Every placement, ordered by block, row, col, replica (the held elements only, see forward()).
  std::vector<Placement> all() const;
  // Every element's placements, one entry per element in block, row, col order: its copies, or none
  // for an element no register holds (renderers draw those as "reads 0" instead of a slot).
  std::vector<std::vector<Placement>> elements() const;

  // Whether a register holds the element at `logical` (else it reads as 0).
  bool held(const Coords& logical) const;
  // The first element (block, row, col order) no register holds for which `nonzero` is true: a value there
  // could not be given to the instruction. With unheld_reason(), the error of pack() and run_matrix().
  std::optional<Coords> first_unheld(const std::function<bool(const Coords&)>& nonzero) const;
  // Why some elements are held by no register (empty when every element is held).
  std::string unheld_reason() const;
  // Items per lane that registers hold: items_per_lane(), or its first half when a gfx1250 index_key 1
  // shifts zeros into the rest.
  int held_items() const { return held_items_; }

  // Caveats for a reader: evidence level, active switches, replicas, unused half-registers.
  std::vector<std::string> notes() const;

 private:
  Placement place(const Coords& logical) const;
  Slot item_slot(int lane, int item) const;

  const InstrDesc* desc_;
  Operand operand_;
  Modifiers mods_;
  Switches switches_;
  BitLayout bits_;
  LaneRemap remap_;
  int element_bits_;
  int stride_bits_;         // distance between consecutive items in a lane's registers
  int bit_offset_;          // 16 when OPSEL[2] puts RDNA3 16-bit C/D in the high half
  int lane_offset_ = 0;     // 16 when ROW1 puts a gfx1250 16-lane scale map in lanes 16-31
  bool float_neg_ = false;  // NEG/NEG_HI negate A/B/C values as they are read
  int held_items_ = 0;      // items per lane a register holds; the rest read as 0
};

// Read / write the element at `slot` of an operand whose first register is `base`.
std::uint64_t read_slot(const LaneRegFile& regs, int base, const Slot& slot, RegBank bank = RegBank::vgpr);
void write_slot(LaneRegFile& regs, int base, const Slot& slot, std::uint64_t value, RegBank bank = RegBank::vgpr);

}  // namespace mxlane
