// D = a0*b0 + a1*b1 + C, the gfx11/gfx12 loose model [UNKNOWN exactness] (docs/spec/valu.md §5.5)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_dot2_bf16_bf16) {
  return one(fdot2_16(Dot2Input::bf16, in.u32(0), in.u32(1), static_cast<std::uint16_t>(in.u32(2)),
                      ctx.switches));
}

}  // namespace mxlane::insns
