// Architecture registry: canonical names and the aliases of interfaces.md / layouts.md §1.
#include "emu/isa/arch.hpp"
#include "emu/util/text.hpp"

#include <array>
#include <string>

namespace mxlane {
namespace {

// Aliases follow the ROCm matrix instruction calculator (layouts.md §1); interfaces.md: gfx1101-1103
// and gfx1150-1153 share gfx1100's semantics.
constexpr std::array<std::string_view, 6> kGfx90aAliases = {"cdna2", "aldebaran", "mi200",
                                                            "mi210", "mi250",     "mi250x"};
constexpr std::array<std::string_view, 10> kGfx1100Aliases = {
    "rdna3",   "rdna3.5", "gfx1101", "gfx1102", "gfx1103",
    "gfx1150", "gfx1151", "gfx1152", "gfx1153", "navi31"};

// Register files: gfx90a has 512 per-lane registers split into 256 ArchVGPRs and 256 AccVGPRs
// (seed 001: "all four operands can reside in either accVGPRs or archVGPRs"); RDNA3 has no AccVGPRs.
constexpr std::array<ArchInfo, 2> kArchs = {{
    {ArchId::gfx90a, "gfx90a", "cdna2", "MI200 series (MI210, MI250, MI250X)", kGfx90aAliases, 64,
     false, true, 256, 256},
    {ArchId::gfx1100, "gfx1100", "rdna3", "Radeon RX 7900 / Pro W7900 (and RDNA3.5 APUs)",
     kGfx1100Aliases, 32, true, true, 256, 0},
}};

}  // namespace

std::span<const ArchInfo> all_archs() { return kArchs; }

const ArchInfo& arch_info(ArchId id) {
  for (const ArchInfo& a : kArchs)
    if (a.id == id) return a;
  return kArchs[0];  // unreachable: every ArchId has a row
}

const ArchInfo* find_arch(std::string_view name_or_alias) {
  const std::string key = lowercase(name_or_alias);
  for (const ArchInfo& a : kArchs) {
    if (key == a.name) return &a;
    for (std::string_view alias : a.aliases)
      if (key == alias) return &a;
  }
  return nullptr;
}

std::string_view known_arch_names() {
  static const std::string text = [] {
    std::string s;
    for (const ArchInfo& a : kArchs) {
      if (!s.empty()) s += "; ";
      s += a.name;
      s += " (aliases:";
      for (std::string_view alias : a.aliases) {
        s += ' ';
        s += alias;
      }
      s += ')';
    }
    return s;
  }();
  return text;
}

bool arch_supports_wave(const ArchInfo& arch, int wave) {
  return (wave == 32 && arch.wave32) || (wave == 64 && arch.wave64);
}

}  // namespace mxlane
