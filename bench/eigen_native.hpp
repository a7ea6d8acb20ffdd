// Eigen's native GEMM, D = C + A*B on random float or double matrices, behind a C interface
// (eigen_native.cpp is compiled for x86-64-v3 in its own shared library; see CMakeLists.txt).
#pragma once

extern "C" {

struct MxlaneNativeGemm;

// size x size matrices; f64 selects double, else float. The caller must have checked for AVX2+FMA.
__attribute__((visibility("default"))) MxlaneNativeGemm* mxlane_native_gemm_create(int size, int f64);
// One GEMM; returns an element of D so the work cannot be optimised away.
__attribute__((visibility("default"))) double mxlane_native_gemm_run(MxlaneNativeGemm* gemm);
__attribute__((visibility("default"))) void mxlane_native_gemm_destroy(MxlaneNativeGemm* gemm);
}
