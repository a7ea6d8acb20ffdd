// The table of this level's kernels, expanded from gemm_kernels.def (included last by kernel_sources.inl).

// gfx1200 FP8/BF8: one kernel whose run() picks the chain of the problem's A and B formats (all
// four have the same panels, so one workspace size serves them).
template <Gfx12Factor InA, Gfx12Factor InB>
using Gfx12Fp8Driver = GemmDriver<Gfx12Dot4ChainFamily<InA, InB, Gfx12Output::f32>>;
inline void run_gfx12_fp8(const GemmProblem& p, int j_begin, int j_end, void* workspace) {
  const bool a_bf8 = p.a_fp8 == static_cast<std::uint8_t>(Fp8Input::e5m2_ocp);
  const bool b_bf8 = p.b_fp8 == static_cast<std::uint8_t>(Fp8Input::e5m2_ocp);
  constexpr Gfx12Factor fp8 = Gfx12Factor::fp8, bf8 = Gfx12Factor::bf8;
  if (!a_bf8 && !b_bf8)
    Gfx12Fp8Driver<fp8, fp8>::run(p, j_begin, j_end, workspace);
  else if (!a_bf8)
    Gfx12Fp8Driver<fp8, bf8>::run(p, j_begin, j_end, workspace);
  else if (!b_bf8)
    Gfx12Fp8Driver<bf8, fp8>::run(p, j_begin, j_end, workspace);
  else
    Gfx12Fp8Driver<bf8, bf8>::run(p, j_begin, j_end, workspace);
}
inline GemmKernel gfx12_fp8_kernel() {
  GemmKernel k = Gfx12Fp8Driver<Gfx12Factor::fp8, Gfx12Factor::fp8>::kernel({});
  k.run = &run_gfx12_fp8;
  return k;
}

// The kernel of `family` for an `acc_bits` accumulator at this level: the entry of gemm_kernels.def.
const GemmKernel* gemm_kernel(GemmFamily family, int acc_bits) {
#define MXLANE_GEMM_KERNEL(family_, acc_bits_, ...)                                     \
  if (family == GemmFamily::family_ && ((acc_bits_) == 0 || (acc_bits_) == acc_bits)) { \
    static const GemmKernel kernel = __VA_ARGS__;                                       \
    return &kernel;                                                                     \
  }
#include "emu/fast/kernels/gemm_kernels.def"
  return nullptr;
}
