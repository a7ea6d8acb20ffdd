// v_mfma_f64_16x16x4f64: D = C + A*B on 16x16x4 tiles; FP64 inputs: a chain of IEEE binary64 fused multiply-adds from C, k ascending (docs/spec/numerics.md §A.1, §B.1) [MODEL].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f64_16x16x4f64) { return cdna2_fma_chain(kBinary64, in, ctx); }

}  // namespace mxlane::insns
