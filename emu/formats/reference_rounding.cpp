// round_exact_rne() through round_pack(), the one rounding routine; ulp_distance() on the
// sign-magnitude order of the bit patterns.
#include "emu/formats/reference_rounding.hpp"

#include "emu/formats/round_pack.hpp"

namespace mxlane {

std::uint64_t round_exact_rne(const FormatSpec& f, const ExactValue& v) {
  using boost::multiprecision::cpp_int;
  if (v.num == 0) return 0;
  const bool neg = v.num < 0;
  cpp_int mag = neg ? cpp_int(-v.num) : v.num;
  int exp = v.exp;
  bool sticky = false;
  // round_pack takes a 128-bit significand: keep the top 120 bits and fold the rest into sticky.
  const int length = static_cast<int>(boost::multiprecision::msb(mag)) + 1;
  if (length > 120) {
    const int drop = length - 120;
    sticky = boost::multiprecision::lsb(mag) < static_cast<unsigned>(drop);  // a 1 among the dropped bits
    mag >>= drop;
    exp += drop;
  }
  const auto low = static_cast<std::uint64_t>(mag & cpp_int(~std::uint64_t{0}));
  const auto high = static_cast<std::uint64_t>(mag >> 64);
  return round_pack(f, neg, exp, (static_cast<u128>(high) << 64) | low, sticky, RoundingOptions{});
}

std::optional<std::uint64_t> ulp_distance(const FormatSpec& f, std::uint64_t a, std::uint64_t b) {
  if (decode(f, a).is_nan() || decode(f, b).is_nan()) return std::nullopt;
  // On the sign-magnitude order: same signs differ by their magnitudes, opposite signs add them
  // (both below 2^63, so the sum fits).
  const std::uint64_t ma = a & ~f.sign_bit(), mb = b & ~f.sign_bit();
  const bool na = (a & f.sign_bit()) != 0 && ma != 0, nb = (b & f.sign_bit()) != 0 && mb != 0;
  if (na != nb) return ma + mb;
  return ma > mb ? ma - mb : mb - ma;
}

}  // namespace mxlane
