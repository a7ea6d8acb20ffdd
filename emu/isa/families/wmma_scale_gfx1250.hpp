// CDNA5 (gfx1250) block-scaled WMMA: the f8f6f4 and 32x16x128 FP4 WMMA with one scale per row (column) and block of
// 32 or 16 k, read from two scale operands SA / SB in one half of the wave (docs/cdna5.md §2.7, §3.7).
#pragma once

#include "emu/isa/families/wmma_gfx1250.hpp"

namespace mxlane {

std::optional<std::string> wmma_scale_gfx1250_refuses_modifier(const InstrDesc& d, std::string_view name);

// The dense gfx1250 WMMA's register counts, C/D map and result rules; its own A/B map (partner-independent,
// contiguous 32-k runs for the 6/4-bit formats) and scale operands (docs/cdna5.md §2.7) [SRC-EMU]; the reference
// arithmetic serves it (no fast kernel).
template <>
struct FamilyRules<MatrixFamilyId::wmma_scale_gfx1250> {
  static constexpr MatrixFamily traits = [] {
    MatrixFamily f = FamilyRules<MatrixFamilyId::wmma_gfx1250>::traits;
    f.id = MatrixFamilyId::wmma_scale_gfx1250;
    f.kind = "wmma_scale";  // its own kind, as gfx950's "mfma_scale": it takes scale operands
    f.doc = "docs/cdna5.md §2.7";
    f.layout_rule = LayoutRule::gfx1250_block_scaled;
    f.fast_numerics = FastNumerics::none;
    f.refuse_modifier = wmma_scale_gfx1250_refuses_modifier;
    f.a_scale_format_modifier = "matrix_a_scale_fmt";
    f.b_scale_format_modifier = "matrix_b_scale_fmt";
    f.a_scale_half_modifier = "matrix_a_scale";
    f.b_scale_half_modifier = "matrix_b_scale";
    f.neg_range_reason =
        "NEG on the 8/6/4-bit A and B is illegal (llvm-mc-22 refuses it); only bit 2 (C) may be set (docs/cdna5.md §1)";
    return f;
  }();
};

}  // namespace mxlane
