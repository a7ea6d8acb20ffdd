// The CDNA5 float WMMA on FP4 A and B under switch cdna5_wmma ([INF], docs/cdna5.md §3.3)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f32_32x16x128_f4) {
  const FormatSpec& fp4 = *element_format(ElemType::fp4);
  return cdna5_float_wmma(fp4, fp4, Cdna5Output::f32, in, ctx);
}

}  // namespace mxlane::insns
