// gemm_family(): the numerics family of an instruction from its table row.
#include "emu/fast/gemm_family.hpp"

namespace mxlane::fast {
namespace {

// The fused-group kernel of an f8f6f4 format pair (0 FP8, 1 BF8, 2 FP6, 3 BF6, 4 FP4): any pairing of FP8 and BF8,
// and each sub-byte format with itself (docs/cdna4-numerics.md §3.3, docs/cdna5.md §3.5); the other pairs run
// the reference.
// The kernel of an f8f6f4 format pair (codes 0 FP8, 1 BF8, 2 FP6, 3 BF6, 4 FP4): every FP8/BF8 pair and each
// sub-byte format with itself have their own; the other pairs share one that takes the formats per problem.
GemmFamily f8f6f4_pair_family(int fa, int fb) {
  if (fa <= 1 && fb <= 1)
    return fa == 1 ? (fb == 1 ? GemmFamily::cdna4_f8f6f4_bf8_bf8 : GemmFamily::cdna4_f8f6f4_bf8_fp8)
                   : (fb == 1 ? GemmFamily::cdna4_f8f6f4_fp8_bf8 : GemmFamily::cdna4_f8f6f4_fp8);
  if (fa != fb) return GemmFamily::cdna4_f8f6f4_pair;
  return fa == 2 ? GemmFamily::cdna4_f8f6f4_fp6 : fa == 3 ? GemmFamily::cdna4_f8f6f4_bf6 : GemmFamily::cdna4_f8f6f4_fp4;
}

std::optional<FamilyChoice> f8f6f4_choice(const InstrDesc& d, const Modifiers& mods, int acc_bits) {
  const int fa = format_code(d, mods, Operand::A), fb = format_code(d, mods, Operand::B);
  if (fa < 0 || fa > 4 || fb < 0 || fb > 4) return std::nullopt;  // validate_modifiers() words the refusal
  FamilyChoice choice{f8f6f4_pair_family(fa, fb), 32, 8, acc_bits};
  if (choice.family == GemmFamily::cdna4_f8f6f4_pair) {
    constexpr FusedInput kByCode[] = {FusedInput::fp8_ocp, FusedInput::bf8_ocp, FusedInput::fp6, FusedInput::bf6,
                                      FusedInput::fp4};
    choice.a_fp8 = static_cast<std::uint8_t>(kByCode[fa]);
    choice.b_fp8 = static_cast<std::uint8_t>(kByCode[fb]);
  }
  return choice;
}

}  // namespace

std::optional<FamilyChoice> gemm_family(const InstrDesc& d, const Modifiers& mods) {
  const FastNumerics numerics = d.family().fast_numerics;  // named by the family (emu/isa/families/)
  const int in_bits = elem_bits(d.a_type), acc_bits = elem_bits(d.c_type);
  if (numerics == FastNumerics::cdna_mfma) {
    const int values_per_lane = 32 * d.vgprs_a / in_bits;
    const ArchInfo& arch = d.arch_traits();
    // gfx942/gfx950 fuse each group of products with the accumulator (docs/cdna3-numerics.md §1:
    // groups of min(8, K) for f16/bf16, 4 for xf32; gfx950's K-doubled shapes: 8 at the default of
    // switch cdna4_kdoubled_group, docs/cdna4-numerics.md §4). The pairwise kernels implement the
    // flushing tree (gfx90a) and, with gradual underflow, gfx908's tree (docs/cdna1.md: its default
    // cdna1_subnormals=keep; the alternative is a non-default switch and so runs the reference).
    const bool fused = arch.mfma_float_model == MfmaFloatModel::fused_groups;
    const bool keeps_subnormals = arch.matrix_subnormals == MatrixSubnormals::keep;
    const int fused_group = d.k < 8 ? d.k : 8;
    constexpr int kXf32Group = 4;
    switch (d.a_type) {
      case ElemType::f32: return FamilyChoice{GemmFamily::cdna2_fma_chain_f32, 1, in_bits, acc_bits};
      case ElemType::f64: return FamilyChoice{GemmFamily::cdna2_fma_chain_f64, 1, in_bits, acc_bits};
      case ElemType::f16:
        if (fused) return FamilyChoice{GemmFamily::cdna3_fused_f16, fused_group, in_bits, acc_bits};
        return FamilyChoice{keeps_subnormals ? GemmFamily::cdna1_pairwise_f16 : GemmFamily::cdna2_pairwise_f16,
                            values_per_lane, in_bits, acc_bits};
      case ElemType::bf16:
        if (fused) return FamilyChoice{GemmFamily::cdna3_fused_bf16, fused_group, in_bits, acc_bits};
        return FamilyChoice{keeps_subnormals ? GemmFamily::cdna1_pairwise_bf16 : GemmFamily::cdna2_pairwise_bf16,
                            values_per_lane, in_bits, acc_bits};
      case ElemType::xf32:
        if (fused) return FamilyChoice{GemmFamily::cdna3_fused_xf32, kXf32Group, in_bits, acc_bits};
        return std::nullopt;
      case ElemType::fp8:
      case ElemType::bf8: {
        // Groups of 16 with the even/odd split, FNUZ (gfx942) or OCP (gfx950) decoding
        // (docs/cdna3-numerics.md §3, docs/cdna4-numerics.md §2). The scaled f8f6f4 rows of gfx950
        // (docs/cdna4-numerics.md §3) are a different rule: they must not reach this case.
        if (!fused) return std::nullopt;
        const auto fp8_input = [&](ElemType t) {
          const bool fnuz = arch.fp8_encoding == Fp8Encoding::fnuz;
          if (t == ElemType::fp8) return fnuz ? Fp8Input::e4m3_fnuz : Fp8Input::e4m3_ocp;
          return fnuz ? Fp8Input::e5m2_fnuz : Fp8Input::e5m2_ocp;
        };
        FamilyChoice choice{GemmFamily::cdna3_fused_fp8, 16, in_bits, acc_bits};
        choice.a_fp8 = static_cast<std::uint8_t>(fp8_input(d.a_type));
        choice.b_fp8 = static_cast<std::uint8_t>(fp8_input(d.b_type));
        return choice;
      }
      case ElemType::i8: return FamilyChoice{GemmFamily::cdna2_int8, 1, in_bits, acc_bits};
      default: return std::nullopt;
    }
  }
  if (numerics == FastNumerics::cdna4_f8f6f4) {
    // gfx950's unscaled f8f6f4 (docs/cdna4-numerics.md §3.3): one fused group per 32-k block, the kernel of the
    // CBSZ / BLGP format pair (f8f6f4_pair_family). The scaled rows take scales, which gemm() has not: no family.
    if (d.has(Operand::SA)) return std::nullopt;
    return f8f6f4_choice(d, mods, acc_bits);
  }
  if (numerics == FastNumerics::rdna3_wmma) {
    switch (d.a_type) {
      case ElemType::f16: return FamilyChoice{GemmFamily::rdna3_dot2_f16, 1, in_bits, acc_bits};
      case ElemType::bf16: return FamilyChoice{GemmFamily::rdna3_dot2_bf16, 1, in_bits, acc_bits};
      case ElemType::iu8:
      case ElemType::iu4: {
        FamilyChoice choice{GemmFamily::rdna3_int, 1, in_bits, acc_bits};
        choice.signedness_from_neg = true;  // docs/spec/numerics.md §B.7
        return choice;
      }
      default: return std::nullopt;
    }
  }
  if (numerics == FastNumerics::gfx12_wmma && d.c_type == ElemType::i32) {
    // IU8 / IU4: exact products, signedness from NEG[1:0], CLAMP after C + the first half of K and
    // again after the second half (docs/rdna4.md §3.2, switch gfx12_int_clamp at its default).
    FamilyChoice choice{GemmFamily::gfx12_int, 1, in_bits, acc_bits};
    choice.signedness_from_neg = true;
    choice.clamp_stages = 2;
    return choice;
  }
  if (numerics == FastNumerics::gfx12_wmma && d.c_type != ElemType::i32) {
    // The DOT4 chain (docs/rdna4.md §3.2): f16 / bf16 factors with a binary32 accumulator or their
    // own 16-bit one (acc_bits 16: read exactly as binary32 before each step, rounded straight back),
    // or OCP FP8/BF8 factors decoded exactly (switch gfx12_fp8_wmma at its default, dot4).
    switch (d.a_type) {
      case ElemType::f16: return FamilyChoice{GemmFamily::gfx12_dot4_f16, 1, in_bits, acc_bits};
      case ElemType::bf16: return FamilyChoice{GemmFamily::gfx12_dot4_bf16, 1, in_bits, acc_bits};
      case ElemType::fp8:
      case ElemType::bf8: {
        if (d.arch_traits().fp8_encoding != Fp8Encoding::ocp) return std::nullopt;  // the kernel decodes OCP only
        if (d.c_type != ElemType::f32) return std::nullopt;
        const auto fp8_input = [](ElemType t) {
          return static_cast<std::uint8_t>(t == ElemType::fp8 ? Fp8Input::e4m3_ocp : Fp8Input::e5m2_ocp);
        };
        FamilyChoice choice{GemmFamily::gfx12_dot4_fp8, 1, in_bits, acc_bits};
        choice.a_fp8 = fp8_input(d.a_type);
        choice.b_fp8 = fp8_input(d.b_type);
        return choice;
      }
      default: return std::nullopt;
    }
  }
  if (numerics == FastNumerics::cdna5_wmma) {
    // gfx1250 at the default of switch cdna5_wmma (fused-groups, docs/cdna5.md §3.3) runs gfx950's kernels: the
    // binary32 FMA chain, fused groups of 8 for f16/bf16, one fused group per 32 k for E4M3 A and B; the integer
    // WMMA saturates once; a 16-bit result is the binary32 one rounded (the narrowing adapter, narrowed_output.cpp).
    // Any pairing of E4M3 and E5M2 has its kernel (the same step, each operand decoded in its format); the
    // f8f6f4 form takes the kernel of its format pair (f8f6f4_pair_family; the mixed sub-byte pairs run the
    // reference), the 32x16x128 FP4 the FP4 one. The bf16f32 form (an f32 C, a bf16 D) runs the reference.
    if (d.c_type == ElemType::i32) {
      FamilyChoice choice{GemmFamily::gfx12_int, 1, in_bits, acc_bits};
      choice.signedness_from_neg = true;
      choice.clamp_stages = 1;
      return choice;
    }
    if (d.c_type != d.d_type) return std::nullopt;
    const auto narrowed = [&](FamilyChoice f) {
      f.acc_bfloat16 = d.d_type == ElemType::bf16;
      return f;
    };
    switch (d.a_type) {
      case ElemType::f32: return FamilyChoice{GemmFamily::cdna2_fma_chain_f32, 1, in_bits, acc_bits};
      case ElemType::f64: return FamilyChoice{GemmFamily::cdna2_fma_chain_f64, 1, in_bits, acc_bits};  // gfx1251
      case ElemType::f16: return narrowed(FamilyChoice{GemmFamily::cdna3_fused_f16, 8, in_bits, acc_bits});
      case ElemType::bf16: return narrowed(FamilyChoice{GemmFamily::cdna3_fused_bf16, 8, in_bits, acc_bits});
      case ElemType::fp8:
      case ElemType::bf8: {
        const bool a_bf8 = d.a_type == ElemType::bf8, b_bf8 = d.b_type == ElemType::bf8;
        const GemmFamily family = a_bf8 ? (b_bf8 ? GemmFamily::cdna4_f8f6f4_bf8_bf8 : GemmFamily::cdna4_f8f6f4_bf8_fp8)
                                        : (b_bf8 ? GemmFamily::cdna4_f8f6f4_fp8_bf8 : GemmFamily::cdna4_f8f6f4_fp8);
        return narrowed(FamilyChoice{family, 32, 8, acc_bits});
      }
      case ElemType::f8f6f4: return f8f6f4_choice(d, mods, acc_bits);
      case ElemType::fp4: return FamilyChoice{GemmFamily::cdna4_f8f6f4_fp4, 32, 8, acc_bits};
      default: return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace mxlane::fast
