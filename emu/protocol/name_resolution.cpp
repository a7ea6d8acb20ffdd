// Turning --arch, --inst and --option values into table entries, with errors that name the option.
#include "emu/isa/declared_archs.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/switch_scope.hpp"
#include "emu/isa/valu_desc.hpp"
#include "fmt/format.h"
#include "emu/protocol/name_resolution.hpp"

namespace mxlane::protocol {

const ArchInfo& resolve_arch_option(const std::string& value) {
  const ArchInfo* arch = find_arch(value);
  if (arch == nullptr) throw InvalidArgument("--arch: " + arch_refusal(value));
  return *arch;
}

const InstrDesc& resolve_inst_option(const ArchInfo& arch, const std::string& value, std::optional<int> wave) {
  if (wave && *wave != 32 && *wave != 64)
    throw InvalidArgument(fmt::format("--wave: '{}' is not a wave size; use 32 or 64", *wave));
  if (find_valu(value) != nullptr)
    throw InvalidArgument(
        fmt::format("--inst: {} is a VALU builtin, which has no matrix layout; `mxlane eval` evaluates it", value));
  try {
    return resolve_instruction(arch, value, wave);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(std::string("--inst: ") + e.what());
  }
}

Switches parse_switch_settings(const std::vector<std::string>& settings, ArchMask archs, std::string_view option) {
  Switches switches;
  for (const std::string& setting : settings) {
    const auto eq = setting.find('=');
    if (eq == std::string::npos) throw InvalidArgument(fmt::format("{}: '{}' is not NAME=VALUE", option, setting));
    try {
      set_switch_for(switches, setting.substr(0, eq), setting.substr(eq + 1), archs);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(fmt::format("{}: {}", option, e.what()));
    }
  }
  return switches;
}

}  // namespace mxlane::protocol
