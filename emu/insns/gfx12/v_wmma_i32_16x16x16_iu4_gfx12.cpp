// v_wmma_i32_16x16x16_iu4 on gfx12: D = C + A*B on a 16x16x16 tile; IU4 inputs signed per NEG[0]/NEG[1]: exact sums, CLAMP after each half of K (docs/rdna4.md §3.2) [HW-digest].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_i32_16x16x16_iu4_gfx12) { return gfx12_integer_dot(4, in, ctx); }

}  // namespace mxlane::insns
