// Slots and placements as text for failure messages, and each element type's width: shared by the
// layout tests.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

#include "layouts/operand_layout.hpp"

namespace mxlane_test {

inline std::string slot_text(const mxlane::Slot& s) {
  std::ostringstream o;
  o << "v" << s.vgpr << "{" << s.lane << "}.[" << s.bit_hi << ":" << s.bit_lo << "]";
  return o.str();
}

inline std::string placement_text(const mxlane::Placement& p) {
  std::ostringstream o;
  o << "(block " << p.block << ", row " << p.row << ", col " << p.col << ", replica " << p.replica << ") at "
    << slot_text(p.slot);
  if (p.negated) o << " negated";
  if (p.absolute) o << " absolute";
  return o.str();
}

// Bits per element of each input type (docs/spec/layouts.md §3 type table).
inline int type_bits(mxlane::ElemType t) {
  switch (t) {
    case mxlane::ElemType::f64: return 64;
    case mxlane::ElemType::f32:
    case mxlane::ElemType::xf32:
    case mxlane::ElemType::i32: return 32;
    case mxlane::ElemType::f16:
    case mxlane::ElemType::bf16: return 16;
    case mxlane::ElemType::i8:
    case mxlane::ElemType::iu8:
    case mxlane::ElemType::fp8:
    case mxlane::ElemType::bf8: return 8;
    case mxlane::ElemType::fp6:
    case mxlane::ElemType::bf6: return 6;
    case mxlane::ElemType::iu4:
    case mxlane::ElemType::fp4: return 4;
    case mxlane::ElemType::idx2:
    case mxlane::ElemType::f8f6f4:
    case mxlane::ElemType::e8m0:
    case mxlane::ElemType::e5m3:
      throw std::logic_error("type_bits: idx2, f8f6f4 and the scale types are not matrix input types of a fixed width");
  }
  return 0;
}

}  // namespace mxlane_test
