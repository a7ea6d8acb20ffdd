// Independent reference models of the VALU builtins of docs/spec/valu.md (§3 SAD, §4 integer dots,
// §5 float dots, §6 conversions), written from the specification text only.
//
// Nothing here includes or calls the code under test. The integer families are plain loops over
// bytes / nibbles / halves with Boost.Multiprecision integers. Every float value is held EXACTLY as a
// dyadic rational v * 2^e with a cpp_int v (the only rationals these builtins ever produce), every
// model step is exact arithmetic or an explicit floor to a power-of-two grid, and the single rounding
// of each step is a first-principles "nearest multiple of 2^q" search (floor, remainder compared with
// half a step). This is deliberately unlike the code under test (64-bit significands, shifts, sticky
// bits, round_pack). The dyadic type exists only for speed (cpp_rational normalises by gcd at every
// operation); test_valu_exhaustive.cpp checks its rounding against the cpp_rational rounding of
// tests/reference/reference_models.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

namespace vref {

using Int = boost::multiprecision::cpp_int;

inline void require(bool ok, const char* what) {
  if (!ok) throw std::logic_error(std::string("valu reference invariant broken: ") + what);
}

// Case counts: a tenth under AddressSanitizer.
#if defined(__SANITIZE_ADDRESS__)
#define VREF_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VREF_UNDER_ASAN 1
#endif
#endif
#ifdef VREF_UNDER_ASAN
inline constexpr int kDivisor = 10;
#else
inline constexpr int kDivisor = 1;
#endif
inline int cases(int full) { return full / kDivisor; }

// =============================================================================================
// Exact dyadic numbers: value = v * 2^e.
// =============================================================================================
struct Ex {
  Int v = 0;
  int e = 0;
  static Ex pow2(int k) { return Ex{Int(1), k}; }
  static Ex of(long long n) { return Ex{Int(n), 0}; }
  bool is_zero() const { return v == 0; }
  int sign() const { return v.sign(); }
};

inline Ex operator-(const Ex& a) { return Ex{-a.v, a.e}; }
inline Ex operator+(const Ex& a, const Ex& b) {
  if (a.is_zero()) return b;
  if (b.is_zero()) return a;
  const int e = std::min(a.e, b.e);
  return Ex{(a.v << (a.e - e)) + (b.v << (b.e - e)), e};
}
inline Ex operator-(const Ex& a, const Ex& b) { return a + (-b); }
inline Ex operator*(const Ex& a, const Ex& b) { return Ex{a.v * b.v, a.e + b.e}; }
inline int cmp(const Ex& a, const Ex& b) { return (a - b).sign(); }
inline bool operator<(const Ex& a, const Ex& b) { return cmp(a, b) < 0; }
inline bool operator>(const Ex& a, const Ex& b) { return cmp(a, b) > 0; }
inline bool operator<=(const Ex& a, const Ex& b) { return cmp(a, b) <= 0; }
inline bool operator>=(const Ex& a, const Ex& b) { return cmp(a, b) >= 0; }
inline bool operator==(const Ex& a, const Ex& b) { return cmp(a, b) == 0; }
inline Ex absx(const Ex& a) { return Ex{boost::multiprecision::abs(a.v), a.e}; }

// floor(a / 2^g): the largest integer n with n * 2^g <= a.
inline Int floor_div_pow2(const Ex& a, int g) {
  if (a.is_zero()) return Int(0);
  if (a.e >= g) return a.v << (a.e - g);
  const auto sh = static_cast<unsigned>(g - a.e);
  const Int mag = boost::multiprecision::abs(a.v);
  Int q = mag >> sh;  // magnitudes only: no reliance on shifts of negative numbers
  if (a.v < 0) {
    if ((q << sh) != mag) q += 1;
    q = -q;
  }
  return q;
}

// floor(log2 |a|) for a != 0.
inline int ilog2(const Ex& a) {
  require(!a.is_zero(), "ilog2 of zero");
  return static_cast<int>(boost::multiprecision::msb(boost::multiprecision::abs(a.v))) + a.e;
}

inline int bitlength(const Int& m) {
  return m == 0 ? 0 : static_cast<int>(boost::multiprecision::msb(boost::multiprecision::abs(m))) + 1;
}

enum class Rm { rne, rtz };

// mag > 0 rounded to a multiple n * 2^q; returns n. RNE: the nearer multiple, ties to even n.
inline Int round_multiple(const Ex& mag, int q, Rm mode) {
  require(mag.sign() > 0, "round_multiple needs a positive value");
  const Int n = floor_div_pow2(mag, q);
  const Ex rest = mag - Ex{n, q};  // 0 <= rest < 2^q
  if (rest.is_zero() || mode == Rm::rtz) return n;
  const int c = cmp(rest, Ex::pow2(q - 1));
  if (c < 0) return n;
  if (c > 0) return n + 1;
  return (n % 2 == 0) ? n : Int(n + 1);
}

inline std::int64_t to_i64(const Int& v) { return static_cast<std::int64_t>(v); }

// =============================================================================================
// IEEE-style binary formats (binary32, binary16, bfloat16) from their parameters.
// =============================================================================================
struct Fm {
  int ebits;
  int mbits;
  int bias() const { return (1 << (ebits - 1)) - 1; }
  int emin() const { return 1 - bias(); }
  int emax() const { return bias(); }
  int width() const { return 1 + ebits + mbits; }
  std::uint32_t sign_bit() const { return 1u << (width() - 1); }
  std::uint32_t exp_ones() const { return (1u << ebits) - 1; }
  std::uint32_t frac_mask() const { return (1u << mbits) - 1; }
  std::uint32_t inf(bool neg) const { return (neg ? sign_bit() : 0u) | (exp_ones() << mbits); }
  std::uint32_t max_finite(bool neg) const {
    return (neg ? sign_bit() : 0u) | ((exp_ones() - 1) << mbits) | frac_mask();
  }
  std::uint32_t zero(bool neg) const { return neg ? sign_bit() : 0u; }
  Ex max_value() const { return Ex{Int((1u << (mbits + 1)) - 1), emax() - mbits}; }
};
inline const Fm kF32{8, 23};
inline const Fm kF16{5, 10};
inline const Fm kBF16{8, 7};

enum class Cls { zero, finite, inf, nan };

// A decoded value: the exact signed value in x (zero: x == 0, sign in neg).
struct Num {
  Cls cls = Cls::zero;
  bool neg = false;
  Ex x;
  bool subnormal = false;
  bool nan() const { return cls == Cls::nan; }
  bool inf() const { return cls == Cls::inf; }
  bool zero() const { return cls == Cls::zero; }
  bool finite() const { return cls == Cls::zero || cls == Cls::finite; }
};

inline Num decode(const Fm& f, std::uint32_t bits) {
  Num n;
  n.neg = ((bits >> (f.width() - 1)) & 1u) != 0;
  const std::uint32_t E = (bits >> f.mbits) & f.exp_ones();
  const std::uint32_t F = bits & f.frac_mask();
  if (E == f.exp_ones()) {
    n.cls = F != 0 ? Cls::nan : Cls::inf;
    return n;
  }
  Int sig = E == 0 ? Int(F) : Int(F) + (Int(1) << f.mbits);
  const int e = (E == 0 ? f.emin() : static_cast<int>(E) - f.bias()) - f.mbits;
  n.subnormal = E == 0 && F != 0;
  n.cls = sig == 0 ? Cls::zero : Cls::finite;
  n.x = Ex{n.neg ? Int(-sig) : sig, e};
  return n;
}

enum class Under { gradual, flush };  // flush: a result that would be subnormal becomes zero
enum class Over { ieee, to_max };     // ieee: inf for RNE, the largest finite value for RTZ

// Round a nonzero exact value to the format. Overflow is decided after rounding (unbounded exponent).
inline std::uint32_t round_to(const Fm& f, const Ex& x, Rm mode, Under under = Under::gradual, Over over = Over::ieee) {
  require(!x.is_zero(), "round_to of zero");
  const bool neg = x.sign() < 0;
  const Ex mag = absx(x);
  const int e = ilog2(mag);
  const int q = std::max(e, f.emin()) - f.mbits;  // spacing of the representable numbers around |x|
  const Int n = round_multiple(mag, q, mode);
  if (n == 0) return f.zero(neg);
  const Ex r{n, q};
  if (r > f.max_value()) return (over == Over::to_max || mode == Rm::rtz) ? f.max_finite(neg) : f.inf(neg);
  const int er = ilog2(r);
  if (er < f.emin()) {  // subnormal: q == emin - mbits, the field is n
    if (under == Under::flush) return f.zero(neg);
    return f.zero(neg) | static_cast<std::uint32_t>(n);
  }
  const Int field = floor_div_pow2(r, er - f.mbits) - (Int(1) << f.mbits);
  return f.zero(neg) | (static_cast<std::uint32_t>(er + f.bias()) << f.mbits) | static_cast<std::uint32_t>(field);
}

// The bits of an exactly representable value (the rounding must not change it).
inline std::uint32_t exact_bits(const Fm& f, const Ex& x, bool neg_if_zero = false) {
  if (x.is_zero()) return f.zero(neg_if_zero);
  const std::uint32_t b = round_to(f, x, Rm::rtz);
  const Num back = decode(f, b);
  require(back.finite() && back.x == x, "exact_bits: value not representable");
  return b;
}

// =============================================================================================
// §3 SAD family: loops over bytes, 64-bit arithmetic, modulo 2^32 at the end.
// =============================================================================================
inline unsigned byte_of(std::uint64_t x, int i) { return static_cast<unsigned>((x >> (8 * i)) & 0xFF); }
inline std::int64_t absdiff(std::int64_t x, std::int64_t y) { return x > y ? x - y : y - x; }

inline std::uint32_t ref_sad_u8(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2) {
  Int acc = s2;
  for (int i = 0; i < 4; ++i) acc += absdiff(byte_of(s0, i), byte_of(s1, i));
  return static_cast<std::uint32_t>(acc % (Int(1) << 32));
}
inline std::uint32_t ref_msad_u8(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2) {
  Int acc = s2;
  for (int i = 0; i < 4; ++i)
    if (byte_of(s1, i) != 0) acc += absdiff(byte_of(s0, i), byte_of(s1, i));
  return static_cast<std::uint32_t>(acc % (Int(1) << 32));
}
inline std::uint32_t ref_sad_hi_u8(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2) {
  Int bytes = 0;
  for (int i = 0; i < 4; ++i) bytes += absdiff(byte_of(s0, i), byte_of(s1, i));
  return static_cast<std::uint32_t>((bytes * 65536 + s2) % (Int(1) << 32));
}
inline std::uint32_t ref_sad_u16(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2) {
  Int acc = s2;
  acc += absdiff(s0 & 0xFFFF, s1 & 0xFFFF);
  acc += absdiff(s0 >> 16, s1 >> 16);
  return static_cast<std::uint32_t>(acc % (Int(1) << 32));
}
// Slot k compares S0 bytes k..k+3 with S1 bytes 0..3.
inline std::uint64_t ref_qsad_pk(std::uint64_t s0, std::uint32_t s1, std::uint64_t s2, bool masked) {
  std::uint64_t d = 0;
  for (int k = 0; k < 4; ++k) {
    std::int64_t acc = static_cast<std::int64_t>((s2 >> (16 * k)) & 0xFFFF);
    for (int j = 0; j < 4; ++j) {
      const unsigned ref = byte_of(s1, j);
      if (masked && ref == 0) continue;
      acc += absdiff(byte_of(s0, k + j), ref);
    }
    d |= (static_cast<std::uint64_t>(acc) % 65536) << (16 * k);
  }
  return d;
}
inline std::array<std::uint32_t, 4> ref_mqsad_u32(std::uint64_t s0, std::uint32_t s1,
                                                  const std::array<std::uint32_t, 4>& s2) {
  std::array<std::uint32_t, 4> d{};
  for (int k = 0; k < 4; ++k) {
    Int acc = s2[static_cast<std::size_t>(k)];
    for (int j = 0; j < 4; ++j)
      if (byte_of(s1, j) != 0) acc += absdiff(byte_of(s0, k + j), byte_of(s1, j));
    d[static_cast<std::size_t>(k)] = static_cast<std::uint32_t>(acc % (Int(1) << 32));  // wrap (§3.6 default)
  }
  return d;
}

// =============================================================================================
// §4 integer dots: exact sum in cpp_int, optional saturation, low 32 bits.
// =============================================================================================
inline Int field_of(std::uint32_t x, int index, int width, bool is_signed) {
  const std::uint32_t raw = (x >> (index * width)) & ((width == 32 ? 0u : (1u << width)) - 1u);
  Int v = raw;
  if (is_signed && raw >= (1u << (width - 1))) v -= Int(1) << width;
  return v;
}
inline std::uint32_t low32(const Int& v) {
  Int m = v % (Int(1) << 32);
  if (m < 0) m += Int(1) << 32;
  return static_cast<std::uint32_t>(m);
}
inline std::uint32_t ref_int_dot(int lanes, int width, bool a_signed, bool b_signed, bool c_signed, bool result_signed,
                                 std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp) {
  Int sum = c_signed ? field_of(c, 0, 32, true) : Int(c);
  for (int k = 0; k < lanes; ++k) sum += field_of(a, k, width, a_signed) * field_of(b, k, width, b_signed);
  if (clamp) {
    const Int lo = result_signed ? -(Int(1) << 31) : Int(0);
    const Int hi = result_signed ? (Int(1) << 31) - 1 : (Int(1) << 32) - 1;
    if (sum < lo) sum = lo;
    if (sum > hi) sum = hi;
  }
  return low32(sum);
}

// =============================================================================================
// §5 float dots.
// =============================================================================================
inline constexpr std::uint32_t kNanFactor = 0xFFC00A3Du;   // §5.2 rule 1
inline constexpr std::uint32_t kNanInvalid = 0xFFC00000u;  // §5.2 rules 2 and 4

// An expected result: a set of acceptable bit patterns (more than one only where the specification
// leaves a choice open), and whether any NaN is acceptable (NaN bit patterns the specification does
// not fix are compared by class only).
struct Want {
  std::vector<std::uint32_t> ok;
  bool nan_ok = false;
  static Want exact(std::uint32_t bits) { return Want{{bits}, false}; }
  static Want any_nan() { return Want{{}, true}; }
  void add(std::uint32_t bits) {
    if (std::find(ok.begin(), ok.end(), bits) == ok.end()) ok.push_back(bits);
  }
  void merge(const Want& w) {
    for (std::uint32_t b : w.ok) add(b);
    nan_ok = nan_ok || w.nan_ok;
  }
  bool accepts(const Fm& f, std::uint32_t got) const {
    if (nan_ok && decode(f, got).nan()) return true;
    return std::find(ok.begin(), ok.end(), got) != ok.end();
  }
  std::string describe(int digits) const {
    std::string s;
    char buf[32];
    for (std::uint32_t b : ok) {
      std::snprintf(buf, sizeof buf, "0x%0*X", digits, b);
      if (!s.empty()) s += " or ";
      s += buf;
    }
    if (nan_ok) {
      if (!s.empty()) s += " or ";
      s += "any NaN";
    }
    return s;
  }
};

// A DOT2 factor as the gfx11/gfx12 models of §5.3/§5.4 read it.
struct Factor {
  bool neg = false;
  bool nan = false, inf = false;
  Int sig = 0;  // significand as the model reads it (subnormal kept or dropped)
  int ae = 0;   // max(E, 1) - bias
  int fb = 0;
};
inline Factor read_factor(bool bf16, std::uint16_t x, bool keep_subnormal) {
  const int fb = bf16 ? 7 : 10, bias = bf16 ? 127 : 15, ebits = bf16 ? 8 : 5;
  Factor r;
  r.fb = fb;
  r.neg = (x >> 15) != 0;
  const unsigned E = (x >> fb) & ((1u << ebits) - 1), F = x & ((1u << fb) - 1);
  if (E == (1u << ebits) - 1) {
    (F != 0 ? r.nan : r.inf) = true;
    return r;
  }
  r.sig = E != 0 ? Int((1u << fb) + F) : (keep_subnormal ? Int(F) : Int(0));
  r.ae = static_cast<int>(std::max(E, 1u)) - bias;
  return r;
}

// A term of the window models: |value| = sig * 2^lsb, sign neg.
struct Term {
  Int sig = 0;
  int lsb = 0;
  bool neg = false;
};
inline constexpr int kNoLead = -100000;  // "-infinity"
inline int lead(const Term& t) { return t.sig == 0 ? kNoLead : t.lsb + bitlength(t.sig) - 1; }
inline Ex term_value(const Term& t) { return Ex{t.neg ? Int(-t.sig) : t.sig, t.lsb}; }

// §5.2 special-value rules on decoded factors (a0, b0, a1, b1) and C; nullopt: finite path.
inline std::optional<std::uint32_t> dot2_specials(const Factor f[4], std::uint32_t c) {
  for (int i = 0; i < 4; ++i)
    if (f[i].nan) return kNanFactor;
  bool pinf = false, ninf = false;
  for (int k = 0; k < 2; ++k) {
    const Factor& a = f[2 * k];
    const Factor& b = f[2 * k + 1];
    if ((a.inf && !b.inf && b.sig == 0) || (b.inf && !a.inf && a.sig == 0)) return kNanInvalid;
    if (a.inf || b.inf) (a.neg != b.neg ? ninf : pinf) = true;
  }
  if (pinf && ninf) return kNanInvalid;
  const Num vc = decode(kF32, c);
  if (vc.nan()) return c | 0x00400000u;
  if (vc.inf()) (vc.neg ? ninf : pinf) = true;
  if (pinf && ninf) return kNanInvalid;
  if (pinf) return 0x7F800000u;
  if (ninf) return 0xFF800000u;
  return std::nullopt;
}

// Clamp of §5.5 with the default switch fdot_clamp_nan = zero: NaN -> +0, below 0 -> +0 (-0 too:
// "−0 presumably becomes +0"), above 1 (+inf too) -> 1.0.
inline std::uint32_t clamp_bits(std::uint32_t bits) {
  const Num v = decode(kF32, bits);
  if (v.nan() || v.neg) return 0u;
  if (v.inf() || (!v.zero() && v.x > Ex::of(1))) return 0x3F800000u;
  return bits;
}
inline Want clamp_f32(const Want& w) {
  Want r;
  for (std::uint32_t b : w.ok) r.add(clamp_bits(b));
  if (w.nan_ok) r.add(0u);
  return r;
}

// The products of a DOT2 (factor order a0, b0, a1, b1).
inline Term product_term(const Factor& a, const Factor& b) {
  return Term{a.sig * b.sig, a.ae + b.ae - 2 * a.fb, a.neg != b.neg};
}

// ---- §5.3 gfx12 finite path, literally, with exact values and floor -------------------------
// floor_align(t, g): floor(value / 2^g), except that a NEGATIVE ACCUMULATOR lying entirely below the
// grid gives 0 instead of -1 (the pseudo-code's is_acc case).
inline Int gfx12_floor_align(const Term& t, int g, bool is_acc) {
  const Ex v = term_value(t);
  const Int f = floor_div_pow2(v, g);
  if (is_acc && t.neg && t.sig != 0 && f == -1 && floor_div_pow2(absx(v), g) == 0) return Int(0);
  return f;
}

inline std::uint32_t gfx12_dot2_finite(const Term& p0, const Term& p1, int pg0, int pg1, const Term& c) {
  const int gp = std::max(pg0, pg1);
  const int grid = std::max(gp, std::max(-126, lead(c)) - 26);
  Int pair = 0;
  if (gp != kNoLead) pair = gfx12_floor_align(p0, gp, false) + gfx12_floor_align(p1, gp, false);
  const Term pair_t{boost::multiprecision::abs(pair), gp, pair < 0};
  const Int pair_term = gp == kNoLead ? Int(0) : gfx12_floor_align(pair_t, grid, false);
  const Int total = gfx12_floor_align(c, grid, true) + pair_term;
  if (total == 0) return 0u;
  const bool s = total < 0;
  const Int mag = boost::multiprecision::abs(total);
  int e = bitlength(mag) - 1 + grid;
  const std::uint32_t sbit = s ? 0x80000000u : 0u;
  if (e < -126) {
    // f = round_half_even(mag * 2^(grid + 149)): the binary32 subnormal field (2^23 = min normal).
    const Int f = round_multiple(Ex{mag, grid + 149}, 0, Rm::rne);
    return f == 0 ? 0u : (sbit | static_cast<std::uint32_t>(f));
  }
  Int sig24 = round_multiple(Ex{mag, 0}, e - grid - 23, Rm::rne);
  if (sig24 == (Int(1) << 24)) {
    sig24 = Int(1) << 23;
    e += 1;
  }
  if (e > 127) return s ? 0xFF800000u : 0x7F800000u;
  return sbit | (static_cast<std::uint32_t>(e + 127) << 23) | static_cast<std::uint32_t>(sig24 - (Int(1) << 23));
}

// §5.2 for both generations: the four factors (subnormal ones kept or read as 0), the special
// cases, else the terms of the finite path `finite` (§5.3 gfx12, §5.4 gfx11); clamp §5.5.
template <typename FinitePath>
inline Want ref_fdot2_with(bool bf16, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp,
                           bool keep_subnormal_factors, bool subnormal_c_is_zero, FinitePath finite) {
  const bool keep = keep_subnormal_factors;
  const Factor f[4] = {read_factor(bf16, static_cast<std::uint16_t>(a), keep),
                       read_factor(bf16, static_cast<std::uint16_t>(b), keep),
                       read_factor(bf16, static_cast<std::uint16_t>(a >> 16), keep),
                       read_factor(bf16, static_cast<std::uint16_t>(b >> 16), keep)};
  std::uint32_t r;
  if (const auto sp = dot2_specials(f, c)) {
    r = *sp;
  } else {
    const Term p0 = product_term(f[0], f[1]), p1 = product_term(f[2], f[3]);
    const int pg0 = p0.sig != 0 ? f[0].ae + f[1].ae - 24 : kNoLead;
    const int pg1 = p1.sig != 0 ? f[2].ae + f[3].ae - 24 : kNoLead;
    const unsigned Ec = (c >> 23) & 0xFF, Fc = c & 0x7FFFFF;
    const std::uint32_t c_sig = Ec != 0 ? (1u << 23) + Fc : subnormal_c_is_zero ? 0u : Fc;
    const Term ct{Int(c_sig), static_cast<int>(std::max(Ec, 1u)) - 150, (c >> 31) != 0};
    r = finite(p0, p1, pg0, pg1, ct);
  }
  const Want w = Want::exact(r);
  return clamp ? clamp_f32(w) : w;
}

// gfx1200 V_DOT2_F32_F16 / V_DOT2_F32_BF16: §5.2 then §5.3, subnormals kept.
inline Want ref_fdot2_gfx12(bool bf16, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp) {
  return ref_fdot2_with(bf16, a, b, c, clamp, true, false, gfx12_dot2_finite);
}

// ---- §5.4 gfx11 finite path, literally ------------------------------------------------------
inline std::uint32_t gfx11_dot2_finite(const Term& p0, const Term& p1, int pg0, int pg1, const Term& c) {
  if (c.sig == 0 && p0.sig == 0 && p1.sig == 0) return 0u;
  const int grid = std::max(std::max(pg0, pg1), std::max({lead(c), lead(p0), lead(p1)}) - 26);
  Int total = 0;
  for (const Term* t : {&c, &p0, &p1}) {
    const Int m = floor_div_pow2(Ex{t->sig, t->lsb}, grid);  // truncation of the magnitude
    if (t->neg == c.neg)
      total += m;
    else
      total += -(m + 1);
  }
  if (total == 0) return 0u;
  const bool s = (total < 0) != c.neg;
  const Int mag = boost::multiprecision::abs(total);
  int e = bitlength(mag) - 1 + grid;
  Int sig24 = round_multiple(Ex{mag, 0}, e - grid - 23, Rm::rne);
  if (sig24 == (Int(1) << 24)) {
    sig24 = Int(1) << 23;
    e += 1;
  }
  if (e < -126) return 0u;
  if (e > 127) return s ? 0xFF800000u : 0x7F800000u;
  return (s ? 0x80000000u : 0u) | (static_cast<std::uint32_t>(e + 127) << 23) |
         static_cast<std::uint32_t>(sig24 - (Int(1) << 23));
}

// gfx1100: §5.2 then §5.4 (bf16 subnormal factors and a subnormal C read as 0).
inline Want ref_fdot2_gfx11(bool bf16, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp) {
  return ref_fdot2_with(bf16, a, b, c, clamp, !bf16, true, gfx11_dot2_finite);
}

// ---- CDNA / gfx1030 default policy (§5.1): exact a0*b0 + a1*b1 + C, one RNE -----------------
// flush_in: f16/bf16 subnormal factors read as zero (gfx90a f16); then a subnormal binary32 C is
// accepted both kept and flushed (the documentation's "input denormals" does not say whether C is
// one). flush_out: a subnormal binary32 result becomes zero (gfx90a), either sign; a result that
// rounds up to the smallest normal from below is accepted flushed too. NaN bit patterns are not
// specified for these targets: any NaN. The sign of a zero sum of zero terms is not specified either
// (IEEE would keep -0 when all three are -0): both zeros are accepted then; a cancellation is +0.
inline Want exact_dot2_once(const Num v[4], const Num& vc, bool flush_out) {
  bool nan = vc.nan();
  for (int i = 0; i < 4; ++i) nan |= v[i].nan();
  bool pinf = false, ninf = false;
  for (int k = 0; k < 2 && !nan; ++k) {
    const Num& x = v[2 * k];
    const Num& y = v[2 * k + 1];
    if ((x.inf() && y.zero()) || (y.inf() && x.zero())) nan = true;
    if (x.inf() || y.inf()) (x.neg != y.neg ? ninf : pinf) = true;
  }
  if (vc.inf()) (vc.neg ? ninf : pinf) = true;
  if (nan || (pinf && ninf)) return Want::any_nan();
  if (pinf || ninf) return Want::exact(pinf ? 0x7F800000u : 0xFF800000u);
  const Ex exact = v[0].x * v[1].x + v[2].x * v[3].x + vc.x;
  if (exact.is_zero()) {
    Want w = Want::exact(0u);
    const bool p0z = v[0].zero() || v[1].zero(), p1z = v[2].zero() || v[3].zero();
    if (p0z && p1z && vc.zero()) w.add(0x80000000u);
    return w;
  }
  const std::uint32_t r = round_to(kF32, exact, Rm::rne);
  const Num rv = decode(kF32, r);
  if (!flush_out) return Want::exact(r);
  if (rv.subnormal) return Want{{0u, 0x80000000u}, false};
  Want w = Want::exact(r);
  if (!rv.inf() && absx(rv.x) == Ex::pow2(-126) && absx(exact) < Ex::pow2(-126)) {
    w.add(0u);
    w.add(0x80000000u);
  }
  return w;
}

inline Want ref_fdot2_exact(bool bf16, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp, bool flush_in,
                            bool flush_out) {
  const Fm& in = bf16 ? kBF16 : kF16;
  Num v[4] = {decode(in, a & 0xFFFF), decode(in, b & 0xFFFF), decode(in, a >> 16), decode(in, b >> 16)};
  if (flush_in)
    for (Num& n : v)
      if (n.subnormal) {
        n.cls = Cls::zero;
        n.x = Ex{};
      }
  const Num vc = decode(kF32, c);
  Want w = exact_dot2_once(v, vc, flush_out);
  if (flush_in && vc.subnormal) {
    Num zc;
    zc.neg = vc.neg;
    w.merge(exact_dot2_once(v, zc, flush_out));
  }
  return clamp ? clamp_f32(w) : w;
}

// ---- §5.5 V_DOT2_F16_F16 / V_DOT2_BF16_BF16 loose model --------------------------------------
// IEEE addition rounded to f (RNE, with the RNE signed-zero rule); nullopt = NaN.
inline std::optional<Num> ieee_add_round(const Num& x, const Num& y, const Fm& f, Under under) {
  if (x.nan() || y.nan()) return std::nullopt;
  if (x.inf() && y.inf() && x.neg != y.neg) return std::nullopt;
  if (x.inf()) return x;
  if (y.inf()) return y;
  const Ex s = x.x + y.x;
  if (s.is_zero()) {
    Num z;
    z.neg = x.zero() && y.zero() && x.neg && y.neg;
    return z;
  }
  return decode(f, round_to(f, s, Rm::rne, under));
}
inline std::optional<Num> exact_product(const Num& x, const Num& y) {
  if (x.nan() || y.nan()) return std::nullopt;
  if ((x.inf() && y.zero()) || (y.inf() && x.zero())) return std::nullopt;
  Num p;
  p.neg = x.neg != y.neg;
  if (x.inf() || y.inf()) {
    p.cls = Cls::inf;
    return p;
  }
  p.x = x.x * y.x;
  p.cls = p.x.is_zero() ? Cls::zero : Cls::finite;
  return p;
}
inline Num product_in_f32(const Num& p) {  // the product rounded to binary32 (RNE, gradual)
  if (p.cls != Cls::finite) return p;
  Num r = decode(kF32, round_to(kF32, p.x, Rm::rne));
  if (r.zero()) r.neg = p.neg;
  return r;
}

// The 16-bit result of the loose model: exact products, t = RNE_f32(p0 + p1), t = RNE_f32(t + c),
// RNE to f16 (overflow inf, or 0x7BFF with FP16_OVFL) or bf16.
// bf16 readings the text leaves open, all accepted: subnormal inputs (factors and C) and outputs
// are flushed, with either zero sign where a flush decides the result; binary32 intermediates kept
// or flushed; and, because "products exact in f32" cannot hold for bf16 products outside binary32's
// range, the products taken exactly or rounded to binary32 first.
inline Want ref_fdot2_16(bool bf16, std::uint32_t a, std::uint32_t b, std::uint16_t c, bool fp16_ovfl) {
  const Fm& f = bf16 ? kBF16 : kF16;
  Num v[4] = {decode(f, a & 0xFFFF), decode(f, b & 0xFFFF), decode(f, a >> 16), decode(f, b >> 16)};
  Num vc = decode(f, c);
  bool flushed = false;
  if (bf16) {
    for (Num* n : {&v[0], &v[1], &v[2], &v[3], &vc})
      if (n->subnormal) {
        n->cls = Cls::zero;
        n->x = Ex{};
        flushed = true;
      }
  }
  const auto p0 = exact_product(v[0], v[1]);
  const auto p1 = exact_product(v[2], v[3]);
  if (!p0 || !p1) return Want::any_nan();
  Want w;
  const int variants = bf16 ? 4 : 1;
  for (int variant = 0; variant < variants; ++variant) {
    const bool rounded_products = (variant & 1) != 0;
    const Under mid = (variant & 2) != 0 ? Under::flush : Under::gradual;
    const Num q0 = rounded_products ? product_in_f32(*p0) : *p0;
    const Num q1 = rounded_products ? product_in_f32(*p1) : *p1;
    const auto t = ieee_add_round(q0, q1, kF32, mid);
    const auto t2 = t ? ieee_add_round(*t, vc, kF32, mid) : std::nullopt;
    if (!t2) {
      if (variant == 0) return Want::any_nan();
      w.nan_ok = true;
      continue;
    }
    bool zero_by_flush = flushed;
    std::uint32_t r;
    if (t2->inf()) {
      r = f.inf(t2->neg);
    } else if (t2->zero()) {
      r = f.zero(t2->neg);
    } else {
      r = round_to(f, t2->x, Rm::rne, bf16 ? Under::flush : Under::gradual,
                   fp16_ovfl && !bf16 ? Over::to_max : Over::ieee);
      if (bf16 && decode(f, round_to(f, t2->x, Rm::rne)).subnormal) zero_by_flush = true;
    }
    if (t2->zero() && (mid == Under::flush)) zero_by_flush = true;
    w.add(r);
    if (bf16 && zero_by_flush && (r & 0x7FFFu) == 0) w.add(r ^ 0x8000u);
  }
  return w;
}

// =============================================================================================
// §6.5/§6.6 FP8/BF8 formats, decode; §6.7/§6.8 encode (RNE and stochastic).
// =============================================================================================
enum class Fp8Kind { ocp_e4m3, ocp_e5m2, fnuz };
struct Fp8Fmt {
  const char* name;
  int ebits;
  int mbits;
  int bias;
  Fp8Kind kind;
  int emin() const { return 1 - bias; }
  std::uint8_t max_code() const { return kind == Fp8Kind::ocp_e4m3 ? 0x7E : kind == Fp8Kind::ocp_e5m2 ? 0x7B : 0x7F; }
};
inline const Fp8Fmt kE4M3Ocp{"OCP E4M3", 4, 3, 7, Fp8Kind::ocp_e4m3};
inline const Fp8Fmt kE5M2Ocp{"OCP E5M2", 5, 2, 15, Fp8Kind::ocp_e5m2};
inline const Fp8Fmt kE4M3Fnuz{"FNUZ E4M3", 4, 3, 8, Fp8Kind::fnuz};
inline const Fp8Fmt kE5M2Fnuz{"FNUZ E5M2", 5, 2, 16, Fp8Kind::fnuz};

inline Num fp8_decode(const Fp8Fmt& f, std::uint8_t code) {
  Num n;
  n.neg = (code & 0x80) != 0;
  const unsigned E = (code >> f.mbits) & ((1u << f.ebits) - 1), F = code & ((1u << f.mbits) - 1);
  switch (f.kind) {
    case Fp8Kind::ocp_e4m3:
      if ((code & 0x7F) == 0x7F) {
        n.cls = Cls::nan;
        return n;
      }
      break;
    case Fp8Kind::ocp_e5m2:
      if (E == 31) {
        n.cls = F == 0 ? Cls::inf : Cls::nan;
        return n;
      }
      break;
    case Fp8Kind::fnuz:
      if (code == 0x80) {
        n.cls = Cls::nan;
        return n;
      }
      break;
  }
  // The significand as a machine integer first (GCC 12 at -O1 took a conditionally built Int for
  // maybe-uninitialized inside Boost's comparison).
  const std::uint32_t magnitude = E == 0 ? F : (1u << f.mbits) + F;
  const Int sig(magnitude);
  const int e = (E == 0 ? f.emin() : static_cast<int>(E) - f.bias) - f.mbits;
  n.subnormal = E == 0 && F != 0;
  n.cls = magnitude == 0 ? Cls::zero : Cls::finite;
  n.x = Ex{n.neg ? Int(-sig) : sig, e};
  return n;
}
inline Ex fp8_max_value(const Fp8Fmt& f) { return absx(fp8_decode(f, f.max_code()).x); }

// The expected binary32 of a decode; NaN codes: nan_any (§6.6: compare NaN by class only).
inline Want ref_fp8_to_f32(const Fp8Fmt& f, std::uint8_t code) {
  const Num n = fp8_decode(f, code);
  if (n.nan()) return Want::any_nan();
  if (n.inf()) return Want::exact(kF32.inf(n.neg));
  return Want::exact(exact_bits(kF32, n.x, n.neg));
}

// binary32 -> FP8 byte. RNE (§6.7), or stochastic with the high seed bits (§6.8): the magnitude is
// truncated onto a grid k = 23 - mbits bits finer than the destination's (subnormal grid included),
// the random bits S1[31:32-k] are added as a fraction of one destination step, and the sum is
// truncated to the destination grid; a carry moves to the next binade naturally.
inline std::uint8_t ref_f32_to_fp8(const Fp8Fmt& f, std::uint32_t x, bool stochastic, std::uint32_t seed, bool sat) {
  const Num v = decode(kF32, x);
  const std::uint8_t s = v.neg ? 0x80 : 0x00;
  const bool fnuz = f.kind == Fp8Kind::fnuz;
  if (v.nan()) return f.kind == Fp8Kind::ocp_e4m3 ? 0xFF : f.kind == Fp8Kind::ocp_e5m2 ? 0xFE : 0x80;
  if (v.inf()) return fnuz ? 0x80 : static_cast<std::uint8_t>(s | (f.kind == Fp8Kind::ocp_e4m3 ? 0x7F : 0x7C));
  const std::uint8_t zero = fnuz ? 0x00 : s;
  if (v.zero()) return zero;
  const Ex mag = absx(v.x);
  const int q = std::max(ilog2(mag), f.emin()) - f.mbits;  // destination step 2^q
  Int n;
  if (!stochastic) {
    n = round_multiple(mag, q, Rm::rne);
  } else {
    const int k = 23 - f.mbits;
    const Int aligned = floor_div_pow2(mag, q - k);  // truncation onto the fine grid
    const Int random = Int(seed >> (32 - k));
    n = floor_div_pow2(Ex{aligned + random, 0}, k);
  }
  if (n == 0) return zero;
  const Ex r{n, q};
  if (r > fp8_max_value(f)) {
    if (fnuz) return 0x80;
    if (sat) return static_cast<std::uint8_t>(s | f.max_code());
    return static_cast<std::uint8_t>(s | (f.kind == Fp8Kind::ocp_e4m3 ? 0x7F : 0x7C));
  }
  // The code of r: the subnormal field n, or exponent field and fraction; checked by decoding it.
  const int er = ilog2(r);
  unsigned code;
  if (er < f.emin())
    code = static_cast<unsigned>(n);
  else
    code = (static_cast<unsigned>(er + f.bias) << f.mbits) |
           static_cast<unsigned>(floor_div_pow2(r, er - f.mbits) - (Int(1) << f.mbits));
  code |= s;
  const Num back = fp8_decode(f, static_cast<std::uint8_t>(code));
  require(back.finite() && absx(back.x) == r && back.neg == v.neg, "ref_f32_to_fp8: code does not decode to the value");
  return static_cast<std::uint8_t>(code);
}

// =============================================================================================
// §5.5 V_DOT4_F32_{FP8,BF8}_{FP8,BF8} (gfx1200) with the default switch dot4_fp8_rounding =
// sequential: tmp = C; tmp = RNE_f32(tmp + p_k) for k = 0..3, each product exact. Byte k of A (format
// fa) multiplies byte k of B (format fb). NaN patterns are [UNKNOWN]: compared by class.
// =============================================================================================
inline Want ref_dot4_fp8(const Fp8Fmt& fa, const Fp8Fmt& fb, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  std::optional<Num> acc = decode(kF32, c);
  std::optional<Num> p[4];
  for (int k = 0; k < 4; ++k) {
    p[k] = exact_product(fp8_decode(fa, static_cast<std::uint8_t>(a >> (8 * k))),
                         fp8_decode(fb, static_cast<std::uint8_t>(b >> (8 * k))));
    if (!p[k]) return Want::any_nan();
  }
  if (acc->nan()) return Want::any_nan();
  for (int k = 0; k < 4; ++k) {
    acc = ieee_add_round(*acc, *p[k], kF32, Under::gradual);
    if (!acc) return Want::any_nan();
  }
  if (acc->inf()) return Want::exact(kF32.inf(acc->neg));
  return Want::exact(exact_bits(kF32, acc->x, acc->neg));
}

// =============================================================================================
// §6.1-§6.4 packing conversions.
// =============================================================================================
inline std::uint16_t ref_f32_to_f16_rtz(std::uint32_t x) {
  const Num v = decode(kF32, x);
  const std::uint16_t s = v.neg ? 0x8000 : 0;
  if (v.nan()) return static_cast<std::uint16_t>(s | 0x7E00 | ((x & 0x7FFFFF) >> 13));
  if (v.inf()) return static_cast<std::uint16_t>(s | 0x7C00);
  if (v.zero()) return s;
  return static_cast<std::uint16_t>(round_to(kF16, v.x, Rm::rtz));
}

// RNE(clamp(x, lo, 1) * scale) as an integer; NaN -> 0.
inline std::int64_t ref_norm(std::uint32_t x, bool is_signed) {
  const Num v = decode(kF32, x);
  if (v.nan()) return 0;
  Ex y;
  const Ex lo = is_signed ? Ex::of(-1) : Ex::of(0), hi = Ex::of(1);
  if (v.inf())
    y = v.neg ? lo : hi;
  else
    y = v.x < lo ? lo : v.x > hi ? hi : v.x;
  const Ex p = y * Ex::of(is_signed ? 32767 : 65535);
  if (p.is_zero()) return 0;
  const Int n = round_multiple(absx(p), 0, Rm::rne);
  return p.sign() < 0 ? -to_i64(n) : to_i64(n);
}
inline std::uint16_t ref_snorm16(std::uint32_t x) { return static_cast<std::uint16_t>(ref_norm(x, true) & 0xFFFF); }
inline std::uint16_t ref_unorm16(std::uint32_t x) { return static_cast<std::uint16_t>(ref_norm(x, false)); }

inline std::uint32_t ref_cvt_pk_u8_f32(std::uint32_t src, std::uint32_t sel, std::uint32_t old) {
  const Num v = decode(kF32, src);
  std::int64_t u = 0;
  if (v.inf())
    u = v.neg ? 0 : 255;
  else if (v.finite() && !v.zero()) {
    const Ex y = v.x < Ex::of(0) ? Ex::of(0) : v.x > Ex::of(255) ? Ex::of(255) : v.x;
    u = y.is_zero() ? 0 : to_i64(round_multiple(y, 0, Rm::rne));
  }
  const unsigned k = sel & 3;
  std::uint32_t bytes[4] = {old & 0xFF, (old >> 8) & 0xFF, (old >> 16) & 0xFF, old >> 24};
  bytes[k] = static_cast<std::uint32_t>(u);
  return bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24);
}

