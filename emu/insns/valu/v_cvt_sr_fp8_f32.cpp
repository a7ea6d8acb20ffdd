// D = S2 (old) with byte byte_sel = fp8(S0), stochastic rounding with S1[31:12] [HW gfx1201]
// (docs/spec/valu.md §6.8)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_sr_fp8_f32) {
  const int k = ctx.mods.byte_sel;
  const std::uint8_t v = f32_to_fp8(fp8_format(ctx.arch, false), in.u32(0), true, in.u32(1),
                                    ctx.switches.fp16_ovfl() == ModeBit::on, ctx.switches);
  return one((in.u32(2) & ~(0xFFU << (8 * k))) | (std::uint32_t{v} << (8 * k)));
}

}  // namespace mxlane::insns
