// Low 13 bits cleared, then CDNA3 fused groups of 4 [MODEL-HW] (docs/cdna3-numerics.md §2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_16x16x8_xf32) {
  return cdna3_fused_dot(kBinary32, 4, true, in, ctx);
}

}  // namespace mxlane::insns
