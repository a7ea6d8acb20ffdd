// Text of the rounding rules an observed operation applies.
#include "emu/semantics/accumulation_observer.hpp"

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

}  // namespace mxlane
