// Rebuilt dense row: exact sum of C and the products, wrapped to 32 bits [INF, unverified]
// (docs/cdna3-numerics.md §4)
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_smfmac_i32_32x32x64_i8) { return cdna2_int8_dot(in, ctx); }

}  // namespace mxlane::insns
