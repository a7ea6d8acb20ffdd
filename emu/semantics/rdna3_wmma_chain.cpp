// RDNA3 float WMMA element: eight DOT2 steps over ascending k-pairs, the order verified on gfx1100
// (numerics.md §B.5, §D.0: reversing it breaks 137/256 captures).
#include "emu/semantics/rdna3_wmma_chain.hpp"

namespace mxlane {

std::uint64_t rdna3_wmma_chain(Dot2Input input, Dot2Output output, const DotInputs& in,
                               const NumericsContext& ctx) {
  const Dot2Options options = Dot2Options::from(ctx.switches);
  const auto h = [](std::uint64_t x) { return static_cast<std::uint16_t>(x); };
  if (output == Dot2Output::f32) {
    auto acc = static_cast<std::uint32_t>(in.c);
    for (std::size_t k = 0; k + 1 < in.a.size(); k += 2)
      acc = rdna3_dot2(input, h(in.a[k]), h(in.b[k]), h(in.a[k + 1]), h(in.b[k + 1]), acc, output, options);
    return acc;
  }
  auto acc16 = static_cast<std::uint16_t>(in.c);
  for (std::size_t k = 0; k + 1 < in.a.size(); k += 2)
    acc16 = static_cast<std::uint16_t>(rdna3_dot2(input, h(in.a[k]), h(in.b[k]), h(in.a[k + 1]), h(in.b[k + 1]),
                                                  rdna3_widen_accumulator(output, acc16), output, options));
  return acc16;
}

}  // namespace mxlane
