// gfx942 fused group step on integers: per group, products as (significand, exponent) terms, each
// truncated at 24 fraction bits below the group's largest exponent, an exact sum, the sum floored
// to 31 and C to 24 fraction bits below F, then one binary32 RNE (docs/cdna3-numerics.md §2-§3).
// Evidence for every rule: [MODEL-HW] MMA-Sim (microsoft/MMA-Sim mmasim/simulator/amd.py class
// mfma, arithmetic.py amd_fused_dot_rd_add/fused_sum/extract_significand_exponent), whose CDNA3
// model was checked against MI300 hardware by its authors (arXiv 2511.10909).
#include "emu/semantics/cdna3_fused_dot.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "emu/formats/round_pack.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

constexpr int kProductFractionBits = 24;           // products truncated to 24 fraction bits below 2^E (§2)
constexpr int kSumFractionBits = 31;               // the group sum floored to 31 fraction bits below 2^F (§2)
constexpr int kAccFractionBits = 24;               // C floored to 24 fraction bits below 2^F (§2)
constexpr int kZeroExponent = -126;                // a zero's exponent, whatever its format (§2)
constexpr std::uint32_t kDefaultNan = 0x7fc00000;  // payload not modelled [UNKNOWN] (§5)

// A finite value as the model splits it: value = sig * 2^(exp - frac_bits), |sig| < 2^(frac_bits+1),
// exp the exponent of the leading place (a subnormal keeps the format's minimum normal exponent).
struct Split {
  std::int64_t sig = 0;  // signed
  int frac_bits = 0;
  int exp = 0;
};

Split split(const FormatSpec& f, const Unpacked& u) {
  if (u.is_zero()) return {0, f.man_bits, kZeroExponent};
  const auto magnitude = static_cast<std::int64_t>(u.sig);
  return {u.neg ? -magnitude : magnitude, f.man_bits, u.exp + f.man_bits};
}

// floor(x * 2^shift) for a signed x: exact left shift, or arithmetic right shift (floor) with
// shifts past the width giving 0 or -1.
std::int64_t scale_floor(std::int64_t x, int shift) {
  if (shift >= 0) return x * (std::int64_t{1} << shift);  // callers keep |x| * 2^shift < 2^62
  if (shift <= -63) return x < 0 ? -1 : 0;
  return x >> (-shift);
}

// trunc(x * 2^shift) toward zero for a signed x.
std::int64_t scale_trunc(std::int64_t x, int shift) {
  const std::int64_t magnitude = scale_floor(x < 0 ? -x : x, shift);
  return x < 0 ? -magnitude : magnitude;
}

struct Product {
  std::int64_t sig;  // signed, frac_bits fraction bits
  int frac_bits;
  int exp;
};

// Sum of trunc(p * 2^(24 + exp - E)) over the products, E their largest exponent: an exact integer
// with 24 fraction bits at the 2^E scale (MMA-Sim fused_sum; §2).
struct TruncatedSum {
  std::int64_t sum = 0;
  int exp = 0;
};

TruncatedSum truncated_sum(const std::vector<Product>& products, std::size_t first, std::size_t stride) {
  TruncatedSum out{0, products[first].exp};
  for (std::size_t i = first; i < products.size(); i += stride) out.exp = std::max(out.exp, products[i].exp);
  for (std::size_t i = first; i < products.size(); i += stride) {
    const Product& p = products[i];
    out.sum += scale_trunc(p.sig, kProductFractionBits - p.frac_bits + p.exp - out.exp);
  }
  return out;
}

// What one group does before the fused path: NaN, an infinity, or nothing special (§2 specials).
struct Special {
  bool any = false;
  std::uint32_t bits = 0;
};

