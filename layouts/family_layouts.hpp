// Bit layouts of each architecture family's operands, built from the instruction's shape.
#pragma once

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"
#include "layouts/bit_layout.hpp"

namespace mxlane {

// gfx90a MFMA A or B (docs/spec/layouts.md §5.2).
BitLayout cdna2_input_layout(const InstrDesc& desc, Operand op);
// gfx90a MFMA C and D (docs/spec/layouts.md §5.3; seed 001 "Accumulator layout"; §11.2 for f64 4x4x4).
BitLayout cdna2_output_layout(const InstrDesc& desc, F64QuadOrder f64_quad_order);

// gfx1100 WMMA A or B, replicated across 16-lane groups (docs/spec/layouts.md §6; seed 000 "srcA and srcB").
BitLayout rdna3_input_layout(const InstrDesc& desc, Operand op);
// gfx1100 WMMA C and D, rows interleaved across 16-lane groups (docs/spec/layouts.md §6; seed 000
// "Accumulator layout").
BitLayout rdna3_output_layout(const InstrDesc& desc);

// log2 of a power of two.
int log2_exact(int power_of_two);

}  // namespace mxlane
