// D = (byte SAD of S0, S1) << 16 + S2 [ISA] (docs/spec/valu.md §3.2)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_sad_hi_u8) { return one(sad_hi_u8(in.u32(0), in.u32(1), in.u32(2))); }

}  // namespace mxlane::insns
