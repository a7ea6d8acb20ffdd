// D = C + sum of 4 signed byte products, clamp to int32 [ISA, LLVM] (docs/spec/valu.md §4.1)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_dot4_i32_i8) {
  return one(valu_int_dot(kDot4I32I8, in.u32(0), in.u32(1), in.u32(2), ctx.mods.clamp != 0));
}

}  // namespace mxlane::insns
