// v_wmma_i32_16x16x16_iu4: D = C + A*B on a 16x16x16 tile; IU4 inputs signed per NEG[0]/NEG[1]: exact sum with C, saturated with CLAMP, else wrapped (docs/spec/numerics.md §B.7) [INF].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_i32_16x16x16_iu4) { return rdna3_integer_dot(4, in, ctx); }

}  // namespace mxlane::insns
