// A chain of IEEE FMAs from C, k ascending [MODEL] (docs/spec/numerics.md §A.1, §B.1)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_4x4x1f32) { return cdna2_fma_chain(kBinary32, in, ctx); }

}  // namespace mxlane::insns
