// Independent reference for the gfx12 DOT4 step and WMMA chains (docs/rdna4.md §3.1, §3.2), written from
// the specification text on exact rationals: every alignment is floor() of a rational, every step ends in
// ONE call of round_ref(). Shares no code with emu/ (only reference_models.hpp).
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "reference/reference_models.hpp"

namespace mxref {

// A factor as the DOT4 step reads it: exact value (subnormals honoured for f16 and bf16) and its
// alignment exponent max(E, 1) - bias.
struct Gfx12Factor {
  Val v;
  int aexp = 0;
};

inline Gfx12Factor gfx12_factor(const Fmt& f, std::uint64_t x) {
  Gfx12Factor r;
  r.v = decode_ref(f, x);
  r.aexp = std::max(static_cast<int>((x >> f.mbits) & f.exp_all_ones()), 1) - f.bias();
  return r;
}

// floor(x / 2^g) * 2^g as the integer count of 2^g units.
inline Int units_floor(const Rat& x, int g) { return floor_rat(x / pow2(g)); }

// §3.1: c + sum a[t]*b[t] (one or two pairs of products), c a binary32 pattern; returns the output
// pattern (binary32, or the 16-bit pattern for f16/bf16 output).
inline std::uint64_t ref_gfx12_dot4(const Fmt& in, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                                    std::uint32_t c, Out out, bool fp16_ovfl = false) {
  const std::size_t n = a.size();
  std::vector<Gfx12Factor> fa, fb;
  for (std::size_t t = 0; t < n; ++t) {
    fa.push_back(gfx12_factor(in, a[t]));
    fb.push_back(gfx12_factor(in, b[t]));
  }
  const Val vc = decode_ref(kRefF32, c);
  const auto special = [&](SpecialKind k, std::uint32_t bits) { return narrow_special(k, bits, out); };
  for (std::size_t t = 0; t < n; ++t)  // 1. a NaN factor
    if (fa[t].v.cls == Cls::nan || fb[t].v.cls == Cls::nan) return special(SpecialKind::factor_nan, 0xFFC00A3Du);
  for (std::size_t t = 0; t < n; ++t)  // 2. inf times zero
    if ((fa[t].v.cls == Cls::inf && fb[t].v.cls == Cls::zero) || (fb[t].v.cls == Cls::inf && fa[t].v.cls == Cls::zero))
      return special(SpecialKind::invalid, 0xFFC00000u);
  bool pos_inf = false, neg_inf = false;
  for (std::size_t t = 0; t < n; ++t)
    if (fa[t].v.cls == Cls::inf || fb[t].v.cls == Cls::inf) (fa[t].v.neg != fb[t].v.neg ? neg_inf : pos_inf) = true;
  if (pos_inf && neg_inf) return special(SpecialKind::invalid, 0xFFC00000u);    // 3. infinite products of both signs
  if (vc.cls == Cls::nan) return special(SpecialKind::c_nan, c | 0x00400000u);  // 4. C NaN quieted
  if (vc.cls == Cls::inf) (vc.neg ? neg_inf : pos_inf) = true;
  if (pos_inf && neg_inf) return special(SpecialKind::invalid, 0xFFC00000u);
  if (pos_inf || neg_inf) return special(SpecialKind::inf, neg_inf ? 0xFF800000u : 0x7F800000u);

  // ---- finite path ----
  std::vector<Rat> p(n);
  std::vector<std::optional<int>> pgrid(n);
  std::optional<int> max_pgrid;
  for (std::size_t t = 0; t < n; ++t) {
    p[t] = fa[t].v.value() * fb[t].v.value();
    if (p[t] != 0) {
      pgrid[t] = fa[t].aexp + fb[t].aexp - 24;
      max_pgrid = std::max(max_pgrid.value_or(*pgrid[t]), *pgrid[t]);
    }
  }
  const int floor_exp = out == Out::f16 ? -14 : -126;
  const int lead_c = vc.mag != 0 ? std::max(floor_exp, floor_log2(vc.mag)) : floor_exp;
  const int G = std::max(max_pgrid.value_or(lead_c - 26), lead_c - 26);

  // C on the grid: floor; but (except for f16 output on a grid at or below 2^-14) a negative C that
  // keeps no whole unit contributes 0 instead of -1.
  Int s = units_floor(vc.value(), G);
  const bool truncate_like_product = out == Out::f16 && G <= -14;
  if (vc.neg && !truncate_like_product && units_floor(vc.mag, G) == 0) s = 0;
  for (std::size_t t = 0; t < n; t += 2) {
    std::optional<int> g2;
    for (std::size_t u = t; u < t + 2 && u < n; ++u)
      if (pgrid[u]) g2 = std::max(g2.value_or(*pgrid[u]), *pgrid[u]);
    if (!g2) continue;
    Int pair = 0;
    for (std::size_t u = t; u < t + 2 && u < n; ++u) pair += units_floor(p[u], *g2);
    s += units_floor(Rat(pair) * pow2(*g2), G);
  }
  if (s == 0) return 0;
  const Rat value = Rat(s) * pow2(G);
  const bool neg = value < 0;
  const Rat mag = neg ? Rat(-value) : value;
  if (out == Out::f16) {
    Cfg cfg;
    cfg.overflow_to_max = fp16_ovfl;
    const std::uint64_t r = round_ref(kRefF16, neg, mag, cfg).bits;
    return (r & 0x7FFFu) == 0 ? 0 : r;
  }
  const std::uint64_t r32 = round_ref(kRefF32, neg, mag, Cfg{}).bits;
  const std::uint64_t bits = (r32 & 0x7FFFFFFFu) == 0 ? 0 : r32;
  return out == Out::bf16 ? bits >> 16 : bits;
}

// §3.2: acc = C, then one DOT4 step per group of four k, ascending; 16-bit accumulators widened exactly.
inline std::uint64_t ref_gfx12_wmma(const Fmt& in, Out out, std::span<const std::uint64_t> a,
                                    std::span<const std::uint64_t> b, std::uint64_t c, bool fp16_ovfl = false) {
  std::uint64_t acc = out == Out::f32 ? (c & 0xFFFFFFFFu) : (c & 0xFFFFu);
  for (std::size_t k = 0; k < a.size(); k += 4) {
    const std::uint32_t c32 =
        out == Out::f32 ? static_cast<std::uint32_t>(acc) : ref_widen(out, static_cast<std::uint16_t>(acc));
    acc = ref_gfx12_dot4(in, a.subspan(k, 4), b.subspan(k, 4), c32, out, fp16_ovfl);
  }
  return acc;
}

// §3.3 integer WMMA: C + products of the first half of K, CLAMP, + the second half, CLAMP.
inline std::uint64_t ref_gfx12_int(int bits, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                                   std::uint64_t c, bool a_signed, bool b_signed, bool clamp) {
  Int acc = int_field(c, 32, true);
  const std::size_t half = a.size() / 2;
  for (std::size_t stage = 0; stage < 2; ++stage) {
    for (std::size_t k = stage * half; k < (stage + 1) * half; ++k)
      acc += int_field(a[k], bits, a_signed) * int_field(b[k], bits, b_signed);
    if (clamp) {
      const Int hi = (Int(1) << 31) - 1, lo = -(Int(1) << 31);
      acc = acc > hi ? hi : acc < lo ? lo : acc;
    }
  }
  return int_wrap32(acc);
}

}  // namespace mxref
