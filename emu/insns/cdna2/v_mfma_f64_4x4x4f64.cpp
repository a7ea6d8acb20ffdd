// A chain of IEEE FMAs from C, k ascending [MODEL] (docs/spec/numerics.md §A.1, §B.1)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f64_4x4x4f64) { return cdna2_fma_chain(kBinary64, in, ctx); }

}  // namespace mxlane::insns
