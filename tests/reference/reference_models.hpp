// Independent reference models for the numerics of docs/spec/numerics.md §A.1, §A.2, §B.0-§B.5, §B.7, §C.1,
// §C.2, written from the specification text only.
//
// Nothing here includes or calls the code under test. Every value is an exact rational
// (Boost.Multiprecision cpp_rational) obtained from the IEEE definition of a bit pattern, every model
// step is exact arithmetic on those rationals followed by ONE explicit call of round_ref(), and
// round_ref() finds the representable neighbours of a rational by comparing with powers of two.
// This is deliberately unlike the fast code (integer significands, shifts, sticky bits, round_pack).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

namespace mxref {

using Int = boost::multiprecision::cpp_int;
using Rat = boost::multiprecision::cpp_rational;

// A broken invariant inside the reference itself (never a disagreement with the code under test).
inline void require(bool ok, const char* what) {
  if (!ok) throw std::logic_error(std::string("reference model invariant broken: ") + what);
}

// ---------------------------------------------------------------------------------------------
// Formats, from their parameters only: 1 sign bit, ebits exponent bits, mbits fraction bits,
// IEEE encoding (all-ones exponent = inf/NaN, zero exponent = zero/subnormal).
// ---------------------------------------------------------------------------------------------
struct Fmt {
  int ebits;
  int mbits;
  constexpr int width() const { return 1 + ebits + mbits; }
  constexpr int bias() const { return (1 << (ebits - 1)) - 1; }
  constexpr int prec() const { return mbits + 1; }
  constexpr int emin() const { return 1 - bias(); }
  constexpr int emax() const { return bias(); }
  constexpr std::uint64_t mask() const { return width() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width()) - 1; }
  constexpr std::uint64_t sign_mask() const { return std::uint64_t{1} << (width() - 1); }
  constexpr std::uint64_t exp_all_ones() const { return (std::uint64_t{1} << ebits) - 1; }
  constexpr std::uint64_t frac_mask() const { return (std::uint64_t{1} << mbits) - 1; }
  constexpr std::uint64_t quiet_bit() const { return std::uint64_t{1} << (mbits - 1); }
  constexpr std::uint64_t inf(bool neg) const { return (neg ? sign_mask() : 0) | (exp_all_ones() << mbits); }
  constexpr std::uint64_t max_finite(bool neg) const {
    return (neg ? sign_mask() : 0) | ((exp_all_ones() - 1) << mbits) | frac_mask();
  }
  constexpr std::uint64_t default_nan() const { return (exp_all_ones() << mbits) | quiet_bit(); }
  constexpr std::uint64_t zero(bool neg) const { return neg ? sign_mask() : 0; }
};

inline constexpr Fmt kRefF64{11, 52};
inline constexpr Fmt kRefF32{8, 23};
inline constexpr Fmt kRefF16{5, 10};
inline constexpr Fmt kRefBF16{8, 7};
inline constexpr Fmt kRefE5M2{5, 2};

// 2^|e| by setting one bit: `Int(1) << e` inlined into callers with a known range made GCC 14 report
// -Waggressive-loop-optimizations inside Boost's shift loop (a false positive; same value).
inline Int pow2_int(unsigned e) {
  Int r = 0;
  boost::multiprecision::bit_set(r, e);
  return r;
}

inline Rat pow2(int e) {
  if (e >= 0) return Rat(pow2_int(static_cast<unsigned>(e)));
  return Rat(Int(1), pow2_int(static_cast<unsigned>(-e)));
}

inline Int to_int(std::uint64_t v) { return Int(v); }

// floor(x) for a rational x.
inline Int floor_rat(const Rat& x) {
  const Int n = boost::multiprecision::numerator(x);
  const Int d = boost::multiprecision::denominator(x);  // > 0
  Int q = n / d;                                        // truncates toward zero
  if (n < 0 && q * d != n) q -= 1;
  return q;
}

