// v_smfmac_i32_32x32x32_i8: D = C + A*B with A 4:2 structured-sparse (the dense row rebuilt from the stored half and the index register) on 32x32x32 tiles; INT8 inputs: the exact sum of C and the products, wrapped to 32 bits (docs/cdna3-numerics.md §4) [INF, unverified].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_smfmac_i32_32x32x32_i8) { return cdna2_int8_dot(in, ctx); }

}  // namespace mxlane::insns
