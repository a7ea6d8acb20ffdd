// The vocabulary of the one-instruction-per-file VALU semantics in emu/insns/valu/: each file
// defines one mnemonic's per-lane kernel with MXLANE_VALU_SEMANTICS; dispatch goes through the
// instruction table (instructions.def, MXLANE_VALU rows), whose fast-path column
// (emu/isa/valu_table.cpp) names the lane-array kernel that computes the same function, if one does.
#pragma once

#include "emu/isa/valu_desc.hpp"
#include "emu/semantics/conversions.hpp"
#include "emu/semantics/sad.hpp"
#include "emu/semantics/valu_float_dot.hpp"
#include "emu/semantics/valu_int_dot.hpp"
#include "emu/semantics/valu_lane.hpp"

#define MXLANE_VALU_SEMANTICS(mnemonic)                                           \
  ::mxlane::Dwords valu_##mnemonic([[maybe_unused]] const ::mxlane::ValuLane& in, \
                                   [[maybe_unused]] const ::mxlane::ValuContext& ctx)

namespace mxlane::insns {
#define MXLANE_VALU(builtin, mnemonic, ...) MXLANE_VALU_SEMANTICS(mnemonic);
#include "emu/isa/instructions.def"
#undef MXLANE_VALU
}  // namespace mxlane::insns

namespace mxlane {
ValuKernel valu_kernel(const ValuDesc& desc);
}  // namespace mxlane
