// gemm_kernel(): the kernel of the requested level, never one the CPU cannot run.
#include "emu/fast/kernel_table.hpp"

namespace mxlane::fast {

const GemmKernel* gemm_kernel(SimdLevel level, GemmFamily family, int acc_bits) {
  if (level > detected_simd_level()) return nullptr;
  switch (level) {
    case SimdLevel::avx2:
#if defined(MXLANE_AVX2_UNIT)
      return avx2::gemm_kernel(family, acc_bits);
#else
      return nullptr;  // not an x86-64 build
#endif
    case SimdLevel::scalar: return scalar::gemm_kernel(family, acc_bits);
  }
  return nullptr;
}

}  // namespace mxlane::fast
