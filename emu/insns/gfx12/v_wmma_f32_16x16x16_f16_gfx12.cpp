// Four chained DOT4 steps over k 0-3, 4-7, 8-11, 12-15 [HW] (docs/rdna4.md §3.1, §3.2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f32_16x16x16_f16_gfx12) {
  return gfx12_wmma_chain(kBinary16, kBinary16, Dot2Output::f32, in, ctx);
}

}  // namespace mxlane::insns
