// The conversions of docs/spec/valu.md §6 with integer arithmetic only.
#include "emu/semantics/conversions.hpp"

#include <algorithm>

#include "emu/formats/nan_select.hpp"
#include "emu/formats/widen.hpp"

namespace mxlane {
namespace {

// v / 2^s rounded to nearest, ties to even (s >= 0).
std::uint64_t rne_shift(std::uint64_t v, int s) {
  if (s == 0) return v;
  if (s >= 64) return 0;
  const std::uint64_t q = v >> s, rest = v & ((std::uint64_t{1} << s) - 1), half = std::uint64_t{1} << (s - 1);
  return q + ((rest > half || (rest == half && (q & 1) != 0)) ? 1 : 0);
}

// round(|x| * scale) for |x| < 1 given as sig * 2^exp, RNE.
std::uint64_t scaled_rne(const Unpacked& u, std::uint64_t scale) {
  const std::uint64_t p = u.sig * scale;  // < 2^24 * 2^16
  return -u.exp >= 64 ? 0 : rne_shift(p, -u.exp);
}

}  // namespace

std::uint16_t f32_to_f16_rtz(std::uint32_t x) {
  const Unpacked u = decode(kBinary32, x);
  const std::uint16_t sign = u.neg ? 0x8000 : 0;
  if (u.is_nan()) return static_cast<std::uint16_t>(quiet_nan(kBinary16, sign | 0x7C00 | ((x & 0x7FFFFF) >> 13)));
  if (u.is_inf()) return sign | 0x7C00;
  if (u.is_zero()) return sign;
  // Toward zero: overflow gives the largest finite value; subnormals are produced; zero keeps its sign.
  return static_cast<std::uint16_t>(round_pack(kBinary16, u.neg, u.exp, u.sig, false, {RoundingMode::toward_zero}));
}

std::uint16_t f32_to_snorm16(std::uint32_t x) {
  const Unpacked u = decode(kBinary32, x);
  if (u.is_nan() || u.is_zero()) return 0;
  const bool at_least_one = u.is_inf() || u.exp + bit_length(u.sig) - 1 >= 0;
  const std::uint64_t m = at_least_one ? 32767 : scaled_rne(u, 32767);    // exact product, one RNE [HW]
  return static_cast<std::uint16_t>(u.neg ? (0x10000 - m) & 0xFFFF : m);  // -1.0 -> 0x8001
}

std::uint16_t f32_to_unorm16(std::uint32_t x) {
  const Unpacked u = decode(kBinary32, x);
  if (u.is_nan() || u.is_zero() || u.neg) return 0;
  if (u.is_inf() || u.exp + bit_length(u.sig) - 1 >= 0) return 0xFFFF;
  return static_cast<std::uint16_t>(scaled_rne(u, 65535));
}

std::uint8_t f32_to_u8(std::uint32_t x, RoundingMode mode) {
  const Unpacked u = decode(kBinary32, x);
  if (u.is_nan() || u.is_zero()) return 0;
  if (u.neg) return 0;  // clamp to [0, 255]
  if (u.is_inf() || u.exp + bit_length(u.sig) - 1 >= 8) return 255;
  // Round to an integer by the mode: drop -exp fraction bits of sig.
  if (u.exp >= 0) return static_cast<std::uint8_t>(std::min<std::uint64_t>(u.sig << u.exp, 255));
  const int s = -u.exp;
  if (s >= 64) return mode == RoundingMode::up ? 1 : 0;
  const std::uint64_t q = u.sig >> s, rest = u.sig & ((std::uint64_t{1} << s) - 1);
  std::uint64_t r = q;
  if (mode == RoundingMode::nearest_even)
    r = rne_shift(u.sig, s);
  else if (mode == RoundingMode::up && rest != 0)
    r = q + 1;
  return static_cast<std::uint8_t>(std::min<std::uint64_t>(r, 255));
}

const FormatSpec& fp8_format(ArchId arch, bool bf8) {
  if (arch_info(arch).fp8_encoding == Fp8Encoding::fnuz) return bf8 ? kFp8E5M2Fnuz : kFp8E4M3Fnuz;
  return bf8 ? kFp8E5M2Ocp : kFp8E4M3Ocp;
}

std::uint32_t fp8_to_f32(const FormatSpec& f, std::uint8_t byte, const Switches& s) {
  WidenNan nan = WidenNan::quiet_keep_sign;  // OCP: goc / rocjitsu model
  if (f.special == SpecialEncoding::fnuz)
    nan = s.fnuz_nan_decode() == FnuzNan::all_ones ? WidenNan::all_ones : WidenNan::default_nan;
  return widen_to_f32(f, byte, nan);
}

std::uint8_t f32_to_fp8(const FormatSpec& f, std::uint32_t x, bool stochastic, std::uint32_t seed, bool saturate,
                        const Switches& s) {
  const bool fnuz = f.special == SpecialEncoding::fnuz;
  const Unpacked u = decode(kBinary32, x);
  // ---- special inputs (§6.7) ----
  if (u.is_nan()) return static_cast<std::uint8_t>(format_nan(f, true));  // OCP: sign ignored, 0xFF / 0xFE [HW]
  if (u.is_inf()) {  // never saturated [HW]: E5M2's infinity; E4M3 and FNUZ have none and give their NaN
    const std::uint64_t sign = u.neg ? f.sign_bit() : 0;
    return static_cast<std::uint8_t>(f.special == SpecialEncoding::ieee ? sign | f.infinity() : format_nan(f, u.neg));
  }
  const auto zero = [&] {  // a zero input, or a result that rounds to zero
    if (!u.neg) return std::uint8_t{0};
    if (fnuz) return s.fnuz_negative_underflow() == FnuzUnderflow::nan ? std::uint8_t{0x80} : std::uint8_t{0};
    return std::uint8_t{0x80};  // OCP -0
  };
  if (u.is_zero()) return zero();
  // ---- one rounding through round_pack: gradual underflow onto the FP8 subnormal grid ----
  RoundingOptions r;
  // MODE.FP16_OVFL saturates OCP overflow; FNUZ overflow is always its NaN [ASSUMED].
  r.overflow = saturate && !fnuz ? Overflow::to_max : Overflow::to_infinity;
  std::uint64_t bits;
  if (!stochastic) {
    bits = round_pack(f, u.neg, u.exp, u.sig, false, r);  // RNE
  } else {
    // §6.8 [HW]: |x| truncated to a grid 23 - man_bits bits below the destination's last place, the
    // seed's top 23 - man_bits bits (S1[31:9+man_bits]) added there, then truncated to the destination.
    const int random_bits = 23 - f.man_bits;
    const int lead = u.exp + bit_length(u.sig) - 1;
    const int fine_grid = std::max(lead, f.emin()) - f.man_bits - random_bits;
    const int drop = std::max(0, fine_grid - u.exp);  // never negative: binary32 has 23 fraction bits
    const std::uint64_t truncated = drop >= 64 ? 0 : u.sig >> drop;
    const std::uint64_t with_random = truncated + (seed >> (32 - random_bits));
    if (with_random == 0) return zero();
    r.mode = RoundingMode::toward_zero;
    bits = round_pack(f, u.neg, fine_grid, with_random, false, r);
  }
  if (bits == signed_zero(f, u.neg)) return zero();
  return static_cast<std::uint8_t>(bits);
}

}  // namespace mxlane
