// The DOT4 chain by default [UNKNOWN] (switch gfx12_fp8_wmma, docs/rdna4.md §3.2, probe E1)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f32_16x16x16_fp8_bf8_gfx12) {
  return gfx12_wmma_chain(*element_format(ElemType::fp8, ctx.fp8),
                          *element_format(ElemType::bf8, ctx.fp8), Dot2Output::f32, in, ctx);
}

}  // namespace mxlane::insns
