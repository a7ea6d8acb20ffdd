// RDNA3 WMMA: A/B replicated per lane group, C/D 8 rows per lane, 16-bit C/D in one VGPR half.
#pragma once

#include "emu/isa/families/family_rules.hpp"

namespace mxlane {

std::optional<std::string> wmma_refuses_modifier(const InstrDesc& d, std::string_view name);

template <>
struct FamilyRules<MatrixFamilyId::wmma> {
  static constexpr MatrixFamily traits{
      .id = MatrixFamilyId::wmma,
      .kind = "wmma",
      .display = "WMMA",
      .doc = "docs/spec/layouts.md §6",
      .peak_unit = "WGP",
      .encoding = "VOP3P",
      .mai_opcode = false,
      .input_values_per_lane = whole_row_per_lane,
      .output_vgprs = vgpr_per_value,
      .layout_rule = LayoutRule::rdna3,
      .neg_chooses_integer_signedness = true,
      .cd16_in_half_vgpr = true,
      .replicated_inputs = true,
      .builtin_suffix_chooses_wave = true,
      .exec_mask_switchable = false,
      .cycles_published_wave = 32,
      .nan_bits_published = true,
      .integer_model_text =
          "integer WMMA: exact sum of the sign-extended C and the products, then saturated "
          "with CLAMP or wrapped (docs/spec/numerics.md §A.2, §B.7) [INF]",
      .fast_numerics = FastNumerics::rdna3_wmma,
      .refuse_modifier = wmma_refuses_modifier,
  };
};

}  // namespace mxlane
