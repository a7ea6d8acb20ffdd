// gfx1250 block-scaled WMMA element arithmetic: each k-block's products times its A and B scales, under switch
// cdna5_wmma (docs/cdna5.md §3.7). No public model or capture exists: the default is [INF], the others [UNKNOWN].
#include <stdexcept>
#include <vector>

#include "emu/formats/block_scale.hpp"
#include "emu/formats/ieee_ops.hpp"
#include "emu/semantics/cdna3_fused_dot.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"
#include "emu/semantics/cdna5_wmma.hpp"
#include "emu/semantics/gfx12_dot4.hpp"
#include "emu/semantics/widened_fma_chain.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

// A's and B's scale of one block as one exact factor for the fused groups.
ScaleFactor block_factor(const BlockScale& sa, const BlockScale& sb) {
  if (sa.nan || sb.nan) return ScaleFactor{true};
  const auto magnitude = static_cast<std::int64_t>(sa.sig) * static_cast<std::int64_t>(sb.sig);
  return ScaleFactor{false, sa.neg != sb.neg ? -magnitude : magnitude, sa.frac_bits + sb.frac_bits, sa.exp + sb.exp};
}

// round(x * y) in binary32: a fused multiply-add with -0, which keeps the product's zero sign.
std::uint32_t multiply(std::uint32_t x, std::uint32_t y) {
  return static_cast<std::uint32_t>(ieee_fma(kBinary32, x, y, 0x80000000u, RoundingOptions{}, NanPolicy::canonical));
}

}  // namespace

std::uint32_t cdna5_block_scaled_wmma(const FormatSpec& fa, const FormatSpec& fb, const DotInputs& in,
                                      const NumericsContext& ctx) {
  const std::size_t blocks = in.scale_a.size();
  if (blocks == 0 || in.scale_b.size() != blocks || in.a.size() % blocks != 0)
    throw std::logic_error("cdna5_block_scaled_wmma: one A and one B scale byte per k-block");
  const std::size_t block_k = in.a.size() / blocks;
  const Cdna5Wmma model = ctx.switches.cdna5_wmma();

  if (model == Cdna5Wmma::fused_groups) {
    // gfx950's fused group of 32 k (as the unscaled f8f6f4 WMMA), each product times its block's two scales
    // exactly before the group's truncation and sum; a 16-k scale block (scale16) is half a group [INF], or its
    // own group under cdna5_scale16_group=16.
    std::vector<ScaleFactor> factors;
    for (std::size_t b = 0; b < blocks; ++b)
      factors.push_back(block_factor(decode_block_scale(ctx.a_scale_format, in.scale_a[b]),
                                     decode_block_scale(ctx.b_scale_format, in.scale_b[b])));
    const GroupScaling scaling{static_cast<int>(block_k), factors};
    const int group =
        ctx.switches.cdna5_scale16_group() == Cdna5Scale16Group::g16 ? static_cast<int>(block_k) : kF8f6f4BlockK;
    return fused_scaled_groups(fa, fb, group, false, scaling, in, ctx);
  }

  // dot4 / fma-chain: each block's chain from +0, times A's scale, times B's scale (two binary32 roundings), then
  // added to the accumulator (rocjitsu's scaled executor order, with the model's chain inside) [UNKNOWN].
  const Trace trace(ctx.observer);
  auto acc = static_cast<std::uint32_t>(in.c);
  trace.read_c(kBinary32, in.c, acc, "read as is (a subnormal C is honoured)");
  for (std::size_t b = 0; b < blocks; ++b) {
    const DotInputs block{in.a.subspan(b * block_k, block_k), in.b.subspan(b * block_k, block_k), 0};
    std::uint32_t sum;
    if (model == Cdna5Wmma::fma_chain) {
      sum = widened_fma_chain(fa, fb, 0, block, ctx.observer,
                              "binary32 RNE, the block's chain from +0 (cdna5_wmma=fma-chain)");
    } else {
      sum = static_cast<std::uint32_t>(gfx12_wmma_chain(fa, fb, Dot2Output::f32, block, ctx));
    }
    const std::uint32_t sa = block_scale_binary32(ctx.a_scale_format, in.scale_a[b]);
    const std::uint32_t sb = block_scale_binary32(ctx.b_scale_format, in.scale_b[b]);
    const std::uint32_t scaled_a = multiply(sum, sa), scaled = multiply(scaled_a, sb);
    const std::uint32_t before = acc;
    acc = static_cast<std::uint32_t>(ieee_add(kBinary32, acc, scaled, RoundingOptions{}, NanPolicy::canonical));
    if (trace.on()) {
      const int first = static_cast<int>(b * block_k);
      trace.fp_op(OpKind::product, "s", first, kBinary32, {sum, sa, 0x80000000u}, scaled_a,
                  fmt::format("block k{}..{} times A's scale {}, binary32 RNE", first, first + block_k - 1,
                              block_scale_text(ctx.a_scale_format, in.scale_a[b])));
      trace.fp_op(OpKind::product, "s", first, kBinary32, {scaled_a, sb, 0x80000000u}, scaled,
                  fmt::format("times B's scale {}, binary32 RNE", block_scale_text(ctx.b_scale_format, in.scale_b[b])));
      trace.fp_op(OpKind::add, "acc", first, kBinary32, {before, scaled}, acc, "acc + scaled block, binary32 RNE");
    }
  }
  return acc;
}

}  // namespace mxlane
