// run_valu_lanes(): the fast kernel's lanes (emu/fast/valu_fast.cpp), then the reference lane kernel for
// the lanes it left and the rest of the request.
#include "emu/insns/run_valu_lanes.hpp"

#include <vector>

#include "emu/fast/valu_fast.hpp"
#include "emu/insns/valu_insn.hpp"

namespace mxlane {
namespace {

// Lanes first..last of the request through the reference lane kernel.
void reference_lanes(ValuKernel reference, const ValuShape& shape, const ValuContext& ctx,
                     const std::uint32_t* const src[3], std::uint32_t* dst, std::size_t first,
                     std::size_t last) {
  const auto words = [](int n) { return static_cast<std::size_t>(n); };
  for (std::size_t l = first; l < last; ++l) {
    ValuLane in;
    for (int s = 0; s < 3; ++s)
      for (int w = 0; w < shape.src[s]; ++w)
        in.src[static_cast<std::size_t>(s)][static_cast<std::size_t>(w)] =
            src[s][l * words(shape.src[s]) + words(w)];
    const Dwords out = reference(in, ctx);
    for (int w = 0; w < shape.dst; ++w)
      dst[l * words(shape.dst) + words(w)] = out[static_cast<std::size_t>(w)];
  }
}

}  // namespace

void run_valu_reference_lanes(const ValuDesc& desc, const ValuContext& ctx,
                              const std::uint32_t* const src[3], std::uint32_t* dst,
                              std::size_t lanes) {
  reference_lanes(valu_kernel(desc), desc.shape(), ctx, src, dst, 0, lanes);
}

void run_valu_lanes(const ValuDesc& desc, const ValuContext& ctx, const std::uint32_t* const src[3],
                    std::uint32_t* dst, std::size_t lanes) {
  const ValuKernel reference = valu_kernel(desc);
  std::vector<std::uint8_t> needs_reference;
  const std::size_t done = fast::run_valu_fast_lanes(desc, ctx, src, dst, lanes, needs_reference);
  for (std::size_t l = 0; l < done; ++l)
    if (needs_reference[l] != 0) reference_lanes(reference, desc.shape(), ctx, src, dst, l, l + 1);
  reference_lanes(reference, desc.shape(), ctx, src, dst, done, lanes);
}

}  // namespace mxlane
