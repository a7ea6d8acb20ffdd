// gfx950 (CDNA4) MFMA element arithmetic: the scaled and unscaled f8f6f4 dot (one fused group per
// 32-k scale block) and the K-doubled f16/bf16 fused groups (docs/cdna4-numerics.md §2-§4).
#pragma once

#include <cstdint>
#include <span>

#include "emu/formats/format.hpp"
#include "emu/semantics/dot_inputs.hpp"

namespace mxlane {

// The element format an f8f6f4 format code selects (CBSZ for A, BLGP for B): 0 fp8 E4M3 (OCP),
// 1 bf8 E5M2 (OCP), 2 fp6 E2M3, 3 bf6 E3M2, 4 fp4 E2M1; nullptr for any other code
// (docs/cdna4-numerics.md §3.1).
const FormatSpec* f8f6f4_format(int code);

// The functions below see one A row and one B column as element bit patterns (the low 4, 6 or 8
// bits of each uint64; the layout builders of layouts/cdna4_layouts.hpp say where they live), K = 64 or 128.
inline constexpr int kF8f6f4BlockK = 32;  // one E8M0 scale per 32 consecutive k of a row / column

// v_mfma_scale_f32_{16x16x128,32x32x64}_f8f6f4: D = C + sum over blocks b of 2^(sa_b + sb_b - 254)
// * (block b's fused dot), accumulated block by block into binary32 (docs/cdna4-numerics.md §3).
// scale_a[b] / scale_b[b] are the E8M0 bytes of block b (K/32 of each, already byte-selected by
// opsel). 0xFF gives NaN. Switches: scale_zero_is_identity (a 0x00 byte), f8f6f4_group.
std::uint32_t cdna4_f8f6f4_scaled_dot(const FormatSpec& a_format, const FormatSpec& b_format,
                                      std::span<const std::uint8_t> scale_a, std::span<const std::uint8_t> scale_b,
                                      const DotInputs& in, const NumericsContext& ctx);

// v_mfma_f32_{16x16x128,32x32x64}_f8f6f4 (unscaled encoding): the same arithmetic with every scale
// 2^0 (docs/cdna4-numerics.md §3.3). Switch: f8f6f4_group.
std::uint32_t cdna4_f8f6f4_dot(const FormatSpec& a_format, const FormatSpec& b_format, const DotInputs& in,
                               const NumericsContext& ctx);

// v_mfma_f32_{16x16x32,32x32x16}_{f16,bf16} (gfx950 K-doubled): gfx942's fused rule with groups of
// 8, or 16 under cdna4_kdoubled_group=16 (docs/cdna4-numerics.md §4). `input` is kBinary16 or kBfloat16.
std::uint32_t cdna4_kdoubled_fused_dot(const FormatSpec& input, const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
