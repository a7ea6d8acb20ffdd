// gfx12 (RDNA4) WMMA operand layouts as bit permutations, for wave32 and wave64 (docs/rdna4.md §2).
// Built from the instruction's shape and element sizes; not yet selected by OperandLayout (the gfx12
// family and table rows come next).
#pragma once

#include "emu/isa/instr_desc.hpp"
#include "layouts/bit_layout.hpp"

namespace mxlane {

// A or B: no replicas; K split across 16-lane groups as docs/rdna4.md §2.1-§2.3 say for 16-, 8- and
// 4-bit elements. iu4 K=16 in wave64 repeats the wave32 lanes in lanes 32-63 (the calculator leaves them
// unused; held as replica 1, which no output reads, until probe E9).
BitLayout gfx12_input_layout(const InstrDesc& desc, Operand op);

// SWMMAC A (compressed: column c of M x K/2), IDX (the same map, one 2-bit field per stored value)
// and the dense B at K = 32 or 64 (docs/rdna4.md §2.5).
BitLayout gfx12_sparse_input_layout(const InstrDesc& desc, Operand op);

// C and D: row i in VGPR-item (i mod 8) (wave32) or (i mod 4) (wave64), rows 8-15 in lanes 16-31; wave64
// puts rows 4-7 and 12-15 in lanes 32-63 (docs/rdna4.md §2.4). 16-bit C/D use the same item order,
// packed two to a VGPR.
BitLayout gfx12_output_layout(const InstrDesc& desc);

}  // namespace mxlane
