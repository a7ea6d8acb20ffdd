// Four DOT4 steps, each rounded straight to the accumulator's format [MODEL] (docs/rdna4.md §3.2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f16_16x16x16_f16_gfx12) {
  return gfx12_wmma_chain(kBinary16, kBinary16, Dot2Output::f16, in, ctx);
}

}  // namespace mxlane::insns
