// Independent reference for the gfx950 f8f6f4 MFMA (docs/cdna4-numerics.md §3), written from the rule
// text with exact rationals and the gfx942 group helpers of reference_cdna3.hpp: no emu/ code.
#pragma once

#include <cstdint>
#include <vector>

#include "reference/reference_cdna3.hpp"

namespace mxref {

// An f8f6f4 element format by its definition: OCP E4M3 (NaN S.1111.111, no inf), OCP E5M2
// (IEEE-like), and the finite-only FP6 E2M3, BF6 E3M2, FP4 E2M1 (OCP MX formats, no inf, no NaN).
struct MxFmt {
  int width;
  int ebits;
  int mbits;
  int bias;
};
inline constexpr MxFmt kRefMxFormats[5] = {{8, 4, 3, 7}, {8, 5, 2, 15}, {6, 2, 3, 1}, {6, 3, 2, 3}, {4, 2, 1, 1}};

inline Val decode_mx_ref(const MxFmt& f, std::uint64_t bits) {
  bits &= (std::uint64_t{1} << f.width) - 1;
  Val v;
  v.neg = ((bits >> (f.width - 1)) & 1) != 0;
  const int e = static_cast<int>(bits >> f.mbits) & ((1 << f.ebits) - 1);
  const int m = static_cast<int>(bits) & ((1 << f.mbits) - 1);
  if (f.width == 8 && f.ebits == 4 && e == 15 && m == 7) {
    v.cls = Cls::nan;
    return v;
  }
  if (f.width == 8 && f.ebits == 5 && e == 31) {
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

// One block (or half block) of factor pairs, scaled by 2^scale, into the binary32 accumulator.
// split16 = false: the §2 group (one truncated sum, C floored at 24 bits); true: the §3 fp8 group
// (even/odd sums, C dropped below 2^(F-25)). scale_nan: an E8M0 0xFF scale byte.
inline std::uint32_t ref_cdna4_group(std::uint32_t acc_bits, const std::vector<Cdna3Factor>& a, const std::vector<Cdna3Factor>& b,
                                     int scale, bool scale_nan, bool split16) {
  const Val acc = decode_ref(kRefF32, acc_bits);
  bool nan = acc.cls == Cls::nan || scale_nan, pos_inf = acc.cls == Cls::inf && !acc.neg, neg_inf = acc.cls == Cls::inf && acc.neg;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Val& x = a[i].v;
    const Val& y = b[i].v;
    if (x.cls == Cls::nan || y.cls == Cls::nan) nan = true;
    const bool inf = x.cls == Cls::inf || y.cls == Cls::inf;
    if (inf && (x.cls == Cls::zero || y.cls == Cls::zero)) nan = true;
    if (inf) (x.neg != y.neg ? neg_inf : pos_inf) = true;
  }
  if (nan || (pos_inf && neg_inf)) return kRefNan32;
  if (pos_inf) return 0x7f800000;
  if (neg_inf) return 0xff800000;
  // A scaled product of magnitude >= 2^128: the infinity of its sign (both signs: NaN).
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
  if (split16) {
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
  const Rat c_floor = (split16 && c.exp < f - 25) ? Rat(0) : floor_to(c.sig * pow2(c.exp - f), 24);
  const Rat total = (s_floor + c_floor) * pow2(f);
  if (total == 0) return 0;
  return static_cast<std::uint32_t>(round_signed(kRefF32, total, Cfg{}).bits);
}

// The whole element: K/32 blocks with E8M0 scale bytes sa[b], sb[b]; zero_is_identity reads a 0x00
// byte as 2^0 (switch scale_zero_is_identity=identity).
inline std::uint32_t ref_cdna4_f8f6f4(const MxFmt& fa, const MxFmt& fb, const std::vector<std::uint64_t>& a,
                                      const std::vector<std::uint64_t>& b, std::uint32_t c, const std::vector<std::uint8_t>& sa,
                                      const std::vector<std::uint8_t>& sb, bool split16, bool zero_is_identity) {
  const auto scale_exp = [&](std::uint8_t x) { return zero_is_identity && x == 0 ? 0 : int{x} - 127; };
  const int group = split16 ? 16 : 32;
  std::uint32_t acc = c;
  for (std::size_t g = 0; g < a.size(); g += static_cast<std::size_t>(group)) {
    const std::size_t block = g / 32;
    std::vector<Cdna3Factor> ga, gb;
    for (std::size_t k = g; k < g + static_cast<std::size_t>(group); ++k) {
      ga.push_back({decode_mx_ref(fa, a[k]), 1 - fa.bias});
      gb.push_back({decode_mx_ref(fb, b[k]), 1 - fb.bias});
    }
    acc = ref_cdna4_group(acc, ga, gb, scale_exp(sa[block]) + scale_exp(sb[block]), sa[block] == 0xFF || sb[block] == 0xFF,
                          split16);
  }
  return acc;
}

}  // namespace mxref
