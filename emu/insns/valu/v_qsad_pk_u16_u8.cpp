// Four 16-bit SADs of S0 windows against S1, 16-bit accumulators from S2, wrapped [ISA]
// (docs/spec/valu.md §3.5)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_qsad_pk_u16_u8) {
  return two(qsad_pk_u16_u8(in.u64(0), in.u32(1), in.u64(2), false));
}

}  // namespace mxlane::insns
