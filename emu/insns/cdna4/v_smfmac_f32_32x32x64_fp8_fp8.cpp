// Rebuilt dense row; groups of 16 products with the even/odd split, OCP encoding [INF]
// (docs/cdna4-numerics.md §3; sparse: docs/cdna3-numerics.md §4)
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_smfmac_f32_32x32x64_fp8_fp8) {
  return cdna3_fp8_dot(*element_format(ElemType::fp8, ctx.fp8),
                       *element_format(ElemType::fp8, ctx.fp8), in, ctx);
}

}  // namespace mxlane::insns
