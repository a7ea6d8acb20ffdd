// The matrix families assembled: kFamilies holds FamilyRules<Id>::traits for every id, in id order.
// A family without its header (an incomplete FamilyRules) or with a required rule left out does not
// compile. Code outside emu/isa/ asks these traits, `desc.family()`, never the architecture.
#pragma once

#include <array>
#include <utility>

#include "emu/isa/families/family_rules.hpp"
#include "emu/isa/families/mfma.hpp"
#include "emu/isa/families/mfma_f8f6f4.hpp"
#include "emu/isa/families/smfmac.hpp"
#include "emu/isa/families/swmmac_gfx12.hpp"
#include "emu/isa/families/swmmac_gfx1250.hpp"
#include "emu/isa/families/wmma.hpp"
#include "emu/isa/families/wmma_gfx12.hpp"
#include "emu/isa/families/wmma_gfx1250.hpp"
#include "emu/isa/families/wmma_scale_gfx1250.hpp"

namespace mxlane {

namespace family_detail {

// What every family must state; the defaulted fields are the ones only some families use.
constexpr bool complete(const MatrixFamily& f, MatrixFamilyId id) {
  return f.id == id && !f.kind.empty() && !f.display.empty() && !f.doc.empty() && !f.peak_unit.empty() &&
         !f.encoding.empty() && f.input_values_per_lane != nullptr && f.output_vgprs != nullptr &&
         f.sparse_a == !f.sparse_doc.empty() && f.sparse_a == (f.index_select != IndexSelect::none) &&
         f.sparse_a == (f.sparse_grouping != SparseGroupingSwitch::none);
}

template <std::size_t... I>
constexpr std::array<MatrixFamily, sizeof...(I)> assemble(std::index_sequence<I...>) {
  return {FamilyRules<static_cast<MatrixFamilyId>(I)>::traits...};
}

}  // namespace family_detail

inline constexpr std::array<MatrixFamily, kMatrixFamilyCount> kFamilies =
    family_detail::assemble(std::make_index_sequence<kMatrixFamilyCount>());

static_assert(
    [] {
      for (std::size_t i = 0; i < kFamilies.size(); ++i)
        if (!family_detail::complete(kFamilies[i], static_cast<MatrixFamilyId>(i))) return false;
      return true;
    }(),
    "a family in emu/isa/families/ leaves out a rule every family must state");

constexpr const MatrixFamily& matrix_family(MatrixFamilyId id) { return kFamilies[static_cast<std::size_t>(id)]; }

// VGPRs per lane of an input operand (A: rows = M, B: rows = N; a sparse A passes its stored K/2 as
// `k`) holding `bits`-bit values, and of C/D: the derived columns of the instruction table.
constexpr int family_input_vgprs(MatrixFamilyId f, int rows, int k, int blocks, int bits, int wave) {
  return (matrix_family(f).input_values_per_lane(rows, k, blocks, wave) * bits + 31) / 32;
}
constexpr int family_output_vgprs(MatrixFamilyId f, int m, int n, int blocks, int bits, int wave) {
  return matrix_family(f).output_vgprs(m, n, blocks, bits, wave);
}

}  // namespace mxlane
