// D = f16(S1) << 16 | f16(S0), rounded toward zero whatever MODE says [HW gfx1201]
// (docs/spec/valu.md §6.1)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_pkrtz_f16_f32) {
  return one(f32_to_f16_rtz(in.u32(0)) | (std::uint32_t{f32_to_f16_rtz(in.u32(1))} << 16));
}

}  // namespace mxlane::insns
