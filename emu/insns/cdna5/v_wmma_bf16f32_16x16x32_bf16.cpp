// The CDNA5 float WMMA under switch cdna5_wmma (default fused-groups [INF], docs/cdna5.md §3.3)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_bf16f32_16x16x32_bf16) {
  return cdna5_float_wmma(kBfloat16, kBfloat16, Cdna5Output::bf16_from_f32, in, ctx);
}

}  // namespace mxlane::insns
