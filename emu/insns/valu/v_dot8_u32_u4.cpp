// v_dot8_u32_u4: D = C + sum of 8 unsigned nibble products, clamp to uint32 (docs/spec/valu.md §4.1) [ISA, LLVM].
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

// lanes x width, A and B signed, C signed, result signed (docs/spec/valu.md §4.1 table).
constexpr IntDotSpec kDot8U32U4{8, 4, false, false, false, false};

MXLANE_VALU_SEMANTICS(v_dot8_u32_u4) {
  return one(valu_int_dot(kDot8U32U4, in.u32(0), in.u32(1), in.u32(2), ctx.mods.clamp != 0));
}

}  // namespace mxlane::insns
