// v_mfma_f32_4x4x2bf16: D = C + A*B on 16 blocks of 4x4x2 tiles; legacy BF16 inputs: binary32 sums of pairs of products, added to C in order, CDNA2 flushing (docs/spec/numerics.md §A.1, §B.2) [MODEL].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_4x4x2bf16) { return cdna2_pairwise_tree(kBfloat16, 2, in, ctx); }

}  // namespace mxlane::insns
