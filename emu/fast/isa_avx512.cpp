// The fast kernels for AVX-512 F/BW/DQ/VL (x86-64-v4). Only this file is compiled with the AVX-512 flags (CMakeLists.txt); it is reached only through gemm_kernel(SimdLevel::avx512, ...) after the run-time CPU check (simd_level.cpp).
#include <immintrin.h>
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "emu/fast/kernel_table.hpp"
#include "emu/fast/reference_hooks.hpp"
#include "emu/fast/valu_lanes.hpp"

namespace mxlane::fast::avx512 {

#include "emu/fast/simd/avx512.inl"
#include "emu/fast/kernels/kernel_sources.inl"

// The VALU builtins: the AVX2 level's intrinsic kernels where it has one (its SAD, dot and packing
// kernels work on bytes and halfwords of 256-bit registers, and the CPU has AVX2), else the kernels
// every level shares (valu_portable.inl), here on 16 lanes.
ValuLanesKernel valu_kernel(ValuKind kind) {
  const ValuLanesKernel k = avx2::intrinsic_valu_kernel(kind);
  return k != nullptr ? k : portable::valu_kernel(kind);
}

}  // namespace mxlane::fast::avx512
