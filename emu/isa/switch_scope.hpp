// Which architectures each behaviour switch applies to, so that a switch given for another
// architecture (cbsz_model on gfx1100) is refused instead of silently doing nothing.
#pragma once

#include <string_view>

#include "emu/isa/arch.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane {

// The architectures whose instructions consult switch `id` (its row in switches.def).
ArchMask switch_archs(SwitchId id);

// Whether switch `id` is a MODE register field (FP_ROUND, FP_DENORM, FP16_OVFL): the state a kernel
// sets with s_setreg, known for every launch, not an open question about the hardware.
bool switch_is_mode_field(SwitchId id);

// set_switch for a command about the architectures in `archs`: also refuses a switch that none of
// them consults, naming the architectures it applies to.
void set_switch_for(Switches& switches, std::string_view name, std::string_view value, ArchMask archs);

}  // namespace mxlane
