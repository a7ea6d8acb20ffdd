// v_wmma_bf16_16x16x16_bf16 on gfx12: D = C + A*B on a 16x16x16 tile; BF16 inputs, packed BF16 accumulator: four DOT4 steps, each rounding to BF16 (docs/rdna4.md §3.2) [MODEL].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_bf16_16x16x16_bf16_gfx12) { return gfx12_wmma_chain(kBfloat16, kBfloat16, Dot2Output::bf16, in, ctx); }

}  // namespace mxlane::insns
