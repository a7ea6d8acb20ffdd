// gemm_kernel(): the kernel of the requested level, never one the CPU cannot run.
#include "emu/fast/kernel_table.hpp"

#include "emu/fast/narrowed_output.hpp"

namespace mxlane::fast {

const GemmKernel* gemm_kernel(SimdLevel level, GemmFamily family, int acc_bits) {
  if (level > detected_simd_level()) return nullptr;
  // The binary32-accumulating families with a 16-bit C/D (gfx1250, docs/cdna5.md §3.5): their kernel of any
  // width would read and write binary32, so the narrowing adapter runs them instead.
  if (acc_bits == 16 && (family == GemmFamily::cdna3_fused_f16 || family == GemmFamily::cdna3_fused_bf16 ||
                         family == GemmFamily::cdna4_f8f6f4_fp8 || family == GemmFamily::cdna4_f8f6f4_fp8_bf8 ||
                         family == GemmFamily::cdna4_f8f6f4_bf8_fp8 || family == GemmFamily::cdna4_f8f6f4_bf8_bf8))
    return narrowed_output_kernel(level, family);
  switch (level) {
    case SimdLevel::avx2:
#if defined(MXLANE_X86_SIMD_UNITS)
      return avx2::gemm_kernel(family, acc_bits);
#else
      return nullptr;  // not an x86-64 build
#endif
    case SimdLevel::avx512:
#if defined(MXLANE_X86_SIMD_UNITS)
      return avx512::gemm_kernel(family, acc_bits);
#else
      return nullptr;  // not an x86-64 build
#endif
    case SimdLevel::scalar: return scalar::gemm_kernel(family, acc_bits);
  }
  return nullptr;
}

}  // namespace mxlane::fast
