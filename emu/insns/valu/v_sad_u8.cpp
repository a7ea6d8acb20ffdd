// D = S2 + sum of |S0.byte[i] - S1.byte[i]|, modulo 2^32 [ISA] (docs/spec/valu.md §3.1)
#include "emu/insns/valu_insn.hpp"

namespace mxlane::insns {

MXLANE_VALU_SEMANTICS(v_sad_u8) { return one(sad_u8(in.u32(0), in.u32(1), in.u32(2))); }

}  // namespace mxlane::insns
