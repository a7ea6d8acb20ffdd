// gfx950 (CDNA4) A/B and scale operand layouts as closed forms (docs/cdna4.md §2): the K-doubled
// f16/bf16/i8 shapes, the f8f6f4 formats (fp6 fields straddle VGPRs, so these are slot lists, not
// bit permutations) and the E8M0 scale registers; the BitLayout forms below are what OperandLayout
// uses, and the slot forms are their closed-form statement, checked against each other in the tests.
#pragma once

#include <vector>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "layouts/bit_layout.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane {

// The A/B VGPRs per lane an f8f6f4 format code reads (0 fp8, 1 bf8: 8; 2 fp6, 3 bf6: 6; 4 fp4: 4)
// out of the operand's 8 (docs/cdna4.md §2.2).
int cdna4_f8f6f4_vgprs_read(int format_code);

// Where element k of A's row `mn` (or B's column `mn`) lives for v_mfma[_scale]_f32_{16x16x128,
// 32x32x64}_f8f6f4 with M = N = `m` (16 or 32): the slots holding its bits, low element bits
// first (two slots when an fp6/bf6 field straddles a VGPR boundary). `fp6` selects the fp6/bf6
// lane map (switch fp6_layout, probe E-C4-2). Throws std::invalid_argument on a bad m, code, mn or k.
std::vector<Slot> cdna4_f8f6f4_slots(int m, int format_code, int mn, int k, Fp6Layout fp6 = Fp6Layout::contiguous);

// Where element k of A's row / B's column `mn` lives for the K-doubled gfx950 shapes
// (v_mfma_f32_{16x16x32,32x32x16}_{f16,bf16}: element_bits 16; v_mfma_i32_{16x16x64,32x32x32}_i8:
// element_bits 8), M = N = `m`, four VGPRs per lane (docs/cdna4.md §2.1; switch k16_layout, probe E-C4-1).
Slot cdna4_kdoubled_slot(int m, int element_bits, int mn, int k, K16Layout layout = K16Layout::contiguous);

// The E8M0 scale of A's row (B's column) `mn` for k-block `block` (k in 32*block..32*block+31) of
// the scaled f8f6f4 MFMA: byte `opsel` of the one scale VGPR in lane mn + m*block (docs/cdna4.md §2.3).
Slot cdna4_scale_slot(int m, int mn, int block, int opsel);

// The same maps as index-bit permutations (items packed at the element width, fp6 fields running
// across VGPR boundaries), for OperandLayout:
// A or B of an f8f6f4 MFMA holding format `format_code` (docs/cdna4.md §2.2).
BitLayout cdna4_f8f6f4_layout(const InstrDesc& desc, Operand op, int format_code, Fp6Layout fp6);
// SA or SB: lane mn + M*block, one item (docs/cdna4.md §2.3); the byte is OperandLayout's bit offset.
BitLayout cdna4_scale_layout(const InstrDesc& desc, Operand op);
// Whether `desc` is one of gfx950's K-doubled dense MFMA, whose A/B fill four VGPRs per lane (Kl = 8
// 16-bit or 16 8-bit values; no earlier CDNA input holds more than two), so switch k16_layout applies.
bool cdna4_kdoubled_input(const InstrDesc& desc);
// A or B of a K-doubled MFMA under k16_layout=interleaved16B (docs/cdna4.md §2.1).
BitLayout cdna4_kdoubled_interleaved_layout(const InstrDesc& desc, Operand op);

}  // namespace mxlane
