// Four chained DOT4 steps [HW] (docs/rdna4.md §3.1, §3.2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f32_16x16x16_bf16_gfx12) {
  return gfx12_wmma_chain(kBfloat16, kBfloat16, Dot2Output::f32, in, ctx);
}

}  // namespace mxlane::insns