// floor(log2(x)) for x > 0, found by comparing x with powers of two.
inline int floor_log2(const Rat& x) {
  require(x > 0, "floor_log2 of a non-positive value");
  const Int n = boost::multiprecision::numerator(x);
  const Int d = boost::multiprecision::denominator(x);
  int e = static_cast<int>(boost::multiprecision::msb(n)) - static_cast<int>(boost::multiprecision::msb(d));
  // 2^(e-1) < x < 2^(e+1) now; settle it by comparison.
  if (x < pow2(e)) --e;
  require(pow2(e) <= x && x < pow2(e + 1), "floor_log2 bracket");
  return e;
}

// ---------------------------------------------------------------------------------------------
// Decoding a bit pattern into an exact value by the IEEE definition.
// ---------------------------------------------------------------------------------------------
enum class Cls { zero, subnormal, normal, inf, nan };

struct Val {
  Cls cls = Cls::zero;
  bool neg = false;
  Rat mag;                 // |value| for zero/subnormal/normal
  std::uint64_t frac = 0;  // raw fraction field (NaN payload)
  bool finite() const { return cls == Cls::zero || cls == Cls::subnormal || cls == Cls::normal; }
  Rat value() const { return neg ? Rat(-mag) : mag; }
};

inline Val decode_ref(const Fmt& f, std::uint64_t bits) {
  bits &= f.mask();
  Val v;
  v.neg = ((bits >> (f.width() - 1)) & 1) != 0;
  const std::uint64_t e = (bits >> f.mbits) & f.exp_all_ones();
  v.frac = bits & f.frac_mask();
  if (e == f.exp_all_ones()) {
    v.cls = v.frac != 0 ? Cls::nan : Cls::inf;
  } else if (e == 0) {
    v.cls = v.frac != 0 ? Cls::subnormal : Cls::zero;
    v.mag = Rat(to_int(v.frac)) * pow2(f.emin() - f.mbits);  // 0.F * 2^emin
  } else {
    v.cls = Cls::normal;
    v.mag =
        Rat(to_int(v.frac) + (Int(1) << f.mbits)) * pow2(static_cast<int>(e) - f.bias() - f.mbits);  // 1.F * 2^(e-bias)
  }
  return v;
}

// The bit pattern of a value that must be exactly representable (finite, on the grid).
inline std::uint64_t encode_exact(const Fmt& f, bool neg, const Rat& mag) {
  const std::uint64_t s = neg ? f.sign_mask() : 0;
  if (mag == 0) return s;
  require(mag > 0, "encode_exact: negative magnitude");
  if (mag < pow2(f.emin())) {
    const Rat t = mag / pow2(f.emin() - f.mbits);
    require(boost::multiprecision::denominator(t) == 1, "encode_exact: subnormal off the grid");
    return s | static_cast<std::uint64_t>(boost::multiprecision::numerator(t));
  }
  const int e = floor_log2(mag);
  require(e <= f.emax(), "encode_exact: beyond the finite range");
  const Rat t = mag / pow2(e - f.mbits);
  require(boost::multiprecision::denominator(t) == 1, "encode_exact: normal off the grid");
  const Int sig = boost::multiprecision::numerator(t);
  require(sig >= (Int(1) << f.mbits) && sig < (Int(1) << (f.mbits + 1)), "encode_exact: significand range");
  const std::uint64_t fraction = static_cast<std::uint64_t>(sig - (Int(1) << f.mbits));
  return s | (static_cast<std::uint64_t>(e + f.bias()) << f.mbits) | fraction;
}

// ---------------------------------------------------------------------------------------------
// THE reference rounding (docs/spec/numerics.md §B.0 round32/round64, §B.4 ROUND_*), from first principles.
// ---------------------------------------------------------------------------------------------
enum class Mode { rne, rtz, up, down };
enum class Under {
  gradual,          // IEEE subnormals
  flush_after,      // IEEE rounding on the subnormal grid, then a subnormal result becomes zero
  flush_unbounded,  // round to full precision with an unbounded exponent, then |r| < 2^emin becomes zero
};

struct Cfg {
  Mode mode = Mode::rne;
  Under under = Under::gradual;
  bool flush_positive = false;   // a flushed result is +0 instead of keeping its sign
  bool overflow_to_max = false;  // overflow gives the largest finite value whatever the mode
};

