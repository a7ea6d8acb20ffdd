// One emulated GEMM as the fast kernels see it: raw column-major matrices and the numerics family
// that computes each element. Portable; shared by the driver (emu/api/gemm.cpp) and the ISA units.
#pragma once

#include <cstddef>
#include <cstdint>

namespace mxlane::fast {

// The numerics families with a fast kernel. Which instruction belongs to which family is derived
// from the instruction table (gemm_family.hpp), never listed by mnemonic.
enum class GemmFamily : std::uint8_t {
  cdna2_fma_chain_f32,  // docs/spec/numerics.md §B.1, binary32
  cdna2_fma_chain_f64,  // §B.1, binary64
  cdna2_pairwise_f16,   // §B.2, f16 inputs
  cdna2_pairwise_bf16,  // §B.2, bf16 inputs (groups of 4: _1k; of 2: legacy)
  cdna2_int8,           // §A.1 INT8 [INF]: exact sum wrapped to 32 bits
  rdna3_dot2_f16,       // §B.4/§B.5, f16 inputs (f32, f16 accumulator)
  rdna3_dot2_bf16,      // §B.4/§B.5, bf16 inputs (f32, bf16 accumulator)
  rdna3_int,            // §B.7 [INF]: IU8 / IU4, signedness from NEG, optional CLAMP
  cdna3_fused_f16,      // docs/cdna3-numerics.md §2: fused groups (gfx942, gfx950), f16 inputs
  cdna3_fused_bf16,     // the same, bf16 inputs
  cdna3_fused_xf32,     // the same, xf32 inputs (binary32 cut to 10 fraction bits), groups of 4
  gfx12_dot4_f16,       // docs/rdna4.md §3.1, §3.2: DOT4 chain, f16 inputs, binary32 or f16 accumulator
  gfx12_dot4_bf16,      // the same, bf16 inputs (binary32 or bf16 accumulator)
  cdna3_fused_fp8,      // docs/cdna3-numerics.md §3: fp8/bf8 groups of 16, even/odd split (FNUZ or OCP)
  cdna1_pairwise_f16,   // docs/cdna1.md: the §B.2 trees with gradual underflow (gfx908), f16 inputs
  cdna1_pairwise_bf16,  // the same, legacy bf16 inputs
  gfx12_int,            // docs/rdna4.md §3.2: IU8 / IU4, signedness from NEG, CLAMP after each half of K
  gfx12_dot4_fp8,       // docs/rdna4.md §3.2: DOT4 chain on OCP FP8/BF8 factors (a_fp8, b_fp8), binary32 accumulator
  cdna4_f8f6f4_fp8,  // docs/cdna4-numerics.md §3.3: unscaled f8f6f4, fp8 x fp8 (CBSZ = BLGP = 0), one fused group per 32 k
  cdna4_f8f6f4_fp8_bf8,  // the same step, OCP E4M3 A and E5M2 B (gfx1250 FP8/BF8 WMMA, docs/cdna5.md §3.5)
  cdna4_f8f6f4_bf8_fp8,  // E5M2 A, E4M3 B
  cdna4_f8f6f4_bf8_bf8,  // E5M2 A and B
  cdna4_f8f6f4_fp6,      // the same step, FP6 E2M3 A and B (f8f6f4 formats 2 / 2; docs/cdna5.md §3.5)
  cdna4_f8f6f4_bf6,      // BF6 E3M2 A and B (formats 3 / 3)
  cdna4_f8f6f4_fp4,      // FP4 E2M1 A and B (formats 4 / 4, and the gfx1250 32x16x128 FP4)
  cdna4_f8f6f4_pair,     // the same step, any other pair of the five formats (a_fp8 / b_fp8: their FusedInput)
  count
};

// Storage of one element of a matrix: the instruction's element type's bits, low-aligned.
enum class Storage : std::uint8_t { u8, u16, u32, u64 };

struct MatrixView {
  const void* data = nullptr;
  std::ptrdiff_t ld = 0;  // column-major: element (i, j) at data[i + j * ld]
  Storage storage = Storage::u32;
};

// Bytes of one element of `s`.
constexpr std::size_t storage_bytes(Storage s) {
  switch (s) {
    case Storage::u8: return 1;
    case Storage::u16: return 2;
    case Storage::u32: return 4;
    case Storage::u64: return 8;
  }
  return 4;
}

struct GemmProblem {
  GemmFamily family = GemmFamily::cdna2_fma_chain_f32;
  int m = 0, n = 0, k = 0;    // D is m x n; the sum runs over k
  int k_step = 1;             // the instruction's K: every k_step the accumulator is read as a new C
  int group = 1;              // products per group: CDNA2 pairwise tree (2 or 4), CDNA3 fused (4 or 8)
  int element_bits = 16;      // RDNA3: 16 (f16/bf16 inputs), 8 (IU8) or 4 (IU4)
  int acc_bits = 32;          // RDNA3 float accumulator: 32 (f32), 16 (f16 / bf16)
  bool acc_bfloat16 = false;  // a 16-bit C/D of a binary32-accumulating family (gfx1250): bf16, else f16
  bool a_signed = true, b_signed = true, clamp = false;  // RDNA3 integer WMMA (NEG[0], NEG[1], CLAMP)
  int clamp_stages = 1;  // integer WMMA with CLAMP: saturations per instruction (gfx1200: 2, one per half of K)
  std::uint8_t a_fp8 = 0, b_fp8 = 0;  // fp8/bf8 families: the FP8 format of A and of B (fast::Fp8Input);
                                      // cdna4_f8f6f4_pair: A's and B's fast::FusedInput
  MatrixView a, b, c;                 // A is m x k, B is k x n, C is m x n
  void* d = nullptr;                  // m x n, same storage as C
  std::ptrdiff_t ldd = 0;
};

// The floating-point environment a kernel needs (FloatEnvGuard in float_env.hpp sets it).
struct KernelEnv {
  bool flush_to_zero = false;
  bool denormals_are_zero = false;
};

// A family's kernel at one SIMD level: computes columns [j_begin, j_end) of D completely (all
// rows, all of K) using `workspace` (workspace_bytes(p) bytes, 64-byte aligned, owned by the
// calling thread). Columns may be split at any multiple of column_granule; rows (by running the
// kernel on a problem offset to the first row) at any multiple of row_granule, its block of packed A
// rows, so that no block but the last of a split is partly filled.
struct GemmKernel {
  void (*run)(const GemmProblem& p, int j_begin, int j_end, void* workspace) = nullptr;
  std::size_t (*workspace_bytes)(const GemmProblem& p, int columns) = nullptr;
  int column_granule = 1;
  int row_granule = 1;
  KernelEnv env;
};

}  // namespace mxlane::fast
