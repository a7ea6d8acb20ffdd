// RDNA4 dense WMMA: no replicas, K split across half-waves, packed 16-bit C/D.
#pragma once

#include "emu/isa/families/family_rules.hpp"

namespace mxlane {

std::optional<std::string> wmma_gfx12_refuses_modifier(const InstrDesc& d, std::string_view name);

// One published cycle count, read as wave32's like RDNA3's [TOOL]; NaN constants pinned by the
// gfx1201 captures (docs/rdna4.md §3.1).
template <>
struct FamilyRules<MatrixFamilyId::wmma_gfx12> {
  static constexpr MatrixFamily traits{
      .id = MatrixFamilyId::wmma_gfx12,
      .kind = "wmma",
      .display = "WMMA",
      .doc = "docs/rdna4.md §2",
      .peak_unit = "WGP",
      .encoding = "VOP3P",
      .mai_opcode = false,
      .input_values_per_lane = values_over_the_wave,
      .output_vgprs = packed_over_the_wave,
      .layout_rule = LayoutRule::gfx12,
      .neg_chooses_integer_signedness = true,
      .cd16_in_half_vgpr = false,
      .replicated_inputs = false,
      .builtin_suffix_chooses_wave = true,
      .exec_mask_switchable = false,
      .cycles_published_wave = 32,
      .nan_bits_published = true,
      .integer_model_text =
          "integer WMMA: exact products; C plus the first half of K, saturated with CLAMP, then "
          "the second half, saturated again; without CLAMP wrapped mod 2^32 (docs/rdna4.md §3.2) "
          "[HW-digest wave32]",
      .fast_numerics = FastNumerics::gfx12_wmma,
      .refuse_modifier = wmma_gfx12_refuses_modifier,
      .fma_chain_model_text =
          "RDNA4 FP8/BF8 WMMA, switch gfx12_fp8_wmma=fma-chain: binary32 fused multiply-adds "
          "from C, k ascending, the factors decoded exactly (docs/rdna4.md §3.2, probe E1) "
          "[UNKNOWN]",
  };
};

}  // namespace mxlane
