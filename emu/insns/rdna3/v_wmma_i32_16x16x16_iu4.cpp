// Exact sum with C, saturated with CLAMP, else wrapped [INF] (docs/spec/numerics.md §B.7)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_i32_16x16x16_iu4) { return rdna3_integer_dot(4, in, ctx); }

}  // namespace mxlane::insns
