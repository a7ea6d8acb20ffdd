// The binary32 FMA chain over exactly decoded factors (GoC's loose FP8 model, rocjitsu's placeholder).
#include "emu/semantics/widened_fma_chain.hpp"

#include "emu/formats/ieee_ops.hpp"
#include "emu/formats/widen.hpp"

namespace mxlane {

std::uint32_t widened_fma_chain(const FormatSpec& fa, const FormatSpec& fb, std::uint32_t c, const DotInputs& in,
                                AccumulationObserver* observer, std::string_view rule) {
  const Trace trace(observer);
  std::uint64_t acc = c;
  for (std::size_t k = 0; k < in.a.size(); ++k) {
    trace.step_range(StepKind::fma, k, 1);
    const std::uint32_t x = widen_to_f32(fa, in.a[k], WidenNan::quiet_keep_sign);
    const std::uint32_t y = widen_to_f32(fb, in.b[k], WidenNan::quiet_keep_sign);
    const std::uint64_t before = acc;
    acc = ieee_fma(kBinary32, x, y, acc, RoundingOptions{}, NanPolicy::canonical);
    trace.op(OpKind::fma, "acc", static_cast<int>(k),
             {TracedNumber::fp(kBinary32, x), TracedNumber::fp(kBinary32, y), TracedNumber::fp(kBinary32, before)},
             TracedNumber::fp(kBinary32, acc), rule);
  }
  return static_cast<std::uint32_t>(acc);
}

}  // namespace mxlane
