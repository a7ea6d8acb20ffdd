// round_exact_sum(): terms scaled to a common exponent and added as one big integer
// (Boost.Multiprecision cpp_int), then rounded once through round_pack.
#include "emu/formats/exact_dot.hpp"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>

namespace mxlane {

std::uint64_t round_exact_sum(const FormatSpec& f, std::span<const Term> terms, bool zero_neg,
                              const RoundingOptions& rounding) {
  using boost::multiprecision::cpp_int;
  int min_exp = 0;
  bool any = false;
  for (const Term& t : terms)
    if (t.sig != 0) {
      min_exp = any ? std::min(min_exp, t.exp) : t.exp;
      any = true;
    }
  cpp_int total = 0;
  for (const Term& t : terms) {
    if (t.sig == 0) continue;
    cpp_int v = static_cast<std::uint64_t>(t.sig >> 64);
    v <<= 64;
    v += static_cast<std::uint64_t>(t.sig);
    v <<= (t.exp - min_exp);
    total += t.neg ? cpp_int(-v) : v;
  }
  if (total == 0) return signed_zero(f, zero_neg);
  const bool neg = total < 0;
  cpp_int mag = neg ? cpp_int(-total) : total;
  const int bits = static_cast<int>(boost::multiprecision::msb(mag)) + 1;
  const int drop = std::max(0, bits - 120);
  const bool sticky = drop > 0 && (mag & ((cpp_int(1) << drop) - 1)) != 0;
  mag >>= drop;
  const u128 sig =
      (u128{static_cast<std::uint64_t>(mag >> 64)} << 64) | u128{static_cast<std::uint64_t>(mag & UINT64_MAX)};
  return round_pack(f, neg, min_exp + drop, sig, sticky, rounding);
}

}  // namespace mxlane
