// The CDNA5 SWMMAC's own modifier refusals: the CDNA modifiers, OPSEL (its bit 0 is index_key), NEG on
// C or on 8-bit sources, CLAMP outside the integer form, and the f8f6f4 / scale modifiers.
#include "emu/isa/families/swmmac_gfx1250.hpp"

#include "emu/isa/families/modifier_names.hpp"
#include "fmt/format.h"

namespace mxlane {

std::optional<std::string> swmmac_gfx1250_refuses_modifier(const InstrDesc& d, std::string_view name) {
  if (families::is_cdna_modifier(name))
    return fmt::format("{} is a CDNA MFMA modifier; {} has no MFMA and its SWMMAC takes none (docs/cdna5.md §1)", name,
                       families::generation(d));
  if (name == "opsel") return "gfx1250 SWMMAC has no OPSEL: its bit 0 is index_key (docs/cdna5.md §1)";
  if (name == "neg_hi" && d.modifiers == ModifierSet::swmmac_gfx1250_int)
    return "integer SWMMAC has no NEG_HI; NEG[1:0] choose A/B signedness (docs/cdna5.md §1)";
  if (name == "neg" || name == "neg_hi")
    return "NEG on the FP8/BF8 A and B is illegal (llvm-mc-22 refuses it), and SWMMAC has no C field to negate "
           "(docs/cdna5.md §1)";
  if (name == "clamp") return "CLAMP must be 0 on a float result; only the IU8 SWMMAC takes it (docs/cdna5.md §1)";
  if (name.starts_with("matrix_") && name.find("reuse") == std::string_view::npos)
    return fmt::format("{} belongs to the f8f6f4 / block-scaled WMMA, not to SWMMAC (docs/cdna5.md §1)", name);
  return std::nullopt;
}

}  // namespace mxlane
