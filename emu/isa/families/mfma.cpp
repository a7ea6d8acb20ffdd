// The CDNA dense MFMA's own modifier refusal: the RDNA modifiers.
#include "emu/isa/families/mfma.hpp"

#include "emu/isa/families/modifier_names.hpp"
#include "fmt/format.h"

namespace mxlane {

std::optional<std::string> mfma_refuses_modifier(const InstrDesc& d, std::string_view name) {
  // CBSZ/ABID/BLGP refusals depend on the modifier set; index_key has the general text.
  if (families::is_cdna_modifier(name) || name == "index_key") return std::nullopt;
  return fmt::format("{} is an RDNA3 WMMA modifier; {} MFMA takes only cbsz/abid/blgp (docs/spec/layouts.md §4.1)",
                     name, families::generation(d));
}

}  // namespace mxlane
