// The gfx1250 probes (docs/cdna5.md §4): the arithmetic models (dense, block-scaled, scale16 groups, SWMMAC), the
// A/B K order, the E8M0 zero byte, bf16 rounding, the integer CLAMP staging.
#include "device/probes_cdna5.hpp"

#include <array>
#include <string>

#include "fmt/format.h"

#include "device/cases.hpp"

namespace mxlane::device {
namespace {

// The k of an A or B element (A is M x K, B is K x N).
int k_of(Operand op, int r, int c) { return op == Operand::A ? c : r; }

// f16 C = 1.0 (binary32 C) and products 2^-24 at k_first and k_second, 0 elsewhere: the hand-derived cases of
// docs/cdna5.md §3.3 (fused-groups and dot4 keep both halves of an ulp when they share a group / step).
Case half_ulp_pair(const Kernel& k, int k_first, int k_second) {
  return matrix_case(
      k,
      [k_first, k_second](Operand op, int, int r, int c) -> std::uint64_t {
        if (op == Operand::C) return 0x3F800000;  // binary32 1.0
        const int kk = k_of(op, r, c);
        if (kk != k_first && kk != k_second) return 0;
        return op == Operand::A ? 0x0001 : 0x3C00;  // f16 2^-24 times 1.0
      },
      fmt::format("targeted: C = 1, products 2^-24 at k {} and {}", k_first, k_second));
}

// v_swmmac_f32_16x16x64_f16 with C = 1.0 and two stored A values 2^-24 at stored columns 0 and `second` of every
// row (each pair's indices 0, 1: stored column ck sits at k = 2 * ck - ck mod 2), B = 1.0: the cases of
// docs/cdna5.md §3.6.
Case sparse_half_ulp_pair(const Kernel& k, int second) {
  return matrix_case(
      k,
      [second](Operand op, int, int, int c) -> std::uint64_t {
        if (op == Operand::C) return 0x3F800000;
        if (op == Operand::B) return 0x3C00;
        if (op == Operand::IDX) return static_cast<std::uint64_t>(c % 2);
        return c == 0 || c == second ? 0x0001 : 0;
      },
      fmt::format("targeted: C = 1, stored values 2^-24 at stored columns 0 and {}", second));
}

// The block-scaled FP8 x FP8 form with every scale byte `scale_a` / `scale_b` (E8M0), C = 0, A[i][k] = B[k][j] =
// E4M3 2^8 (0x78) at k = 0 and 2^-4 (0x18) at `small_ks`: products 2^16 and 2^-8 (a half ulp of 2^16 each), the
// cases of docs/cdna5.md §3.7.
Case scaled_half_ulps(const Kernel& k, std::vector<int> small_ks, std::uint64_t scale_a = 0x7F,
                      std::uint64_t scale_b = 0x7F, std::uint64_t big = 0x78) {
  std::string ks;
  for (int x : small_ks) ks += (ks.empty() ? "" : ", ") + std::to_string(x);
  return matrix_case(
      k,
      [small_ks, scale_a, scale_b, big](Operand op, int, int r, int c) -> std::uint64_t {
        if (op == Operand::SA) return scale_a;
        if (op == Operand::SB) return scale_b;
        if (op == Operand::C) return 0;
        const int kk = k_of(op, r, c);
        if (kk == 0) return big;
        for (int x : small_ks)
          if (kk == x) return 0x18;
        return 0;
      },
      small_ks.empty() ? fmt::format("targeted: one product, scales {:#04x} and {:#04x}", scale_a, scale_b)
                       : fmt::format("targeted: products 2^16 at k 0 and 2^-8 at k {}", ks),
      true);
}

// A SWMMAC index_key:1 case (docs/cdna5.md §2.5): under `shift` the fields 0 .. half-1 of each lane come from IDX's
// upper half (VGPR bits 31:16 for K=64, the second VGPR for K=128) and take one of the six increasing index pairs
// (by row and pair); the lower half, which `ignore` reads, holds pairs (0, 1) throughout (0x4 per pair). A's stored
// values are 1 where a register holds their index and 0 where `shift` reads index 0 for both of a pair (fields
// half .. 2*half-1, irregular pairs whose meaning the ISA leaves undefined); B[k][j] = (k mod 8) + 1 (`integers`
// are the encodings of 1 .. 8, `integers[0]` is 1), C = 0. Every sum is a small exact integer under every model,
// so D depends only on where the indices are read from.
Case index_key_case(const Kernel& k, std::array<std::uint64_t, 8> integers) {
  static constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  const int fields = k.matrix->cols(Operand::IDX) / 2;  // index fields per lane: two lanes hold a row
  Case out = matrix_case(
      k,
      [integers, fields](Operand op, int, int r, int c) -> std::uint64_t {
        if (op == Operand::C) return 0;
        if (op == Operand::A) return c % fields < fields / 2 ? integers[0] : 0;
        if (op == Operand::B) return integers[static_cast<std::size_t>(r % 8)];
        return static_cast<std::uint64_t>(kPairs[(r + 5 * (c / 2)) % 6][c % 2]);  // IDX
      },
      "targeted: A = 1, B = (k mod 8) + 1, every index pair; index_key 0's fields (0, 1)");
  // The IDX words follow A, B and C (kernel_source_operands); its lower half is the first fields / 2 fields of
  // 2 bits, all of the first word for K=128.
  const int idx_word = k.operand_dwords[0] + k.operand_dwords[1] + k.operand_dwords[2];
  const std::uint32_t low_mask = fields >= 32 ? 0xFFFFFFFFu : (1u << fields) - 1;
  for (int lane = 0; lane < k.target.wave; ++lane) {
    std::uint32_t& w = out.in[static_cast<std::size_t>(lane * k.in_dwords + idx_word)];
    w = (w & ~low_mask) | (0x44444444u & low_mask);
  }
  return out;
}

}  // namespace

std::vector<Probe> cdna5_probes() {
  return {
      {"docs/cdna5.md §4 P-C5-2 (f16)",
       "How does gfx1250's f16 WMMA sum its products (gfx950's fused groups, gfx12's DOT4 chain or an FMA chain)?",
       "gfx1250", "k_wmma_f32_16x16x32_f16", switch_candidates("cdna5_wmma"), false,
       [](const Kernel& k) {
         // k 0 and 1: one rounding under fused-groups and dot4, two under fma-chain; k 0 and 4: one group of 8 but
         // two DOT4 steps; k 0 and 8: two groups of 8.
         return std::vector<Case>{half_ulp_pair(k, 0, 1), half_ulp_pair(k, 0, 4), half_ulp_pair(k, 0, 8)};
       }},
      {"docs/cdna5.md §4 P-C5-2 (fp8)",
       "How does gfx1250's FP8 WMMA sum its products (one fused group per 32 k, DOT4 steps or an FMA chain)?",
       "gfx1250", "k_wmma_f32_16x16x64_fp8_fp8", switch_candidates("cdna5_wmma"), false,
       [](const Kernel& k) {
         // E4M3 2^-9 (0x01, the least subnormal) squared: 2^-18 per product, half an ulp of C = 2^6; two such
         // products in one fused group or DOT4 step add an ulp, alone each is a tie rounded to even.
         std::vector<Case> cases;
         for (const int second : {1, 4, 32})
           cases.push_back(matrix_case(
               k,
               [second](Operand op, int, int r, int c) -> std::uint64_t {
                 if (op == Operand::C) return 0x42800000;  // binary32 64
                 const int kk = k_of(op, r, c);
                 if (kk != 0 && kk != second) return 0;
                 return 0x01;
               },
               fmt::format("targeted: C = 64, products 2^-18 at k 0 and {}", second)));
         return cases;
       }},
      {"docs/cdna5.md §4 P-C5-3", "Does gfx1250's bf16 WMMA round its result to nearest even or truncate it?",
       "gfx1250", "k_wmma_bf16_16x16x32_bf16", switch_candidates("cdna5_bf16_output"), false,
       [](const Kernel& k) {
         // C = 1 (bf16) and one product 3 * 2^-9 (three quarters of a bf16 ulp at 1): 1 + 2^-7 rounded, 1 truncated.
         return std::vector<Case>{matrix_case(
             k,
             [](Operand op, int, int r, int c) -> std::uint64_t {
               if (op == Operand::C) return 0x3F80;
               if (k_of(op, r, c) != 0) return 0;
               return op == Operand::A ? 0x3BC0 : 0x3F80;  // bf16 3 * 2^-9 times 1
             },
             "targeted: C = 1, one product of three quarters of an ulp")};
       }},
      {"docs/cdna5.md §4 P-C5-1",
       "Does gfx1250 pair each A register slot with the B slot of the same k, as rocjitsu's layout says?",
       "gfx1250",
       "k_wmma_f32_16x16x32_f16",
       {{"rocjitsu's K order (docs/cdna5.md §2.1)", {}}},
       false,
       [](const Kernel& k) {
         // One-hot A (row i has a 1.0 at k = i + 16 * (i % 2)) against B[k][j] = k + 1: D[i][j] names the B slot
         // the hardware pairs with that A slot, for 16 different k. A K permutation shared by A and B changes no
         // D (docs/cdna5.md §2.3); only the grouping probes see it, through which products share a rounding.
         return std::vector<Case>{matrix_case(
             k,
             [](Operand op, int, int r, int c) -> std::uint64_t {
               if (op == Operand::C) return 0;
               if (op == Operand::A) return c == r + 16 * (r % 2) ? 0x3C00 : 0;
               static constexpr std::uint16_t kF16Integers[] = {
                   0x3C00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700, 0x4800, 0x4880, 0x4900, 0x4980,
                   0x4A00, 0x4A80, 0x4B00, 0x4B80, 0x4C00, 0x4C40, 0x4C80, 0x4CC0, 0x4D00, 0x4D40, 0x4D80,
                   0x4DC0, 0x4E00, 0x4E40, 0x4E80, 0x4EC0, 0x4F00, 0x4F40, 0x4F80, 0x4FC0, 0x5000};  // 1 .. 32
               return kF16Integers[r];
             },
             "targeted: one-hot A rows against B = k + 1")};
       }},
      {"docs/cdna5.md §4 P-C5-6",
       "Does gfx1250's float SWMMAC group its products by dense k (the dense WMMA on the rebuilt row) or by stored "
       "value (rocjitsu's order)?",
       "gfx1250", "k_swmmac_f32_16x16x64_f16", switch_candidates("cdna5_swmmac_grouping"), false,
       [](const Kernel& k) {
         // Stored columns 0 and 6 (k 0 and 12): one group of 8 stored values, two groups of 8 dense k. Stored
         // columns 0 and 2 (k 0 and 4): one group either way (and one DOT4 step only by stored value).
         return std::vector<Case>{sparse_half_ulp_pair(k, 6), sparse_half_ulp_pair(k, 2)};
       }},
      {"docs/cdna5.md §4 P-C5-7",
       "How does gfx1250's block-scaled WMMA apply its scales (per product inside the fused groups, or per block "
       "after a DOT4 or FMA chain)?",
       "gfx1250", "k_wmma_scale_f32_16x16x128_f8f6f4", switch_candidates("cdna5_wmma"), false,
       [](const Kernel& k) {
         // k 1 and 2: one group and one DOT4 step keep both half ulps, the FMA chain loses them; k 4 and 8: the
         // group keeps them, three DOT4 steps lose them (docs/cdna5.md §3.7).
         return std::vector<Case>{scaled_half_ulps(k, {1, 2}), scaled_half_ulps(k, {4, 8})};
       }},
      // The scale16 group size exists only under cdna5_wmma=fused-groups, so this probe asks both questions at
      // once on the scale16 form: four candidates, each a whole answer.
      {"docs/cdna5.md §4 P-C5-8",
       "How does gfx1250's scale16 WMMA group its products: fused groups of 32 k (two scale blocks) or of 16 k "
       "(one), or per-block DOT4 or FMA chains?",
       "gfx1250",
       "k_wmma_scale16_f32_16x16x128_f8f6f4",
       {{"cdna5_scale16_group=32", {"cdna5_wmma=fused-groups", "cdna5_scale16_group=32"}},
        {"cdna5_scale16_group=16", {"cdna5_wmma=fused-groups", "cdna5_scale16_group=16"}},
        {"cdna5_wmma=dot4", {"cdna5_wmma=dot4"}},
        {"cdna5_wmma=fma-chain", {"cdna5_wmma=fma-chain"}}},
       false,
       [](const Kernel& k) {
         // k 1 and 2: the FMA chain loses both half ulps; k 4 and 8: three DOT4 steps lose them; k 1 and 16 (two
         // 16-k scale blocks): one group of 32 keeps both, groups of 16 lose each (docs/cdna5.md §3.7).
         return std::vector<Case>{scaled_half_ulps(k, {1, 2}), scaled_half_ulps(k, {4, 8}),
                                  scaled_half_ulps(k, {1, 16})};
       }},
      {"docs/cdna5.md §4 P-C5-9",
       "Is gfx1250's E8M0 scale byte 0x00 the value 2^-127 (not zero, not \"no scaling\")?",
       "gfx1250",
       "k_wmma_scale_f32_16x16x128_f8f6f4",
       {{"E8M0 0x00 = 2^-127 (docs/cdna5.md §2.7)", {}}},
       false,
       [](const Kernel& k) {
         // One product 1 * 1 (E4M3 0x38) with A's scales 0x00 and B's 0xFE (2^127): 1.0 if 0x00 is 2^-127, 0 if it is
         // zero, 2^127 if it means no scaling.
         return std::vector<Case>{scaled_half_ulps(k, {}, 0x00, 0xFE, 0x38)};
       }},
      // index_key 1: `shift` reads varied index pairs from IDX's upper half, `ignore` pairs (0, 1) from its lower
      // half (index_key_case): the candidates disagree on every row.
      {"docs/cdna5.md §4 P-C5-10 (K=64)",
       "What does gfx1250's SWMMAC read with index_key:1 (IDX shifted right by 16 bits, or index_key ignored)?",
       "gfx1250", "k_swmmac_f32_16x16x64_f16__index_key1", switch_candidates("cdna5_index_key"), false,
       [](const Kernel& k) {
         return std::vector<Case>{
             index_key_case(k, {0x3C00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700, 0x4800})};  // f16 1 .. 8
       }},
      {"docs/cdna5.md §4 P-C5-10 (K=128)",
       "What does gfx1250's 8-bit SWMMAC read with index_key:1 (the second IDX VGPR, or index_key ignored)?", "gfx1250",
       "k_swmmac_f32_16x16x128_fp8_fp8__index_key1", switch_candidates("cdna5_index_key"), false,
       [](const Kernel& k) {
         return std::vector<Case>{index_key_case(k, {0x38, 0x40, 0x44, 0x48, 0x4A, 0x4C, 0x4E, 0x50})};  // E4M3 1 .. 8
       }},
      {"docs/cdna5.md §4 P-C5-4",
       "Does gfx1250's IU8 WMMA with CLAMP saturate once, after every product?",
       "gfx1250",
       "k_wmma_i32_16x16x64_iu8__neg3_clamp1",
       {{"one saturation (docs/cdna5.md §3.4)", {}}},
       false,
       [](const Kernel& k) {
         // C = 2^31 - 1, +1 at k 0 (first half of K), -1 at k 63: one saturation gives 2^31 - 1; two stages (gfx1200's
         // rule) 2^31 - 2.
         return std::vector<Case>{matrix_case(
             k,
             [](Operand op, int, int r, int c) -> std::uint64_t {
               if (op == Operand::C) return 0x7FFFFFFF;
               const int kk = k_of(op, r, c);
               if (op == Operand::A) return kk == 0 ? 1 : kk == 63 ? 0xFF : 0;  // signed -1 at k 63
               return kk == 0 || kk == 63 ? 1 : 0;
             },
             "targeted: C = INT32_MAX, +1 then -1")};
       }},
  };
}

}  // namespace mxlane::device
