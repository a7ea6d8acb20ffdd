// CDNA3/CDNA4 SMFMAC: MFMA with a 4:2 structured-sparse A given compressed plus an index VGPR.
#pragma once

#include "emu/isa/families/mfma.hpp"

namespace mxlane {

// The dense MFMA's rules with a sparse A (docs/cdna3.md §3); CBSZ/ABID choose the index set, so its
// modifier set words every refusal; no fast kernels.
template <>
struct FamilyRules<MatrixFamilyId::smfmac> {
  static constexpr MatrixFamily traits = [] {
    MatrixFamily f = FamilyRules<MatrixFamilyId::mfma>::traits;
    f.id = MatrixFamilyId::smfmac;
    f.kind = "smfmac";
    f.display = "SMFMAC";
    f.doc = "docs/cdna3.md §3";
    f.integer_model_text =
        "INT8 SMFMAC: exact integer sum of C and the products of the rebuilt dense row, then wrapped to 32 bits "
        "(docs/cdna3-numerics.md §4) [INF, unverified]";
    f.fast_numerics = FastNumerics::none;
    f.refuse_modifier = nullptr;
    f.sparse_a = true;
    f.sparse_doc = "docs/cdna3.md §3";
    f.index_select = IndexSelect::abid_picks_set;
    f.sparse_grouping = SparseGroupingSwitch::smfmac_grouping;
    f.kdoubled_layout_switchable = false;
    f.f64_cd_order_switchable = false;
    f.eight_bit_pair_is_long = false;
    return f;
  }();
};

}  // namespace mxlane
