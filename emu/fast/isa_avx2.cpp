// The fast kernels for AVX2 + FMA + F16C (x86-64-v3). Only this file is compiled with -mavx2 -mfma -mf16c (CMakeLists.txt); it is reached only through gemm_kernel(SimdLevel::avx2, ...) after the run-time CPU check (simd_level.cpp).
#include <immintrin.h>
#include <algorithm>
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
// Kernel sources (kernel_table.hpp explains why they are included here).
#include "emu/fast/kernels/gemm_driver.inl"
#include "emu/fast/kernels/fma_chain.inl"
#include "emu/fast/kernels/pairwise_tree.inl"
#include "emu/fast/kernels/integer_dot.inl"
#include "emu/fast/kernels/rdna3_dot2.inl"
#include "emu/fast/kernels/cdna3_fused.inl"
#include "emu/fast/kernels/cdna3_fp8.inl"
#include "emu/fast/kernels/gfx12_dot4_framed_sum.inl"
#include "emu/fast/kernels/gfx12_dot4_finite.inl"
#include "emu/fast/kernels/gfx12_dot4_finite_f16.inl"
#include "emu/fast/kernels/gfx12_dot4_chain.inl"
#include "emu/fast/kernels/kernel_set.inl"
#include "emu/fast/kernels/valu_portable.inl"  // VALU lane kernels of every level
#include "emu/fast/kernels/valu_lanes.inl"     // VALU lane kernels: this level only

}  // namespace mxlane::fast::avx2
