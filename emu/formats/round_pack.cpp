// round_pack(): rounding, underflow (gradual or flushed) and overflow for every format.
#include "emu/formats/round_pack.hpp"

#include <stdexcept>

#include "emu/formats/nan_select.hpp"

namespace mxlane {
namespace {

bool round_up(RoundingMode mode, bool neg, bool lsb, bool half, bool below_half) {
  switch (mode) {
    case RoundingMode::nearest_even: return half && (below_half || lsb);
    case RoundingMode::toward_zero: return false;
    case RoundingMode::up: return !neg && (half || below_half);
    case RoundingMode::down: return neg && (half || below_half);
  }
  return false;
}

std::uint64_t overflow_result(const FormatSpec& f, bool neg, const RoundingOptions& o) {
  const std::uint64_t sign = neg ? f.sign_bit() : 0;
  if (o.overflow == Overflow::to_nan) return format_nan(f, neg);
  if (o.overflow == Overflow::to_infinity)
    return f.special == SpecialEncoding::ieee ? sign | f.infinity() : format_nan(f, neg);
  if (o.overflow == Overflow::to_max || f.special != SpecialEncoding::ieee) return sign | f.max_finite();
  const bool to_infinity = o.mode == RoundingMode::nearest_even || (o.mode == RoundingMode::up && !neg) ||
                           (o.mode == RoundingMode::down && neg);
  return sign | (to_infinity ? f.infinity() : f.max_finite());
}

std::uint64_t flushed_zero(const FormatSpec& f, bool neg, const RoundingOptions& o) {
  return signed_zero(f, neg && !o.flush_to_positive_zero);
}

}  // namespace

std::uint64_t round_pack(const FormatSpec& f, bool neg, int exp, u128 sig, bool sticky, const RoundingOptions& o) {
  if (sig == 0) throw std::logic_error("round_pack: zero significand");
  const int p = f.man_bits;
  // Give the rounding decision a guard bit when the caller's significand is short.
  if (sticky && bit_length(sig) < p + 3) {
    const int widen = p + 3 - bit_length(sig);
    sig <<= widen;
    exp -= widen;
  }
  const int lead = exp + bit_length(sig) - 1;  // exponent of the leading bit
  int lsb = lead - p;                          // exponent of the result's last place
  if (o.underflow != Underflow::flush_unbounded && lsb < f.emin() - p) lsb = f.emin() - p;

  // Drop `shift` low bits of sig, rounding by the mode.
  const int shift = lsb - exp;
  u128 q;
  if (shift <= 0) {
    q = sig << -shift;  // exact: the result has room for every bit (sticky implies shift >= 2)
  } else {
    bool half, below_half;
    if (shift > 128) {
      q = 0;
      half = false;
      below_half = true;
    } else {
      q = shift == 128 ? 0 : sig >> shift;
      const u128 rest = shift == 128 ? sig : sig & ((u128{1} << shift) - 1);
      half = ((rest >> (shift - 1)) & 1) != 0;
      below_half = (rest & ((u128{1} << (shift - 1)) - 1)) != 0 || sticky;
    }
    if (round_up(o.mode, neg, (q & 1) != 0, half, below_half)) ++q;
  }
  const u128 hidden = u128{1} << p;
  if (q == (hidden << 1)) {  // rounding carried into a new leading bit
    q >>= 1;
    ++lsb;
  }
  if (q == 0) return o.underflow == Underflow::gradual ? signed_zero(f, neg) : flushed_zero(f, neg, o);

  const std::uint64_t sign = neg ? f.sign_bit() : 0;
  if (q < hidden) {  // subnormal (lsb is the subnormal grid)
    if (o.underflow != Underflow::gradual) return flushed_zero(f, neg, o);
    return sign | static_cast<std::uint64_t>(q);
  }
  const int e = lsb + p;
  if (e < f.emin()) return flushed_zero(f, neg, o);  // only under flush_unbounded
  if (e > f.emax()) return overflow_result(f, neg, o);
  const std::uint64_t biased = static_cast<std::uint64_t>(e + f.bias);
  const std::uint64_t bits = sign | (biased << p) | (static_cast<std::uint64_t>(q) - (std::uint64_t{1} << p));
  // Formats whose top code is NaN (OCP E4M3, FNUZ's -0 slot never arises here): a result that lands
  // on the NaN code is an overflow.
  if (f.special == SpecialEncoding::ocp_e4m3 && (bits & ~f.sign_bit()) > f.max_finite())
    return overflow_result(f, neg, o);
  return bits;
}

}  // namespace mxlane
