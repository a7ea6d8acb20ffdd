// Which fast numerics family computes an instruction's elements, derived from its row of the
// instruction table (architecture, element types, VGPR counts), never from a list of mnemonics.
#pragma once

#include <optional>

#include "emu/fast/gemm_problem.hpp"
#include "emu/fast/reference_hooks.hpp"
#include "emu/isa/instr_desc.hpp"

namespace mxlane::fast {

struct FamilyChoice {
  GemmFamily family;
  int group = 1;                      // products per group (CDNA2 pairwise tree, CDNA3 fused groups)
  int element_bits = 16;              // A/B element width
  int acc_bits = 32;                  // C/D element width
  std::uint8_t a_fp8 = 0, b_fp8 = 0;  // fp8/bf8 families: the FP8 format of A and B (fast::Fp8Input);
                                      // cdna4_f8f6f4_pair: their fast::FusedInput
  bool signedness_from_neg = false;   // integer WMMA: NEG[0] / NEG[1] make A / B signed
  int clamp_stages = 1;               // integer WMMA: CLAMP saturations per instruction (equal parts of K)
  bool acc_bfloat16 = false;          // acc_bits 16 on a binary32-accumulating family (gfx1250): bf16, else f16
};

// The family of `desc`, or nullopt when no fast kernel family covers it. The rules (docs/spec/numerics.md
// §A.1, §A.2, docs/matrix-overview.md "Where each family's semantics live"):
//   gfx90a, f32 / f64 inputs      -> FMA chain (§B.1)
//   gfx90a, f16 / bf16 inputs     -> pairwise tree; the group is the number of k values one lane
//                                    holds (4 for f16 and bf16_1k in 2 VGPRs, 2 for the legacy
//                                    bf16 encodings in 1 VGPR), MMA-Sim's group size (§A.1)
//   gfx942/gfx950 (MfmaFloatModel::fused_groups), f16 / bf16 / xf32 inputs
//                                 -> fused groups of min(8, K) (xf32: 4), docs/cdna3-numerics.md §2
//   gfx942/gfx950, fp8 / bf8 inputs -> fused groups of 16 with the even/odd split, the format of A
//                                    and B from the type and ArchInfo::fp8_encoding (§3)
//   gfx90a, i8 inputs             -> exact integer dot, wrapped
//   gfx1100, f16 / bf16 inputs    -> DOT2 chain; accumulator width from the C type (§B.5)
//   gfx1200, f16 / bf16 -> f32, f16 / bf16 -> DOT4 chain (docs/rdna4.md §3.1, §3.2); accumulator width from C
//   gfx1200, fp8 / bf8 -> f32       -> the DOT4 chain on the OCP-decoded factors (§3.2, gfx12_fp8_wmma=dot4)
//   gfx1100, iu8 / iu4 inputs     -> integer dot with NEG signedness and CLAMP (§B.7)
//   gfx1200, iu8 / iu4 inputs     -> the same integer dot, CLAMP after each half of K (docs/rdna4.md §3.2)
// The fast-versus-reference tests run every row of the table, so a wrong rule fails there.
// The f8f6f4 forms (formats from modifiers) take `mods`: their kernel depends on the A and B formats.
std::optional<FamilyChoice> gemm_family(const InstrDesc& desc, const Modifiers& mods = {});

}  // namespace mxlane::fast
