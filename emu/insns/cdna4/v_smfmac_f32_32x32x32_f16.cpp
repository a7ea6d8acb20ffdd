// v_smfmac_f32_32x32x32_f16: D = C + A*B with A 4:2 structured-sparse (the dense row rebuilt from the stored half and the index register) on 32x32x32 tiles; F16 inputs: gfx942's fused groups (products truncated, the group sum floored, one RNE per group) in groups of 8 k, switch cdna4_kdoubled_group (docs/cdna4-numerics.md §4) [INF] (sparse: docs/cdna3-numerics.md §4).
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_smfmac_f32_32x32x32_f16) { return cdna4_kdoubled_fused_dot(kBinary16, in, ctx); }

}  // namespace mxlane::insns
