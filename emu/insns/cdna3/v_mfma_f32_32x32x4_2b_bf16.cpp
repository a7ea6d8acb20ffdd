// v_mfma_f32_32x32x4_2b_bf16: D = C + A*B on 2 blocks of 32x32x4 tiles; BF16 inputs: CDNA3 fused groups of 4 products (products truncated, the group sum floored toward -inf, one RNE per group into the binary32 accumulator) (docs/cdna3-numerics.md §2) [MODEL-HW].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_32x32x4_2b_bf16) { return cdna3_fused_dot(kBfloat16, 4, false, in, ctx); }

}  // namespace mxlane::insns
