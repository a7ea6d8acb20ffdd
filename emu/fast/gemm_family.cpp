// gemm_family(): the numerics family of an instruction from its table row.
#include "emu/fast/gemm_family.hpp"

namespace mxlane::fast {

std::optional<FamilyChoice> gemm_family(const InstrDesc& d) {
  const int in_bits = elem_bits(d.a_type), acc_bits = elem_bits(d.c_type);
  if (d.family_id == MatrixFamilyId::mfma) {
    const int values_per_lane = 32 * d.vgprs_a / in_bits;
    // The pairwise kernels implement the flushing data path (gfx90a). An architecture that keeps
    // subnormals runs the reference for f16/bf16: gfx908 (docs/cdna1.md), and gfx942 whose fused
    // groups (docs/cdna3-numerics.md) have no fast kernel yet.
    const bool pairwise_kernels_apply = d.arch_traits().matrix_subnormals == MatrixSubnormals::flush;
    switch (d.a_type) {
      case ElemType::f32: return FamilyChoice{GemmFamily::cdna2_fma_chain_f32, 1, in_bits, acc_bits};
      case ElemType::f64: return FamilyChoice{GemmFamily::cdna2_fma_chain_f64, 1, in_bits, acc_bits};
      case ElemType::f16:
        if (!pairwise_kernels_apply) return std::nullopt;
        return FamilyChoice{GemmFamily::cdna2_pairwise_f16, values_per_lane, in_bits, acc_bits};
      case ElemType::bf16:
        if (!pairwise_kernels_apply) return std::nullopt;
        return FamilyChoice{GemmFamily::cdna2_pairwise_bf16, values_per_lane, in_bits, acc_bits};
      case ElemType::i8: return FamilyChoice{GemmFamily::cdna2_int8, 1, in_bits, acc_bits};
      default: return std::nullopt;
    }
  }
  if (d.family_id == MatrixFamilyId::wmma) {
    switch (d.a_type) {
      case ElemType::f16: return FamilyChoice{GemmFamily::rdna3_dot2_f16, 1, in_bits, acc_bits};
      case ElemType::bf16: return FamilyChoice{GemmFamily::rdna3_dot2_bf16, 1, in_bits, acc_bits};
      case ElemType::iu8:
      case ElemType::iu4: return FamilyChoice{GemmFamily::rdna3_int, 1, in_bits, acc_bits};
      default: return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace mxlane::fast
