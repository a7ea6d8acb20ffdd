// D = S2 + the byte SAD of S0 and S1, skipping bytes where S1 is 0 [ISA] (docs/spec/valu.md §3.4)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_msad_u8) { return one(msad_u8(in.u32(0), in.u32(1), in.u32(2))); }

}  // namespace mxlane::insns
