// Rebuilt dense row; CDNA3 fused groups of 8 (products truncated, sum floored, one RNE)
// (docs/cdna3-numerics.md §2) [INF: the dense rule of the same type, docs/cdna3-numerics.md §4]
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_smfmac_f32_32x32x16_f16) {
  return cdna3_fused_dot(kBinary16, 8, false, in, ctx);
}

}  // namespace mxlane::insns
