// The exact sum of any number of exact terms, rounded once (for models that round a whole dot
// product at the end, and for reference computations).
#pragma once

#include <span>

#include "emu/formats/exact_sum.hpp"
#include "emu/formats/round_pack.hpp"

namespace mxlane {

// round(sum of terms) in format f. An exact zero sum gives signed_zero(f, zero_neg).
std::uint64_t round_exact_sum(const FormatSpec& f, std::span<const Term> terms, bool zero_neg,
                              const RoundingOptions& rounding);

}  // namespace mxlane
