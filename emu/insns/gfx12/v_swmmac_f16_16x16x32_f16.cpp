// The dense gfx12 chain on the rebuilt dense row by default [UNKNOWN]
// (switch gfx12_swmmac_grouping, docs/rdna4.md §3.2, probe E2)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_swmmac_f16_16x16x32_f16) {
  return gfx12_wmma_chain(kBinary16, kBinary16, Dot2Output::f16, in, ctx);
}

}  // namespace mxlane::insns
