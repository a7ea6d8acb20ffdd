// The conversions of docs/spec/valu.md §6 with integer arithmetic only.
#include "emu/semantics/conversions.hpp"

#include <algorithm>

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
  if (u.is_nan()) return static_cast<std::uint16_t>(sign | 0x7E00 | ((x & 0x7FFFFF) >> 13));
  if (u.is_inf()) return sign | 0x7C00;
  if (u.is_zero()) return sign;
  // Toward zero: overflow gives the largest finite value; subnormals are produced; zero keeps its sign.
  return static_cast<std::uint16_t>(round_pack(kBinary16, u.neg, u.exp, u.sig, false, {RoundingMode::toward_zero}));
}

std::uint16_t f32_to_snorm16(std::uint32_t x) {
  const Unpacked u = decode(kBinary32, x);
  if (u.is_nan() || u.is_zero()) return 0;
  const bool at_least_one = u.is_inf() || u.exp + bit_length(u.sig) - 1 >= 0;
  const std::uint64_t m = at_least_one ? 32767 : scaled_rne(u, 32767);  // exact product, one RNE [HW]
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
  if (u.neg) return 0;                                  // clamp to [0, 255]
  if (u.is_inf() || u.exp + bit_length(u.sig) - 1 >= 8) return 255;
  // Round to an integer by the mode: drop -exp fraction bits of sig.
  if (u.exp >= 0) return static_cast<std::uint8_t>(std::min<std::uint64_t>(u.sig << u.exp, 255));
  const int s = -u.exp;
  if (s >= 64) return mode == RoundingMode::up ? 1 : 0;
  const std::uint64_t q = u.sig >> s, rest = u.sig & ((std::uint64_t{1} << s) - 1);
  std::uint64_t r = q;
  if (mode == RoundingMode::nearest_even) r = rne_shift(u.sig, s);
  else if (mode == RoundingMode::up && rest != 0) r = q + 1;
  return static_cast<std::uint8_t>(std::min<std::uint64_t>(r, 255));
}

const FormatSpec& fp8_format(ArchId arch, bool bf8) {
  if (arch_info(arch).fp8_encoding == Fp8Encoding::fnuz) return bf8 ? kFp8E5M2Fnuz : kFp8E4M3Fnuz;
  return bf8 ? kFp8E5M2Ocp : kFp8E4M3Ocp;
}

std::uint32_t fp8_to_f32(const FormatSpec& f, std::uint8_t byte, const Switches& s) {
  const Unpacked u = decode(f, byte);
  const std::uint32_t sign = u.neg ? 0x80000000U : 0;
  switch (u.cls) {
    case FpClass::nan:
      if (f.special == SpecialEncoding::fnuz) return s.fnuz_nan_decode() == FnuzNan::all_ones ? 0x7FFFFFFFU : 0x7FC00000U;
      return sign | 0x7FC00000U;  // goc / rocjitsu model
    case FpClass::infinity: return sign | 0x7F800000U;
    case FpClass::zero: return sign;
    default: return static_cast<std::uint32_t>(round_pack(kBinary32, u.neg, u.exp, u.sig, false, {}));  // exact
  }
}

std::uint8_t f32_to_fp8(const FormatSpec& f, std::uint32_t x, bool stochastic, std::uint32_t seed, bool saturate,
                        const Switches& s) {
  const bool fnuz = f.special == SpecialEncoding::fnuz;
  const bool e4m3 = f.exp_bits == 4;
  const int fb = f.man_bits;
  const std::uint8_t sign = (x >> 31) != 0 ? 0x80 : 0;
  const Unpacked u = decode(kBinary32, x);
  // ---- special inputs (§6.7) ----
  if (u.is_nan()) return fnuz ? 0x80 : (e4m3 ? 0xFF : 0xFE);  // OCP: sign ignored [HW]
  const std::uint8_t top = fnuz ? 0x7F : (e4m3 ? 0x7F : 0x7C);
  if (u.is_inf()) return fnuz ? 0x80 : static_cast<std::uint8_t>(sign | top);  // never saturated [HW]
  const std::uint32_t limit = fnuz ? 0x7F : (saturate ? top - 1U : top);
  // ---- the shared core: align to the destination grid, round or add random bits, rebuild ----
  const int e = static_cast<int>((x >> 23) & 0xFF) - 127 + f.bias;  // target biased exponent
  const int far = fnuz ? (e4m3 ? 16 : 32) : (e4m3 ? 16 : 31);
  const auto zero = [&] {
    if (sign == 0) return std::uint8_t{0};
    if (fnuz) return s.fnuz_negative_underflow() == FnuzUnderflow::nan ? std::uint8_t{0x80} : std::uint8_t{0};
    return sign;  // OCP -0 = 0x80
  };
  if (e >= far) return fnuz ? 0x80 : static_cast<std::uint8_t>(sign | limit);
  const std::uint32_t sig = (1U << 23) | (x & 0x7FFFFF);
  const int sh_sub = e < 1 ? 1 - e : 0;
  std::uint32_t r;
  if (!stochastic) {
    const int sh = (23 - fb) + sh_sub;
    if (sh > 24) return zero();
    r = static_cast<std::uint32_t>(rne_shift(sig, sh));
  } else {
    const std::uint32_t sig2 = sh_sub >= 32 ? 0 : sig >> sh_sub;              // truncating pre-alignment
    r = (sig2 + (seed >> (9 + fb))) >> (23 - fb);                              // add S1[31:9+fb], truncate [HW]
  }
  if (r == 0) return zero();
  if (e > 0) r += static_cast<std::uint32_t>(e - 1) << fb;  // a mantissa carry bumps the exponent
  if (fnuz && r > 0x7F) return 0x80;                        // FNUZ overflow is NaN [ASSUMED]
  return static_cast<std::uint8_t>(sign | std::min(r, limit));
}

}  // namespace mxlane
