// The CDNA5 WMMA, A/B formats by matrix_a_fmt / matrix_b_fmt (cdna5_wmma [INF], docs/cdna5.md §3.3)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f32_16x16x128_f8f6f4) {
  return cdna5_float_wmma(*ctx.a_format, *ctx.b_format, Cdna5Output::f32, in, ctx);
}

}  // namespace mxlane::insns
