// Instruction-level execution of a matrix builtin on a lane register file.
#pragma once

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"
#include "emu/semantics/dot_inputs.hpp"
#include "emu/wave/lane_regfile.hpp"

namespace mxlane {

// Where an operand's registers start.
struct OperandRegs {
  int base = 0;
  RegBank bank = RegBank::vgpr;
};

struct MatrixOperands {
  OperandRegs a, b, c, d;
  OperandRegs idx;     // SMFMAC's index VGPR (read only by sparse instructions)
  OperandRegs sa, sb;  // the E8M0 scale VGPRs of the scaled f8f6f4 MFMA (read only there)
};

// A, B, C, D, IDX, SA and SB one after another from v0, each as many VGPRs as `d` gives it: the
// register assignment of eval lines, the builtin API and run_matrix(). (The _tied builtins then put D
// over C themselves.)
MatrixOperands consecutive_operands(const InstrDesc& d);
// The VGPRs per lane that assignment takes.
int consecutive_operand_vgprs(const InstrDesc& d);

// The numerics context every element kernel of an instruction gets: the switches, and the integer
// WMMA's NEG[0]/NEG[1] (A/B signed) and CLAMP.
NumericsContext numerics_context(const InstrDesc& d, const Modifiers& mods,
                                 const Switches& switches);

// D = A*B + C for `desc` on `regs`. A, B and C are read through their layouts with `mods` applied
// (CBSZ/ABID, BLGP, NEG/NEG_HI/ABS, OPSEL); every source is read before D is written, so D may
// overlap C (the _tied builtins) or A/B. A 16-bit RDNA3 D writes only its OPSEL half; the other
// half keeps its contents (LLVM PR #69903 "the other half of the destination registers remains
// unchanged"; rocjitsu). EXEC: gfx1100 WMMA ignores it (RDNA3 ISA §16.10 pseudocode: EXEC is set to
// all ones around the operation; §3.2.3: WMMA is not skipped when EXEC is 0); gfx90a MFMA ignores it
// too by default (CDNA4 ISA §7.1.2, rocjitsu), or keeps inactive lanes' D with cdna2_exec=masked.
// A sparse A (SMFMAC) is read compressed with its IDX fields and multiplied as the dense row they
// stand for (sparse_row(), docs/cdna3.md §3). The scaled f8f6f4 MFMA reads one E8M0 byte per row of A
// (column of B) and 32-k block from SA (SB) (docs/cdna4.md §2.3).
// Throws InvalidArgument for illegal modifiers, a register file of another wave size, operands
// outside the register file, AccVGPRs on gfx1100, or misaligned gfx90a register tuples.
void execute_matrix(const InstrDesc& desc, LaneRegFile& regs, const MatrixOperands& operands,
                    const Modifiers& mods = {}, const Switches& switches = {});

}  // namespace mxlane
