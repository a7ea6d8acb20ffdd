// Text of the rounding rules an observed operation applies, and the Trace helpers' reporting.
#include "emu/semantics/accumulation_observer.hpp"

#include "fmt/format.h"

namespace mxlane {

std::string rounding_rule_text(const RoundingOptions& r) {
  std::string text;
  switch (r.mode) {
    case RoundingMode::nearest_even: text = "RNE"; break;
    case RoundingMode::toward_zero: text = "round toward zero"; break;
    case RoundingMode::up: text = "round up"; break;
    case RoundingMode::down: text = "round down"; break;
  }
  const std::string zero = r.flush_to_positive_zero ? "+0" : "signed zero";
  switch (r.underflow) {
    case Underflow::gradual: text += ", gradual underflow"; break;
    case Underflow::flush_after_rounding: text += ", subnormal result flushed to " + zero; break;
    case Underflow::flush_unbounded: text += ", result below the normal range flushed to " + zero; break;
  }
  if (r.overflow == Overflow::to_max) text += ", overflow to the largest finite value";
  return text;
}

void Trace::step_range_slow(StepKind kind, std::size_t first, std::size_t count) const {
  std::vector<int> ks(count);
  for (std::size_t t = 0; t < count; ++t) ks[t] = static_cast<int>(first + t);
  observer_->step(kind, ks);
}

void Trace::read_c_slow(const FormatSpec& raw_format, const FormatSpec& used_format, std::uint64_t raw,
                        std::uint64_t used, std::string_view rule) const {
  observer_->step(StepKind::read_c, {});
  op_slow(OpKind::read, "C", -1, {TracedNumber::fp(raw_format, raw)}, TracedNumber::fp(used_format, used), rule);
}

void Trace::fp_op_slow(OpKind kind, TraceRole role, int k, const FormatSpec& format,
                       std::initializer_list<std::uint64_t> operands, std::uint64_t result,
                       std::string_view rule) const {
  std::vector<TracedNumber> traced;
  traced.reserve(operands.size());
  for (const std::uint64_t x : operands) traced.push_back(TracedNumber::fp(format, x));
  op_slow(kind, role, k, std::move(traced), TracedNumber::fp(format, result), rule);
}

void Trace::op_slow(OpKind kind, TraceRole role, int k, std::vector<TracedNumber> operands, TracedNumber result,
                    std::string_view rule, std::optional<Dot2Grid> grid) const {
  std::string name = role.index < 0 ? std::string(role.name) : fmt::format("{}{}", role.name, role.index);
  observer_->op({kind, std::move(name), k, std::move(operands), result, grid, std::string(rule)});
}

}  // namespace mxlane
