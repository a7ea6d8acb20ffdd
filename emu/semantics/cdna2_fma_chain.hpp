// CDNA2 FP32 and FP64 MFMA: a sequential chain of IEEE fused multiply-adds from C (docs/spec/numerics.md §B.1).
#pragma once

#include "emu/formats/format.hpp"
#include "emu/semantics/dot_inputs.hpp"

namespace mxlane {

// acc = C; acc = fma(A[k], B[k], acc) for k ascending; one RNE rounding per step, subnormals kept.
// [MODEL] MMA-Sim `operation_type == "fma"`; [DOC] "FP32 and FP64 MFMA ... do not flush" (PyTorch).
std::uint64_t cdna2_fma_chain(const FormatSpec& format, const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
