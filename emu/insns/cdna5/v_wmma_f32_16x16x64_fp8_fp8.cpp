// The CDNA5 float WMMA under switch cdna5_wmma (default fused-groups [INF], docs/cdna5.md §3.3)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f32_16x16x64_fp8_fp8) {
  return cdna5_float_wmma(*element_format(ElemType::fp8, ctx.fp8),
                          *element_format(ElemType::fp8, ctx.fp8), Cdna5Output::f32, in, ctx);
}

}  // namespace mxlane::insns
