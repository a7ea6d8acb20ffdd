// The CDNA5 dense WMMA's own modifier refusals: the CDNA MFMA modifiers, OPSEL, and the gfx12 SWMMAC index.
#include "emu/isa/families/wmma_gfx1250.hpp"

#include "emu/isa/families/modifier_names.hpp"
#include "fmt/format.h"

namespace mxlane {

std::optional<std::string> wmma_gfx1250_refuses_modifier(const InstrDesc& d, std::string_view name) {
  if (families::is_cdna_modifier(name))
    return fmt::format("{} is a CDNA MFMA modifier; {} has no MFMA and its WMMA takes none (docs/cdna5.md §1)", name,
                       families::generation(d));
  if (name == "opsel")
    return "gfx1250 WMMA has no OPSEL (llvm-mc-22 refuses op_sel): 16-bit C/D are packed two rows to a VGPR "
           "(docs/cdna5.md §1, §2)";
  if (name == "clamp") return "CLAMP must be 0 on a float result; only the IU8 WMMA takes it (docs/cdna5.md §1)";
  if (name == "index_key") return "index_key exists only on SWMMAC (docs/cdna5.md §1)";
  return std::nullopt;
}

}  // namespace mxlane
