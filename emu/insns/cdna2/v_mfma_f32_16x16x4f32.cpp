// v_mfma_f32_16x16x4f32: D = C + A*B on 16x16x4 tiles; FP32 inputs: a chain of IEEE binary32 fused multiply-adds from C, k ascending (docs/spec/numerics.md §A.1, §B.1) [MODEL].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_16x16x4f32) { return cdna2_fma_chain(kBinary32, in, ctx); }

}  // namespace mxlane::insns
