// The masked (MSAD) form of v_qsad_pk_u16_u8 [ISA] (docs/spec/valu.md §3.5)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_mqsad_pk_u16_u8) {
  return two(qsad_pk_u16_u8(in.u64(0), in.u32(1), in.u64(2), true));
}

}  // namespace mxlane::insns
