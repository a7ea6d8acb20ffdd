// D[k] = MSAD of S0 bytes k..k+3 against S1, 32-bit accumulator S2[k] (docs/spec/valu.md §3.6)
// [ISA; wrap vs saturate: switch mqsad_u32_overflow]
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_mqsad_u32_u8) {
  const bool saturate = ctx.switches.mqsad_u32_overflow() == IntOverflow::saturate;
  Dwords d{};
  for (int k = 0; k < 4; ++k)
    d[static_cast<std::size_t>(k)] =
        mqsad_u32_slot(in.u64(0), in.u32(1), in.src[2][static_cast<std::size_t>(k)], k, saturate);
  return d;
}

}  // namespace mxlane::insns
