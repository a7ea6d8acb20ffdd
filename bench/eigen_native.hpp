// Eigen's native GEMM, D = C + A*B on random float or double matrices, behind a C interface, built
// twice (bench/CMakeLists.txt): for x86-64-v3 (AVX2 + FMA) and for x86-64-v4 (AVX-512), each in its
// own shared library, so that the baseline a kernel is compared with uses the same instruction set.
#pragma once

extern "C" {

struct MxlaneNativeGemm;

// size x size matrices; f64 selects double, else float. The caller must have checked the CPU has
// the library's instruction set (v3: AVX2 + FMA; v4: AVX-512 F/BW/DQ/VL as well).
__attribute__((visibility("default"))) MxlaneNativeGemm* mxlane_native_v3_gemm_create(int size, int f64);
__attribute__((visibility("default"))) MxlaneNativeGemm* mxlane_native_v4_gemm_create(int size, int f64);
// One GEMM; returns an element of D so the work cannot be optimised away.
__attribute__((visibility("default"))) double mxlane_native_v3_gemm_run(MxlaneNativeGemm* gemm);
__attribute__((visibility("default"))) double mxlane_native_v4_gemm_run(MxlaneNativeGemm* gemm);
__attribute__((visibility("default"))) void mxlane_native_v3_gemm_destroy(MxlaneNativeGemm* gemm);
__attribute__((visibility("default"))) void mxlane_native_v4_gemm_destroy(MxlaneNativeGemm* gemm);
}
