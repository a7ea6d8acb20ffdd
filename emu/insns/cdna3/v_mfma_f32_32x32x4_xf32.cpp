// v_mfma_f32_32x32x4_xf32: D = C + A*B on 32x32x4 tiles; XF32 inputs: binary32 registers cut to 10 fraction bits (low 13 bits cleared), CDNA3 fused groups of 4 (docs/cdna3-numerics.md §2) [MODEL-HW].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_32x32x4_xf32) { return cdna3_fused_dot(kBinary32, 4, true, in, ctx); }

}  // namespace mxlane::insns
