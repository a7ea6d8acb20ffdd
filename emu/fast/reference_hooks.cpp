// The reference fallbacks of the fast kernels: the semantics functions themselves.
#include "emu/fast/reference_hooks.hpp"

#include "emu/semantics/rdna3_dot2.hpp"

namespace mxlane::fast {

std::uint32_t rdna3_reference_step(bool bf16, int acc_bits, std::uint32_t acc, std::uint16_t a0, std::uint16_t b0,
                                   std::uint16_t a1, std::uint16_t b1) {
  const Dot2Input input = bf16 ? Dot2Input::bf16 : Dot2Input::f16;
  const Dot2Output output = acc_bits == 32 ? Dot2Output::f32 : (bf16 ? Dot2Output::bf16 : Dot2Output::f16);
  const std::uint32_t c = acc_bits == 32 ? acc : rdna3_widen_accumulator(output, static_cast<std::uint16_t>(acc));
  return rdna3_dot2(input, a0, b0, a1, b1, c, output, Dot2Options::from(Switches{}));
}

}  // namespace mxlane::fast
