// Eight chained DOT2 steps over k-pairs (0,1)..(14,15) on the RDNA3 integer grid [HW]
// (docs/spec/numerics.md §A.2, §B.4, §B.5)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f16_16x16x16_f16) {
  return rdna3_wmma_chain(Dot2Input::f16, Dot2Output::f16, in, ctx);
}

}  // namespace mxlane::insns
