// CDNA3 fused groups of 4: products truncated, group sum floored, one RNE per group [MODEL-HW]
// (docs/cdna3-numerics.md §2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_16x16x4_4b_bf16) {
  return cdna3_fused_dot(kBfloat16, 4, false, in, ctx);
}

}  // namespace mxlane::insns
