// The fast kernels for AVX2 + FMA + F16C (x86-64-v3). Only this file is compiled with -mavx2 -mfma -mf16c (CMakeLists.txt); it is reached only through gemm_kernel(SimdLevel::avx2, ...) after the run-time CPU check (simd_level.cpp).
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

namespace mxlane::fast::avx2 {

#include "emu/fast/simd/avx2.inl"
#include "emu/fast/kernels/kernel_sources.inl"
#include "emu/fast/kernels/valu_lanes.inl"  // VALU lane kernels: this level only

}  // namespace mxlane::fast::avx2
