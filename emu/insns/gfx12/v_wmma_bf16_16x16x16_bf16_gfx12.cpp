// Four DOT4 steps, each rounded to the accumulator's format [MODEL] (docs/rdna4.md §3.2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_bf16_16x16x16_bf16_gfx12) {
  return gfx12_wmma_chain(kBfloat16, kBfloat16, Dot2Output::bf16, in, ctx);
}

}  // namespace mxlane::insns
