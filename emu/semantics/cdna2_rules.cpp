// Cdna2Rules from the switches cdna2_mode (E1), cdna2_nan (E2) and cdna2_flushed_input_sign (E3).
#include "emu/semantics/cdna2_rules.hpp"

#include "emu/semantics/mode_round.hpp"

namespace mxlane {
namespace {

NanPolicy nan_policy(const Switches& s) {
  return s.cdna2_nan() == NanResult::canonical ? NanPolicy::canonical : NanPolicy::propagate;
}

// MODE.FP_DENORM has one field for binary32 and one shared by binary16 and binary64
// (docs/spec/numerics.md §A.1, open question E1); bfloat16 has binary32's exponent range and
// follows the binary32 field, as the RDNA3 DOT2 model does (emu/semantics/rdna3_dot2.cpp).
bool mode_flushes(const FormatSpec& f, const Switches& s) {
  const bool f16_or_f64 = f.bits() == 64 || (f.bits() == 16 && f.exp_bits == 5);
  return (f16_or_f64 ? s.mode_denorm_f16_f64() : s.mode_denorm_f32()) == DenormMode::flush;
}

}  // namespace

Cdna2Rules Cdna2Rules::for_wide(const FormatSpec& f, const Switches& s) {
  Cdna2Rules r;
  r.nan = nan_policy(s);
  if (s.cdna2_mode() == ModeEffect::honoured) {
    r.rounding.mode = rounding_mode(s.mode_round());
    if (mode_flushes(f, s)) {
      r.flush_inputs = r.flush_ab_inputs = true;
      r.positive_flush = false;  // IEEE-style DAZ keeps the sign
      r.rounding.underflow = Underflow::flush_after_rounding;
    }
  }
  return r;
}

Cdna2Rules Cdna2Rules::for_packed(const FormatSpec& input, const Switches& s, MatrixSubnormals subnormals) {
  Cdna2Rules r;
  r.nan = nan_policy(s);
  if (subnormals == MatrixSubnormals::keep) {
    // gfx908: the same trees with gradual underflow everywhere and -0 inputs kept (docs/cdna1.md)
    // [MODEL]; the leaf still adds +0 (docs/spec/numerics.md §B.2), as cdna2_flushed_input_sign's
    // default says; with cdna2_mode=honoured, MODE's DAZ/FTZ.
    r.positive_flush = s.cdna2_flushed_input_sign() == FlushedSign::positive;
    if (s.cdna2_mode() == ModeEffect::honoured) {
      r.rounding.mode = rounding_mode(s.mode_round());
      r.flush_inputs = mode_flushes(kBinary32, s);
      if (r.flush_inputs) r.rounding.underflow = Underflow::flush_after_rounding;
      r.flush_ab_inputs = mode_flushes(input, s);
    }
    return r;
  }
  r.flush_inputs = r.flush_ab_inputs = true;
  r.flush_zeros_too = true;
  r.positive_flush = s.cdna2_flushed_input_sign() == FlushedSign::positive;
  r.rounding.underflow = Underflow::flush_after_rounding;  // ftz_keep_sign after RNE
  if (s.cdna2_mode() == ModeEffect::honoured) {
    r.rounding.mode = rounding_mode(s.mode_round());
    // C, the products and every sum are binary32: the f32 field. A and B are f16 (the f16/f64
    // field) or bf16 (the f32 field).
    if (!mode_flushes(kBinary32, s)) {  // MODE says keep binary32 denormals
      r.flush_inputs = false;
      r.rounding.underflow = Underflow::gradual;
    }
    r.flush_ab_inputs = mode_flushes(input, s);
  }
  return r;
}

}  // namespace mxlane
