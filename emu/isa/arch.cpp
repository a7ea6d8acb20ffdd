// Architecture registry: canonical names and the aliases of docs/spec/interfaces.md / docs/spec/layouts.md §1.
#include "emu/isa/arch.hpp"
#include "emu/util/text.hpp"

#include <array>
#include <string>

namespace mxlane {
namespace {

// Aliases follow the ROCm matrix instruction calculator (docs/spec/layouts.md §1); docs/spec/interfaces.md: gfx1101-1103
// and gfx1150-1153 share gfx1100's semantics; docs/spec/valu.md §1.2: gfx1150 matches gfx1100 and
// gfx908 matches gfx90a for the VALU builtins (gfx908 is its own entry because its MFMA differ).
constexpr std::array<std::string_view, 3> kGfx908Aliases = {"cdna1", "arcturus", "mi100"};
constexpr std::array<std::string_view, 6> kGfx90aAliases = {"cdna2", "aldebaran", "mi200",
                                                            "mi210", "mi250",     "mi250x"};
constexpr std::array<std::string_view, 7> kGfx942Aliases = {"cdna3", "gfx940", "gfx941", "mi300",
                                                            "mi300a", "mi300x", "mi325x"};
constexpr std::array<std::string_view, 3> kGfx950Aliases = {"cdna4", "mi350x", "mi355x"};
constexpr std::array<std::string_view, 2> kGfx1030Aliases = {"rdna2", "navi21"};
constexpr std::array<std::string_view, 10> kGfx1100Aliases = {
    "rdna3",   "rdna3.5", "gfx1101", "gfx1102", "gfx1103",
    "gfx1150", "gfx1151", "gfx1152", "gfx1153", "navi31"};
constexpr std::array<std::string_view, 3> kGfx1200Aliases = {"rdna4", "gfx1201", "navi48"};

// Register files: gfx90a has 512 per-lane registers split into 256 ArchVGPRs and 256 AccVGPRs
// (seed 001: "all four operands can reside in either accVGPRs or archVGPRs"); RDNA has no AccVGPRs.
// Matrix instructions are emulated for gfx90a and gfx1100 only; the others are here for their VALU
// builtins (docs/spec/valu.md §1.2).
constexpr std::array<ArchInfo, 7> kArchs = {{
    {ArchId::gfx908, "gfx908", "cdna1", "MI100", kGfx908Aliases, 64, false, true, 256, 256, false},
    {ArchId::gfx90a, "gfx90a", "cdna2", "MI200 series (MI210, MI250, MI250X)", kGfx90aAliases, 64,
     false, true, 256, 256, true},
    {ArchId::gfx942, "gfx942", "cdna3", "MI300 series", kGfx942Aliases, 64, false, true, 256, 256, false},
    {ArchId::gfx950, "gfx950", "cdna4", "MI350 series", kGfx950Aliases, 64, false, true, 256, 256, false},
    {ArchId::gfx1030, "gfx1030", "rdna2", "Radeon RX 6800/6900", kGfx1030Aliases, 32, true, true, 256, 0, false},
    {ArchId::gfx1100, "gfx1100", "rdna3", "Radeon RX 7900 / Pro W7900 (and RDNA3.5 APUs)",
     kGfx1100Aliases, 32, true, true, 256, 0, true},
    {ArchId::gfx1200, "gfx1200", "rdna4", "Radeon RX 9070 / AI Pro R9700", kGfx1200Aliases, 32, true, true, 256, 0, false},
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

std::string arch_names(ArchMask mask) {
  std::string s;
  for (const ArchInfo& a : kArchs)
    if ((mask & arch_bit(a.id)) != 0) append_item(s, a.name);
  return s;
}

bool arch_supports_wave(const ArchInfo& arch, int wave) {
  return (wave == 32 && arch.wave32) || (wave == 64 && arch.wave64);
}

}  // namespace mxlane
