// v_swmmac_i32_16x16x64_iu4: D = C + A*B on a 16x16x64 tile with A 2:4 structured-sparse (the dense row rebuilt from the stored half and the index register); IU4 inputs signed per NEG[0]/NEG[1]: exact sums of the rebuilt dense row, CLAMP after each half of K (docs/rdna4.md §3.2) [HW-digest wave32].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_swmmac_i32_16x16x64_iu4) { return gfx12_integer_dot(4, in, ctx); }

}  // namespace mxlane::insns
