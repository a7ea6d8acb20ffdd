// CDNA5 (gfx1250) dense WMMA: wave32 only, K split across the half-waves in blocks, packed 16-bit C/D.
#pragma once

#include "emu/isa/families/wmma_gfx12.hpp"

namespace mxlane {

std::optional<std::string> wmma_gfx1250_refuses_modifier(const InstrDesc& d, std::string_view name);

// The gfx12 register counts (values spread over the wave, 16-bit C/D packed two to a VGPR) hold for every
// gfx1250 shape (docs/cdna5.md §1, the VGPR counts llvm-mc-22 prints); the lane map is gfx1250's own
// (docs/cdna5.md §2) [SRC-EMU]. No builtin suffix: every builtin is wave32. No cycle counts are published.
// No capture pins down any result bit, NaNs included (docs/cdna5.md §3).
template <>
struct FamilyRules<MatrixFamilyId::wmma_gfx1250> {
  static constexpr MatrixFamily traits = [] {
    MatrixFamily f = FamilyRules<MatrixFamilyId::wmma_gfx12>::traits;
    f.id = MatrixFamilyId::wmma_gfx1250;
    f.doc = "docs/cdna5.md §2";
    f.layout_rule = LayoutRule::gfx1250;
    f.builtin_suffix_chooses_wave = false;
    f.cycles_published_wave = 0;
    f.nan_bits_published = false;
    f.integer_model_text =
        "integer WMMA: exact products, C plus every product, saturated once with CLAMP, else wrapped mod 2^32 "
        "(docs/cdna5.md §3.4) [INF]";
    f.fast_numerics = FastNumerics::cdna5_wmma;
    f.refuse_modifier = wmma_gfx1250_refuses_modifier;
    f.a_format_modifier = "matrix_a_fmt";  // the f8f6f4 forms (docs/cdna5.md §1)
    f.b_format_modifier = "matrix_b_fmt";
    f.bf16_builtin_vectors = true;  // clang-22's gfx1250 builtins take V16y / V8y (docs/cdna5.md §1)
    f.fused_group_model_text =
        "CDNA5 WMMA, switch cdna5_wmma=fused-groups: gfx950's fused groups from C (products exact, truncated below "
        "the group's largest, the sum floored, one RNE into binary32 per group) (docs/cdna5.md §3.3) [INF]";
    f.fma_chain_model_text =
        "CDNA5 WMMA, switch cdna5_wmma=fma-chain: binary32 fused multiply-adds from C, k ascending, the factors "
        "decoded exactly (rocjitsu's placeholder arithmetic, docs/cdna5.md §3.3) [UNKNOWN]";
    return f;
  }();
};

}  // namespace mxlane
