// Fast kernels for gfx1250's 16-bit results: a binary32-accumulating family run one instruction's K at a time,
// its result rounded to f16/bf16 after each (docs/cdna5.md §3.5).
#pragma once

#include "emu/fast/gemm_problem.hpp"
#include "emu/fast/simd_level.hpp"

namespace mxlane::fast {

// The kernel at `level` for `family` with a 16-bit C/D (GemmProblem::acc_bfloat16 says which format), built on
// the family's binary32 kernel of the same level; nullptr for a family without that combination (the fused
// groups and gfx950's f8f6f4 fp8 group have it) or a level without the binary32 kernel.
const GemmKernel* narrowed_output_kernel(SimdLevel level, GemmFamily family);

}  // namespace mxlane::fast
