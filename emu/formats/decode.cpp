// decode(): a format's bit pattern into sign, class, exponent and integer significand.
#include "emu/formats/format.hpp"

namespace mxlane {

Unpacked decode(const FormatSpec& f, std::uint64_t bits) {
  Unpacked u;
  u.neg = (bits & f.sign_bit()) != 0;
  const std::uint64_t e = (bits >> f.man_bits) & f.exp_mask();
  const std::uint64_t m = bits & f.man_mask();
  const bool top_exponent = e == f.exp_mask();
  if (f.special == SpecialEncoding::ieee && top_exponent) {
    u.cls = m == 0 ? FpClass::infinity : FpClass::nan;
    return u;
  }
  if (f.special == SpecialEncoding::ocp_e4m3 && top_exponent && m == f.man_mask()) {
    u.cls = FpClass::nan;
    return u;
  }
  if (f.special == SpecialEncoding::fnuz && bits == f.sign_bit()) {  // 0x80: the FNUZ NaN
    u.cls = FpClass::nan;
    return u;
  }
  if (e == 0) {
    u.cls = m == 0 ? FpClass::zero : FpClass::subnormal;
    u.sig = m;
    u.exp = f.emin() - f.man_bits;
    return u;
  }
  u.cls = FpClass::normal;
  u.sig = m | (std::uint64_t{1} << f.man_bits);
  u.exp = static_cast<int>(e) - f.bias - f.man_bits;
  return u;
}

}  // namespace mxlane
