// D = S2 + |S0.lo - S1.lo| + |S0.hi - S1.hi| on 16-bit halves [ISA] (docs/spec/valu.md §3.3)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_sad_u16) { return one(sad_u16(in.u32(0), in.u32(1), in.u32(2))); }

}  // namespace mxlane::insns
