// D = a0*b0 + a1*b1 + C, per architecture (docs/spec/valu.md §5.1-§5.4)
// [HW gfx11/gfx12; UNKNOWN on CDNA and gfx1030: switch fdot2_cdna]
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_dot2_f32_bf16) {
  return one(fdot2_f32(ctx.arch, Dot2Input::bf16, in.u32(0), in.u32(1), in.u32(2),
                       ctx.mods.clamp != 0, ctx.switches));
}

}  // namespace mxlane::insns
