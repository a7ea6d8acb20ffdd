// Formatting slots and elements in the calculator's notation (docs/spec/layouts.md §2 "Output notation").
#include "layouts/slot_notation.hpp"

#include "fmt/format.h"
#include "fmt/ranges.h"

namespace mxlane {
namespace {

std::string register_part(const Slot& slot) {
  return slot.width() == 64 ? fmt::format("v[{}:{}]", slot.vgpr + 1, slot.vgpr) : fmt::format("v{}", slot.vgpr);
}

std::string bits_part(const Slot& slot) {
  return slot.width() < 32 ? fmt::format(".[{}:{}]", slot.bit_hi, slot.bit_lo) : std::string();
}

}  // namespace

std::string slot_notation(const Slot& slot) {
  return fmt::format("{}{{{}}}{}", register_part(slot), slot.lane, bits_part(slot));
}

std::string slot_notation(const Slot& slot, std::span<const int> lanes) {
  return fmt::format("{}{{{}}}{}", register_part(slot), fmt::join(lanes, ","), bits_part(slot));
}

std::string element_notation(Operand op, const Placement& p, bool multi_block) {
  std::string name = fmt::format("{}[{}][{}]", operand_name(op), p.row, p.col);
  if (multi_block) name += fmt::format(".B{}", p.block);
  if (p.absolute) name = "|" + name + "|";
  if (p.negated) name = "-" + name;
  return name;
}

}  // namespace mxlane
