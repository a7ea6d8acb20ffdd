// The fast GEMM kernels of each SIMD level.
//
// How the ISA-specific code is kept apart: each level is one translation unit (isa_scalar.cpp,
// isa_avx2.cpp, isa_avx512.cpp) that includes the same kernel sources (kernels/*.inl) inside its own
// namespace (mxlane::fast::scalar, avx2, avx512) after that level's SIMD vocabulary (simd/*.inl).
// Only isa_avx2.cpp is compiled with -mavx2 -mfma -mf16c and only isa_avx512.cpp with the AVX-512
// flags (CMakeLists.txt), and each is entered only through the table below after a run-time CPU check. Since every function of a level lives in
// that level's namespace and the units include no header with inline code (only plain structs and
// the reference hooks, defined elsewhere), the linker can never merge an AVX2-compiled copy of a
// function into the portable code path.
#pragma once

#include "emu/fast/gemm_problem.hpp"
#include "emu/fast/simd_level.hpp"

namespace mxlane::fast {

namespace scalar {
const GemmKernel* gemm_kernel(GemmFamily family, int acc_bits);
}
namespace avx2 {
const GemmKernel* gemm_kernel(GemmFamily family, int acc_bits);
}
namespace avx512 {
const GemmKernel* gemm_kernel(GemmFamily family, int acc_bits);
}

// The family's kernel at `level`; nullptr when that level has none.
const GemmKernel* gemm_kernel(SimdLevel level, GemmFamily family, int acc_bits);

}  // namespace mxlane::fast
