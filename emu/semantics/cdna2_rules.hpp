// The CDNA2 rounding, flushing and NaN rules for MFMA, chosen once from the behaviour switches.
#pragma once

#include "emu/formats/ieee_ops.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane {

struct Cdna2Rules {
  RoundingOptions rounding;
  NanPolicy nan = NanPolicy::canonical;
  bool flush_inputs = false;     // C (and, for FP32/FP64, A and B)
  bool flush_ab_inputs = false;  // A and B
  bool flush_zeros_too = false;  // FP16/BF16 model: -0 inputs read as +0 as well
  bool positive_flush = true;

  // FP32 / FP64 MFMA: RNE, gradual underflow, no input flushing [MODEL]+[DOC]. With
  // cdna2_mode=honoured, MODE.FP_ROUND and the format's MODE.FP_DENORM apply instead (E1).
  static Cdna2Rules for_wide(const FormatSpec& f, const Switches& switches);
  // FP16 / BF16 MFMA (`input` is A and B's format): inputs (A, B, C) subnormal or zero read as
  // +0; every binary32 result flushed to signed zero after RNE rounding [MODEL]
  // (docs/spec/numerics.md §B.2, §C.1). With cdna2_mode=honoured, C and the binary32 results
  // follow MODE's f32 denorm field and f16 A/B its f16/f64 field (bf16 A/B: the f32 field).
  // With `subnormals` = keep (gfx908, docs/cdna1.md) nothing is flushed and underflow is gradual.
  static Cdna2Rules for_packed(const FormatSpec& input, const Switches& switches,
                               MatrixSubnormals subnormals = MatrixSubnormals::flush);

  // C as the instruction reads it.
  std::uint64_t flush_input(const FormatSpec& f, std::uint64_t x) const { return flush(f, x, flush_inputs); }
  // An A or B element as the instruction reads it.
  std::uint64_t flush_ab_input(const FormatSpec& f, std::uint64_t x) const { return flush(f, x, flush_ab_inputs); }

 private:
  std::uint64_t flush(const FormatSpec& f, std::uint64_t x, bool enabled) const {
    if (!enabled) return x;
    const FpClass cls = decode(f, x).cls;
    if (cls == FpClass::subnormal || (flush_zeros_too && cls == FpClass::zero))
      return positive_flush ? 0 : (x & f.sign_bit());
    return x;
  }
};

}  // namespace mxlane
