// The declared-only architectures and the refusal message for architectures mxlane does not emulate.
#include "emu/isa/declared_archs.hpp"

#include <array>
#include <cctype>

#include "emu/isa/arch.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

// gfx1250: 29 dense and 14 sparse WMMA builtins exist in clang, but no public source gives their
// layouts or numerics (docs/rdna4.md §1) [LLVM; UNKNOWN].
constexpr std::array<DeclaredArch, 1> kDeclared = {{
    {"gfx1250", "RDNA4-family gfx1250",
     "its WMMA layouts and numerics have no public source yet (docs/rdna4.md \u00a71)"},
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
