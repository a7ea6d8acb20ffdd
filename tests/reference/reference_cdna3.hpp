// Independent reference for the gfx942 fused MFMA group step (docs/cdna3-numerics.md §2, §3), written
// from the rule text with exact rationals only: no integer significands, no shifts, no emu/ code.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include "reference/reference_models.hpp"

namespace mxref {

// An 8-bit float by its definition (docs/cdna3-numerics.md §3): FNUZ has one NaN (0x80), no
// infinities and no -0; OCP E4M3 has NaN S.1111.111 and no infinities; OCP E5M2 is IEEE-like.
struct Fp8Fmt {
  int ebits;
  int mbits;
  int bias;
  bool fnuz;
};
inline constexpr Fp8Fmt kRefFp8Fnuz{4, 3, 8, true};
inline constexpr Fp8Fmt kRefBf8Fnuz{5, 2, 16, true};
inline constexpr Fp8Fmt kRefFp8Ocp{4, 3, 7, false};
inline constexpr Fp8Fmt kRefBf8Ocp{5, 2, 15, false};

inline Val decode_fp8_ref(const Fp8Fmt& f, std::uint64_t bits) {
  bits &= 0xff;
  Val v;
  v.neg = (bits & 0x80) != 0;
  const int e = static_cast<int>(bits >> f.mbits) & ((1 << f.ebits) - 1);
  const int m = static_cast<int>(bits) & ((1 << f.mbits) - 1);
  if (f.fnuz && bits == 0x80) {
    v.cls = Cls::nan;
    return v;
  }
  if (!f.fnuz && f.ebits == 4 && e == 15 && m == 7) {
    v.cls = Cls::nan;
    return v;
  }
  if (!f.fnuz && f.ebits == 5 && e == 31) {
    v.cls = m == 0 ? Cls::inf : Cls::nan;
    return v;
  }
  if (e == 0) {
    v.cls = m == 0 ? Cls::zero : Cls::subnormal;
    v.mag = Rat(m) * pow2(1 - f.bias - f.mbits);
  } else {
    v.cls = Cls::normal;
    v.mag = Rat(m + (1 << f.mbits)) * pow2(e - f.bias - f.mbits);
  }
  return v;
}

// An input factor with its format's smallest normal exponent (for the subnormal exponent rule).
struct Cdna3Factor {
  Val v;
  int emin;
};

// (sig, exp) with value = sig * 2^exp: |sig| in [1, 2) for normals, exp = emin for subnormals, and
// (0, -126) for a zero whatever its format (docs/cdna3-numerics.md §2).
struct SigExp {
  Rat sig;
  int exp;
};

inline SigExp split_ref(const Cdna3Factor& x) {
  if (x.v.cls == Cls::zero) return {Rat(0), -126};
  const int e = std::max(floor_log2(x.v.mag), x.emin);
  return {x.v.value() / pow2(e), e};
}

inline Int trunc_rat(const Rat& x) { return x < 0 ? Int(-floor_rat(-x)) : floor_rat(x); }

// sum of trunc(p.sig * 2^(p.exp - E), 24 fraction bits), E the largest p.exp; returns (sum, E).
inline std::pair<Rat, int> truncated_fused_sum(const std::vector<SigExp>& p) {
  int e_max = p.front().exp;
  for (const SigExp& t : p) e_max = std::max(e_max, t.exp);
  Rat s = 0;
  for (const SigExp& t : p) s += Rat(trunc_rat(t.sig * pow2(t.exp - e_max) * pow2(24))) / pow2(24);
  return {s, e_max};
}

inline Rat floor_to(const Rat& x, int fraction_bits) {
  return Rat(floor_rat(x * pow2(fraction_bits))) / pow2(fraction_bits);
}

constexpr std::uint32_t kRefNan32 = 0x7fc00000;

// One group: acc (binary32 pattern) and the factor pairs -> the new binary32 accumulator. fp8
// selects the even/odd split and the C drop below 2^(F-25) (§3). gfx950's f8f6f4 (docs/cdna4-numerics.md
// §3.3) scales the group's sum by 2^scale before C joins; scale_nan: an E8M0 0xFF scale byte.
inline std::uint32_t ref_cdna3_group(std::uint32_t acc_bits, const std::vector<Cdna3Factor>& a,
                                     const std::vector<Cdna3Factor>& b, bool fp8, int scale = 0,
                                     bool scale_nan = false) {
  const Val acc = decode_ref(kRefF32, acc_bits);
  // Specials, in the rule's order.
  bool nan = acc.cls == Cls::nan || scale_nan, pos_inf = acc.cls == Cls::inf && !acc.neg,
       neg_inf = acc.cls == Cls::inf && acc.neg;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Val& x = a[i].v;
    const Val& y = b[i].v;
    if (x.cls == Cls::nan || y.cls == Cls::nan) nan = true;
    const bool inf = x.cls == Cls::inf || y.cls == Cls::inf;
    if (inf && (x.cls == Cls::zero || y.cls == Cls::zero)) nan = true;
    if (inf && x.neg != y.neg) neg_inf = true;
    if (inf && x.neg == y.neg) pos_inf = true;
  }
  if (nan || (pos_inf && neg_inf)) return kRefNan32;
  if (pos_inf) return 0x7f800000;
  if (neg_inf) return 0xff800000;
  bool big_pos = false, big_neg = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Rat p = a[i].v.value() * b[i].v.value() * pow2(scale);
    if (p >= pow2(128)) big_pos = true;
    if (p <= -pow2(128)) big_neg = true;
  }
  if (big_pos && big_neg) return kRefNan32;
  if (big_pos) return 0x7f800000;
  if (big_neg) return 0xff800000;

  std::vector<SigExp> terms;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const SigExp x = split_ref(a[i]), y = split_ref(b[i]);
    terms.push_back({x.sig * y.sig, x.exp + y.exp});
  }
  Rat s;
  int e;
  if (fp8) {
    std::vector<SigExp> even, odd;
    for (std::size_t i = 0; i < terms.size(); ++i) (i % 2 == 0 ? even : odd).push_back(terms[i]);
    const auto [s_even, e_even] = truncated_fused_sum(even);
    const auto [s_odd, e_odd] = truncated_fused_sum(odd);
    e = std::max(e_even, e_odd);
    s = floor_to(s_even * pow2(e_even - e), 24) + floor_to(s_odd * pow2(e_odd - e), 24);
  } else {
    std::tie(s, e) = truncated_fused_sum(terms);
  }
  e += scale;  // s * 2^e is the scaled sum: only the exponent moves
  const SigExp c = split_ref(Cdna3Factor{acc, -126});
  const int f = std::max(e, c.exp);
  const Rat s_floor = floor_to(s * pow2(e - f), 31);
  const Rat c_floor = (fp8 && c.exp < f - 25) ? Rat(0) : floor_to(c.sig * pow2(c.exp - f), 24);
  const Rat total = (s_floor + c_floor) * pow2(f);
  if (total == 0) return 0;  // +0
  return static_cast<std::uint32_t>(round_signed(kRefF32, total, Cfg{}).bits);
}

// The whole element: C, then groups of `group` in k order.
inline std::uint32_t ref_cdna3_dot(std::span<const Cdna3Factor> a, std::span<const Cdna3Factor> b, std::uint32_t c,
                                   int group, bool fp8) {
  std::uint32_t acc = c;
  for (std::size_t g = 0; g < a.size(); g += static_cast<std::size_t>(group)) {
    const std::vector<Cdna3Factor> ga(a.begin() + static_cast<std::ptrdiff_t>(g),
                                      a.begin() + static_cast<std::ptrdiff_t>(g + group));
    const std::vector<Cdna3Factor> gb(b.begin() + static_cast<std::ptrdiff_t>(g),
                                      b.begin() + static_cast<std::ptrdiff_t>(g + group));
    acc = ref_cdna3_group(acc, ga, gb, fp8);
  }
  return acc;
}

}  // namespace mxref
