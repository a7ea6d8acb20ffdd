// The RDNA4 SWMMAC's own modifier refusals: the CDNA modifiers, OPSEL (its field is index_key),
// NEG/NEG_HI where illegal, and CLAMP outside the integer forms.
#include "emu/isa/families/swmmac_gfx12.hpp"

#include "emu/isa/families/modifier_names.hpp"
#include "fmt/format.h"

namespace mxlane {

std::optional<std::string> swmmac_gfx12_refuses_modifier(const InstrDesc& d, std::string_view name) {
  if (families::is_cdna_modifier(name))
    return fmt::format("{} is a CDNA MFMA modifier; {} SWMMAC takes none (docs/rdna4.md §1.1)", name,
                       families::generation(d));
  if (name == "opsel") return "SWMMAC has no OPSEL: the field is index_key (docs/rdna4.md §1.1)";
  if (name == "neg_hi" && d.modifiers == ModifierSet::swmmac_gfx12_int)
    return "integer SWMMAC has no NEG_HI; NEG[1:0] choose A/B signedness (docs/rdna4.md §1.1)";
  if (name == "neg" || name == "neg_hi")
    return "NEG on the FP8/BF8 A and B is illegal, and SWMMAC has no C field to negate (docs/rdna4.md §1.1)";
  if (name == "clamp") return "only the integer SWMMACs take CLAMP (docs/rdna4.md §1.1)";
  return std::nullopt;
}

}  // namespace mxlane
