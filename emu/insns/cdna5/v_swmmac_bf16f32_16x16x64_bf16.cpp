// The CDNA5 WMMA model on the rebuilt row (cdna5_swmmac_grouping [INF], docs/cdna5.md §3.6)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_swmmac_bf16f32_16x16x64_bf16) {
  return cdna5_float_wmma(kBfloat16, kBfloat16, Cdna5Output::bf16_from_f32, in, ctx);
}

}  // namespace mxlane::insns
