// Exact sum of C and products, wrapped to 32 bits [INF, unverified] (docs/spec/numerics.md §A.1)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_i32_4x4x4i8) { return cdna2_int8_dot(in, ctx); }

}  // namespace mxlane::insns
