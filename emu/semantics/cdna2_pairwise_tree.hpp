// CDNA2 FP16 / BF16 MFMA: pairwise binary32 trees over groups of k, added to C in order, with the
// CDNA2 input and output flushing (docs/spec/numerics.md §A.1, §B.2, §C.1).
#pragma once

#include "emu/formats/format.hpp"
#include "emu/semantics/dot_inputs.hpp"

namespace mxlane {

// `input` is kBinary16 or kBfloat16; `group` is 4 (FP16, BF16_1K) or 2 (legacy BF16).
// [MODEL] MMA-Sim `pairwise_dot` + `flush_denormal`; [DOC] MIOpen/rocBLAS/PyTorch flush statements.
std::uint64_t cdna2_pairwise_tree(const FormatSpec& input, int group, const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
