// widen(): decode, then an exact round_pack into the wider format; the NaN by the caller's policy.
#include "emu/formats/widen.hpp"

#include <stdexcept>

#include "emu/formats/nan_select.hpp"
#include "emu/formats/round_pack.hpp"

namespace mxlane {
namespace {

bool holds_exactly(const FormatSpec& from, const FormatSpec& to) {
  return to.special == SpecialEncoding::ieee && to.man_bits >= from.man_bits && to.emax() >= from.emax() &&
         to.emin() - to.man_bits <= from.emin() - from.man_bits;
}

std::uint64_t widened_nan(const FormatSpec& from, const FormatSpec& to, std::uint64_t bits, bool neg, WidenNan nan) {
  const std::uint64_t sign = neg ? to.sign_bit() : 0;
  switch (nan) {
    case WidenNan::move_payload: {
      const std::uint64_t payload = (bits & from.man_mask()) << (to.man_bits - from.man_bits);
      return sign | to.infinity() | (payload != 0 ? payload : to.quiet_bit());
    }
    case WidenNan::quiet_keep_sign: return sign | default_nan(to);
    case WidenNan::default_nan: return default_nan(to);
    case WidenNan::all_ones: return to.infinity() | to.man_mask();
  }
  return default_nan(to);
}

}  // namespace

std::uint64_t widen(const FormatSpec& from, const FormatSpec& to, std::uint64_t bits, WidenNan nan) {
  if (!holds_exactly(from, to)) throw std::logic_error("widen: the target format cannot hold every value");
  const Unpacked u = decode(from, bits);
  switch (u.cls) {
    case FpClass::nan: return widened_nan(from, to, bits, u.neg, nan);
    case FpClass::infinity: return (u.neg ? to.sign_bit() : 0) | to.infinity();
    case FpClass::zero: return signed_zero(to, u.neg);
    default: return round_pack(to, u.neg, u.exp, u.sig, false, RoundingOptions{});  // exact: nothing to round
  }
}

}  // namespace mxlane
