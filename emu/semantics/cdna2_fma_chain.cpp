// CDNA2 FP32/FP64 MFMA element: acc = fma(A[k], B[k], acc) from C, k ascending (docs/spec/numerics.md §B.1).
#include "emu/semantics/cdna2_fma_chain.hpp"

#include <vector>

#include "emu/formats/exact_dot.hpp"
#include "emu/formats/ieee_ops.hpp"
#include "emu/semantics/cdna2_rules.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

// Switch cdna2_f64_algorithm = exact-dot (open question E13): C + sum A[k]*B[k] rounded once, the
// inputs read as the FMA chain reads them (a MODE denorm flush under cdna2_mode=honoured applies
// to A, B and C whichever way the sum is formed).
std::uint64_t exact_dot(const FormatSpec& f, const DotInputs& raw, const Cdna2Rules& rules) {
  std::vector<std::uint64_t> a_read(raw.a.size()), b_read(raw.b.size());
  for (std::size_t k = 0; k < a_read.size(); ++k) {
    a_read[k] = rules.flush_input(f, raw.a[k]);
    b_read[k] = rules.flush_input(f, raw.b[k]);
  }
  const DotInputs in{a_read, b_read, rules.flush_input(f, raw.c)};
  const RoundingOptions& r = rules.rounding;
  const NanPolicy nan = rules.nan;
  std::vector<Term> terms;
  bool pos_inf = false, neg_inf = false, invalid = false, nan_seen = false, zero_neg = true;
  std::uint64_t first_nan = 0;
  const auto note_nan = [&](std::uint64_t x) {
    if (!nan_seen) first_nan = x;
    nan_seen = true;
  };
  for (std::size_t k = 0; k < in.a.size(); ++k) {
    const Unpacked a = decode(f, in.a[k]), b = decode(f, in.b[k]);
    if (a.is_nan()) note_nan(in.a[k]);
    if (b.is_nan()) note_nan(in.b[k]);
    if (a.is_nan() || b.is_nan()) continue;
    if ((a.is_inf() && b.is_zero()) || (b.is_inf() && a.is_zero())) invalid = true;
    if (a.is_inf() || b.is_inf()) (a.neg != b.neg ? neg_inf : pos_inf) = true;
    else terms.push_back(product_term(a, b));
    zero_neg = zero_neg && (a.neg != b.neg);
  }
  const Unpacked c = decode(f, in.c);
  if (c.is_nan()) note_nan(in.c);
  if (nan_seen) return nan == NanPolicy::propagate ? (first_nan | f.quiet_bit()) : default_nan(f);
  if (c.is_inf()) (c.neg ? neg_inf : pos_inf) = true;
  if (invalid || (pos_inf && neg_inf)) return default_nan(f);
  if (pos_inf || neg_inf) return (neg_inf ? f.sign_bit() : 0) | f.infinity();
  terms.push_back(value_term(c));
  return round_exact_sum(f, terms, zero_neg && c.neg, r);
}

}  // namespace

std::uint64_t cdna2_fma_chain(const FormatSpec& f, const DotInputs& in, const NumericsContext& ctx) {
  const Cdna2Rules rules = Cdna2Rules::for_wide(f, ctx.switches);
  AccumulationObserver* const obs = ctx.observer;
  const std::string rule = obs ? fmt::format("{} {}", f.name, rounding_rule_text(rules.rounding)) : std::string();
  if (f.bits() == 64 && ctx.switches.cdna2_f64_algorithm() == F64Algorithm::exact_dot) {
    const std::uint64_t d = exact_dot(f, in, rules);
    if (obs) {
      std::vector<int> ks(in.a.size());
      std::vector<TracedNumber> operands{TracedNumber::fp(f, in.c)};
      for (std::size_t k = 0; k < in.a.size(); ++k) {
        ks[k] = static_cast<int>(k);
        operands.push_back(TracedNumber::fp(f, in.a[k]));
        operands.push_back(TracedNumber::fp(f, in.b[k]));
      }
      obs->step(StepKind::exact_dot, ks);
      obs->op({OpKind::exact_dot, "C+sum", -1, std::move(operands), TracedNumber::fp(f, d), {}, rule});
    }
    return d;
  }
  std::uint64_t acc = rules.flush_input(f, in.c);
  if (obs) {
    obs->step(StepKind::read_c, {});
    obs->op({OpKind::read, "C", -1, {TracedNumber::fp(f, in.c)}, TracedNumber::fp(f, acc), {},
             rules.flush_inputs ? "subnormal read as zero (MODE)" : "read as is"});
  }
  for (std::size_t k = 0; k < in.a.size(); ++k) {
    const std::uint64_t a = rules.flush_input(f, in.a[k]), b = rules.flush_input(f, in.b[k]);
    const std::uint64_t next = ieee_fma(f, a, b, acc, rules.rounding, rules.nan);
    if (obs) {
      const int kk = static_cast<int>(k);
      obs->step(StepKind::fma, std::span<const int>(&kk, 1));
      obs->op({OpKind::fma, "acc", kk, {TracedNumber::fp(f, a), TracedNumber::fp(f, b), TracedNumber::fp(f, acc)},
               TracedNumber::fp(f, next), {}, rule});
    }
    acc = next;
  }
  return acc;
}

}  // namespace mxlane
