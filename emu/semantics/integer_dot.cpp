// Integer dot products of the matrix instructions: exact 64-bit sums, then wrap or saturate.
#include "emu/semantics/integer_dot.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace mxlane {
namespace {

std::int64_t extend(std::uint64_t x, int bits, bool is_signed) {
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  const std::uint64_t v = x & mask;
  if (!is_signed || ((v >> (bits - 1)) & 1) == 0) return static_cast<std::int64_t>(v);
  return static_cast<std::int64_t>(v) - (std::int64_t{1} << bits);
}

std::int64_t saturate32(std::int64_t v) {
  return std::clamp<std::int64_t>(v, std::numeric_limits<std::int32_t>::min(),
                                  std::numeric_limits<std::int32_t>::max());
}

std::uint64_t wrap32(std::int64_t v) { return static_cast<std::uint32_t>(static_cast<std::uint64_t>(v)); }

// With an observer: one integer_sum step listing every product, then the sum and its 32-bit result.
void report(const NumericsContext& ctx, std::span<const std::int64_t> x, std::span<const std::int64_t> y,
            std::int64_t c, std::int64_t products, std::uint64_t d, const char* rule) {
  const Trace trace(ctx.observer);
  trace.step_range(StepKind::integer_sum, 0, x.size());
  for (std::size_t k = 0; k < x.size(); ++k)
    trace.op(OpKind::int_product, {"p", static_cast<int>(k)}, static_cast<int>(k),
             {TracedNumber::int_value(x[k]), TracedNumber::int_value(y[k])}, TracedNumber::int_value(x[k] * y[k]),
             "exact");
  trace.op(OpKind::int_sum, "C+sum", -1, {TracedNumber::int_value(c), TracedNumber::int_value(products)},
           TracedNumber{nullptr, d, static_cast<std::int32_t>(static_cast<std::uint32_t>(d))}, rule);
}

// Every element as the integer the instruction multiplies, for the observer.
std::vector<std::int64_t> extended(std::span<const std::uint64_t> v, int bits, bool is_signed) {
  std::vector<std::int64_t> out;
  for (std::uint64_t x : v) out.push_back(extend(x, bits, is_signed));
  return out;
}

}  // namespace

std::uint64_t cdna2_int8_dot(const DotInputs& in, const NumericsContext& ctx) {
  std::int64_t acc = extend(in.c, 32, true);
  std::int64_t products = 0;
  for (std::size_t k = 0; k < in.a.size(); ++k) products += extend(in.a[k], 8, true) * extend(in.b[k], 8, true);
  acc += products;
  const bool saturate = ctx.switches.cdna2_int8_overflow() == IntOverflow::saturate;
  const std::uint64_t d = saturate ? wrap32(saturate32(acc)) : wrap32(acc);
  if (ctx.observer)
    report(ctx, extended(in.a, 8, true), extended(in.b, 8, true), extend(in.c, 32, true), products, d,
           saturate ? "exact, then saturated to int32 (cdna2_int8_overflow)" : "exact, then wrapped mod 2^32");
  return d;
}

std::uint64_t rdna3_integer_dot(int bits, const DotInputs& in, const NumericsContext& ctx) {
  std::int64_t products = 0;  // |sum| < 16 * 2^16: no overflow
  for (std::size_t k = 0; k < in.a.size(); ++k)
    products += extend(in.a[k], bits, ctx.a_signed) * extend(in.b[k], bits, ctx.b_signed);
  const std::int64_t c = extend(in.c, 32, true);
  std::uint64_t d = 0;
  const char* rule = "exact, then wrapped mod 2^32 (no CLAMP)";
  if (!ctx.clamp) {
    d = wrap32(c + products);
  } else if (ctx.switches.rdna3_int_clamp() == IntClamp::unsigned_range && !ctx.a_signed && !ctx.b_signed) {
    d = wrap32(std::clamp<std::int64_t>(c + products, 0, UINT32_MAX));  // E11 alternative
    rule = "exact, then saturated to [0, 2^32-1] (CLAMP, rdna3_int_clamp=unsigned-range)";
  } else {
    d = wrap32(saturate32(c + products));
    rule = "exact, then saturated to int32 (CLAMP)";
  }
  if (ctx.observer)
    report(ctx, extended(in.a, bits, ctx.a_signed), extended(in.b, bits, ctx.b_signed), c, products, d, rule);
  return d;
}

}  // namespace mxlane
