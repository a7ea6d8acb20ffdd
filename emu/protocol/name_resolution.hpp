// Turning the names a user types (--arch, --inst, --option; an eval line's arch, inst, options) into
// table entries, with errors that name the option.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane::protocol {

// Each throws InvalidArgument naming the option.
const ArchInfo& resolve_arch_option(const std::string& value);
const InstrDesc& resolve_inst_option(const ArchInfo& arch, const std::string& value, std::optional<int> wave);
// NAME=VALUE switch settings given by `option` (--option, --loopback-option) for a command about the
// architectures in `archs`; errors name the option.
Switches parse_switch_settings(const std::vector<std::string>& settings, ArchMask archs,
                               std::string_view option = "--option");

}  // namespace mxlane::protocol