Special group_specials(const std::vector<Unpacked>& a, const std::vector<Unpacked>& b, const Unpacked& acc,
                       const std::vector<Product>& products, std::span<const ScaleFactor* const> scales) {
  constexpr int kTopExpLimit = 128;  // a finite (scaled) product of magnitude >= 2^128 overflows
  // NaN if any input is NaN, inf meets a zero factor (a zero block scale included), or +inf and -inf meet
  // (the model's double sum of the exact products and C is NaN); else an infinite product or C gives that
  // infinity, its sign flipped by a negative (E4M3) block scale.
  bool pos_inf = acc.is_inf() && !acc.neg, neg_inf = acc.is_inf() && acc.neg, nan = acc.is_nan();
  for (std::size_t t = 0; t < a.size(); ++t) {
    const ScaleFactor* scale = scales.empty() ? nullptr : scales[t];
    if (a[t].is_nan() || b[t].is_nan() || (scale != nullptr && scale->nan)) nan = true;
    const bool inf = a[t].is_inf() || b[t].is_inf();
    if (inf && (a[t].is_zero() || b[t].is_zero() || (scale != nullptr && scale->sig == 0))) nan = true;
    const bool scale_neg = scale != nullptr && scale->sig < 0;
    if (inf) ((a[t].neg != b[t].neg) != scale_neg ? neg_inf : pos_inf) = true;
  }
  if (nan || (pos_inf && neg_inf)) return {true, kDefaultNan};
  if (pos_inf || neg_inf) return {true, neg_inf ? 0xff800000u : 0x7f800000u};
  // A finite product of magnitude >= 2^128 gives the infinity of its sign, both signs NaN; C is
  // then ignored (MMA-Sim amd_fused_dot_rd_add p_inf/n_inf).
  bool big_pos = false, big_neg = false;
  for (const Product& p : products) {
    if (p.sig == 0) continue;
    const std::uint64_t magnitude = static_cast<std::uint64_t>(p.sig < 0 ? -p.sig : p.sig);
    const int leading = p.exp + (63 - std::countl_zero(magnitude)) - p.frac_bits;  // floor(log2 |p|)
    if (leading >= kTopExpLimit) (p.sig < 0 ? big_neg : big_pos) = true;
  }
  if (big_pos && big_neg) return {true, kDefaultNan};
  if (big_pos || big_neg) return {true, big_neg ? 0xff800000u : 0x7f800000u};
  return {};
}

// The group step after specials: F = max(E, ec); S floored to 31 fraction bits, C floored to 24
// (or dropped, fp8 below 2^(F-25)); one binary32 RNE of the exact (S' + C') * 2^F.
struct GroupResult {
  std::uint32_t bits;
  int f;
  std::int64_t total;  // (S' + C') in units of 2^(F-31)
};

GroupResult fused_round(std::int64_t sum24, int e, const Split& c, bool drop_small_c) {
  const int f = std::max(e, c.exp);
  const std::int64_t s31 = scale_floor(sum24, kSumFractionBits - kProductFractionBits + e - f);
  std::int64_t c24 = 0;
  if (!drop_small_c || c.exp >= f - 25)  // fp8 only: C below 2^(F-25) contributes 0 (§3)
    c24 = scale_floor(c.sig, kAccFractionBits - c.frac_bits + c.exp - f);
  const std::int64_t total = s31 + c24 * (std::int64_t{1} << (kSumFractionBits - kAccFractionBits));
  if (total == 0) return {0, f, 0};  // an exact zero is +0 (the model's floor returns integer 0)
  const std::uint64_t magnitude = static_cast<std::uint64_t>(total < 0 ? -total : total);
  const auto bits = static_cast<std::uint32_t>(
      round_pack(kBinary32, total < 0, f - kSumFractionBits, u128{magnitude}, false, RoundingOptions{}));
  return {bits, f, total};
}

std::string group_rule(bool fp8, int e, int f, std::int64_t total, bool truncate_to_xf32) {
  return fmt::format(
      "fused group{}{}: products truncated to 24 fraction bits below 2^{} (largest product exponent), sum floored "
      "(toward -inf) to 31 fraction bits below 2^F = 2^{}, C floored to 24 fraction bits{}; exact {} * 2^{} "
      "rounded once, binary32 RNE",
      truncate_to_xf32 ? " (A, B truncated to xf32: low 13 bits cleared)" : "",
      fp8 ? " (even/odd k fused separately, each floored to 24 fraction bits below 2^E)" : "", e, f,
      fp8 ? " (dropped if below 2^(F-25))" : "", total, f - kSumFractionBits);
}

