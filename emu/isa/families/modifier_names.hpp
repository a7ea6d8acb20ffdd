// Small helpers the families' modifier texts share (and the element trace's model texts).
#pragma once

#include <string>
#include <string_view>

#include "emu/isa/instr_desc.hpp"
#include "emu/util/text.hpp"

namespace mxlane::families {

// CBSZ, ABID and BLGP: the CDNA MFMA modifiers.
inline bool is_cdna_modifier(std::string_view name) { return name == "cbsz" || name == "abid" || name == "blgp"; }

// "CDNA2", "RDNA3": the generation of the instruction's architecture, for texts.
inline std::string generation(const InstrDesc& d) { return uppercase(d.arch_traits().family); }

}  // namespace mxlane::families
