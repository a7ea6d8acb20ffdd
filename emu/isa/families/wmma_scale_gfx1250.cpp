// The CDNA5 block-scaled WMMA's own modifier refusals: the dense gfx1250 WMMA's, less the scale modifiers it takes.
#include "emu/isa/families/wmma_scale_gfx1250.hpp"

#include "emu/isa/instr_desc.hpp"
#include "fmt/format.h"

namespace mxlane {

std::optional<std::string> wmma_scale_gfx1250_refuses_modifier(const InstrDesc& d, std::string_view name) {
  if (name == "matrix_a_fmt" || name == "matrix_b_fmt")
    return fmt::format("{} reads FP4 A and B only; its builtin has no format argument (docs/cdna5.md §1)", d.mnemonic);
  return wmma_gfx1250_refuses_modifier(d, name);
}

}  // namespace mxlane