// The shared group loop. fp8 selects the §3 structure (even/odd split, C drop).
// `scaling` (gfx950 f8f6f4, docs/cdna4-numerics.md §3; gfx1250 block-scaled WMMA, docs/cdna5.md §3.7)
// multiplies each product exactly by its k-block's scale factor before the group's sum; null means
// unscaled (gfx942).
std::uint32_t fused_groups(const FormatSpec& a_format, const FormatSpec& b_format, int group, bool fp8,
                           bool truncate_to_xf32, const DotInputs& in, const NumericsContext& ctx,
                           const GroupScaling* scaling = nullptr) {
  const Trace trace(ctx.observer);
  std::uint32_t acc = static_cast<std::uint32_t>(in.c);
  trace.read_c(kBinary32, in.c, acc, "read as is (subnormals kept)");
  const std::size_t g_size = static_cast<std::size_t>(group);
  std::vector<Unpacked> a(g_size), b(g_size);
  std::vector<Product> products(g_size);
  std::vector<const ScaleFactor*> scales(g_size, nullptr);
  for (std::size_t g = 0; g < in.a.size(); g += g_size) {
    // K is a multiple of the group in every instruction; a short tail would be its own group.
    const std::size_t count = std::min(g_size, in.a.size() - g);
    a.resize(count);
    b.resize(count);
    products.resize(count);
    trace.step_range(StepKind::fused_group, g, count);
    std::vector<TracedNumber> operands;
    if (trace.on()) operands.push_back(TracedNumber::fp(kBinary32, acc));
    for (std::size_t t = 0; t < count; ++t) {
      std::uint64_t a_bits = in.a[g + t], b_bits = in.b[g + t];
      if (truncate_to_xf32) {  // xf32: clear the low 13 bits of A and B first (§2) [MODEL-HW]
        a_bits &= 0xffffe000u;
        b_bits &= 0xffffe000u;
        trace.read_if_changed("A[k]", static_cast<int>(g + t), a_format, in.a[g + t], a_bits, "truncated to xf32");
        trace.read_if_changed("B[k]", static_cast<int>(g + t), b_format, in.b[g + t], b_bits, "truncated to xf32");
      }
      if (trace.on()) {
        operands.push_back(TracedNumber::fp(a_format, a_bits));
        operands.push_back(TracedNumber::fp(b_format, b_bits));
      }
      a[t] = decode(a_format, a_bits);
      b[t] = decode(b_format, b_bits);
      const Split sa = a[t].is_finite() ? split(a_format, a[t]) : Split{};
      const Split sb = b[t].is_finite() ? split(b_format, b[t]) : Split{};
      products[t] = Product{sa.sig * sb.sig, sa.frac_bits + sb.frac_bits, sa.exp + sb.exp};
      if (scaling != nullptr) {
        const ScaleFactor& f = scaling->blocks[(g + t) / static_cast<std::size_t>(scaling->block_k)];
        scales[t] = &f;
        Product& p = products[t];
        // A zero scale makes a zero product that never sets the group's largest exponent [INF].
        if (f.sig == 0)
          p = Product{0, p.frac_bits, 2 * kZeroExponent};
        else
          p = Product{p.sig * f.sig, p.frac_bits + f.frac_bits, p.exp + f.exp};
      }
    }
    const Unpacked c_value = decode(kBinary32, acc);
    const std::span<const ScaleFactor* const> group_scales(scales.data(), scaling != nullptr ? count : 0);
    const Special special = group_specials(a, b, c_value, products, group_scales);
    // The trace names the scale: one power of two for the whole group (gfx950), or per product.
    bool one_power_of_two = scaling != nullptr;
    for (const ScaleFactor* f : group_scales)
      one_power_of_two = one_power_of_two && f == group_scales.front() && f->sig == 1 && f->frac_bits == 0;
    const bool scale_nan = std::any_of(group_scales.begin(), group_scales.end(), [](auto* f) { return f->nan; });
    std::uint32_t next;
    std::string rule;
    if (special.any) {
      next = special.bits;
      if (trace.on())
        rule = scale_nan ? "a block scale is NaN: NaN"
                         : "special values: NaN (payload not modelled) or infinity, no fused arithmetic";
    } else {
      TruncatedSum s;
      if (fp8) {  // §3: even and odd positions fused separately, each floored at 2^(E-24)
        const TruncatedSum even = truncated_sum(products, 0, 2), odd = truncated_sum(products, 1, 2);
        s.exp = std::max(even.exp, odd.exp);
        s.sum = scale_floor(even.sum, even.exp - s.exp) + scale_floor(odd.sum, odd.exp - s.exp);
      } else {
        s = truncated_sum(products, 0, 1);
      }
      const GroupResult r = fused_round(s.sum, s.exp, split(kBinary32, c_value), fp8);
      next = r.bits;
      if (trace.on()) {
        rule = group_rule(fp8, s.exp, r.f, r.total, truncate_to_xf32);
        if (one_power_of_two)
          rule += fmt::format("; block scale 2^{} applied to the product sum before C", group_scales.front()->exp);
        else if (scaling != nullptr)
          rule += "; each product times its k-block's A and B scales, exactly, before the sum";
      }
    }
    if (trace.on())
      trace.op(OpKind::exact_dot, "acc", -1, std::move(operands), TracedNumber::fp(kBinary32, next), rule);
    acc = next;
  }
  return acc;
}

}  // namespace

std::uint32_t cdna3_fused_dot(const FormatSpec& input, int group, bool truncate_to_xf32, const DotInputs& in,
                              const NumericsContext& ctx) {
  return fused_groups(input, input, group, false, truncate_to_xf32, in, ctx);
}

std::uint32_t cdna3_fp8_dot(const FormatSpec& a_format, const FormatSpec& b_format, const DotInputs& in,
                            const NumericsContext& ctx) {
  constexpr int kFp8Group = 16;  // §3 [MODEL-HW]
  return fused_groups(a_format, b_format, kFp8Group, true, false, in, ctx);
}

std::uint32_t fused_scaled_groups(const FormatSpec& a_format, const FormatSpec& b_format, int group, bool fp8_split,
                                  const GroupScaling& scaling, const DotInputs& in, const NumericsContext& ctx) {
  return fused_groups(a_format, b_format, group, fp8_split, false, in, ctx, &scaling);
}

}  // namespace mxlane
