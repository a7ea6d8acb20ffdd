// v_mfma_i32_4x4x4i8: D = C + A*B on 16 blocks of 4x4x4 tiles; INT8 inputs: the exact sum of C and the products, wrapped to 32 bits (docs/spec/numerics.md §A.1) [INF, unverified].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_i32_4x4x4i8) { return cdna2_int8_dot(in, ctx); }

}  // namespace mxlane::insns
