// D = sat_i16(S1) << 16 | sat_i16(S0) [CLRX, rocjitsu, KytyPS5] (docs/spec/valu.md §6.3)
#include <algorithm>

#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_pk_i16_i32) {
  const auto sat = [](std::uint32_t v) {
    return static_cast<std::uint32_t>(std::clamp(static_cast<std::int32_t>(v), -32768, 32767)) &
           0xFFFF;
  };
  return one(sat(in.u32(0)) | (sat(in.u32(1)) << 16));
}

}  // namespace mxlane::insns
