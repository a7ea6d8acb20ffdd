// D = min(S1, 0xFFFF) << 16 | min(S0, 0xFFFF) [CLRX, rocjitsu, KytyPS5] (docs/spec/valu.md §6.3)
#include <algorithm>

#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_pk_u16_u32) {
  return one(std::min(in.u32(0), 0xFFFFU) | (std::min(in.u32(1), 0xFFFFU) << 16));
}

}  // namespace mxlane::insns
