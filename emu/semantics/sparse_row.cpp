// sparse_row(): the product terms of a 4:2 structured-sparse row (docs/cdna3.md §3).
#include "emu/semantics/sparse_row.hpp"

#include <stdexcept>

namespace mxlane {

SparseRow sparse_row(std::span<const int> indices, SmfmacGrouping grouping) {
  if (indices.size() % 2 != 0) throw std::logic_error("a sparse row stores two values per group of four");
  SparseRow row;
  const int groups = static_cast<int>(indices.size()) / 2;
  for (int q = 0; q < groups; ++q) {
    const int first = indices[static_cast<std::size_t>(2 * q)], second = indices[static_cast<std::size_t>(2 * q + 1)];
    if ((first & ~3) != 0 || (second & ~3) != 0) throw std::logic_error("a sparsity index is 2 bits");
    if (first >= second) row.irregular = true;
  }
  if (grouping == SmfmacGrouping::compressed_k) {
    for (int c = 0; c < static_cast<int>(indices.size()); ++c)
      row.terms.push_back({c, 4 * (c / 2) + indices[static_cast<std::size_t>(c)]});
    return row;
  }
  for (int q = 0; q < groups; ++q) {
    SparseTerm group[4] = {{-1, 4 * q}, {-1, 4 * q + 1}, {-1, 4 * q + 2}, {-1, 4 * q + 3}};
    for (int c = 2 * q; c < 2 * q + 2; ++c) {
      const int index = indices[static_cast<std::size_t>(c)];
      int position = index;
      if (group[position].stored >= 0)  // the pair's indices are equal: the first free position
        for (position = 0; group[position].stored >= 0; ++position) {
        }
      group[position] = {c, 4 * q + index};
    }
    row.terms.insert(row.terms.end(), std::begin(group), std::end(group));
  }
  return row;
}

SmfmacGrouping sparse_grouping(const InstrDesc& d, const Switches& switches) {
  switch (d.family().sparse_grouping) {
    case SparseGroupingSwitch::gfx12_swmmac_grouping: return switches.gfx12_swmmac_grouping();
    case SparseGroupingSwitch::cdna5_swmmac_grouping: return switches.cdna5_swmmac_grouping();
    case SparseGroupingSwitch::smfmac_grouping:
    case SparseGroupingSwitch::none: break;
  }
  return switches.smfmac_grouping();
}

std::vector<int> canonical_sparse_indices(int stored) {
  std::vector<int> out(static_cast<std::size_t>(stored));
  for (int c = 0; c < stored; ++c) out[static_cast<std::size_t>(c)] = c % 2;
  return out;
}

}  // namespace mxlane
