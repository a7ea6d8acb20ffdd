// Architectures mxlane knows by name but does not emulate at all ("declared, not emulated"): asking
// for one is refused with that message instead of "unknown architecture" (docs/rdna4.md §1).
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace mxlane {

struct DeclaredArch {
  std::string_view name;      // LLVM processor name
  std::string_view products;  // what users call it
  std::string_view why;       // why it is not emulated, with its source
};

std::span<const DeclaredArch> declared_only_archs();

// The declared-only architecture called `name` (case-insensitive), or nullptr.
const DeclaredArch* find_declared_arch(std::string_view name);

// The one-line refusal for an --arch / "arch" value that is not an emulated architecture: "declared,
// not emulated" for a declared one, else "unknown architecture" with the known names.
std::string arch_refusal(std::string_view value);

}  // namespace mxlane
