// v_smfmac_f32_32x32x16_bf16: D = C + A*B with A 4:2 structured-sparse (the dense row rebuilt from the stored half and the index register) on 32x32x16 tiles; BF16 inputs: CDNA3 fused groups of 8 products (products truncated, the group sum floored toward -inf, one RNE per group into the binary32 accumulator) (docs/cdna3-numerics.md §2) [INF: the dense rule of the same type, docs/cdna3-numerics.md §4].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_smfmac_f32_32x32x16_bf16) { return cdna3_fused_dot(kBfloat16, 8, false, in, ctx); }

}  // namespace mxlane::insns
