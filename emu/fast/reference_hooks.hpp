// Reference computations the fast kernels call for rare lanes (special values). Declared here with
// plain types and defined in a portable translation unit, so the ISA-specific units include no
// header with inline code (see kernel_table.hpp).
#pragma once

#include <cstdint>

namespace mxlane::fast {

// One RDNA3 DOT2 step, default switches (docs/spec/numerics.md §B.4): factors a0, b0, a1, b1 (f16, or bf16
// when `bf16`), accumulator bits `acc` of acc_bits 32 (binary32), or 16 (f16, or bf16 when `bf16`,
// in the low half). Returns the new accumulator bits.
std::uint32_t rdna3_reference_step(bool bf16, int acc_bits, std::uint32_t acc, std::uint16_t a0, std::uint16_t b0,
                                   std::uint16_t a1, std::uint16_t b1);

}  // namespace mxlane::fast
