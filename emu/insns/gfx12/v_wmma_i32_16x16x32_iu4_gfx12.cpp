// Exact sums, CLAMP after each half of K [HW-digest] (docs/rdna4.md §3.2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_i32_16x16x32_iu4_gfx12) { return gfx12_integer_dot(4, in, ctx); }

}  // namespace mxlane::insns
