// Factor decoding and special-value precedence of the RDNA float dot units.
#include "emu/semantics/dot_specials.hpp"

#include <algorithm>

#include "emu/formats/nan_select.hpp"

namespace mxlane {

DotFactor decode_dot_factor(const FormatSpec& f, std::uint64_t bits, bool keep_subnormal) {
  const Unpacked u = decode(f, bits);
  DotFactor r;
  r.neg = u.neg;
  r.nan = u.is_nan();
  r.inf = u.is_inf();
  if (u.cls == FpClass::normal || (u.cls == FpClass::subnormal && keep_subnormal))
    r.sig = static_cast<std::int64_t>(u.sig);
  if (r.inf) r.sig = 1;  // nonzero: inf * inf is not invalid
  const std::uint64_t e = (bits >> f.man_bits) & f.exp_mask();
  r.aexp = static_cast<int>(std::max<std::uint64_t>(e, 1)) - f.bias;
  return r;
}

std::optional<std::uint32_t> dot_special_result(std::span<const FactorPair> products, std::uint32_t c) {
  for (const FactorPair& p : products)
    if (p.a.nan || p.b.nan) return kDotFactorNan;
  for (const FactorPair& p : products)
    if ((p.a.inf && p.b.sig == 0) || (p.b.inf && p.a.sig == 0)) return kDotInvalidNan;
  bool pos_inf = false, neg_inf = false;
  for (const FactorPair& p : products)
    if (p.a.inf || p.b.inf) (p.a.neg != p.b.neg ? neg_inf : pos_inf) = true;
  if (pos_inf && neg_inf) return kDotInvalidNan;
  const unsigned ec = (c >> 23) & 0xFF;
  const bool c_neg = (c >> 31) != 0;
  if (ec == 0xFF && (c & 0x7FFFFF) != 0) return static_cast<std::uint32_t>(quiet_nan(kBinary32, c));  // C NaN, quieted
  if (ec == 0xFF) (c_neg ? neg_inf : pos_inf) = true;
  if (pos_inf && neg_inf) return kDotInvalidNan;
  if (pos_inf || neg_inf) return neg_inf ? 0xFF800000U : 0x7F800000U;
  return std::nullopt;
}

}  // namespace mxlane
