// Rebuilt dense row; gfx942's fused groups, 8 k each, switch cdna4_kdoubled_group [INF]
// (docs/cdna4-numerics.md §4; sparse: docs/cdna3-numerics.md §4)
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_smfmac_f32_16x16x64_f16) {
  return cdna4_kdoubled_fused_dot(kBinary16, in, ctx);
}

}  // namespace mxlane::insns
