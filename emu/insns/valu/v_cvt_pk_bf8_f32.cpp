// D = S2 (old) with word word_sel = bf8(S1) << 8 | bf8(S0), RNE [HW gfx1201]
// (docs/spec/valu.md §6.7)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_pk_bf8_f32) {
  const FormatSpec& f = fp8_format(ctx.arch, true);
  const bool sat = ctx.switches.fp16_ovfl() == ModeBit::on;
  const std::uint32_t v =
      f32_to_fp8(f, in.u32(0), false, 0, sat, ctx.switches) |
      (std::uint32_t{f32_to_fp8(f, in.u32(1), false, 0, sat, ctx.switches)} << 8);
  return one(ctx.mods.word_sel ? (in.u32(2) & 0x0000FFFFU) | (v << 16)
                               : (in.u32(2) & 0xFFFF0000U) | v);
}

}  // namespace mxlane::insns