// An expected bit pattern; `alt` is a second acceptable answer where the interface text leaves the
// sign of a zero open (see round_ref).
struct Expect {
  std::uint64_t bits = 0;
  std::optional<std::uint64_t> alt;
  bool accepts(std::uint64_t got) const { return got == bits || (alt && got == *alt); }
};

// Round |x| = mag (> 0) to an integer multiple n of 2^q; the sign only matters for up/down.
inline Int round_to_multiple(const Rat& mag, int q, bool neg, Mode mode) {
  const Rat t = mag / pow2(q);
  const Int n = floor_rat(t);
  const Rat rest = t - Rat(n);  // in [0, 1)
  if (rest == 0) return n;
  switch (mode) {
    case Mode::rtz: return n;
    case Mode::up: return neg ? n : Int(n + 1);
    case Mode::down: return neg ? Int(n + 1) : n;
    case Mode::rne: {
      const Rat half(1, 2);
      if (rest < half) return n;
      if (rest > half) return n + 1;
      return (n % 2 == 0) ? n : Int(n + 1);
    }
  }
  return n;
}

inline Expect round_ref(const Fmt& f, bool neg, const Rat& mag, const Cfg& cfg) {
  require(mag > 0, "round_ref needs a nonzero value");
  const int p = f.prec();
  const int e = floor_log2(mag);  // binade of |x|: 2^e <= |x| < 2^(e+1)
  // Spacing of the representable numbers around |x|: 2^(max(e, emin) - p + 1), or 2^(e - p + 1) when
  // the exponent range is unbounded below.
  const int q = (cfg.under == Under::flush_unbounded ? e : std::max(e, f.emin())) - p + 1;
  const Rat r = Rat(round_to_multiple(mag, q, neg, cfg.mode)) * pow2(q);

  if (r >= pow2(f.emax() + 1)) {  // overflow (decided after rounding, unbounded exponent)
    if (cfg.overflow_to_max) return {f.max_finite(neg), {}};
    switch (cfg.mode) {
      case Mode::rne: return {f.inf(neg), {}};
      case Mode::rtz: return {f.max_finite(neg), {}};
      case Mode::up: return {neg ? f.max_finite(true) : f.inf(false), {}};
      case Mode::down: return {neg ? f.inf(true) : f.max_finite(false), {}};
    }
  }
  if (r == 0) {
    // Rounded to zero on the subnormal grid: IEEE keeps the sign. Whether "flush_to_positive_zero"
    // also covers this (it is not a flushed subnormal) is not stated: accept +0 as well then.
    Expect x{f.zero(neg), {}};
    if (neg && cfg.flush_positive) x.alt = f.zero(false);
    return x;
  }
  if (r < pow2(f.emin()) && cfg.under != Under::gradual) return {f.zero(neg && !cfg.flush_positive), {}};
  return {encode_exact(f, neg, r), {}};
}

inline Expect round_signed(const Fmt& f, const Rat& x, const Cfg& cfg) {
  return round_ref(f, x < 0, x < 0 ? Rat(-x) : x, cfg);
}

// ---------------------------------------------------------------------------------------------
// IEEE 754 fused multiply-add and addition on exact values (§B.0 fma32/round32).
// ---------------------------------------------------------------------------------------------
enum class NanRule { canonical, propagate };

// a*b + c without NaN operands; nullopt = invalid operation (inf*0, inf-inf).
inline std::optional<Expect> fma_values(const Fmt& out, const Val& a, const Val& b, const Val& c, const Cfg& cfg) {
  const bool pneg = a.neg != b.neg;
  if ((a.cls == Cls::inf && b.cls == Cls::zero) || (a.cls == Cls::zero && b.cls == Cls::inf)) return std::nullopt;
  if (a.cls == Cls::inf || b.cls == Cls::inf) {
    if (c.cls == Cls::inf && c.neg != pneg) return std::nullopt;
    return Expect{out.inf(pneg), {}};
  }
  if (c.cls == Cls::inf) return Expect{out.inf(c.neg), {}};
  const Rat prod = a.mag * b.mag;
  const Rat exact = (pneg ? Rat(-prod) : prod) + c.value();
  if (exact == 0) {
    // Exact zero: both addends zero with the same sign keep it; otherwise +0 (-0 rounding down).
    const bool both_zero_same = prod == 0 && c.mag == 0 && pneg == c.neg;
    const bool zneg = both_zero_same ? c.neg : cfg.mode == Mode::down;
    return Expect{out.zero(zneg), {}};
  }
  return round_signed(out, exact, cfg);
}

