// Exact integer sum, CLAMP saturating once [INF] (docs/cdna5.md §3.4)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_i32_16x16x64_iu8) { return cdna5_integer_wmma(8, in, ctx); }

}  // namespace mxlane::insns
