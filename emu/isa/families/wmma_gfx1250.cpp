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
  if (name == "matrix_a_reuse" || name == "matrix_b_reuse")
    return fmt::format("llvm-mc-22 refuses {} on {}, and its builtin has no reuse argument (docs/cdna5.md §1)", name,
                       d.mnemonic);
  if (name == "matrix_a_fmt" || name == "matrix_b_fmt")
    return fmt::format(
        "{} types are fixed; only v_wmma_f32_16x16x128_f8f6f4 and the scaled f8f6f4 forms take a "
        "format (docs/cdna5.md §1)",
        d.mnemonic);
  if (name.starts_with("matrix_a_scale") || name.starts_with("matrix_b_scale"))
    return fmt::format(
        "{} exists only on the block-scaled v_wmma_scale*_ forms, which mxlane does not model yet "
        "(docs/cdna5.md §5)",
        name);
  return std::nullopt;
}

}  // namespace mxlane
