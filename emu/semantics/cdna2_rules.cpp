// Cdna2Rules from the switches cdna2_mode (E1), cdna2_nan (E2) and cdna2_flushed_input_sign (E3).
#include "emu/semantics/cdna2_rules.hpp"

namespace mxlane {
namespace {

RoundingMode mode_round(const Switches& s) {
  switch (s.get(SwitchId::mode_round)) {
    case 1: return RoundingMode::toward_zero;
    case 2: return RoundingMode::up;
    case 3: return RoundingMode::down;
    default: return RoundingMode::nearest_even;
  }
}

}  // namespace

Cdna2Rules Cdna2Rules::for_wide(const FormatSpec& f, const Switches& s) {
  Cdna2Rules r;
  r.nan = s.get(SwitchId::cdna2_nan) == 0 ? NanPolicy::canonical : NanPolicy::propagate;
  if (s.get(SwitchId::cdna2_mode) == 1) {
    r.rounding.mode = mode_round(s);
    const bool flush = f.bits() == 32 ? s.get(SwitchId::mode_denorm_f32) == 1
                                      : s.get(SwitchId::mode_denorm_f16_f64) == 1;
    if (flush) {
      r.flush_inputs = true;
      r.positive_flush = false;  // IEEE-style DAZ keeps the sign
      r.rounding.underflow = Underflow::flush_after_rounding;
    }
  }
  return r;
}

Cdna2Rules Cdna2Rules::for_packed(const Switches& s) {
  Cdna2Rules r;
  r.nan = s.get(SwitchId::cdna2_nan) == 0 ? NanPolicy::canonical : NanPolicy::propagate;
  r.flush_inputs = true;
  r.flush_zeros_too = true;
  r.positive_flush = s.get(SwitchId::cdna2_flushed_input_sign) == 0;
  r.rounding.underflow = Underflow::flush_after_rounding;  // ftz_keep_sign after RNE
  if (s.get(SwitchId::cdna2_mode) == 1) {
    r.rounding.mode = mode_round(s);
    if (s.get(SwitchId::mode_denorm_f32) == 0) {  // MODE says keep denormals
      r.flush_inputs = false;
      r.rounding.underflow = Underflow::gradual;
    }
  }
  return r;
}

}  // namespace mxlane
