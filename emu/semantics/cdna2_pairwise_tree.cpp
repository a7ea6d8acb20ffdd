// CDNA2 FP16/BF16 MFMA element (docs/spec/numerics.md §B.2): flushed inputs widened exactly to binary32,
// leaf products round32(a*b + (+0)), a pairwise tree per group, groups added to C in order; every
// binary32 result rounded RNE then flushed to signed zero.
#include "emu/semantics/cdna2_pairwise_tree.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "emu/formats/widen.hpp"
#include "emu/semantics/cdna2_rules.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

// The pairwise tree over p[first, first+count): first half, then second half, then their sum.
// When tracing, every add is reported and `label` receives the node's name ("(p0+p1)").
std::uint64_t tree(const std::vector<std::uint64_t>& p, std::size_t first, std::size_t count, const Cdna2Rules& r,
                   const Trace& trace, std::string_view rule, std::string& label) {
  if (count == 1) {
    if (trace.on()) label = fmt::format("p{}", first);
    return p[first];
  }
  const std::size_t half = count / 2;
  std::string left_label, right_label;
  const std::uint64_t left = tree(p, first, half, r, trace, rule, left_label);
  const std::uint64_t right = tree(p, first + half, count - half, r, trace, rule, right_label);
  const std::uint64_t sum = ieee_add(kBinary32, left, right, r.rounding, r.nan);
  if (trace.on()) label = fmt::format("({}+{})", left_label, right_label);
  trace.fp_op(OpKind::add, label, -1, kBinary32, {left, right}, sum, rule);
  return sum;
}

}  // namespace

std::uint64_t cdna2_pairwise_tree(const FormatSpec& input, int group, const DotInputs& in, const NumericsContext& ctx) {
  const Cdna2Rules r = Cdna2Rules::for_packed(input, ctx.switches, ctx.subnormals);
  const bool saturate_products = ctx.switches.cdna2_bf16_product_overflow() == ProductOverflow::saturate;
  // The leaf adds +0, which turns a -0 product into +0 [MODEL]; the E3 alternative keeps -0.
  const std::uint64_t zero_addend = r.positive_flush ? 0 : kBinary32.sign_bit();
  const Trace trace(ctx.observer);
  const std::string rule = trace.on() ? "binary32 " + rounding_rule_text(r.rounding) : std::string();
  const std::string product_rule =
      trace.on() ? rule + (saturate_products ? ", overflow saturated (cdna2_bf16_product_overflow)" : "")
                 : std::string();
  const char* const flush_rule = "subnormal or -0 read as +0";

  std::uint64_t acc = r.flush_input(kBinary32, in.c);
  trace.read_c(kBinary32, in.c, acc, r.flush_inputs ? flush_rule : "read as is");
  std::vector<std::uint64_t> products(static_cast<std::size_t>(group));
  for (std::size_t g = 0; g < in.a.size(); g += products.size()) {
    trace.step_range(StepKind::pairwise_group, g, products.size());
    for (std::size_t t = 0; t < products.size(); ++t) {
      const int k = static_cast<int>(g + t);
      const std::uint64_t a_read = r.flush_ab_input(input, in.a[g + t]), b_read = r.flush_ab_input(input, in.b[g + t]);
      const std::uint32_t a = widen_to_f32(input, a_read, WidenNan::move_payload);  // NaN payload moved, not quieted
      const std::uint32_t b = widen_to_f32(input, b_read, WidenNan::move_payload);
      std::uint64_t p = ieee_fma(kBinary32, a, b, zero_addend, r.rounding, r.nan);  // round32(a*b + (+0))
      const bool finite_inputs = decode(kBinary32, a).is_finite() && decode(kBinary32, b).is_finite();
      if (saturate_products && finite_inputs && decode(kBinary32, p).is_inf())  // switch (E5)
        p = (p & kBinary32.sign_bit()) | kBinary32.max_finite();
      products[t] = p;
      trace.read_if_changed("A[k]", k, input, in.a[g + t], a_read, flush_rule);
      trace.read_if_changed("B[k]", k, input, in.b[g + t], b_read, flush_rule);
      trace.fp_op(OpKind::product, {"p", static_cast<int>(t)}, k, kBinary32, {a, b, zero_addend}, p, product_rule);
    }
    std::string group_label;
    const std::uint64_t s = tree(products, 0, products.size(), r, trace, rule, group_label);
    const std::uint64_t next = ieee_add(kBinary32, acc, s, r.rounding, r.nan);
    trace.fp_op(OpKind::add, "acc", -1, kBinary32, {acc, s}, next, rule);
    acc = next;
  }
  return acc;
}

}  // namespace mxlane
