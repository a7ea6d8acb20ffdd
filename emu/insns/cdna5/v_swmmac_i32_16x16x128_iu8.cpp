// Exact integer sum of the rebuilt row, CLAMP saturating once [INF] (docs/cdna5.md §3.4, §3.6)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_swmmac_i32_16x16x128_iu8) { return cdna5_integer_wmma(8, in, ctx); }

}  // namespace mxlane::insns
