// CDNA4 f8f6f4 MFMA: A/B formats chosen by CBSZ/BLGP, 32 values per lane, optional E8M0 scales.
#pragma once

#include "emu/isa/families/mfma.hpp"

namespace mxlane {

std::optional<std::string> mfma_f8f6f4_refuses_modifier(const InstrDesc& d, std::string_view name);

// The dense MFMA's encoding and register counts with its own lane map and modifiers; its own kind,
// since A/B formats and the scale operands make its calls differ from every dense MFMA's; no integer
// form; cycle counts not published for gfx950 (docs/cdna4.md §0).
template <>
struct FamilyRules<MatrixFamilyId::mfma_f8f6f4> {
  static constexpr MatrixFamily traits = [] {
    MatrixFamily f = FamilyRules<MatrixFamilyId::mfma>::traits;
    f.id = MatrixFamilyId::mfma_f8f6f4;
    f.kind = "mfma_scale";
    f.doc = "docs/cdna4.md §2.2";
    f.layout_rule = LayoutRule::cdna_f8f6f4;
    f.integer_model_text = "";
    f.fast_numerics = FastNumerics::cdna4_f8f6f4;
    f.refuse_modifier = mfma_f8f6f4_refuses_modifier;
    f.a_format_modifier = "cbsz";
    f.b_format_modifier = "blgp";
    f.kdoubled_layout_switchable = false;
    f.f64_cd_order_switchable = false;
    f.eight_bit_pair_is_long = false;
    return f;
  }();
};

}  // namespace mxlane
