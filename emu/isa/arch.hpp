// Architectures mxlane knows, their aliases, wave sizes and register-file shapes.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace mxlane {

enum class ArchId : std::uint8_t { gfx90a, gfx1100 };

struct ArchInfo {
  ArchId id;
  std::string_view name;      // canonical LLVM processor name
  std::string_view family;    // cdna2, rdna3
  std::string_view products;  // what users call it
  std::span<const std::string_view> aliases;
  int default_wave;           // interfaces.md: 64 on gfx9 targets, 32 on gfx11
  bool wave32;                // supported wave sizes
  bool wave64;
  int vgprs;                  // architectural VGPRs per lane
  int agprs;                  // AccVGPRs per lane (gfx90a only)
};

// Every architecture, in a stable order (the order of `mxlane list`).
std::span<const ArchInfo> all_archs();

const ArchInfo& arch_info(ArchId id);

// Canonical name or alias, case-insensitive ("CDNA2", "mi250x", "gfx1151"); nullptr when unknown.
const ArchInfo* find_arch(std::string_view name_or_alias);

// "gfx90a (cdna2, aldebaran, ...), gfx1100 (...)" for error messages.
std::string_view known_arch_names();

bool arch_supports_wave(const ArchInfo& arch, int wave);

}  // namespace mxlane
