// The notation of AMD's matrix instruction calculator: v{R}{L}.[hi:lo], v[2p+1:2p]{L}, A[i][k].B3.
#pragma once

#include <span>
#include <string>

#include "emu/isa/instr_desc.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane {

// "v1{17}.[15:0]", "v3{5}" for a whole 32-bit VGPR, "v[1:0]{5}" for a 64-bit pair.
std::string slot_notation(const Slot& slot);
// The same slot in several lanes (replicas): "v0{0,16}.[15:0]".
std::string slot_notation(const Slot& slot, std::span<const int> lanes);
// "A[1][2]", with ".B4" when the instruction has several blocks, "-A[1][2]" when negated, and
// "|C[0][0]|" / "-|C[0][0]|" for NEG_HI[2] / both.
std::string element_notation(Operand op, const Placement& p, bool multi_block);

}  // namespace mxlane
