// The fast kernels for portable C++ (no ISA flags): the fallback on CPUs without AVX2, tested on every machine.
#include <algorithm>
#include <cmath>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "emu/fast/kernel_table.hpp"
#include "emu/fast/reference_hooks.hpp"
#include "emu/fast/valu_lanes.hpp"

namespace mxlane::fast::scalar {

#include "emu/fast/simd/scalar.inl"
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

ValuLanesKernel valu_kernel(ValuKind kind) { return portable::valu_kernel(kind); }

}  // namespace mxlane::fast::scalar
