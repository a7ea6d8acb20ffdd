// CDNA2 FP16/BF16 MFMA element (docs/spec/numerics.md §B.2): flushed inputs widened exactly to binary32,
// leaf products round32(a*b + (+0)), a pairwise tree per group, groups added to C in order; every
// binary32 result rounded RNE then flushed to signed zero.
#include "emu/semantics/cdna2_pairwise_tree.hpp"

#include <string>
#include <tuple>
#include <vector>

#include "emu/semantics/cdna2_rules.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

// A 16-bit input as an exactly equal binary32 pattern (NaN payload moved, not quieted).
std::uint32_t widen(const FormatSpec& input, std::uint64_t x) {
  if (input.bits() == 16 && input.exp_bits == 8) return static_cast<std::uint32_t>(x << 16);  // bf16
  const Unpacked u = decode(input, x);
  const std::uint32_t sign = u.neg ? 0x80000000U : 0;
  switch (u.cls) {
    case FpClass::zero: return sign;
    case FpClass::infinity: return sign | 0x7F800000U;
    case FpClass::nan: return sign | 0x7F800000U | static_cast<std::uint32_t>((x & input.man_mask()) << (23 - input.man_bits));
    default: return static_cast<std::uint32_t>(round_pack(kBinary32, u.neg, u.exp, u.sig, false, {}));
  }
}

// The pairwise tree over p[first, first+count): first half, then second half, then their sum.
// With an observer, every add is reported and `label` receives the node's name ("(p0+p1)").
std::uint64_t tree(const std::vector<std::uint64_t>& p, std::size_t first, std::size_t count, const Cdna2Rules& r,
                   AccumulationObserver* obs, std::string* label) {
  if (count == 1) {
    if (label) *label = fmt::format("p{}", first);
    return p[first];
  }
  const std::size_t half = count / 2;
  std::string left_label, right_label;
  const std::uint64_t left = tree(p, first, half, r, obs, obs ? &left_label : nullptr);
  const std::uint64_t right = tree(p, first + half, count - half, r, obs, obs ? &right_label : nullptr);
  const std::uint64_t sum = ieee_add(kBinary32, left, right, r.rounding, r.nan);
  if (obs) {
    *label = fmt::format("({}+{})", left_label, right_label);
    obs->op({OpKind::add, *label, -1, {TracedNumber::fp(kBinary32, left), TracedNumber::fp(kBinary32, right)},
             TracedNumber::fp(kBinary32, sum), {}, "binary32 " + rounding_rule_text(r.rounding)});
  }
  return sum;
}

}  // namespace

std::uint64_t cdna2_pairwise_tree(const FormatSpec& input, int group, const DotInputs& in,
                                  const NumericsContext& ctx) {
  const Cdna2Rules r = Cdna2Rules::for_packed(input, ctx.switches, ctx.subnormals);
  const bool saturate_products = ctx.switches.cdna2_bf16_product_overflow() == ProductOverflow::saturate;
  // The leaf adds +0, which turns a -0 product into +0 [MODEL]; the E3 alternative keeps -0.
  const std::uint64_t zero_addend = r.positive_flush ? 0 : kBinary32.sign_bit();
  AccumulationObserver* const obs = ctx.observer;
  const std::string rule = obs ? "binary32 " + rounding_rule_text(r.rounding) : std::string();
  std::uint64_t acc = r.flush_input(kBinary32, in.c);
  if (obs) {
    obs->step(StepKind::read_c, {});
    obs->op({OpKind::read, "C", -1, {TracedNumber::fp(kBinary32, in.c)}, TracedNumber::fp(kBinary32, acc), {},
             r.flush_inputs ? "subnormal or -0 read as +0" : "read as is"});
  }
  std::vector<std::uint64_t> products(static_cast<std::size_t>(group));
  std::vector<int> ks(obs ? products.size() : 0);
  for (std::size_t g = 0; g < in.a.size(); g += static_cast<std::size_t>(group)) {
    if (obs) {
      for (std::size_t t = 0; t < ks.size(); ++t) ks[t] = static_cast<int>(g + t);
      obs->step(StepKind::pairwise_group, ks);
    }
    for (std::size_t t = 0; t < products.size(); ++t) {
      const std::uint64_t a_read = r.flush_ab_input(input, in.a[g + t]), b_read = r.flush_ab_input(input, in.b[g + t]);
      const std::uint32_t a = widen(input, a_read);
      const std::uint32_t b = widen(input, b_read);
      std::uint64_t p = ieee_fma(kBinary32, a, b, zero_addend, r.rounding, r.nan);  // round32(a*b + (+0))
      const bool finite_inputs = decode(kBinary32, a).is_finite() && decode(kBinary32, b).is_finite();
      if (saturate_products && finite_inputs && decode(kBinary32, p).is_inf())  // switch (E5)
        p = (p & kBinary32.sign_bit()) | kBinary32.max_finite();
      products[t] = p;
      if (obs) {
        const int k = static_cast<int>(g + t);
        for (const auto& [role, raw, used] : {std::tuple{"A[k]", in.a[g + t], a_read}, std::tuple{"B[k]", in.b[g + t], b_read}})
          if (raw != used)
            obs->op({OpKind::read, role, k, {TracedNumber::fp(input, raw)}, TracedNumber::fp(input, used), {},
                     "subnormal or -0 read as +0"});
        obs->op({OpKind::product, fmt::format("p{}", t), k,
                 {TracedNumber::fp(kBinary32, a), TracedNumber::fp(kBinary32, b), TracedNumber::fp(kBinary32, zero_addend)},
                 TracedNumber::fp(kBinary32, p), {},
                 rule + (saturate_products ? ", overflow saturated (cdna2_bf16_product_overflow)" : "")});
      }
    }
    std::string group_label;
    const std::uint64_t s = tree(products, 0, products.size(), r, obs, obs ? &group_label : nullptr);
    const std::uint64_t next = ieee_add(kBinary32, acc, s, r.rounding, r.nan);
    if (obs)
      obs->op({OpKind::add, "acc", -1, {TracedNumber::fp(kBinary32, acc), TracedNumber::fp(kBinary32, s)},
               TracedNumber::fp(kBinary32, next), {}, rule});
    acc = next;
  }
  return acc;
}

}  // namespace mxlane
