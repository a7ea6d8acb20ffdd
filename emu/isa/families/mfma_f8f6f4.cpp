// The CDNA4 f8f6f4 MFMA's own modifier refusals: CBSZ/BLGP are its A/B formats, so ABID and every
// other modifier are refused here.
#include "emu/isa/families/mfma_f8f6f4.hpp"

#include "emu/isa/instr_desc.hpp"
#include "fmt/format.h"

namespace mxlane {

std::optional<std::string> mfma_f8f6f4_refuses_modifier(const InstrDesc& d, std::string_view name) {
  if (name == "abid") return "the f8f6f4 MFMA has no ABID: CBSZ and BLGP are the A and B formats (docs/cdna4.md §1)";
  return fmt::format("{} is not an f8f6f4 MFMA modifier; it takes cbsz/blgp (the A/B formats){} (docs/cdna4.md §1)",
                     name, d.has(Operand::SA) ? " and opsel_a/opsel_b (the scale bytes)" : "");
}

}  // namespace mxlane
