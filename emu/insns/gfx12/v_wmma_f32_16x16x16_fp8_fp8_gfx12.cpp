// v_wmma_f32_16x16x16_fp8_fp8 on gfx12: D = C + A*B on a 16x16x16 tile; FP8 A, FP8 B (OCP), F32 accumulator: arithmetic unknown, the DOT4 chain by default (switch gfx12_fp8_wmma, docs/rdna4.md §3.2, probe E1) [UNKNOWN].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_wmma_f32_16x16x16_fp8_fp8_gfx12) { return gfx12_wmma_chain(*element_format(ElemType::fp8, ctx.fp8), *element_format(ElemType::fp8, ctx.fp8), Dot2Output::f32, in, ctx); }

}  // namespace mxlane::insns
