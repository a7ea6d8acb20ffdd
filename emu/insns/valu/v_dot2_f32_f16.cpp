// v_dot2_f32_f16: D = a0*b0 + a1*b1 + C for f16 pairs into binary32, per architecture (docs/spec/valu.md §5.1-§5.4).
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_dot2_f32_f16) {
  return one(fdot2_f32(ctx.arch, Dot2Input::f16, in.u32(0), in.u32(1), in.u32(2), ctx.mods.clamp != 0, ctx.switches));
}
// gfx1100's grid and the CDNA exact model (valu_fast_path_applies); gfx1200 uses the reference.
MXLANE_VALU_FAST(v_dot2_f32_f16, {fast::ValuKind::fdot2_f32, {}, false, false});

}  // namespace mxlane::insns
