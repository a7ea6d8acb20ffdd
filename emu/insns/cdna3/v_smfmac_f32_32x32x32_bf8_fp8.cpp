// Rebuilt dense row; groups of 16 products, even/odd split; FNUZ on gfx942, OCP on gfx950
// (docs/cdna3-numerics.md §3) [INF for the sparse form, docs/cdna3-numerics.md §4]
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_smfmac_f32_32x32x32_bf8_fp8) {
  return cdna3_fp8_dot(*element_format(ElemType::bf8, ctx.fp8),
                       *element_format(ElemType::fp8, ctx.fp8), in, ctx);
}

}  // namespace mxlane::insns