inline std::optional<Expect> add_values(const Fmt& out, const Val& a, const Val& b, const Cfg& cfg) {
  if (a.cls == Cls::inf && b.cls == Cls::inf && a.neg != b.neg) return std::nullopt;
  if (a.cls == Cls::inf) return Expect{out.inf(a.neg), {}};
  if (b.cls == Cls::inf) return Expect{out.inf(b.neg), {}};
  const Rat exact = a.value() + b.value();
  if (exact == 0) {
    const bool both_zero_same = a.mag == 0 && b.mag == 0 && a.neg == b.neg;
    return Expect{out.zero(both_zero_same ? a.neg : cfg.mode == Mode::down), {}};
  }
  return round_signed(out, exact, cfg);
}

inline std::uint64_t quieted(const Fmt& f, std::uint64_t x) { return (x | f.quiet_bit()) & f.mask(); }

// ieee_fma reference on bit patterns. Propagate: the first NaN operand in argument order, quieted;
// invalid operations give the default NaN. fma(0, inf, NaN) is left open by that wording (IEEE
// 754-2019 §7.2 leaves it implementation-defined): either answer is accepted.
inline Expect ref_fma(const Fmt& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Cfg& cfg, NanRule rule) {
  const Val va = decode_ref(f, a), vb = decode_ref(f, b), vc = decode_ref(f, c);
  const bool an = va.cls == Cls::nan, bn = vb.cls == Cls::nan, cn = vc.cls == Cls::nan;
  if (an || bn || cn) {
    if (rule == NanRule::canonical) return {f.default_nan(), {}};
    Expect x{quieted(f, an ? a : bn ? b : c), {}};
    const bool product_invalid =
        (va.cls == Cls::inf && vb.cls == Cls::zero) || (va.cls == Cls::zero && vb.cls == Cls::inf);
    if (!an && !bn && product_invalid) x.alt = f.default_nan();
    return x;
  }
  const auto r = fma_values(f, va, vb, vc, cfg);
  return r ? *r : Expect{f.default_nan(), {}};
}

inline Expect ref_add(const Fmt& f, std::uint64_t a, std::uint64_t b, const Cfg& cfg, NanRule rule) {
  const Val va = decode_ref(f, a), vb = decode_ref(f, b);
  if (va.cls == Cls::nan || vb.cls == Cls::nan) {
    if (rule == NanRule::canonical) return {f.default_nan(), {}};
    return {quieted(f, va.cls == Cls::nan ? a : b), {}};
  }
  const auto r = add_values(f, va, vb, cfg);
  return r ? *r : Expect{f.default_nan(), {}};
}

// A rational that is exactly representable in f, as bits; nullopt otherwise.
inline std::optional<std::uint64_t> exact_bits(const Fmt& f, const Rat& x) {
  if (x == 0) return f.zero(false);
  const std::uint64_t r = round_signed(f, x, Cfg{}).bits;
  const Val v = decode_ref(f, r);
  if (!v.finite() || v.value() != x) return std::nullopt;
  return r;
}

// ---------------------------------------------------------------------------------------------
// CDNA2 (docs/spec/numerics.md §B.1, §B.2, §C.1) with the default switches: NaN results canonical.
// ---------------------------------------------------------------------------------------------

// §B.1: acc := C; acc := fma(A[k], B[k], acc), k ascending; RNE, gradual underflow.
inline std::uint64_t ref_cdna2_fma_chain(const Fmt& f, std::span<const std::uint64_t> a,
                                         std::span<const std::uint64_t> b, std::uint64_t c) {
  std::uint64_t acc = c & f.mask();
  for (std::size_t k = 0; k < a.size(); ++k) acc = ref_fma(f, a[k], b[k], acc, Cfg{}, NanRule::canonical).bits;
  return acc;
}

// §B.0 ftz_keep_sign on a binary32 pattern.
inline std::uint64_t ftz_keep_sign32(std::uint64_t x) {
  const Val v = decode_ref(kRefF32, x);
  return v.cls == Cls::subnormal ? kRefF32.zero(v.neg) : x;
}

