// The dense gfx12 chain on the rebuilt dense row by default [UNKNOWN]
// (switch gfx12_swmmac_grouping, docs/rdna4.md §3.2, probe E2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_swmmac_f32_16x16x32_bf8_fp8) {
  return gfx12_wmma_chain(*element_format(ElemType::bf8, ctx.fp8),
                          *element_format(ElemType::fp8, ctx.fp8), Dot2Output::f32, in, ctx);
}

}  // namespace mxlane::insns
