// Exact sums of the rebuilt dense row, CLAMP after each half of K [HW-digest wave32]
// (docs/rdna4.md §3.2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_swmmac_i32_16x16x32_iu4) { return gfx12_integer_dot(4, in, ctx); }

}  // namespace mxlane::insns
