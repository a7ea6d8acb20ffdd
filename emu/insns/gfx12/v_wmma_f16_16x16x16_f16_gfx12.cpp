// v_wmma_f16_16x16x16_f16 on gfx12: D = C + A*B on a 16x16x16 tile; F16 inputs, packed F16 accumulator: four DOT4 steps, each rounding straight to F16 (docs/rdna4.md §3.2) [MODEL].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f16_16x16x16_f16_gfx12) { return gfx12_wmma_chain(kBinary16, kBinary16, Dot2Output::f16, in, ctx); }

}  // namespace mxlane::insns
