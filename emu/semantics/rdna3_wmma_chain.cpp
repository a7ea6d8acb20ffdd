// RDNA3 float WMMA element: eight DOT2 steps over ascending k-pairs, the order verified on gfx1100
// (docs/spec/numerics.md §B.5, §D.0: reversing it breaks 137/256 captures).
#include "emu/semantics/rdna3_wmma_chain.hpp"

#include "emu/formats/format.hpp"

namespace mxlane {

std::uint64_t rdna3_wmma_chain(Dot2Input input, Dot2Output output, const DotInputs& in, const NumericsContext& ctx) {
  const Dot2Options options = Dot2Options::from(ctx.switches);
  const Trace trace(ctx.observer);
  const auto h = [](std::uint64_t x) { return static_cast<std::uint16_t>(x); };
  const bool wide = output == Dot2Output::f32;
  const FormatSpec& acc_format = wide ? kBinary32 : output == Dot2Output::f16 ? kBinary16 : kBfloat16;
  // The accumulator: binary32 bits, or the 16-bit C in the low bits for 16-bit outputs.
  std::uint64_t acc = wide ? static_cast<std::uint32_t>(in.c) : h(in.c);
  trace.read_c(acc_format, acc, acc, "read as is (a binary32 subnormal C counts as zero inside each DOT2 step)");
  for (std::size_t k = 0; k + 1 < in.a.size(); k += 2) {
    trace.step_range(StepKind::dot2, k, 2);
    std::uint32_t c32 = static_cast<std::uint32_t>(acc);
    if (!wide) {
      c32 = rdna3_widen_accumulator(output, h(acc));
      trace.op(OpKind::read, "acc", -1, {TracedNumber::fp(acc_format, acc)}, TracedNumber::fp(kBinary32, c32),
               "16-bit accumulator widened exactly to binary32");
    }
    acc = rdna3_dot2(input, h(in.a[k]), h(in.b[k]), h(in.a[k + 1]), h(in.b[k + 1]), c32, output, options, ctx.observer);
  }
  return acc;
}

}  // namespace mxlane
