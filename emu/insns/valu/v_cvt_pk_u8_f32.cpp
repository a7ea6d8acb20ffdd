// D = S2 with byte (S1 & 3) replaced by S0 clamped to [0, 255], rounded by MODE [HW gfx1201]
// (docs/spec/valu.md §6.4)
#include "emu/insns/valu_insn.hpp"
#include "emu/semantics/mode_round.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_pk_u8_f32) {
  const RoundingMode mode = rounding_mode(ctx.switches.mode_round());  // MODE.FP_ROUND
  const int k = static_cast<int>(in.u32(1) & 3);
  return one((in.u32(2) & ~(0xFFU << (8 * k))) |
             (std::uint32_t{f32_to_u8(in.u32(0), mode)} << (8 * k)));
}

}  // namespace mxlane::insns
