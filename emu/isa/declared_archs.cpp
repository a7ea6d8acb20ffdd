// The declared-only architectures and the refusal message for architectures mxlane does not emulate.
#include "emu/isa/declared_archs.hpp"

#include <array>
#include <cctype>

#include "emu/isa/arch.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

// None at present: gfx1251, the last one, is emulated (its f64 WMMA from AMD's ISA emulator, docs/cdna5.md
// \u00a72.6). An architecture that LLVM knows and mxlane does not model goes here with the reason.
constexpr std::array<DeclaredArch, 0> kDeclared = {};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::span<const DeclaredArch> declared_only_archs() { return kDeclared; }

const DeclaredArch* find_declared_arch(std::string_view name) {
  const std::string key = lower(name);
  for (const DeclaredArch& d : kDeclared)
    if (key == d.name) return &d;
  return nullptr;
}

std::string arch_refusal(std::string_view value) {
  if (const DeclaredArch* d = find_declared_arch(value))
    return fmt::format("architecture '{}' is declared, not emulated: {}", d->name, d->why);
  return fmt::format("unknown architecture '{}'; known: {}", value, known_arch_names());
}

}  // namespace mxlane
