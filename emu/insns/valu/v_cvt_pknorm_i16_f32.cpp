// D = snorm16(S1) << 16 | snorm16(S0): clamp to [-1, 1], x*32767 exactly, one RNE
// (docs/spec/valu.md §6.2) [HW gfx1201]
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_pknorm_i16_f32) {
  return one(f32_to_snorm16(in.u32(0)) | (std::uint32_t{f32_to_snorm16(in.u32(1))} << 16));
}

}  // namespace mxlane::insns
