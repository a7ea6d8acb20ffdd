// The kernel sources, listed once: each SIMD level's translation unit (isa_scalar.cpp, isa_avx2.cpp)
// includes this file inside its own namespace after its SIMD vocabulary (kernel_table.hpp says why).
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
