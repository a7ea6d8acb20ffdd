// The CDNA5 block-scaled WMMA, formats by matrix_a_fmt / matrix_b_fmt ([INF], docs/cdna5.md §3.7)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_scale_f32_16x16x128_f8f6f4) {
  return cdna5_block_scaled_wmma(*ctx.a_format, *ctx.b_format, in, ctx);
}

}  // namespace mxlane::insns
