// D = unorm16(S1) << 16 | unorm16(S0): clamp to [0, 1], x*65535 exactly, one RNE
// (docs/spec/valu.md §6.2) [HW gfx1201]
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_pknorm_u16_f32) {
  return one(f32_to_unorm16(in.u32(0)) | (std::uint32_t{f32_to_unorm16(in.u32(1))} << 16));
}

}  // namespace mxlane::insns