// §B.2 input DAZ: subnormal or zero in its own format reads as +0 (sign dropped).
inline Val daz_ref(const Fmt& f, std::uint64_t x) {
  Val v = decode_ref(f, x);
  if (v.cls == Cls::subnormal || v.cls == Cls::zero) return Val{};  // +0
  return v;
}

inline std::uint64_t nan_or32(const std::optional<Expect>& r) { return r ? r->bits : kRefF32.default_nan(); }

// binary32 RNE add of two binary32 patterns, canonical NaN, then ftz_keep_sign.
inline std::uint64_t cdna2_add32(std::uint64_t x, std::uint64_t y) {
  const Val vx = decode_ref(kRefF32, x), vy = decode_ref(kRefF32, y);
  if (vx.cls == Cls::nan || vy.cls == Cls::nan) return kRefF32.default_nan();
  return ftz_keep_sign32(nan_or32(add_values(kRefF32, vx, vy, Cfg{})));
}

inline std::uint64_t cdna2_tree(const std::vector<std::uint64_t>& t, std::size_t first, std::size_t n) {
  if (n == 1) return t[first];
  const std::size_t h = n / 2;  // tree(first floor(n/2)) + tree(rest)
  return cdna2_add32(cdna2_tree(t, first, h), cdna2_tree(t, first + h, n - h));
}

// §B.2 with G = group (4 for F16/BF16_1K, 2 for legacy BF16).
inline std::uint64_t ref_cdna2_pairwise(const Fmt& in, int group, std::span<const std::uint64_t> a,
                                        std::span<const std::uint64_t> b, std::uint64_t c) {
  const Val vc = daz_ref(kRefF32, c);
  std::uint64_t acc = vc.cls == Cls::zero ? 0 : (c & 0xFFFFFFFFu);  // C after input DAZ
  const Val plus_zero{};
  for (std::size_t g = 0; g < a.size(); g += static_cast<std::size_t>(group)) {
    std::vector<std::uint64_t> leaves;
    for (int t = 0; t < group; ++t) {
      const Val x = daz_ref(in, a[g + t]), y = daz_ref(in, b[g + t]);
      std::uint64_t leaf;
      if (x.cls == Cls::nan || y.cls == Cls::nan)
        leaf = kRefF32.default_nan();
      else
        leaf = nan_or32(fma_values(kRefF32, x, y, plus_zero, Cfg{}));  // round32(a*b + (+0))
      leaves.push_back(ftz_keep_sign32(leaf));
    }
    acc = cdna2_add32(acc, cdna2_tree(leaves, 0, leaves.size()));
  }
  // Any NaN anywhere is a NaN result; the default switch makes it the canonical pattern.
  return decode_ref(kRefF32, acc).cls == Cls::nan ? kRefF32.default_nan() : acc;
}

// gfx908 (docs/cdna1.md): the same trees with gradual underflow everywhere: no DAZ on A, B, C, no
// FTZ on any binary32 result, -0 kept.
inline std::uint64_t cdna1_add32(std::uint64_t x, std::uint64_t y) {
  const Val vx = decode_ref(kRefF32, x), vy = decode_ref(kRefF32, y);
  if (vx.cls == Cls::nan || vy.cls == Cls::nan) return kRefF32.default_nan();
  return nan_or32(add_values(kRefF32, vx, vy, Cfg{}));
}

inline std::uint64_t cdna1_tree(const std::vector<std::uint64_t>& t, std::size_t first, std::size_t n) {
  if (n == 1) return t[first];
  const std::size_t h = n / 2;
  return cdna1_add32(cdna1_tree(t, first, h), cdna1_tree(t, first + h, n - h));
}

