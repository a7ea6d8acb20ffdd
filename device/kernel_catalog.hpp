// The device kernels, derived from the instruction table: one per builtin and modifier combination
// the runner, the probes and the disassembly check use. Generator, runner and tests share this list.
#pragma once

#include <string>
#include <vector>

#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/valu_desc.hpp"

namespace mxlane::device {

// A code object target: an architecture and a wave size (gfx11 builds one object per wave size).
struct Target {
  ArchId arch;
  int wave;
  std::string name() const;  // "gfx90a", "gfx1100", "gfx1100-w64"
  std::string clang_flags() const;
  bool operator==(const Target&) const = default;
};

// The targets of the architectures in `arch_names` ("gfx90a;gfx1100" by default): gfx9 targets
// run wave64; gfx10+ get a wave32 and a wave64 object.
std::vector<Target> targets_for(const std::vector<std::string>& arch_names);

// One kernel: it loads each lane's operand words from a lane-major input buffer (lane L's words at
// in[L * in_dwords ...], operands in argument order), calls the builtin with constant modifiers,
// and stores the result words at out[L * out_dwords ...].
struct Kernel {
  std::string name;  // "k_mfma_f32_32x32x8f16__blgp1"
  Target target;
  const InstrDesc* matrix = nullptr;  // exactly one of matrix / valu is set
  const ValuDesc* valu = nullptr;
  Modifiers mods;
  // A MODE register write before the builtin (for the probes of MODE effects): the s_setreg
  // immediate (size-1 << 11 | offset << 6 | HW_REG_MODE) and value; mode_imm 0 means none.
  int mode_imm = 0;
  int mode_value = 0;
  std::vector<int> operand_dwords;  // per source operand, in argument order
  int in_dwords = 0;
  int out_dwords = 0;
  std::string builtin() const;  // the builtin name without prefix
  // What the disassembly must show: the mnemonics accepted (one of them exactly once) and the
  // modifier tokens LLVM prints for `mods` ("cbsz:1", "blgp:3", "op_sel:[0,0,1]", "clamp", ...).
  std::vector<std::string> mnemonics;
  std::vector<std::string> modifier_tokens;
};

// The source operands of a matrix kernel in the order it loads them: A, B, C, then SMFMAC's IDX or the
// scaled f8f6f4 MFMA's SA, SB (the builtin's argument order).
std::vector<Operand> kernel_source_operands(const InstrDesc& d);

// Every kernel of a target, in a stable order.
std::vector<Kernel> kernels_for(const Target& target);

// Every kernel of every target of every architecture (or of the one named), in a stable order.
std::vector<Kernel> every_kernel(const std::string& arch_name = "");

}  // namespace mxlane::device
