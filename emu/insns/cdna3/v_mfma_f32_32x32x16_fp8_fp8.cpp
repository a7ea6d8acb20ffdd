// Groups of 16 products with the even/odd split; FNUZ on gfx942, OCP on gfx950 [MODEL-HW]
// (docs/cdna3-numerics.md §3)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_32x32x16_fp8_fp8) {
  return cdna3_fp8_dot(*element_format(ElemType::fp8, ctx.fp8),
                       *element_format(ElemType::fp8, ctx.fp8), in, ctx);
}

}  // namespace mxlane::insns
