// gfx950 VOP2 form of v_dot2_f32_bf16 [UNKNOWN arithmetic: switch fdot2_cdna]
// (docs/spec/valu.md §5.5)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_dot2c_f32_bf16) {
  return one(fdot2_f32(ctx.arch, Dot2Input::bf16, in.u32(0), in.u32(1), in.u32(2),
                       ctx.mods.clamp != 0, ctx.switches));
}

}  // namespace mxlane::insns
