// CDNA dense MFMA: wave64, A/B spread over the lanes by K groups, C/D by the 4-row rule.
#pragma once

#include "emu/isa/families/family_rules.hpp"

namespace mxlane {

std::optional<std::string> mfma_refuses_modifier(const InstrDesc& d, std::string_view name);

template <>
struct FamilyRules<MatrixFamilyId::mfma> {
  static constexpr MatrixFamily traits{
      .id = MatrixFamilyId::mfma,
      .kind = "mfma",
      .display = "MFMA",
      .doc = "docs/spec/layouts.md §5",
      .peak_unit = "CU",
      .encoding = "VOP3P-MAI",
      .mai_opcode = true,
      .input_values_per_lane = values_over_64_lanes,
      .output_vgprs = packed_over_64_lanes,
      .layout_rule = LayoutRule::cdna,
      .neg_chooses_integer_signedness = false,
      .cd16_in_half_vgpr = false,
      .replicated_inputs = false,
      .builtin_suffix_chooses_wave = false,
      .exec_mask_switchable = true,
      .cycles_published_wave = 0,
      .nan_bits_published = false,
      .integer_model_text =
          "INT8 MFMA: exact integer sum of C and the products, then wrapped to 32 bits "
          "(docs/spec/numerics.md §A.1) [INF, unverified]",
      .fast_numerics = FastNumerics::cdna_mfma,
      .refuse_modifier = mfma_refuses_modifier,
      .kdoubled_layout_switchable = true,
      .f64_cd_order_switchable = true,
      .eight_bit_pair_is_long = true,
  };
};

}  // namespace mxlane
