// v_mfma_f32_32x32x16_bf16: D = C + A*B on 32x32x16 tiles; BF16 inputs: gfx942's fused groups (products truncated, the group sum floored, one RNE per group) in groups of 8 k, switch cdna4_kdoubled_group (docs/cdna4-numerics.md §4) [INF].
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_32x32x16_bf16) { return cdna4_kdoubled_fused_dot(kBfloat16, in, ctx); }

}  // namespace mxlane::insns
