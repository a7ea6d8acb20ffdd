// The CDNA5 WMMA model on the rebuilt row (cdna5_swmmac_grouping [INF], docs/cdna5.md §3.6)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_swmmac_f16_16x16x64_f16) {
  return cdna5_float_wmma(kBinary16, kBinary16, Cdna5Output::f16, in, ctx);
}

}  // namespace mxlane::insns
