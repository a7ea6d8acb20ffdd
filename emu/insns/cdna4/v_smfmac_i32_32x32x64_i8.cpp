// v_smfmac_i32_32x32x64_i8: D = C + A*B with A 4:2 structured-sparse (the dense row rebuilt from the stored half and the index register) on 32x32x64 tiles; INT8 inputs: the exact sum of C and the products, wrapped to 32 bits (docs/cdna3-numerics.md §4) [INF, unverified] (sparse: docs/cdna3-numerics.md §4).
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_smfmac_i32_32x32x64_i8) { return cdna2_int8_dot(in, ctx); }

}  // namespace mxlane::insns
