// The RDNA4 dense WMMA's own modifier refusals: the CDNA modifiers and OPSEL.
#include "emu/isa/families/wmma_gfx12.hpp"

#include "emu/isa/families/modifier_names.hpp"
#include "fmt/format.h"

namespace mxlane {

std::optional<std::string> wmma_gfx12_refuses_modifier(const InstrDesc& d, std::string_view name) {
  if (families::is_cdna_modifier(name))
    return fmt::format("{} is a CDNA MFMA modifier; {} WMMA takes none (docs/rdna4.md §1)", name,
                       families::generation(d));
  if (name == "opsel")
    return "gfx12 WMMA has no OPSEL: 16-bit C/D are packed two rows to a VGPR and both halves are results "
           "(docs/rdna4.md §1, §2.4)";
  return std::nullopt;
}

}  // namespace mxlane
