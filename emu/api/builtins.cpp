// The builtin-level functions' one non-template step: execute the instruction on the packed registers.
#include "emu/api/builtins.hpp"

namespace mxlane::builtins {

void run_builtin(const InstrDesc& desc, LaneRegFile& regs, const MatrixOperands& ops, const Modifiers& mods,
                 const Switches& switches) {
  execute_matrix(desc, regs, ops, mods, switches);
}

}  // namespace mxlane::builtins
