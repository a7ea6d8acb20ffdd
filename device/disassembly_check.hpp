// The offline instruction check: each kernel of a code object must hold exactly its builtin's
// instruction, with the intended modifiers and opcode, and no other matrix instruction.
#pragma once

#include <string>
#include <vector>

namespace mxlane::device {

// `disassembly`: llvm-objdump -d output of one code object; `manifest`: its kernels (hip_source.hpp).
// Returns one line per problem; empty means every kernel checked out.
std::vector<std::string> check_disassembly(const std::string& disassembly, const std::string& manifest);

}  // namespace mxlane::device
