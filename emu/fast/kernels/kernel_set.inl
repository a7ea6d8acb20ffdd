// The table of this level's kernels (included last by each isa_*.cpp).

// gfx1200 FP8/BF8: one kernel whose run() picks the chain of the problem's A and B formats (all
// four have the same panels, so one workspace size serves them).
template <Gfx12Factor InA, Gfx12Factor InB>
using Gfx12Fp8Driver = GemmDriver<Gfx12Dot4ChainFamily<InA, InB, Gfx12Output::f32>>;
inline void run_gfx12_fp8(const GemmProblem& p, int j_begin, int j_end, void* workspace) {
  const bool a_bf8 = p.a_fp8 == static_cast<std::uint8_t>(Fp8Input::e5m2_ocp);
  const bool b_bf8 = p.b_fp8 == static_cast<std::uint8_t>(Fp8Input::e5m2_ocp);
  constexpr Gfx12Factor fp8 = Gfx12Factor::fp8, bf8 = Gfx12Factor::bf8;
  if (!a_bf8 && !b_bf8) Gfx12Fp8Driver<fp8, fp8>::run(p, j_begin, j_end, workspace);
  else if (!a_bf8) Gfx12Fp8Driver<fp8, bf8>::run(p, j_begin, j_end, workspace);
  else if (!b_bf8) Gfx12Fp8Driver<bf8, fp8>::run(p, j_begin, j_end, workspace);
  else Gfx12Fp8Driver<bf8, bf8>::run(p, j_begin, j_end, workspace);
}
inline GemmKernel gfx12_fp8_kernel() {
  GemmKernel k = Gfx12Fp8Driver<Gfx12Factor::fp8, Gfx12Factor::fp8>::kernel({});
  k.run = &run_gfx12_fp8;
  return k;
}

const GemmKernel* gemm_kernel(GemmFamily family, int acc_bits) {
  // CDNA2 FP32/FP64: RNE, no flushing. CDNA2 FP16/BF16: the flush after rounding, by MXCSR.FTZ
  // where the level uses it (kHostFlushesTiny). RDNA3: integer grid; the int -> float conversion
  // needs only RNE. CDNA3 fused and gfx12 DOT4: integer grid, then exact binary64 with one RNE
  // conversion (FTZ off); gfx12 DOT4 with f16 output rounds in integers (the int -> float conversion
  // that finds the lead needs only RNE). Integer families: no floating point at all.
  static const GemmKernel f32 = GemmDriver<FmaChainF32>::kernel({});
  static const GemmKernel f64 = GemmDriver<FmaChainF64>::kernel({});
  static const GemmKernel f16 = GemmDriver<PairwiseTreeFamily<false>>::kernel({kHostFlushesTiny, false});
  static const GemmKernel bf16 = GemmDriver<PairwiseTreeFamily<true>>::kernel({kHostFlushesTiny, false});
  static const GemmKernel integer = GemmDriver<IntegerDotFamily>::kernel({});
  static const GemmKernel dot2_f16_f32 = GemmDriver<Rdna3Dot2Family<false, 32>>::kernel({});
  static const GemmKernel dot2_f16_f16 = GemmDriver<Rdna3Dot2Family<false, 16>>::kernel({});
  static const GemmKernel dot2_bf16_f32 = GemmDriver<Rdna3Dot2Family<true, 32>>::kernel({});
  static const GemmKernel dot2_bf16_bf16 = GemmDriver<Rdna3Dot2Family<true, 16>>::kernel({});
  static const GemmKernel fused_f16 = GemmDriver<Cdna3FusedFamily<FusedInput::f16>>::kernel({});
  static const GemmKernel fused_bf16 = GemmDriver<Cdna3FusedFamily<FusedInput::bf16>>::kernel({});
  static const GemmKernel fused_xf32 = GemmDriver<Cdna3FusedFamily<FusedInput::xf32>>::kernel({});
  static const GemmKernel dot4_f16 =
      GemmDriver<Gfx12Dot4ChainFamily<Gfx12Factor::f16, Gfx12Factor::f16, Gfx12Output::f32>>::kernel({});
  static const GemmKernel dot4_bf16 =
      GemmDriver<Gfx12Dot4ChainFamily<Gfx12Factor::bf16, Gfx12Factor::bf16, Gfx12Output::f32>>::kernel({});
  static const GemmKernel fused_fp8 = GemmDriver<Cdna3Fp8Family>::kernel({});
  static const GemmKernel f8f6f4_fp8 = GemmDriver<Cdna3FusedFamily<FusedInput::fp8_ocp>>::kernel({});
  static const GemmKernel gradual_f16 = GemmDriver<PairwiseTreeFamily<false, TreeSubnormals::keep>>::kernel({});  // gfx908
  static const GemmKernel gradual_bf16 = GemmDriver<PairwiseTreeFamily<true, TreeSubnormals::keep>>::kernel({});
  static const GemmKernel dot4_fp8 = gfx12_fp8_kernel();
  static const GemmKernel dot4_f16_f16 =
      GemmDriver<Gfx12Dot4ChainFamily<Gfx12Factor::f16, Gfx12Factor::f16, Gfx12Output::f16>>::kernel({});
  static const GemmKernel dot4_bf16_bf16 =
      GemmDriver<Gfx12Dot4ChainFamily<Gfx12Factor::bf16, Gfx12Factor::bf16, Gfx12Output::bf16>>::kernel({});
  switch (family) {
    case GemmFamily::cdna2_fma_chain_f32: return &f32;
    case GemmFamily::cdna2_fma_chain_f64: return &f64;
    case GemmFamily::cdna2_pairwise_f16: return &f16;
    case GemmFamily::cdna2_pairwise_bf16: return &bf16;
    case GemmFamily::cdna2_int8:
    case GemmFamily::rdna3_int:
    case GemmFamily::gfx12_int: return &integer;
    case GemmFamily::rdna3_dot2_f16: return acc_bits == 32 ? &dot2_f16_f32 : &dot2_f16_f16;
    case GemmFamily::rdna3_dot2_bf16: return acc_bits == 32 ? &dot2_bf16_f32 : &dot2_bf16_bf16;
    case GemmFamily::cdna3_fused_f16: return &fused_f16;
    case GemmFamily::cdna3_fused_bf16: return &fused_bf16;
    case GemmFamily::cdna3_fused_xf32: return &fused_xf32;
    case GemmFamily::gfx12_dot4_f16: return acc_bits == 32 ? &dot4_f16 : &dot4_f16_f16;
    case GemmFamily::gfx12_dot4_bf16: return acc_bits == 32 ? &dot4_bf16 : &dot4_bf16_bf16;
    case GemmFamily::cdna3_fused_fp8: return &fused_fp8;
    case GemmFamily::cdna4_f8f6f4_fp8: return &f8f6f4_fp8;
    case GemmFamily::cdna1_pairwise_f16: return &gradual_f16;
    case GemmFamily::cdna1_pairwise_bf16: return &gradual_bf16;
    case GemmFamily::gfx12_dot4_fp8: return &dot4_fp8;
    case GemmFamily::count: break;
  }
  return nullptr;
}
