// Reference computations the fast kernels call for rare lanes (special values). Declared here with
// plain types and defined in a portable translation unit, so the ISA-specific units include no
// header with inline code (see kernel_table.hpp).
#pragma once

#include <cstdint>

namespace mxlane::fast {

// One RDNA3 DOT2 step, default switches (docs/spec/numerics.md §B.4): factors a0, b0, a1, b1 (f16, or bf16
// when `bf16`), accumulator bits `acc` of acc_bits 32 (binary32), or 16 (f16, or bf16 when `bf16`,
// in the low half). Returns the new accumulator bits.
std::uint32_t rdna3_reference_step(bool bf16, int acc_bits, std::uint32_t acc, std::uint16_t a0, std::uint16_t b0,
                                   std::uint16_t a1, std::uint16_t b1);

// One gfx1200 DOT4 step with a binary32 accumulator, default switches (docs/rdna4.md §3.1): four
// f16 (or bf16 when `bf16`) factors of A and of B, accumulator bits `acc`. Returns the new bits.
std::uint32_t gfx12_reference_step(bool bf16, std::uint32_t acc, const std::uint16_t* a, const std::uint16_t* b);

// The factor formats and outputs of the generalised gfx1200 DOT4 chain (kernels/gfx12_dot4_chain.inl);
// fp8 and bf8 are the OCP encodings (gfx1200, docs/rdna4.md §3.2).
enum class Gfx12Factor : std::uint8_t { f16, bf16, fp8, bf8 };
enum class Gfx12Output : std::uint8_t { f32, f16, bf16 };

// One gfx1200 DOT4 step, default switches (docs/rdna4.md §3.1, §3.2): four factors of A and of B
// (raw bits in the formats given), the accumulator `acc` (binary32 bits, or the f16 / bf16 bits for
// those outputs, widened exactly as the WMMA chain does). Returns the new accumulator bits.
std::uint32_t gfx12_reference_dot4(Gfx12Factor a_format, Gfx12Factor b_format, Gfx12Output output, std::uint32_t acc,
                                   const std::uint16_t* a, const std::uint16_t* b);

// The FP8 format of one operand of a CDNA3 fp8/bf8 kernel (kernels/cdna3_fp8.inl).
enum class Fp8Input : std::uint8_t { e4m3_ocp, e5m2_ocp, e4m3_fnuz, e5m2_fnuz };

// One fp8/bf8 fused group of 16, default switches (docs/cdna3-numerics.md §3): raw bytes of A and B
// in the formats given, the binary32 accumulator `acc`. Returns the new accumulator bits.
std::uint32_t cdna3_fp8_reference_group(Fp8Input a_format, Fp8Input b_format, std::uint32_t acc, const std::uint32_t* a,
                                        const std::uint32_t* b);

// The input format of one operand of a CDNA3 fused-group kernel (kernels/cdna3_fused.inl). fp8_ocp / bf8_ocp:
// OCP E4M3 / E5M2, as gfx950's unscaled f8f6f4 MFMA (CBSZ = BLGP = 0) and gfx1250's FP8/BF8 WMMA read them,
// one group per 32-k block.
// fp6 / bf6 / fp4: the finite OCP MX E2M3 / E3M2 / E2M1 of the f8f6f4 formats, one element per byte.
// f8f6f4_pair: any two of those five, chosen per problem (GemmProblem::a_fp8 / b_fp8 hold A's and B's
// FusedInput); a kernel parameter only, never a format passed to cdna3_reference_group.
enum class FusedInput : std::uint8_t { f16, bf16, xf32, fp8_ocp, bf8_ocp, fp6, bf6, fp4, f8f6f4_pair };

// One gfx942 fused group step, default switches (docs/cdna3-numerics.md §2): `group` factors of A
// and of B (raw bits: f16 / bf16 in the low half, or binary32 for xf32, truncated by the step) and
// the binary32 accumulator `acc`. Returns the new accumulator bits. For fp8_ocp / bf8_ocp the step is the
// instruction's own: one unscaled f8f6f4 block of 32 (docs/cdna4-numerics.md §3.3, s = 0).
std::uint32_t cdna3_reference_group(FusedInput a_input, FusedInput b_input, int group, std::uint32_t acc,
                                    const std::uint32_t* a, const std::uint32_t* b);

}  // namespace mxlane::fast
