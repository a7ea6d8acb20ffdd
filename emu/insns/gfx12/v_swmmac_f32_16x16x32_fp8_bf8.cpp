// v_swmmac_f32_16x16x32_fp8_bf8: D = C + A*B on a 16x16x32 tile with A 2:4 structured-sparse (the dense row rebuilt from the stored half and the index register); FP8 A, BF8 B (OCP), F32 accumulator: arithmetic unknown: the dense gfx12 chain on the rebuilt row by default (switch gfx12_swmmac_grouping, docs/rdna4.md §3.2, probe E2) [UNKNOWN].
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_swmmac_f32_16x16x32_fp8_bf8) { return gfx12_wmma_chain(*element_format(ElemType::fp8, ctx.fp8), *element_format(ElemType::bf8, ctx.fp8), Dot2Output::f32, in, ctx); }

}  // namespace mxlane::insns
