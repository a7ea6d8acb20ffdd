// ieee_exact_dot(): IEEE special values first, then the exact sum of the finite terms rounded once.
#include <stdexcept>
#include <vector>

#include "emu/formats/exact_dot.hpp"
#include "emu/formats/ieee_ops.hpp"

namespace mxlane {

std::uint64_t ieee_exact_dot(const FormatSpec& f, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                             std::uint64_t c, const RoundingOptions& rounding, NanPolicy nan) {
  if (a.size() != b.size()) throw std::logic_error("ieee_exact_dot: a and b differ in length");
  const Unpacked uc = decode(f, c);
  // ---- NaN operands: the NaN by the policy, operands in the order a0, b0, a1, b1, ..., c ----
  bool any_nan = uc.is_nan();
  for (std::size_t k = 0; k < a.size() && !any_nan; ++k) any_nan = is_nan(f, a[k]) || is_nan(f, b[k]);
  if (any_nan) {
    std::vector<std::uint64_t> in_order;
    in_order.reserve(2 * a.size() + 1);
    for (std::size_t k = 0; k < a.size(); ++k) in_order.insert(in_order.end(), {a[k], b[k]});
    in_order.push_back(c);
    return select_nan(f, nan, in_order);
  }
  // ---- infinities: inf * 0 and inf - inf are invalid, else the infinity's sign ----
  bool pos_inf = false, neg_inf = false, all_neg_zero = uc.neg;
  std::vector<Term> terms;
  terms.reserve(a.size() + 1);
  for (std::size_t k = 0; k < a.size(); ++k) {
    const Unpacked x = decode(f, a[k]), y = decode(f, b[k]);
    if ((x.is_inf() && y.is_zero()) || (y.is_inf() && x.is_zero())) return default_nan(f);
    if (x.is_inf() || y.is_inf())
      (x.neg != y.neg ? neg_inf : pos_inf) = true;
    else
      terms.push_back(product_term(x, y));
    all_neg_zero = all_neg_zero && x.neg != y.neg;
  }
  if (uc.is_inf()) (uc.neg ? neg_inf : pos_inf) = true;
  if (pos_inf && neg_inf) return default_nan(f);
  if (pos_inf || neg_inf) return (neg_inf ? f.sign_bit() : 0) | f.infinity();
  // ---- finite: one rounding of the exact sum ----
  terms.push_back(value_term(uc));
  return round_exact_sum(f, terms, all_neg_zero, rounding);
}

}  // namespace mxlane
