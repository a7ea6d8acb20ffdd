// ieee_add(): correctly rounded addition (IEEE 754-2019 §5.4.1), special values and zero signs.
#include "emu/formats/exact_sum.hpp"
#include "emu/formats/ieee_ops.hpp"

namespace mxlane {

std::uint64_t ieee_add(const FormatSpec& f, std::uint64_t a, std::uint64_t b, const RoundingOptions& rounding,
                       NanPolicy nan) {
  const Unpacked ua = decode(f, a), ub = decode(f, b);
  if (ua.is_nan() || ub.is_nan()) return select_nan(f, nan, {a, b});
  if (ua.is_inf() && ub.is_inf() && ua.neg != ub.neg) return default_nan(f);  // inf - inf: invalid
  if (ua.is_inf()) return a;
  if (ub.is_inf()) return b;
  // IEEE 754 §6.3: x + (-x) = +0 (-0 when rounding down); (-0) + (-0) = -0.
  const auto zero_sign = [&] { return ua.neg == ub.neg ? ua.neg : rounding.mode == RoundingMode::down; };
  if (ua.is_zero() && ub.is_zero()) return signed_zero(f, zero_sign());
  if (ua.is_zero()) return round_pack(f, ub.neg, ub.exp, ub.sig, false, rounding);
  if (ub.is_zero()) return round_pack(f, ua.neg, ua.exp, ua.sig, false, rounding);
  const Sum s = add_terms(value_term(ua), value_term(ub));
  if (s.is_exact_zero()) return signed_zero(f, zero_sign());
  return round_pack(f, s.neg, s.exp, s.sig, s.sticky, rounding);
}

}  // namespace mxlane
