// The declared-only architectures and the refusal message for architectures mxlane does not emulate.
#include "emu/isa/declared_archs.hpp"

#include <array>
#include <cctype>

#include "emu/isa/arch.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

// gfx1251: gfx1250's matrix instructions plus v_wmma_f64_16x16x4_f64, which LLVM 22 does not know
// (llvm-mc-22 refuses it) and whose layout and arithmetic have no public source yet (docs/cdna5.md \u00a71)
// [LLVM; UNKNOWN].
constexpr std::array<DeclaredArch, 1> kDeclared = {{
    {"gfx1251", "CDNA5 gfx1251",
     "its f64 WMMA (v_wmma_f64_16x16x4_f64) is not modelled yet; gfx1250 (alias cdna5) has every other CDNA5 "
     "matrix instruction (docs/cdna5.md \u00a71)"},
}};

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
