// v_mfma_f32_32x32x1f32: D = C + A*B on 2 blocks of 32x32x1 tiles; FP32 inputs: a chain of IEEE binary32 fused multiply-adds from C, k ascending (docs/spec/numerics.md §A.1, §B.1) [MODEL].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_32x32x1f32) { return cdna2_fma_chain(kBinary32, in, ctx); }

}  // namespace mxlane::insns
