// Renders the HIP source of a target's kernels (kernel_catalog.hpp) for clang's device compiler.
#pragma once

#include <string>
#include <vector>

#include "device/kernel_catalog.hpp"

namespace mxlane::device {

// One self-contained HIP translation unit (no HIP headers: it builds with -nogpuinc -nogpulib).
std::string hip_source(const Target& target, const std::vector<Kernel>& kernels);

// A manifest line per kernel: "name in_dwords out_dwords opcode mnemonic[|mnemonic...] token ...",
// opcode 0 for VALU builtins (their encodings vary by architecture),
// read by the disassembly check.
std::string manifest(const std::vector<Kernel>& kernels);

}  // namespace mxlane::device
