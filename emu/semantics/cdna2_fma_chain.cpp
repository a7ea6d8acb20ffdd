// CDNA2 FP32/FP64 MFMA element: acc = fma(A[k], B[k], acc) from C, k ascending (docs/spec/numerics.md §B.1).
#include "emu/semantics/cdna2_fma_chain.hpp"

#include <vector>

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
  return ieee_exact_dot(f, a_read, b_read, rules.flush_input(f, raw.c), rules.rounding, rules.nan);
}

}  // namespace

std::uint64_t cdna2_fma_chain(const FormatSpec& f, const DotInputs& in, const NumericsContext& ctx) {
  const Cdna2Rules rules = Cdna2Rules::for_wide(f, ctx.switches);
  const Trace trace(ctx.observer);
  const std::string rule =
      trace.on() ? fmt::format("{} {}", f.name, rounding_rule_text(rules.rounding)) : std::string();
  if (f.bits() == 64 && ctx.switches.cdna2_f64_algorithm() == F64Algorithm::exact_dot) {
    const std::uint64_t d = exact_dot(f, in, rules);
    if (trace.on()) {
      std::vector<TracedNumber> operands{TracedNumber::fp(f, in.c)};
      for (std::size_t k = 0; k < in.a.size(); ++k)
        operands.insert(operands.end(), {TracedNumber::fp(f, in.a[k]), TracedNumber::fp(f, in.b[k])});
      trace.step_range(StepKind::exact_dot, 0, in.a.size());
      trace.op(OpKind::exact_dot, "C+sum", -1, std::move(operands), TracedNumber::fp(f, d), rule);
    }
    return d;
  }
  std::uint64_t acc = rules.flush_input(f, in.c);
  trace.read_c(f, in.c, acc, rules.flush_inputs ? "subnormal read as zero (MODE)" : "read as is");
  for (std::size_t k = 0; k < in.a.size(); ++k) {
    const int kk = static_cast<int>(k);
    const std::uint64_t a = rules.flush_input(f, in.a[k]), b = rules.flush_input(f, in.b[k]);
    const std::uint64_t next = ieee_fma(f, a, b, acc, rules.rounding, rules.nan);
    trace.step(StepKind::fma, std::span<const int>(&kk, 1));
    trace.fp_op(OpKind::fma, "acc", kk, f, {a, b, acc}, next, rule);
    acc = next;
  }
  return acc;
}

}  // namespace mxlane