inline std::uint64_t ref_cdna1_pairwise(const Fmt& in, int group, std::span<const std::uint64_t> a,
                                        std::span<const std::uint64_t> b, std::uint64_t c) {
  std::uint64_t acc = c & 0xFFFFFFFFu;
  if (decode_ref(kRefF32, acc).cls == Cls::nan) acc = kRefF32.default_nan();
  const Val plus_zero{};
  for (std::size_t g = 0; g < a.size(); g += static_cast<std::size_t>(group)) {
    std::vector<std::uint64_t> leaves;
    for (int t = 0; t < group; ++t) {
      const Val x = decode_ref(in, a[g + t]), y = decode_ref(in, b[g + t]);
      if (x.cls == Cls::nan || y.cls == Cls::nan)
        leaves.push_back(kRefF32.default_nan());
      else
        leaves.push_back(nan_or32(fma_values(kRefF32, x, y, plus_zero, Cfg{})));  // round32(a*b + (+0))
    }
    acc = cdna1_add32(acc, cdna1_tree(leaves, 0, leaves.size()));
  }
  return decode_ref(kRefF32, acc).cls == Cls::nan ? kRefF32.default_nan() : acc;
}

// ---------------------------------------------------------------------------------------------
// RDNA3 DOT2 (docs/spec/numerics.md §B.4) and WMMA chains (§B.5), default switches unless options say so.
// ---------------------------------------------------------------------------------------------
enum class Out { f32, f16, bf16 };

struct Dot2Ref {
  bool f16_c_floor = true;  // switch rdna3_grid = published
  bool fp16_ovfl = false;   // MODE.FP16_OVFL
  bool bf16_round = false;  // switch rdna3_bf16_output = round (RNE binary32 -> bf16 instead of truncation)
};

// A 16-bit factor: its exact magnitude as DOT2 reads it (bf16 subnormals read as 0) and its alignment
// exponent max(E, 1) - bias.
struct Factor {
  Val v;
  Rat mag;  // value used by the product (0 for bf16 subnormals)
  int aexp = 0;
};

inline Factor factor_ref(bool bf16, std::uint16_t x) {
  const Fmt& f = bf16 ? kRefBF16 : kRefF16;
  Factor r;
  r.v = decode_ref(f, x);
  r.mag = (bf16 && r.v.cls == Cls::subnormal) ? Rat(0) : r.v.mag;
  const int e = static_cast<int>((x >> f.mbits) & f.exp_all_ones());
  r.aexp = std::max(e, 1) - f.bias();
  return r;
}

enum class SpecialKind { factor_nan, invalid, c_nan, inf };

// §B.5 SPECIAL narrowing for 16-bit outputs (F32 output keeps the binary32 pattern).
inline std::uint64_t narrow_special(SpecialKind kind, std::uint32_t bits, Out out) {
  if (out == Out::f32) return bits;
  if (out == Out::bf16) return kind == SpecialKind::factor_nan ? 0xFFFDu : (bits >> 16);
  switch (kind) {
    case SpecialKind::factor_nan: return 0xFE3Du;
    case SpecialKind::invalid: return 0xFE00u;
    case SpecialKind::inf: return (bits >> 31) ? 0xFC00u : 0x7C00u;
    case SpecialKind::c_nan: return ((bits >> 16) & 0x8000u) | 0x7C00u | ((bits >> 13) & 0x3FFu);
  }
  return 0;
}

