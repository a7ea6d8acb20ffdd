// gfx1250 (CDNA5) WMMA element arithmetic: one default model and its alternatives behind switch
// cdna5_wmma, the 16-bit result rules the ISA states, and the integer WMMA (docs/cdna5.md §3).
#pragma once

#include <cstdint>

#include "emu/formats/format.hpp"
#include "emu/semantics/dot_inputs.hpp"

namespace mxlane {

// What D holds: binary32, or a 16-bit format whose C is also 16-bit, or bf16 from a binary32 C
// (v_wmma_bf16f32_16x16x32_bf16).
enum class Cdna5Output : std::uint8_t { f32, f16, bf16, bf16_from_f32 };

// Float WMMA element D[i][j] = C + sum_k A[i][k] * B[k][j] for A/B formats fa/fb (binary32, f16, bf16,
// OCP FP8/BF8), under switch cdna5_wmma (docs/cdna5.md §3.3):
//   fused-groups (default [INF]): gfx950's rules — the binary32 FMA chain for f32 sources, the K-doubled
//     fused groups of 8 for f16/bf16, one fused group per 32 k for FP8/BF8;
//   dot4: gfx12's DOT4 chain (f32 sources: the FMA chain);
//   fma-chain: binary32 fused multiply-adds from C, k ascending.
// A 16-bit result is the binary32 result rounded once to nearest even, except under dot4, whose steps
// round to the 16-bit format themselves; with MODE.FP16_OVFL (switch fp16_ovfl) every infinite 16-bit
// result is the largest finite value of its sign (docs/cdna5.md §3.1) [DOC via SRC-EMU].
std::uint64_t cdna5_float_wmma(const FormatSpec& fa, const FormatSpec& fb, Cdna5Output output, const DotInputs& in,
                               const NumericsContext& ctx);

// A binary32 result rounded once to the 16-bit format `to` (f16 or bf16), nearest even, subnormals kept; a NaN
// keeps its sign and the top of its payload, quieted; with `overflow_to_max` (MODE.FP16_OVFL) every infinity is
// the largest finite value of its sign; `truncate` (bf16, switch cdna5_bf16_output) keeps the top 16 bits.
// The one rounding of every 16-bit gfx1250 result, the fast kernels' included (docs/cdna5.md §3.1).
std::uint64_t cdna5_result16(const FormatSpec& to, std::uint32_t x, bool overflow_to_max, bool truncate);

// Block-scaled WMMA element (v_wmma_scale{,16}_*): D = C + sum over k-blocks b of (A's scale of b) * (B's scale of
// b) * (the block's products), the scale bytes in.scale_a / in.scale_b (formats ctx.a_scale_format /
// b_scale_format), one per block of K / in.scale_a.size() k, under switch cdna5_wmma (docs/cdna5.md §3.7):
//   fused-groups (default [INF]): the unscaled f8f6f4 WMMA's fused groups of 32 k, each product multiplied exactly
//     by its block's scales before the group's sum (E8M0 scales of 2^0 give the unscaled result);
//   dot4 / fma-chain: each block's DOT4 / FMA chain from +0, times A's scale, times B's scale, added to the
//     accumulator, binary32 RNE at each step (rocjitsu's scaled order).
std::uint32_t cdna5_block_scaled_wmma(const FormatSpec& fa, const FormatSpec& fb, const DotInputs& in,
                                      const NumericsContext& ctx);

// IU8 WMMA element: exact products of sign- or zero-extended bytes (NEG[0]/NEG[1]), C plus all of them
// exact, then saturated to int32 once with CLAMP, else wrapped mod 2^32 (docs/cdna5.md §3.4) [INF].
std::uint64_t cdna5_integer_wmma(int bits, const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
