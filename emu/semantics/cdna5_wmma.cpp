// gfx1250 WMMA element arithmetic: the cdna5_wmma models and the 16-bit result rounding (docs/cdna5.md §3).
#include "emu/semantics/cdna5_wmma.hpp"

#include <algorithm>
#include <climits>

#include "emu/formats/ieee_ops.hpp"
#include "emu/formats/nan_select.hpp"
#include "emu/formats/widen.hpp"
#include "emu/semantics/cdna2_fma_chain.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"
#include "emu/semantics/gfx12_dot4.hpp"
#include "emu/semantics/widened_fma_chain.hpp"

namespace mxlane {
namespace {

const FormatSpec& output_format(Cdna5Output output) {
  switch (output) {
    case Cdna5Output::f16: return kBinary16;
    case Cdna5Output::bf16:
    case Cdna5Output::bf16_from_f32: return kBfloat16;
    case Cdna5Output::f32: break;
  }
  return kBinary32;
}

// The binary32 result of the fused-groups model: gfx950's instruction of the same source format.
std::uint32_t fused_groups(const FormatSpec& fa, const FormatSpec& fb, const DotInputs& in,
                           const NumericsContext& ctx) {
  if (fa.bits() == 32) return static_cast<std::uint32_t>(cdna2_fma_chain(kBinary32, in, ctx));
  if (fa.bits() == 16) return cdna4_kdoubled_fused_dot(fa, in, ctx);
  return cdna4_f8f6f4_dot(fa, fb, in, ctx);
}

}  // namespace

// A binary32 pattern rounded once to the 16-bit format `to` (nearest even; subnormals kept). A NaN keeps
// its sign and the top bits of its payload, quieted; with FP16_OVFL an infinity becomes the largest
// finite value of its sign, whether it comes from rounding or from an infinite operand (docs/cdna5.md §3.1).
// `truncate` (bf16 under cdna5_bf16_output=truncate): the top 16 bits instead of a rounding.
std::uint64_t cdna5_result16(const FormatSpec& to, std::uint32_t x, bool overflow_to_max, bool truncate) {
  const std::uint32_t magnitude = x & 0x7FFFFFFF;
  if (!overflow_to_max && !truncate) {
    // The common cases in integers (the fast kernels call this per element); the same bits as round_pack
    // below, which tests/isa/test_gfx1250.cpp checks on every exponent and both ends of each fraction.
    if (&to == &kBfloat16 && magnitude <= 0x7F800000)  // finite or infinite: add half an ulp, ties to even
      return (x + 0x7FFF + ((x >> 16) & 1)) >> 16;
    if (&to == &kBinary16 && magnitude >= 0x38800000 && magnitude < 0x477FF000) {  // an f16 normal result
      const std::uint32_t rebiased = magnitude - 0x38000000;                       // exponent 127 -> 15
      return ((x >> 16) & 0x8000) | ((rebiased + 0xFFF + ((rebiased >> 13) & 1)) >> 13);
    }
  }
  const bool neg = (x >> 31) != 0;
  const std::uint32_t exp = (x >> 23) & 0xFF, man = x & 0x7FFFFF;
  const std::uint64_t sign = neg ? to.sign_bit() : 0;
  if (exp == 0xFF && man != 0) return sign | to.infinity() | to.quiet_bit() | (man >> (23 - to.man_bits));
  if (exp == 0xFF) return sign | (overflow_to_max ? to.max_finite() : to.infinity());
  if (exp == 0 && man == 0) return signed_zero(to, neg);
  if (truncate) return x >> 16;  // bf16 only: binary32's top half (switch cdna5_bf16_output=truncate)
  // value = sig * 2^(e - 23), sig with its hidden bit for normal x; one rounding point: round_pack.
  const std::uint32_t sig = exp == 0 ? man : (man | 0x800000);
  const int e = (exp == 0 ? 1 : static_cast<int>(exp)) - 127 - 23;
  RoundingOptions options;
  options.overflow = overflow_to_max ? Overflow::to_max : Overflow::ieee;
  return round_pack(to, neg, e, sig, false, options);
}

std::uint64_t cdna5_float_wmma(const FormatSpec& fa, const FormatSpec& fb, Cdna5Output output, const DotInputs& in,
                               const NumericsContext& ctx) {
  const Trace trace(ctx.observer);
  const Cdna5Wmma model = ctx.switches.cdna5_wmma();
  const bool c16 = output == Cdna5Output::f16 || output == Cdna5Output::bf16;
  const FormatSpec& out_format = output_format(output);
  const bool overflow_to_max = ctx.switches.fp16_ovfl() == ModeBit::on;
  // cdna5_bf16_output=truncate: every model accumulates in binary32 and D keeps the top half.
  const bool truncate = &out_format == &kBfloat16 && ctx.switches.cdna5_bf16_output() == Cdna5Bf16Output::truncate;
  if (model == Cdna5Wmma::dot4 && c16 && fa.bits() < 32 && !truncate)  // the DOT4 steps round to 16 bits
    return gfx12_wmma_chain(fa, fb, output == Cdna5Output::f16 ? Dot2Output::f16 : Dot2Output::bf16, in, ctx);

  // Every other path accumulates in binary32: a 16-bit C is widened exactly first.
  DotInputs wide = in;
  if (c16) {
    wide.c = widen_to_f32(out_format, in.c & 0xFFFF, WidenNan::move_payload);
    trace.read_c(out_format, kBinary32, in.c & 0xFFFF, wide.c, "16-bit C widened exactly to binary32");
  }
  std::uint32_t d32 = 0;
  if (model == Cdna5Wmma::fma_chain) {
    if (!c16) trace.read_c(kBinary32, in.c, in.c, "read as is (a subnormal C is honoured)");
    // rocjitsu's placeholder arithmetic (docs/cdna5.md §3.3)
    d32 = widened_fma_chain(fa, fb, static_cast<std::uint32_t>(wide.c), wide, ctx.observer,
                            "binary32 RNE (cdna5_wmma=fma-chain)");
  } else if (model == Cdna5Wmma::dot4 && fa.bits() < 32) {
    d32 = static_cast<std::uint32_t>(gfx12_wmma_chain(fa, fb, Dot2Output::f32, wide, ctx));
  } else {  // fused-groups, and the f32 sources under dot4 (gfx12 has no f32 WMMA to copy)
    d32 = fused_groups(fa, fb, wide, ctx);
  }
  if (output == Cdna5Output::f32) return d32;
  const std::uint64_t d = cdna5_result16(out_format, d32, overflow_to_max, truncate);
  trace.op(OpKind::read, "D", -1, {TracedNumber::fp(kBinary32, d32)}, TracedNumber::fp(out_format, d),
           truncate          ? "binary32 result truncated to bf16 (cdna5_bf16_output=truncate)"
           : overflow_to_max ? "binary32 result rounded to nearest even, an infinity saturated to MAX (FP16_OVFL)"
                             : "binary32 result rounded to nearest even");
  return d;
}

std::uint64_t cdna5_integer_wmma(int bits, const DotInputs& in, const NumericsContext& ctx) {
  const Trace trace(ctx.observer);
  const auto extend = [bits](std::uint64_t x, bool is_signed) {
    const std::uint64_t v = x & ((std::uint64_t{1} << bits) - 1);
    if (!is_signed || ((v >> (bits - 1)) & 1) == 0) return static_cast<std::int64_t>(v);
    return static_cast<std::int64_t>(v) - (std::int64_t{1} << bits);
  };
  trace.step_range(StepKind::integer_sum, 0, in.a.size());
  std::int64_t products = 0;  // |sum| <= 128 * 2^16: no overflow
  for (std::size_t k = 0; k < in.a.size(); ++k) {
    const std::int64_t x = extend(in.a[k], ctx.a_signed), y = extend(in.b[k], ctx.b_signed);
    products += x * y;
    trace.op(OpKind::int_product, {"p", static_cast<int>(k)}, static_cast<int>(k),
             {TracedNumber::int_value(x), TracedNumber::int_value(y)}, TracedNumber::int_value(x * y), "exact");
  }
  const std::int64_t c = static_cast<std::int32_t>(static_cast<std::uint32_t>(in.c));
  std::int64_t acc = c + products;
  if (ctx.clamp) acc = std::clamp<std::int64_t>(acc, INT32_MIN, INT32_MAX);
  const auto word = static_cast<std::uint32_t>(static_cast<std::uint64_t>(acc));
  trace.op(OpKind::int_sum, "C+sum", -1, {TracedNumber::int_value(c), TracedNumber::int_value(products)},
           TracedNumber{nullptr, word, static_cast<std::int32_t>(word)},
           ctx.clamp ? "exact, then saturated to int32 once (CLAMP)" : "exact, wrapped mod 2^32 (no CLAMP)");
  return word;
}

}  // namespace mxlane
