// The reference fallbacks of the fast kernels: the semantics functions themselves.
#include "emu/fast/reference_hooks.hpp"

#include <vector>

#include "emu/formats/format.hpp"
#include "emu/formats/widen.hpp"
#include "emu/semantics/cdna3_fused_dot.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"
#include "emu/semantics/gfx12_dot4.hpp"
#include "emu/semantics/rdna3_dot2.hpp"

namespace mxlane::fast {

std::uint32_t rdna3_reference_step(bool bf16, int acc_bits, std::uint32_t acc, std::uint16_t a0, std::uint16_t b0,
                                   std::uint16_t a1, std::uint16_t b1) {
  const Dot2Input input = bf16 ? Dot2Input::bf16 : Dot2Input::f16;
  const Dot2Output output = acc_bits == 32 ? Dot2Output::f32 : (bf16 ? Dot2Output::bf16 : Dot2Output::f16);
  const std::uint32_t c = acc_bits == 32 ? acc : rdna3_widen_accumulator(output, static_cast<std::uint16_t>(acc));
  return rdna3_dot2(input, a0, b0, a1, b1, c, output, Dot2Options::from(Switches{}));
}

std::uint32_t gfx12_reference_step(bool bf16, std::uint32_t acc, const std::uint16_t* a, const std::uint16_t* b) {
  const FormatSpec& format = bf16 ? kBfloat16 : kBinary16;
  return gfx12_dot4(format, format, std::span(a, 4), std::span(b, 4), acc, Dot2Output::f32,
                    Dot4Options::from(Switches{}));
}

std::uint32_t gfx12_reference_dot4(Gfx12Factor a_format, Gfx12Factor b_format, Gfx12Output output, std::uint32_t acc,
                                   const std::uint16_t* a, const std::uint16_t* b) {
  const auto spec = [](Gfx12Factor f) -> const FormatSpec& {
    switch (f) {
      case Gfx12Factor::f16: return kBinary16;
      case Gfx12Factor::bf16: return kBfloat16;
      case Gfx12Factor::fp8: return kFp8E4M3Ocp;
      case Gfx12Factor::bf8: break;
    }
    return kFp8E5M2Ocp;
  };
  const Dot2Output out = output == Gfx12Output::f32   ? Dot2Output::f32
                         : output == Gfx12Output::f16 ? Dot2Output::f16
                                                      : Dot2Output::bf16;
  // The 16-bit accumulator widened exactly, a NaN keeping its payload (as gfx12_wmma_chain does).
  const FormatSpec& acc_format = out == Dot2Output::f16 ? kBinary16 : kBfloat16;
  const std::uint32_t c =
      out == Dot2Output::f32 ? acc : widen_to_f32(acc_format, acc & 0xFFFFU, WidenNan::move_payload);
  return gfx12_dot4(spec(a_format), spec(b_format), std::span(a, 4), std::span(b, 4), c, out,
                    Dot4Options::from(Switches{}));
}

std::uint32_t cdna3_fp8_reference_group(Fp8Input a_format, Fp8Input b_format, std::uint32_t acc, const std::uint32_t* a,
                                        const std::uint32_t* b) {
  constexpr int kGroup = 16;
  const std::vector<std::uint64_t> a_bits(a, a + kGroup), b_bits(b, b + kGroup);
  const auto spec = [](Fp8Input f) -> const FormatSpec& {
    switch (f) {
      case Fp8Input::e4m3_ocp: return kFp8E4M3Ocp;
      case Fp8Input::e5m2_ocp: return kFp8E5M2Ocp;
      case Fp8Input::e4m3_fnuz: return kFp8E4M3Fnuz;
      case Fp8Input::e5m2_fnuz: break;
    }
    return kFp8E5M2Fnuz;
  };
  return cdna3_fp8_dot(spec(a_format), spec(b_format), DotInputs{a_bits, b_bits, acc}, NumericsContext{});
}

std::uint32_t cdna3_reference_group(FusedInput a_input, FusedInput b_input, int group, std::uint32_t acc,
                                    const std::uint32_t* a, const std::uint32_t* b) {
  const std::vector<std::uint64_t> a_bits(a, a + group), b_bits(b, b + group);
  const auto f8f6f4 = [](FusedInput f) {
    return f == FusedInput::fp8_ocp || f == FusedInput::bf8_ocp || f == FusedInput::fp6 || f == FusedInput::bf6 ||
           f == FusedInput::fp4;
  };
  if (f8f6f4(a_input)) {
    const auto spec = [](FusedInput f) -> const FormatSpec& {
      return f == FusedInput::fp8_ocp   ? kFp8E4M3Ocp
             : f == FusedInput::bf8_ocp ? kFp8E5M2Ocp
             : f == FusedInput::fp6     ? kFp6E2M3
             : f == FusedInput::bf6     ? kBf6E3M2
                                        : kFp4E2M1;
    };
    return cdna4_f8f6f4_dot(spec(a_input), spec(b_input), DotInputs{a_bits, b_bits, acc}, NumericsContext{});
  }
  const FormatSpec& format = a_input == FusedInput::f16    ? kBinary16
                             : a_input == FusedInput::bf16 ? kBfloat16
                                                           : kBinary32;
  return cdna3_fused_dot(format, group, a_input == FusedInput::xf32, DotInputs{a_bits, b_bits, acc}, NumericsContext{});
}

}  // namespace mxlane::fast
