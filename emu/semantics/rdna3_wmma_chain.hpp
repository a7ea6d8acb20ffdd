// RDNA3 float WMMA: eight chained DOT2 steps over k-pairs (0,1) .. (14,15) (docs/spec/numerics.md §B.5).
#pragma once

#include "emu/semantics/dot_inputs.hpp"
#include "emu/semantics/rdna3_dot2.hpp"

namespace mxlane {

// F32 output: acc = C; acc = DOT2(A[2p], B[2p], A[2p+1], B[2p+1], acc) for p = 0..7.
// 16-bit output: the accumulator is the 16-bit C, widened before every step and rounded to 16 bits
// after it. in.c holds the 16-bit C in its low bits for 16-bit outputs.
std::uint64_t rdna3_wmma_chain(Dot2Input input, Dot2Output output, const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