inline Expect ref_rdna3_dot2(bool bf16, std::uint16_t a0, std::uint16_t b0, std::uint16_t a1, std::uint16_t b1,
                             std::uint32_t c, Out out, const Dot2Ref& opt = {}) {
  const Factor fa[2] = {factor_ref(bf16, a0), factor_ref(bf16, a1)};
  const Factor fb[2] = {factor_ref(bf16, b0), factor_ref(bf16, b1)};
  const Val vc = decode_ref(kRefF32, c);
  const auto special = [&](SpecialKind k, std::uint32_t bits) { return Expect{narrow_special(k, bits, out), {}}; };

  // 1. any factor NaN
  for (int i = 0; i < 2; ++i)
    if (fa[i].v.cls == Cls::nan || fb[i].v.cls == Cls::nan) return special(SpecialKind::factor_nan, 0xFFC00A3Du);
  // 2. inf * (something DOT2 reads as zero)
  for (int i = 0; i < 2; ++i) {
    const bool a_inf = fa[i].v.cls == Cls::inf, b_inf = fb[i].v.cls == Cls::inf;
    if ((a_inf && !b_inf && fb[i].mag == 0) || (b_inf && !a_inf && fa[i].mag == 0))
      return special(SpecialKind::invalid, 0xFFC00000u);
  }
  // 3. infinite products of both signs
  bool pos_inf = false, neg_inf = false;
  for (int i = 0; i < 2; ++i)
    if (fa[i].v.cls == Cls::inf || fb[i].v.cls == Cls::inf) (fa[i].v.neg != fb[i].v.neg ? neg_inf : pos_inf) = true;
  if (pos_inf && neg_inf) return special(SpecialKind::invalid, 0xFFC00000u);
  // 4. C NaN, quieted, sign and payload kept
  if (vc.cls == Cls::nan) {
    Expect x = special(SpecialKind::c_nan, c | 0x00400000u);
    // A C whose quieted pattern is the factor-NaN pattern itself: §B.5 maps "0xFFC00A3D -> 0xFE3D";
    // whether that keys on the bits or on the origin is open.
    if (out == Out::f16 && (c | 0x00400000u) == 0xFFC00A3Du) x.alt = 0xFE3Du;
    return x;
  }
  // 5. C infinite joins the infinities
  if (vc.cls == Cls::inf) (vc.neg ? neg_inf : pos_inf) = true;
  if (pos_inf && neg_inf) return special(SpecialKind::invalid, 0xFFC00000u);
  if (pos_inf || neg_inf) return special(SpecialKind::inf, neg_inf ? 0xFF800000u : 0x7F800000u);

  // ---- finite path: three exact terms -------------------------------------------------------
  struct Term {
    Rat mag;
    bool neg;
  };
  const bool cneg = vc.neg;
  const Term terms[3] = {
      {vc.cls == Cls::normal ? vc.mag : Rat(0), cneg},  // binary32 subnormal C reads as 0, sign kept
      {fa[0].mag * fb[0].mag, fa[0].v.neg != fb[0].v.neg},
      {fa[1].mag * fb[1].mag, fa[1].v.neg != fb[1].v.neg},
  };
  if (terms[0].mag == 0 && terms[1].mag == 0 && terms[2].mag == 0) return {0, {}};

  std::optional<int> lead_max;
  const auto take = [](std::optional<int>& m, int v) { m = m ? std::max(*m, v) : v; };
  std::optional<int> lead_c;
  if (terms[0].mag != 0) lead_c = floor_log2(terms[0].mag);
  if (out == Out::f16 && opt.f16_c_floor) lead_c = std::max(-14, lead_c.value_or(-14));
  if (lead_c) take(lead_max, *lead_c);
  std::optional<int> gp;
  for (int i = 0; i < 2; ++i) {
    if (terms[1 + i].mag == 0) continue;
    take(lead_max, floor_log2(terms[1 + i].mag));
    take(gp, fa[i].aexp + fb[i].aexp - 24);
  }
  require(lead_max.has_value(), "DOT2 grid without any lead");
  const int g = gp ? std::max(*gp, *lead_max - 26) : *lead_max - 26;

  // Accumulate on the grid 2^g: truncation by floor on rationals; opposite-sign terms cost m + 1.
  Int s = 0;
  for (const Term& t : terms) {
    const Int m = floor_rat(t.mag / pow2(g));
    if (t.neg == cneg)
      s += m;
    else
      s -= m + 1;
  }
  require(boost::multiprecision::abs(s) < (Int(1) << 29), "DOT2 accumulator bound");
  if (s == 0) return {0, {}};
  const bool rneg = cneg != (s < 0);
  const Rat mag = Rat(boost::multiprecision::abs(s)) * pow2(g);

  // ---- one rounding to the output format ----------------------------------------------------
  if (out == Out::f16) {
    Cfg cfg;
    cfg.overflow_to_max = opt.fp16_ovfl;
    const std::uint64_t r = round_ref(kRefF16, rneg, mag, cfg).bits;
    return {(r & 0x7FFFu) == 0 ? 0 : r, {}};  // a result rounded to zero is +0
  }
  Cfg cfg32;
  cfg32.under = Under::flush_unbounded;
  cfg32.flush_positive = true;  // below 2^-126 after rounding: +0
  const std::uint64_t r32 = round_ref(kRefF32, rneg, mag, cfg32).bits;
  if (out == Out::f32) return {r32, {}};
  if (!opt.bf16_round) return {r32 >> 16, {}};
  const Val v32 = decode_ref(kRefF32, r32);
  if (v32.cls == Cls::inf) return {kRefBF16.inf(v32.neg), {}};
  if (v32.mag == 0) return {0, {}};
  return round_ref(kRefBF16, v32.neg, v32.mag, Cfg{});
}

