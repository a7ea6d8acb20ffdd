// ieee_fma(): fused multiply-add with a single rounding (IEEE 754-2019 §5.4.1 semantics).
#include "emu/formats/exact_sum.hpp"
#include "emu/formats/ieee_ops.hpp"

namespace mxlane {
namespace {

// IEEE 754 §6.3: an exact zero sum of opposite-signed operands is +0, except -0 when rounding down.
bool exact_zero_sign(bool x_neg, bool y_neg, RoundingMode mode) {
  return x_neg == y_neg ? x_neg : mode == RoundingMode::down;
}

}  // namespace

std::uint64_t ieee_fma(const FormatSpec& f, std::uint64_t a, std::uint64_t b, std::uint64_t c,
                       const RoundingOptions& rounding, NanPolicy nan) {
  const Unpacked ua = decode(f, a), ub = decode(f, b), uc = decode(f, c);
  if (ua.is_nan() || ub.is_nan() || uc.is_nan()) return select_nan(f, nan, {a, b, c});
  const bool product_neg = ua.neg != ub.neg;
  const bool product_inf = ua.is_inf() || ub.is_inf();
  if (product_inf && (ua.is_zero() || ub.is_zero())) return default_nan(f);  // inf * 0: invalid
  if (product_inf) {
    if (uc.is_inf() && uc.neg != product_neg) return default_nan(f);  // inf - inf: invalid
    return (product_neg ? f.sign_bit() : 0) | f.infinity();
  }
  if (uc.is_inf()) return c;
  const bool product_zero = ua.is_zero() || ub.is_zero();
  if (product_zero && uc.is_zero()) return signed_zero(f, exact_zero_sign(product_neg, uc.neg, rounding.mode));
  if (product_zero) return round_pack(f, uc.neg, uc.exp, uc.sig, false, rounding);  // c, re-rounded only if flushing
  const Sum s = add_terms(product_term(ua, ub), value_term(uc));
  if (s.is_exact_zero()) return signed_zero(f, exact_zero_sign(product_neg, uc.neg, rounding.mode));
  return round_pack(f, s.neg, s.exp, s.sig, s.sticky, rounding);
}

}  // namespace mxlane
