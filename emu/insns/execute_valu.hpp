// Instruction-level execution of a VALU builtin (SAD, dot, conversion) on a lane register file.
#pragma once

#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"
#include "emu/isa/valu_desc.hpp"
#include "emu/wave/lane_regfile.hpp"

namespace mxlane {

// First VGPR of each source operand (ignored where the builtin has no such operand) and of D.
struct ValuOperands {
  int src[3] = {0, 0, 0};
  int dst = 0;
};

// D = op(src0, src1, src2) in every active lane; lanes whose EXEC bit is 0 keep their destination
// (RDNA3 ISA §7.2.3: "A thread only writes a result if the associated bit in the EXEC mask is set").
// Throws InvalidArgument when `arch` lacks the builtin (naming the architectures that have it), for
// illegal constant arguments, or operands outside the register file.
void execute_valu(const ValuDesc& desc, ArchId arch, LaneRegFile& regs,
                  const ValuOperands& operands, const Modifiers& mods = {},
                  const Switches& switches = {});

// Throws InvalidArgument unless `arch` has `desc`.
void require_available(const ValuDesc& desc, ArchId arch);

}  // namespace mxlane
