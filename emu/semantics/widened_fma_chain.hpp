// A binary32 fused-multiply-add chain over factors decoded exactly to binary32: the loose model that
// gfx12's FP8 WMMA (switch gfx12_fp8_wmma=fma-chain) and gfx1250's WMMA (cdna5_wmma=fma-chain) offer.
#pragma once

#include <cstdint>
#include <string_view>

#include "emu/formats/format.hpp"
#include "emu/semantics/accumulation_observer.hpp"
#include "emu/semantics/dot_inputs.hpp"

namespace mxlane {

// acc = c; acc = fma(A[k], B[k], acc) for k ascending, each factor of format fa / fb widened exactly (a NaN
// factor the default quiet NaN with its sign), round to nearest even, NaN results the default NaN. `rule`
// names the switch value in the trace.
std::uint32_t widened_fma_chain(const FormatSpec& fa, const FormatSpec& fb, std::uint32_t c, const DotInputs& in,
                                AccumulationObserver* observer, std::string_view rule);

}  // namespace mxlane
