// Each 32-k block's fused dot, scaled by its E8M0 scales 2^(sa+sb-254), joins the accumulator [INF]
// (docs/cdna4-numerics.md §3)
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_scale_f32_16x16x128_f8f6f4) {
  return cdna4_f8f6f4_scaled_dot(*ctx.a_format, *ctx.b_format, in.scale_a, in.scale_b, in, ctx);
}

}  // namespace mxlane::insns
