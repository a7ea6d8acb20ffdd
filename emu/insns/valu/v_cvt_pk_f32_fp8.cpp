// D = the two bytes of word word_sel of S0 decoded, low byte first (docs/spec/valu.md §6.6)
// [UNKNOWN FNUZ NaN bits: switch fnuz_nan_decode]
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_cvt_pk_f32_fp8) {
  const FormatSpec& f = fp8_format(ctx.arch, false);
  const std::uint32_t w = in.u32(0) >> (16 * ctx.mods.word_sel);
  return {fp8_to_f32(f, static_cast<std::uint8_t>(w), ctx.switches),
          fp8_to_f32(f, static_cast<std::uint8_t>(w >> 8), ctx.switches), 0, 0};
}

}  // namespace mxlane::insns
