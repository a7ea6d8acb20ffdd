// The RDNA3 DOT2 step: the hardware-characterised integer-grid model from which every gfx1100
// floating-point WMMA (and V_DOT2_F32_F16 / V_DOT2_F32_BF16) is built (docs/spec/numerics.md §B.4).
#pragma once

#include <cstdint>

#include "emu/isa/switches.hpp"
#include "emu/semantics/accumulation_observer.hpp"

namespace mxlane {

enum class Dot2Input : std::uint8_t { f16, bf16 };
enum class Dot2Output : std::uint8_t { f32, f16, bf16 };

// The bit format of a DOT2/DOT4 step's output (RDNA3 and RDNA4 WMMA accumulators).
const FormatSpec& output_format(Dot2Output output);
// A special (NaN/infinite) binary32 step result narrowed to a 16-bit accumulator (docs/spec/numerics.md §B.5).
std::uint32_t narrow_special(std::uint32_t bits, Dot2Output out);

struct Dot2Options {
  bool f16_c_floor = true;            // switch rdna3_grid: the -14 floor on C's lead (open question E9)
  bool fp16_overflow_to_max = false;  // MODE.FP16_OVFL (E8)
  bool bf16_round = false;            // switch rdna3_bf16_output = round (E10)
  bool honour_denorm_mode = false;    // switch rdna3_mode = honoured (E7)
  bool denorm_f32 = true;             // MODE.FP_DENORM (used only when honoured)
  bool denorm_f16 = true;

  static Dot2Options from(const Switches& switches);
};

// a0*b0 + a1*b1 + c for 16-bit factors of `input` and a binary32 bit pattern c, rounded once to
// `output`. Returns a binary32 pattern, or a 16-bit pattern in the low bits for f16/bf16 output.
// [HW] 103/103 DOT2 and 256/256 + 512/512 WMMA gfx1100 captures (docs/spec/numerics.md §D.0).
// `observer` (optional) receives the step as one OpKind::dot2 operation with its grid value.
std::uint32_t rdna3_dot2(Dot2Input input, std::uint16_t a0, std::uint16_t b0, std::uint16_t a1, std::uint16_t b1,
                         std::uint32_t c, Dot2Output output, const Dot2Options& options,
                         AccumulationObserver* observer = nullptr);

// A 16-bit accumulator widened to the binary32 pattern the next DOT2 step reads (docs/spec/numerics.md §B.5
// WIDEN): f16 exactly (subnormals kept; NaN payload << 13, signalling NaN not quieted), bf16 << 16.
std::uint32_t rdna3_widen_accumulator(Dot2Output output, std::uint16_t acc16);

}  // namespace mxlane
