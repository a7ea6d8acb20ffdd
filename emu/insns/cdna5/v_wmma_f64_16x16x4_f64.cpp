// gfx1251's f64 WMMA: a binary64 FMA chain, k ascending [SRC-EMU][INF] (docs/cdna5.md §2.6)
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f64_16x16x4_f64) { return cdna2_fma_chain(kBinary64, in, ctx); }

}  // namespace mxlane::insns
