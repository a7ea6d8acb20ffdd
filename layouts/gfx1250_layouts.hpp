// gfx1250 (CDNA5) WMMA operand layouts as bit permutations (docs/cdna5.md §2), wave32 only.
#pragma once

#include "emu/isa/instr_desc.hpp"
#include "layouts/bit_layout.hpp"

namespace mxlane {

// Dense A or B of `bits`-bit elements: row (A) / column (B) on lane bits 0-3; k split into blocks of
// min(128 / bits, K / 2) consecutive k, the even blocks in lanes 0-15 and the odd ones in lanes 16-31,
// a lane holding its blocks one after another (docs/cdna5.md §2.1) [SRC-EMU].
// The f8f6f4 forms take the operand's own and its partner's element widths (`bits`, `partner_bits`: the
// formats the modifiers select): an 8-bit operand as above; a 6- or 4-bit one with k bit 2 on lane bit 4
// when its partner is sub-byte too, k bit 5 when the partner is 8-bit (docs/cdna5.md §2.4) [SRC-EMU].
// The 32x16x128 FP4 A holds rows 16-31 in the 8 VGPRs after rows 0-15.
BitLayout gfx1250_input_layout(const InstrDesc& desc, Operand op, int bits, int partner_bits);

// SWMMAC (docs/cdna5.md §2.5) [SRC-EMU]: the compressed A as the dense map over its K/2 stored columns; B in
// blocks of 256 bits (16-bit: 16 k, 8-bit: 32 k), the even blocks in lanes 0-15; IDX one 2-bit field per
// stored value, the first K/4 stored values of a row in lanes 0-15, the rest in lanes 16-31, in order.
BitLayout gfx1250_sparse_input_layout(const InstrDesc& desc, Operand op);

// The block-scaled forms (docs/cdna5.md §2.7) [SRC-EMU]: an A/B map that does not depend on the partner's format
// (`bits`: the operand's own) — 8-bit as the dense 8-bit map, 6/4-bit with k bit 5 on lane bit 4 and contiguous
// runs of 32 k — and rows 16-31 of the 32x16x128 FP4 A in the 8 VGPRs after rows 0-15.
BitLayout gfx1250_block_scaled_input_layout(const InstrDesc& desc, Operand op, int bits);

// SA / SB of the block-scaled forms: row (column) mn on the lane bits, its K / desc.cols(op) blocks in consecutive
// bytes of one or two VGPRs (docs/cdna5.md §2.7) [SRC-EMU]. 16 lanes for a 16-row operand (which half of the wave
// is OperandLayout's lane offset: matrix_a_scale / matrix_b_scale), 32 for the 32-row FP4 A.
BitLayout gfx1250_scale_layout(const InstrDesc& desc, Operand op);

// C and D: row i in item i mod 8, rows 8-15 in lanes 16-31, column j on lane bits 0-3; 16-bit values
// packed two to a VGPR (docs/cdna5.md §2.2) [SRC-EMU; HW for the f32 D of the 16x16x32 f16/bf16 WMMA].
// With 32 rows (32x16x128 FP4) rows 16-31 follow in items 8-15 (docs/cdna5.md §2.4) [SRC-EMU].
BitLayout gfx1250_output_layout(const InstrDesc& desc);

}  // namespace mxlane
