// Pairwise binary32 trees over groups of 4 k, added to C in order; CDNA2 flushing [MODEL]
// (docs/spec/numerics.md §A.1, §B.2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_16x16x4bf16_1k) {
  return cdna2_pairwise_tree(kBfloat16, 4, in, ctx);
}

}  // namespace mxlane::insns
