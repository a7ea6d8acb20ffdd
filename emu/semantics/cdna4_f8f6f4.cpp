// gfx950 f8f6f4 and K-doubled f16/bf16 MFMA arithmetic on top of gfx942's fused group step
// (docs/cdna4-numerics.md §3-§4). No gfx950 model or capture exists: every rule here is [INF] or
// [DOC] as that document says, with the unknown choices behind switches.
#include "emu/semantics/cdna4_f8f6f4.hpp"

#include <stdexcept>
#include <vector>

#include "emu/formats/block_scale.hpp"
#include "emu/semantics/cdna3_fused_dot.hpp"

namespace mxlane {
namespace {

constexpr int kE8m0Bias = 127;

// Each 32-k block's factor 2^(sa+sb-254), NaN where either byte is 0xFF (§3.2).
std::vector<ScaleFactor> block_scales(std::span<const std::uint8_t> scale_a, std::span<const std::uint8_t> scale_b,
                                      std::size_t k, bool zero_is_identity) {
  const std::size_t blocks = k / kF8f6f4BlockK;
  if (k % kF8f6f4BlockK != 0 || scale_a.size() != blocks || scale_b.size() != blocks)
    throw std::logic_error("cdna4_f8f6f4_scaled_dot: K must be a multiple of 32 with one scale byte per block");
  // scale_zero_is_identity=identity: a 0x00 byte means "no scaling" (E-C4-3) [UNKNOWN].
  const auto scale = [&](std::uint8_t e) {
    return zero_is_identity && e == 0 ? decode_block_scale(BlockScaleFormat::e8m0, kE8m0Bias)
                                      : decode_block_scale(BlockScaleFormat::e8m0, e);
  };
  std::vector<ScaleFactor> out;
  for (std::size_t b = 0; b < blocks; ++b) {
    const BlockScale sa = scale(scale_a[b]), sb = scale(scale_b[b]);
    out.push_back(ScaleFactor{sa.nan || sb.nan, 1, 0, sa.exp + sb.exp});
  }
  return out;
}

std::uint32_t scaled_blocks(const FormatSpec& a_format, const FormatSpec& b_format,
                            const std::vector<ScaleFactor>& scales, const DotInputs& in, const NumericsContext& ctx) {
  const GroupScaling scaling{kF8f6f4BlockK, scales};
  // block32 (default, [INF]): one §2 fused group per 32-k scale block; split16: gfx942's fp8 §3
  // structure, two groups of 16 per block (E-C4-4).
  if (ctx.switches.f8f6f4_group() == F8f6f4Group::split16)
    return fused_scaled_groups(a_format, b_format, 16, true, scaling, in, ctx);
  return fused_scaled_groups(a_format, b_format, kF8f6f4BlockK, false, scaling, in, ctx);
}

}  // namespace

const FormatSpec* f8f6f4_format(int code) {
  switch (code) {  // [DOC: AMD ROCm blog format table; LLVM cbsz/blgp format operands]
    case 0: return &kFp8E4M3Ocp;
    case 1: return &kFp8E5M2Ocp;
    case 2: return &kFp6E2M3;
    case 3: return &kBf6E3M2;
    case 4: return &kFp4E2M1;
    default: return nullptr;
  }
}

std::uint32_t cdna4_f8f6f4_scaled_dot(const FormatSpec& a_format, const FormatSpec& b_format,
                                      std::span<const std::uint8_t> scale_a, std::span<const std::uint8_t> scale_b,
                                      const DotInputs& in, const NumericsContext& ctx) {
  const bool zero_is_identity = ctx.switches.scale_zero_is_identity() == ScaleZero::identity;
  return scaled_blocks(a_format, b_format, block_scales(scale_a, scale_b, in.a.size(), zero_is_identity), in, ctx);
}

std::uint32_t cdna4_f8f6f4_dot(const FormatSpec& a_format, const FormatSpec& b_format, const DotInputs& in,
                               const NumericsContext& ctx) {
  // The unscaled encoding is the scaled one with both scales 2^0 (§3.3) [INF].
  const std::vector<std::uint8_t> unit(in.a.size() / kF8f6f4BlockK, kE8m0Bias);
  return scaled_blocks(a_format, b_format, block_scales(unit, unit, in.a.size(), false), in, ctx);
}

std::uint32_t cdna4_kdoubled_fused_dot(const FormatSpec& input, const DotInputs& in, const NumericsContext& ctx) {
  // gfx942's f16/bf16 group of 8 carried over [INF]; 16 is the alternative (E-C4-4).
  const int group = ctx.switches.cdna4_kdoubled_group() == KdoubledGroup::g16 ? 16 : 8;
  return cdna3_fused_dot(input, group, false, in, ctx);
}

}  // namespace mxlane
