// RDNA4 SWMMAC: gfx12 WMMA with a 2:4 structured-sparse A given compressed plus an index VGPR.
#pragma once

#include "emu/isa/families/wmma_gfx12.hpp"

namespace mxlane {

std::optional<std::string> swmmac_gfx12_refuses_modifier(const InstrDesc& d, std::string_view name);

// The gfx12 WMMA rules with a sparse A (docs/rdna4.md §2.5); the accumulator is read from D's
// registers, given as C; no fast kernels.
template <>
struct FamilyRules<MatrixFamilyId::swmmac_gfx12> {
  static constexpr MatrixFamily traits = [] {
    MatrixFamily f = FamilyRules<MatrixFamilyId::wmma_gfx12>::traits;
    f.id = MatrixFamilyId::swmmac_gfx12;
    f.kind = "swmmac";
    f.display = "SWMMAC";
    f.doc = "docs/rdna4.md §2.5";
    f.layout_rule = LayoutRule::gfx12_sparse;
    f.integer_model_text =
        "integer SWMMAC: exact products of the rebuilt dense row; C plus the first half of K (the stored values in "
        "lanes 0-15), saturated with CLAMP, then the second half, saturated again; without CLAMP wrapped mod 2^32 "
        "(docs/rdna4.md §3.2) [HW-digest wave32]";
    f.fast_numerics = FastNumerics::none;
    f.refuse_modifier = swmmac_gfx12_refuses_modifier;
    f.sparse_a = true;
    f.sparse_doc = "docs/rdna4.md §2.5";
    f.index_select = IndexSelect::index_key_picks;
    f.sparse_grouping = SparseGroupingSwitch::gfx12_swmmac_grouping;
    f.neg_range_reason =
        "SWMMAC has no C field to negate (Src2 holds the index), so only bits 0-1 (A, B) (docs/rdna4.md §1.1)";
    f.fma_chain_model_text = "";
    return f;
  }();
};

}  // namespace mxlane
