// The scaled MFMA's arithmetic with every block scale 2^0 [INF] (docs/cdna4-numerics.md §3.3)
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"

namespace mxlane::insns {

MXLANE_MATRIX_SEMANTICS(v_mfma_f32_32x32x64_f8f6f4) {
  return cdna4_f8f6f4_dot(*ctx.a_format, *ctx.b_format, in, ctx);
}

}  // namespace mxlane::insns
