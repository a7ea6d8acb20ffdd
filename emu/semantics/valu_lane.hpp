// What every VALU builtin kernel receives for one lane: its source operands as 32-bit words (up to
// four per operand, low word first), the architecture, constant arguments and switches.
#pragma once

#include <array>
#include <cstdint>

#include "emu/isa/arch.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane {

using Dwords = std::array<std::uint32_t, 4>;

struct ValuLane {
  std::array<Dwords, 3> src{};
  std::uint32_t u32(int n) const { return src[static_cast<std::size_t>(n)][0]; }
  std::uint64_t u64(int n) const {
    const Dwords& s = src[static_cast<std::size_t>(n)];
    return std::uint64_t{s[0]} | (std::uint64_t{s[1]} << 32);
  }
};

struct ValuContext {
  ArchId arch = ArchId::gfx1100;
  Modifiers mods;
  Switches switches;
};

using ValuKernel = Dwords (*)(const ValuLane& in, const ValuContext& ctx);

inline Dwords one(std::uint32_t v) { return {v, 0, 0, 0}; }
inline Dwords two(std::uint64_t v) {
  return {static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(v >> 32), 0, 0};
}

}  // namespace mxlane
