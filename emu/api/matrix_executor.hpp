// execute_matrix() for callers that run many instructions (mxlane eval/replay): the operand
// placements are built once per (instruction, modifiers, switches), and the fast GEMM kernels
// compute D whenever gemm_path() says they apply. Same bits as execute_matrix() (the fast kernels
// are tested bit for bit against the reference; tests/api/test_matrix_executor.cpp).
#pragma once

#include "emu/insns/execute.hpp"

namespace mxlane {

// D = A*B + C for `desc` on `regs`, exactly as execute_matrix(desc, regs, operands, mods, switches)
// (same result, same exceptions: anything outside the common case — AccVGPR operands, operands
// outside the register file, illegal modifiers — is handed to execute_matrix()). The placement
// cache is per thread, so concurrent callers never share state.
void execute_matrix_fast(const InstrDesc& desc, LaneRegFile& regs, const MatrixOperands& operands,
                         const Modifiers& mods = {}, const Switches& switches = {});

}  // namespace mxlane
