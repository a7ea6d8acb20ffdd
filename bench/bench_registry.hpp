// The benchmark families, registered at run time (their names feed the summary table).
#pragma once

#include <string>

#include "emu/fast/simd_level.hpp"
#include "emu/isa/arch.hpp"

namespace mxlane_bench {

void register_gemm_benchmarks();
void register_valu_benchmarks();
// Single vector instructions at 256 and 512 bits (vector_op_bench.cpp).
void register_vector_op_benchmarks();
// `mxlane_bench --scaling`: instead of the above, every numerics family's GEMM of kScalingSize^3 at
// 1, 2, 4, ... threads up to the CPUs this process may use (docs/performance.md, "Scaling").
void register_scaling_benchmarks();

// The performance targets' GEMMs (the emulated GEMM at 1024x1024x1024 next to Eigen; docs/performance.md), with their targets.
struct HeadlineGemm {
  mxlane::ArchId arch;
  const char* mnemonic;
  const char* inputs;
  const char* native;           // Eigen scalar type of the same size
  double target_ratio;          // emulated / native, single thread (the project's target, docs/performance.md)
  const char* label = nullptr;  // the benchmark's name when the mnemonic exists on two architectures
  double avx512_target = 1.4;   // the AVX2 level's time over the AVX-512 level's, at least (0: no target)
  const char* name() const { return label != nullptr ? label : mnemonic; }
};
// AVX-512 over AVX2 at least 1.4x on the fused-group (gfx942, gfx950, gfx1250), DOT2 (gfx1100) and DOT4
// (gfx1200) GEMMs; the CDNA2 chains and trees have no such target.
inline constexpr HeadlineGemm kHeadlineGemms[] = {
    {mxlane::ArchId::gfx90a, "v_mfma_f32_32x32x8f16", "f16", "float", 3.0, nullptr, 0},
    {mxlane::ArchId::gfx1100, "v_wmma_f32_16x16x16_f16", "f16", "float", 6.0},
    {mxlane::ArchId::gfx90a, "v_mfma_f32_32x32x2f32", "f32", "float", 2.0, nullptr, 0},
    {mxlane::ArchId::gfx90a, "v_mfma_f64_16x16x4f64", "f64", "double", 2.0, nullptr, 0},
    // gfx942 fused f16 groups, gfx950's K-doubled bf16 and gfx942 fp8 (kernels/cdna3_fused.inl, cdna3_fp8.inl).
    {mxlane::ArchId::gfx942, "v_mfma_f32_32x32x8_f16", "f16", "float", 3.0},
    {mxlane::ArchId::gfx950, "v_mfma_f32_32x32x16_bf16", "bf16", "float", 3.0},
    {mxlane::ArchId::gfx942, "v_mfma_f32_32x32x16_fp8_fp8", "fp8", "float", 3.0},
    // gfx950 unscaled f8f6f4, fp8 A and B: the fused kernel with one group per 32-k block.
    {mxlane::ArchId::gfx950, "v_mfma_f32_32x32x64_f8f6f4", "fp8", "float", 3.0},
    // gfx1200 DOT4 chain (kernels/gfx12_dot4_chain.inl, gfx12_dot4_finite.inl); the mnemonic is gfx1100's too.
    {mxlane::ArchId::gfx1200, "v_wmma_f32_16x16x16_f16", "f16", "float", 6.0, "v_wmma_f32_16x16x16_f16_gfx12"},
    {mxlane::ArchId::gfx1200, "v_wmma_f32_16x16x16_bf16", "bf16", "float", 6.0, "v_wmma_f32_16x16x16_bf16_gfx12"},
    // gfx1250 at its default model (docs/cdna5.md §3.5): gfx950's fused-group kernels; target 12x Eigen float.
    {mxlane::ArchId::gfx1250, "v_wmma_f32_16x16x32_f16", "f16", "float", 12.0},
    {mxlane::ArchId::gfx1250, "v_wmma_f32_16x16x32_bf16", "bf16", "float", 12.0},
    {mxlane::ArchId::gfx1250, "v_wmma_f32_16x16x128_fp8_fp8", "fp8", "float", 12.0},
    {mxlane::ArchId::gfx1250, "v_wmma_f32_16x16x4_f32", "f32", "float", 12.0},
    {mxlane::ArchId::gfx1250, "v_wmma_f32_32x16x128_f4", "fp4", "float", 12.0},
};
inline constexpr int kHeadlineSize = 1024;
inline constexpr int kScalingSize = 4096;
inline constexpr double kScalingTarget = 12.0;  // 16 threads at least 12x one thread (on 16 cores)
inline constexpr int kScalingThreads = 16;

// Whether this run's Eigen baseline is the x86-64-v4 build: when the fast kernels run at AVX-512 (the
// CPU has it and MXLANE_SIMD does not cap it); else the x86-64-v3 build (gemm_bench.cpp, summary.cpp).
inline bool native_is_v4() { return mxlane::fast::active_simd_level() >= mxlane::fast::SimdLevel::avx512; }
inline const char* native_isa_name() { return native_is_v4() ? "x86-64-v4" : "x86-64-v3"; }

// Benchmark names shared with the summary.
inline std::string gemm_name(const std::string& mnemonic, int size, int threads) {
  return "gemm/" + mnemonic + "/" + std::to_string(size) + "/threads:" + std::to_string(threads);
}
inline std::string scaling_name(const std::string& name, int size, int threads) {
  return "scaling/" + name + "/" + std::to_string(size) + "/threads:" + std::to_string(threads);
}
inline std::string eigen_name(const std::string& type, int size) {
  return "eigen_native/" + type + "/" + std::to_string(size);
}
inline std::string valu_name(const std::string& builtin, const std::string& arch) {
  return "valu/" + builtin + "/" + arch;
}
// engine: a SIMD level's name, or "reference".
inline std::string valu_level_name(const std::string& builtin, const std::string& arch, const std::string& engine) {
  return "valu_level/" + builtin + "/" + arch + "/" + engine;
}

}  // namespace mxlane_bench
