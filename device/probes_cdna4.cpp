// The gfx950 probes (docs/cdna4-numerics.md §6). Kernel names follow the catalog's "k_" + builtin +
// modifier suffix rule; the f8f6f4 kernels use the default cbsz/blgp (A and B fp8) unless a suffix
// names other formats.
#include "device/probes_cdna4.hpp"

#include <random>
#include <string>

#include "fmt/format.h"

#include "device/cases.hpp"

namespace mxlane::device {
namespace {

std::vector<Candidate> every_value_of(const std::string& name) { return switch_candidates(name); }

// gfx950_kdouble_broadcast's values a GPU can show: `refuse` is mxlane's, not the hardware's.
std::vector<Candidate> kdouble_broadcast_behaviours() {
  return {{"gfx950_kdouble_broadcast=apply", {"gfx950_kdouble_broadcast=apply"}},
          {"gfx950_kdouble_broadcast=ignore", {"gfx950_kdouble_broadcast=ignore"}}};
}

}  // namespace

std::vector<Probe> cdna4_probes() {
  return {
      {"docs/cdna4-numerics.md §6 E-C4-1",
       "Which lanes and VGPRs hold k of gfx950's K-doubled f16 MFMA (contiguous or interleaved halves)?", "gfx950",
       "k_mfma_f32_16x16x32_f16", every_value_of("k16_layout"), false, one_case([](const Kernel& k) {
         // Products 1 (k 0) and six of 2^-26 placed, in the contiguous map, at k 4-7 and 12-13: there they
         // share fused groups with the 1 or with each other and vanish; read through the interleaved map the
         // same register slots are k 16-21, one group of their own whose 1.5*2^-24 rounds the result up.
         return matrix_case(
             k,
             [](Operand op, int, int r, int c) -> std::uint64_t {
               if (op == Operand::C) return 0;
               const int k_index = op == Operand::A ? c : r;
               if (k_index == 0) return 0x3C00;                                                       // f16 1.0
               return (k_index >= 4 && k_index <= 7) || k_index == 12 || k_index == 13 ? 0x0800 : 0;  // 2^-13
             },
             "targeted: small products that join the 1.0's group in one lane map and not in the other");
       })},
      // After E-C4-1: the lane map decides which products share a fused group, so a GPU with the other map
      // could give a group-size input's other result; these inputs are apart under both maps, and the
      // session knows the map by now (KnownAnswers).
      {"docs/cdna4-numerics.md §6 E-C4-4 (f16)",
       "What fused group size does gfx950's K-doubled f16 MFMA use (8 or 16)?", "gfx950", "k_mfma_f32_16x16x32_f16",
       every_value_of("cdna4_kdoubled_group"), false,
       [](const Kernel& k) {
         // A product 1 at one k and products 2^-24 (half an ulp of 1) at a seeded random set of the others:
         // how many half-ulps meet the 1 in its group, and how many meet each other, decides how often they
         // round away, for groups of 8 against 16, and (on most sets) whichever k the lane map puts where.
         std::vector<Case> cases;
         std::mt19937_64 rng(950);
         for (int n = 0; n < 96; ++n) {
           const int one_at = static_cast<int>(rng() % 32);
           const std::uint32_t small = static_cast<std::uint32_t>(rng()) & ~(1U << one_at);
           cases.push_back(matrix_case(
               k,
               [one_at, small](Operand op, int, int r, int c) -> std::uint64_t {
                 const int k_index = op == Operand::A ? c : r;
                 if (op == Operand::C) return 0;
                 return k_index == one_at ? 0x3C00 : ((small >> k_index) & 1) != 0 ? 0x0C00 : 0;  // f16 1.0, 2^-12
               },
               fmt::format("targeted: 1.0 at k {}, 2^-24 products at k mask {:#010x}", one_at, small)));
         }
         return cases;
       }},
      {"docs/cdna4-numerics.md §6 E-C4-2",
       "Which bits hold k of an fp6 f8f6f4 operand (contiguous or the fp8 interleave)?", "gfx950",
       "k_mfma_scale_f32_32x32x64_f8f6f4__cbsz2_blgp2", every_value_of("fp6_layout"), false},
      {"docs/cdna4-numerics.md §6 E-C4-3", "Is a scale byte 0x00 in the scaled f8f6f4 MFMA 2^-127 or no scaling?",
       "gfx950", "k_mfma_scale_f32_32x32x64_f8f6f4", every_value_of("scale_zero_is_identity"), false,
       [](const Kernel& k) {
         // fp8 factors 1.0 (or 2.0), C = 0; scale bytes 0x00 on A, on B or on both, the others 2^0 (0x7F):
         // each product 1 (no scaling) or 2^-127 (or 2^-254, below every binary32 value).
         struct Bytes {
           std::uint64_t sa, sb, factor;
         };
         std::vector<Case> cases;
         for (const Bytes b :
              {Bytes{0x00, 0x7F, 0x38}, Bytes{0x7F, 0x00, 0x38}, Bytes{0x00, 0x00, 0x38}, Bytes{0x00, 0x7F, 0x40}})
           cases.push_back(matrix_case(
               k,
               [b](Operand op, int, int, int) -> std::uint64_t {
                 return op == Operand::C ? 0 : op == Operand::SA ? b.sa : op == Operand::SB ? b.sb : b.factor;
               },
               fmt::format("targeted: scale bytes {:#04x} (A) and {:#04x} (B), factors {:#04x}", b.sa, b.sb, b.factor),
               true));
         return cases;
       }},
      {"docs/cdna4-numerics.md §6 E-C4-4 (f8f6f4)",
       "How does gfx950 f8f6f4 sum a 32-k scale block (one fused group or gfx942's fp8 halves)?", "gfx950",
       "k_mfma_scale_f32_16x16x128_f8f6f4", every_value_of("f8f6f4_group"), false},
      // After E-C4-1 (the lane map), since a broadcast moves lanes of that map. Random matrices: lanes 32-63
      // hold other k than lanes 0-31, so a broadcast of lanes 32-63 changes almost every D element. If the two
      // probes disagree (a GPU that applies BLGP but ignores CBSZ), the switch needs splitting.
      {"docs/cdna4.md §2.4 P-C4-KB1",
       "Does gfx950's K-doubled MFMA broadcast A's lanes under CBSZ/ABID as the gfx9 ISA text says, or ignore "
       "the fields?",
       "gfx950", "k_mfma_f32_16x16x32_f16__cbsz1_abid1", kdouble_broadcast_behaviours(), false},
      {"docs/cdna4.md §2.4 P-C4-KB2",
       "Does gfx950's K-doubled MFMA move B's lane groups under BLGP as gfx9 does (ISA Table 29), or ignore the "
       "field?",
       "gfx950", "k_mfma_f32_16x16x32_f16__blgp3", kdouble_broadcast_behaviours(), false},
  };
}

}  // namespace mxlane::device
