// gfx942 (CDNA3) MFMA element arithmetic: the fused, truncating, round-down group step of the
// xf32/f16/bf16 and fp8/bf8 instructions (docs/cdna3-numerics.md §2-§3).
#pragma once

#include <cstdint>
#include <span>

#include "emu/formats/format.hpp"
#include "emu/semantics/dot_inputs.hpp"

namespace mxlane {

// gfx942 xf32/f16/bf16 MFMA (docs/cdna3-numerics.md §2): fused groups of `group` products,
// truncated products, the group sum floored toward -inf (31 fraction bits), C floored (24 fraction
// bits), one RNE per group into the binary32 accumulator. `input` is kBinary16, kBfloat16 or
// kBinary32 (xf32: the caller passes truncate_to_xf32 = true and A/B are binary32 patterns whose
// low 13 bits are cleared first).
std::uint32_t cdna3_fused_dot(const FormatSpec& input, int group, bool truncate_to_xf32, const DotInputs& in,
                              const NumericsContext& ctx);

// gfx942 fp8/bf8 MFMA (docs/cdna3-numerics.md §3): groups of 16 with the even/odd split;
// `a_format`/`b_format` are the FNUZ (gfx942) or OCP (gfx950, same structure by [INF]) FP8 formats
// of A and B independently.
std::uint32_t cdna3_fp8_dot(const FormatSpec& a_format, const FormatSpec& b_format, const DotInputs& in,
                            const NumericsContext& ctx);

// Per-k-block power-of-two scales of the fused groups (gfx950 f8f6f4, docs/cdna4-numerics.md §3):
// the groups starting in block b = k / block_k have their product sum multiplied by
// 2^exponent[b] before C joins it, or give NaN when is_nan[b] is set.
struct GroupScaling {
  int block_k = 32;
  std::span<const int> exponent;
  std::span<const std::uint8_t> is_nan;
};

// The fused group step with block scales: `fp8_split` selects the §3 structure (even/odd split, C
// dropped below 2^(F-25)), else the §2 structure (one truncated sum, C floored at 24 bits).
std::uint32_t fused_scaled_groups(const FormatSpec& a_format, const FormatSpec& b_format, int group, bool fp8_split,
                                  const GroupScaling& scaling, const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
