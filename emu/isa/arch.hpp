// Architectures mxlane knows, their aliases, wave sizes and register-file shapes.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace mxlane {

enum class ArchId : std::uint8_t { gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1200 };

// A set of architectures, one bit per ArchId.
using ArchMask = std::uint32_t;
constexpr ArchMask arch_bit(ArchId id) { return ArchMask{1} << static_cast<unsigned>(id); }

struct ArchInfo {
  ArchId id;
  std::string_view name;      // canonical LLVM processor name
  std::string_view family;    // cdna2, rdna3
  std::string_view products;  // what users call it
  std::span<const std::string_view> aliases;
  int default_wave;           // docs/spec/interfaces.md: 64 on gfx9 targets, 32 on gfx11
  bool wave32;                // supported wave sizes
  bool wave64;
  int vgprs;                  // architectural VGPRs per lane
  int agprs;                  // AccVGPRs per lane (gfx908/gfx90a/gfx942/gfx950)
  bool matrix_modelled;       // whether mxlane emulates this architecture's MFMA/WMMA
};

// Every architecture, in a stable order (the order of `mxlane list`).
std::span<const ArchInfo> all_archs();

const ArchInfo& arch_info(ArchId id);

// Canonical name or alias, case-insensitive ("CDNA2", "mi250x", "gfx1151"); nullptr when unknown.
const ArchInfo* find_arch(std::string_view name_or_alias);

// "gfx90a (aliases: cdna2 ...); gfx1100 (...)" for error messages.
std::string_view known_arch_names();

bool arch_supports_wave(const ArchInfo& arch, int wave);

// "gfx942, gfx950, gfx1200" for the architectures in `mask`.
std::string arch_names(ArchMask mask);

}  // namespace mxlane