// §B.5 WIDEN of a 16-bit accumulator to the binary32 pattern the next step reads.
inline std::uint32_t ref_widen(Out out, std::uint16_t x) {
  const Fmt& f = out == Out::bf16 ? kRefBF16 : kRefF16;
  const Val v = decode_ref(f, x);
  const std::uint32_t s = v.neg ? 0x80000000u : 0u;
  if (v.cls == Cls::nan) return s | 0x7F800000u | static_cast<std::uint32_t>(v.frac << (23 - f.mbits));  // not quieted
  if (v.cls == Cls::inf) return s | 0x7F800000u;
  return static_cast<std::uint32_t>(encode_exact(kRefF32, v.neg, v.mag));
}

// §B.5: eight DOT2 steps over k-pairs (0,1), ..., (14,15). For 16-bit outputs c holds the 16-bit C.
inline std::uint64_t ref_rdna3_wmma(bool bf16, Out out, std::span<const std::uint64_t> a,
                                    std::span<const std::uint64_t> b, std::uint64_t c, const Dot2Ref& opt = {}) {
  const auto h = [](std::uint64_t x) { return static_cast<std::uint16_t>(x & 0xFFFFu); };
  if (out == Out::f32) {
    auto acc = static_cast<std::uint32_t>(c);
    for (std::size_t k = 0; k + 1 < a.size(); k += 2)
      acc = static_cast<std::uint32_t>(
          ref_rdna3_dot2(bf16, h(a[k]), h(b[k]), h(a[k + 1]), h(b[k + 1]), acc, out, opt).bits);
    return acc;
  }
  std::uint16_t acc = h(c);
  for (std::size_t k = 0; k + 1 < a.size(); k += 2)
    acc = static_cast<std::uint16_t>(
        ref_rdna3_dot2(bf16, h(a[k]), h(b[k]), h(a[k + 1]), h(b[k + 1]), ref_widen(out, acc), out, opt).bits);
  return acc;
}

// ---------------------------------------------------------------------------------------------
// Integer dots (docs/spec/numerics.md §A.1 INT8 [INF], §B.7), in wide integers.
// ---------------------------------------------------------------------------------------------
inline Int int_field(std::uint64_t x, int bits, bool is_signed) {
  const std::uint64_t v = x & ((std::uint64_t{1} << bits) - 1);
  Int r = to_int(v);
  if (is_signed && v >= (std::uint64_t{1} << (bits - 1))) r -= Int(1) << bits;
  return r;
}

inline std::uint64_t int_wrap32(const Int& v) {
  Int m = v % (Int(1) << 32);
  if (m < 0) m += Int(1) << 32;
  return static_cast<std::uint64_t>(m);
}

inline std::uint64_t int_saturate32(const Int& v) {
  const Int hi = (Int(1) << 31) - 1, lo = -(Int(1) << 31);
  return int_wrap32(v > hi ? hi : v < lo ? lo : v);
}

inline std::uint64_t ref_cdna2_int8(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b, std::uint64_t c,
                                    bool saturate) {
  Int acc = int_field(c, 32, true);
  for (std::size_t k = 0; k < a.size(); ++k) acc += int_field(a[k], 8, true) * int_field(b[k], 8, true);
  return saturate ? int_saturate32(acc) : int_wrap32(acc);
}

inline std::uint64_t ref_rdna3_int(int bits, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                                   std::uint64_t c, bool a_signed, bool b_signed, bool clamp) {
  Int acc = int_field(c, 32, true);
  for (std::size_t k = 0; k < a.size(); ++k) acc += int_field(a[k], bits, a_signed) * int_field(b[k], bits, b_signed);
  return clamp ? int_saturate32(acc) : int_wrap32(acc);
}

}  // namespace mxref
