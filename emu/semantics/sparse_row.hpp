// The dense row a 4:2 structured-sparse SMFMAC A row stands for: which stored value and which B row
// make each product, from the stored values' 2-bit indices (docs/cdna3.md §3, docs/cdna3-numerics.md §4).
#pragma once

#include <span>
#include <vector>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane {

// One product of the rebuilt row: stored value `stored` (a compressed column c) times B row `k`.
struct SparseTerm {
  int stored = -1;  // -1: a k that holds no stored value, an exact +0 (smfmac_grouping=dense-k)
  int k = 0;        // the dense k: the B row this product reads
};

struct SparseRow {
  std::vector<SparseTerm> terms;  // the element kernel's k order: K terms (dense-k) or K/2 (compressed-k)
  // Some group's two indices are not increasing (equal or decreasing): the ISA leaves it undefined.
  bool irregular = false;
};

// `indices` holds the 2-bit field of every stored value of one row, c = 0..K/2-1. Stored value c
// belongs to the group of four k starting at 4*floor(c/2) and sits at k = 4*floor(c/2) + index.
// dense-k: K terms in k order; a k with no stored value is a +0 product term. Two values with the
// same index (undefined) both still multiply their B row: the second takes the group's first free
// position, carrying B row 4*floor(c/2) + index, so both products are added (docs/cdna3-numerics.md §4).
// compressed-k: the K/2 stored values in c order, each with the B row its index picks.
SparseRow sparse_row(std::span<const int> indices, SmfmacGrouping grouping);

// The grouping switch that decides `d`'s rebuilt row: gfx12_swmmac_grouping / cdna5_swmmac_grouping for
// SWMMAC, smfmac_grouping for SMFMAC (docs/rdna4.md §E E2, docs/cdna5.md §3.6, docs/cdna3-numerics.md §6).
SmfmacGrouping sparse_grouping(const InstrDesc& d, const Switches& switches);

// The indices of the ISA's canonical pattern (0, 1 in every group): the structure-only trace uses it.
std::vector<int> canonical_sparse_indices(int stored);

}  // namespace mxlane
