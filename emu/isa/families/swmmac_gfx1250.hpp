// CDNA5 (gfx1250) SWMMAC: gfx1250 WMMA with a 2:4 structured-sparse A given compressed plus index VGPRs.
#pragma once

#include "emu/isa/families/wmma_gfx1250.hpp"

namespace mxlane {

std::optional<std::string> swmmac_gfx1250_refuses_modifier(const InstrDesc& d, std::string_view name);

// The gfx1250 WMMA rules with a sparse A (docs/cdna5.md §2.5): the compressed A in the dense map over its
// K/2 stored columns, B in blocks of 256 bits, one 2-bit index per stored value filling one IDX VGPR (K=64)
// or two (K=128) [SRC-EMU], index_key 1 as switch cdna5_index_key says [INF]; the accumulator is read from D's
// registers, given as C; no fast kernels.
template <>
struct FamilyRules<MatrixFamilyId::swmmac_gfx1250> {
  static constexpr MatrixFamily traits = [] {
    MatrixFamily f = FamilyRules<MatrixFamilyId::wmma_gfx1250>::traits;
    f.id = MatrixFamilyId::swmmac_gfx1250;
    f.kind = "swmmac";
    f.display = "SWMMAC";
    f.doc = "docs/cdna5.md §2.5";
    f.layout_rule = LayoutRule::gfx1250_sparse;
    f.integer_model_text =
        "integer SWMMAC: exact products of the rebuilt dense row, C plus every product, saturated once with CLAMP, "
        "else wrapped mod 2^32 (docs/cdna5.md §3.4, §3.6) [INF]";
    f.fast_numerics = FastNumerics::none;
    f.refuse_modifier = swmmac_gfx1250_refuses_modifier;
    f.sparse_a = true;
    f.sparse_doc = "docs/cdna5.md §2.5";
    f.index_select = IndexSelect::index_key_shifts;
    f.sparse_grouping = SparseGroupingSwitch::cdna5_swmmac_grouping;
    f.neg_range_reason =
        "SWMMAC has no C field to negate (its C is D's registers), so only bits 0-1 (A, B) (docs/cdna5.md §1)";
    f.index_key_reason =
        "the indices of the gfx1250 SWMMAC fill the whole IDX register, so index_key has no window to pick; "
        "llvm-mc-22 encodes 0 and 1 (1: read IDX shifted right by half its width, switch cdna5_index_key) "
        "(docs/cdna5.md §2.5)";
    f.a_format_modifier = "";
    f.b_format_modifier = "";
    return f;
  }();
};

}  // namespace mxlane