inline std::uint32_t ref_cvt_pk_i16(std::int32_t a, std::int32_t b) {
  const auto sat = [](std::int64_t v) {
    return static_cast<std::uint32_t>(std::clamp<std::int64_t>(v, -32768, 32767) & 0xFFFF);
  };
  return sat(a) | (sat(b) << 16);
}
inline std::uint32_t ref_cvt_pk_u16(std::uint32_t a, std::uint32_t b) {
  const auto sat = [](std::uint64_t v) { return static_cast<std::uint32_t>(std::min<std::uint64_t>(v, 0xFFFF)); };
  return sat(a) | (sat(b) << 16);
}

// =============================================================================================
// Edge-biased generators.
// =============================================================================================
class Gen {
 public:
  explicit Gen(std::uint64_t seed) : rng_(seed) {}
  std::uint64_t u64() { return rng_(); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(rng_()); }
  std::uint32_t bits(int n) { return n >= 32 ? u32() : u32() & ((1u << n) - 1); }
  int range(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin(int percent) { return range(0, 99) < percent; }
  template <class T, std::size_t N>
  T pick(const T (&arr)[N]) {
    return arr[static_cast<std::size_t>(range(0, static_cast<int>(N) - 1))];
  }

  // A 32-bit word: whole-word edges, per-field edges (fields of `width` bits), or random bits.
  std::uint32_t word(int width) {
    static const std::uint32_t kWords[] = {0u,          1u,          0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u, 0x80808080u,
                                           0x7F7F7F7Fu, 0x01010101u, 0xFEFEFEFEu, 0x88888888u, 0x77777777u, 0x80008000u,
                                           0x7FFF7FFFu, 0xFFFF0000u, 0x0000FFFFu, 0x00010001u, 0xFFFEFFFEu};
    switch (range(0, 9)) {
      case 0:
      case 1: return pick(kWords);
      case 2:
      case 3:
      case 4: {
        std::uint32_t w = 0;
        const std::uint32_t top = width == 32 ? 0xFFFFFFFFu : (1u << width) - 1;
        for (int i = 0; i < 32; i += width) {
          std::uint32_t v;
          switch (range(0, 6)) {
            case 0: v = 0; break;
            case 1: v = 1; break;
            case 2: v = top; break;
            case 3: v = top >> 1; break;        // largest positive
            case 4: v = (top >> 1) + 1; break;  // most negative
            case 5: v = top - 1; break;
            default: v = bits(width); break;
          }
          w |= (v & top) << i;
        }
        return w;
      }
      default: return u32();
    }
  }

  // An IEEE-style value of format f: edges, a random exponent in [lo, hi] (unbiased, clamped), or bits.
  std::uint32_t fp(const Fm& f, int lo, int hi) {
    const std::uint32_t s = coin(50) ? f.sign_bit() : 0u;
    switch (range(0, 19)) {
      case 0: return s;                    // +-0
      case 1: return s | 1u;               // min subnormal
      case 2: return s | f.frac_mask();    // max subnormal
      case 3: return s | bits(f.mbits);    // subnormal
      case 4: return s | (1u << f.mbits);  // min normal
      case 5: return f.max_finite(s != 0);
      case 6: return f.inf(s != 0);
      case 7: return s | (f.exp_ones() << f.mbits) | (bits(f.mbits) | 1u);   // NaN
      case 8: return s | (static_cast<std::uint32_t>(f.bias()) << f.mbits);  // +-1
      case 9:
      case 10: return u32() & ((f.width() == 32) ? 0xFFFFFFFFu : ((1u << f.width()) - 1));
      default: {
        int e = range(lo, hi);
        e = std::clamp(e, f.emin() - 1, f.emax());
        const std::uint32_t frac = fraction(f.mbits);
        if (e < f.emin()) return s | (frac >> 1) | (1u << (f.mbits - 1));
        return s | (static_cast<std::uint32_t>(e + f.bias()) << f.mbits) | frac;
      }
    }
  }
  // A value of format f with unbiased exponent e and fraction field frac: the largest finite value
  // above the range, the same scale as a subnormal below it (possibly zero).
  static std::uint32_t fpv(const Fm& f, bool neg, int e, std::uint32_t frac) {
    const std::uint32_t s = neg ? f.sign_bit() : 0u;
    frac &= f.frac_mask();
    if (e > f.emax()) return f.max_finite(neg);
    if (e >= f.emin()) return s | (static_cast<std::uint32_t>(e + f.bias()) << f.mbits) | frac;
    const int shift = f.emin() - e;
    if (shift > f.mbits) return s;
    return s | (((1u << f.mbits) | frac) >> shift);
  }
  std::uint32_t fraction(int mbits) {
    const std::uint32_t m = (1u << mbits) - 1;
    switch (range(0, 6)) {
      case 0: return 0;
      case 1: return m;
      case 2: return 1u << range(0, mbits - 1);
      case 3: return m & ~((1u << range(0, mbits - 1)) - 1);  // leading ones
      case 4: return 1u;
      default: return bits(mbits);
    }
  }

 private:
  std::mt19937_64 rng_;
};

}  // namespace vref
