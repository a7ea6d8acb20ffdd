// The CDNA5 block-scaled WMMA on FP4 A and B (cdna5_wmma [INF], docs/cdna5.md §3.7)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_scale_f32_32x16x128_f4) {
  const FormatSpec& fp4 = *element_format(ElemType::fp4);
  return cdna5_block_scaled_wmma(fp4, fp4, in, ctx);
}

}  // namespace mxlane::insns
