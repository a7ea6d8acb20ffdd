// D = C + sum of 4 products of OCP bytes [UNKNOWN rounding: switch dot4_fp8_rounding]
// (docs/spec/valu.md §5.5)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_dot4_f32_fp8_fp8) {
  return one(dot4_f32_fp8(kFp8E4M3Ocp, kFp8E4M3Ocp, in.u32(0), in.u32(1), in.u32(2), ctx.switches));
}

}  // namespace mxlane::insns
