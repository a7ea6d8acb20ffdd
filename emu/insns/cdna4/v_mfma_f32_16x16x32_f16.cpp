// gfx942's fused-group rule (products truncated, sum floored, one RNE) in groups of 8 k [INF]
// (switch cdna4_kdoubled_group, docs/cdna4-numerics.md §4)
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_16x16x32_f16) {
  return cdna4_kdoubled_fused_dot(kBinary16, in, ctx);
}

}  // namespace mxlane::insns
