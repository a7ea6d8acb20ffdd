// Integer dot products of the matrix instructions: exact 64-bit sums, then wrap or saturate.
#include "emu/semantics/integer_dot.hpp"

#include <algorithm>
#include <limits>

namespace mxlane {
namespace {

std::int64_t extend(std::uint64_t x, int bits, bool is_signed) {
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  const std::uint64_t v = x & mask;
  if (!is_signed || ((v >> (bits - 1)) & 1) == 0) return static_cast<std::int64_t>(v);
  return static_cast<std::int64_t>(v) - (std::int64_t{1} << bits);
}

std::int64_t saturate32(std::int64_t v) {
  return std::clamp<std::int64_t>(v, std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max());
}

std::uint64_t wrap32(std::int64_t v) { return static_cast<std::uint32_t>(static_cast<std::uint64_t>(v)); }

}  // namespace

std::uint64_t cdna2_int8_dot(const DotInputs& in, const NumericsContext& ctx) {
  std::int64_t acc = extend(in.c, 32, true);
  for (std::size_t k = 0; k < in.a.size(); ++k) acc += extend(in.a[k], 8, true) * extend(in.b[k], 8, true);
  return ctx.switches.get(SwitchId::cdna2_int8_overflow) == 1 ? wrap32(saturate32(acc)) : wrap32(acc);
}

std::uint64_t rdna3_integer_dot(int bits, const DotInputs& in, const NumericsContext& ctx) {
  std::int64_t products = 0;  // |sum| < 16 * 2^16: no overflow
  for (std::size_t k = 0; k < in.a.size(); ++k)
    products += extend(in.a[k], bits, ctx.a_signed) * extend(in.b[k], bits, ctx.b_signed);
  const std::int64_t c = extend(in.c, 32, true);
  if (!ctx.clamp) return wrap32(c + products);
  if (ctx.switches.get(SwitchId::rdna3_int_clamp) == 1 && !ctx.a_signed && !ctx.b_signed)
    return wrap32(std::clamp<std::int64_t>(c + products, 0, UINT32_MAX));  // E11 alternative
  return wrap32(saturate32(c + products));
}

}  // namespace mxlane
