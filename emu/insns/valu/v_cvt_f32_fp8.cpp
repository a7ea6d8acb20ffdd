// D = byte byte_sel of S0 decoded: FNUZ on gfx942, OCP E4M3 on gfx950/gfx12
// (docs/spec/valu.md §6.6) [UNKNOWN FNUZ NaN bits: switch fnuz_nan_decode]
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_f32_fp8) {
  return one(fp8_to_f32(fp8_format(ctx.arch, false),
                        static_cast<std::uint8_t>(in.u32(0) >> (8 * ctx.mods.byte_sel)),
                        ctx.switches));
}

}  // namespace mxlane::insns
