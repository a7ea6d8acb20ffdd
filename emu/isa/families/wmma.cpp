// The RDNA3 WMMA's own modifier refusal: the CDNA modifiers.
#include "emu/isa/families/wmma.hpp"

#include "emu/isa/families/modifier_names.hpp"
#include "fmt/format.h"

namespace mxlane {

std::optional<std::string> wmma_refuses_modifier(const InstrDesc& d, std::string_view name) {
  if (!families::is_cdna_modifier(name)) return std::nullopt;
  return fmt::format("{} is a CDNA MFMA modifier; {} WMMA takes none (docs/spec/layouts.md §4.2)", name,
                     families::generation(d));
}

}  // namespace mxlane
