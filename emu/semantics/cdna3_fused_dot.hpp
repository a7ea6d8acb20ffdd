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

// Per-k-block scales of the fused groups: each product A[k]*B[k] is multiplied exactly by its k-block's
// factor (block b = k / block_k; the product of A's and B's scales) before the group's truncation and sum.
// gfx950 f8f6f4 (docs/cdna4-numerics.md §3): powers of two, one block per group, which is the same as
// scaling the group's product sum; gfx1250 block-scaled WMMA (docs/cdna5.md §3.7): E5M3/E4M3 significands
// and 16-k blocks, two to a 32-k group [INF].
struct ScaleFactor {
  bool nan = false;
  std::int64_t sig = 1;  // signed; 0 for a zero scale
  int frac_bits = 0;     // value = sig * 2^(exp - frac_bits)
  int exp = 0;           // exponent of the leading place of |sig|'s factors (as the products' exponents)
};
struct GroupScaling {
  int block_k = 32;
  std::span<const ScaleFactor> blocks;
};

// The fused group step with block scales: `fp8_split` selects the §3 structure (even/odd split, C
// dropped below 2^(F-25)), else the §2 structure (one truncated sum, C floored at 24 bits).
std::uint32_t fused_scaled_groups(const FormatSpec& a_format, const FormatSpec& b_format, int group, bool fp8_split,
                                  const GroupScaling& scaling, const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
