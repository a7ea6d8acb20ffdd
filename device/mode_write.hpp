// What a kernel's MODE register write (Kernel::mode_imm, mode_value) means in the emulator's terms:
// the MODE field switches a GPU's instructions see after the s_setreg.
#pragma once

#include <span>

#include "device/kernel_catalog.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane::device {

// `s` with the MODE fields the kernel writes (FP_ROUND -> mode_round, FP_DENORM -> mode_denorm_f32 and
// mode_denorm_f16_f64, FP16_OVFL -> fp16_ovfl), except the fields listed in `kept`, which stay as in
// `s`. A kernel without a MODE write gets `s` unchanged. Throws InvalidArgument for a write the
// switches cannot express (a field written in part, or different f32 and f16/f64 rounding).
Switches after_mode_write(const Kernel& k, Switches s, std::span<const SwitchId> kept = {});

}  // namespace mxlane::device
