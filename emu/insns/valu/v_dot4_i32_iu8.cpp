// D = C + sum of 4 byte products, A/B signed per NEG_LO[0]/[1], clamp to int32 [ISA]
// (docs/spec/valu.md §4.1)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_dot4_i32_iu8) {
  return one(valu_int_dot(with_signs(kDot4I32Iu8, ctx.mods.neg), in.u32(0), in.u32(1), in.u32(2),
                          ctx.mods.clamp != 0));
}

}  // namespace mxlane::insns
