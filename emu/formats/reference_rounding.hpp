// The "what should it have been" side of a result: an exact value rounded once (RNE, IEEE
// underflow and overflow), and the distance in ulps between two bit patterns of one format.
#pragma once

#include <cstdint>
#include <optional>

#include "emu/formats/exact_value.hpp"
#include "emu/formats/format.hpp"

namespace mxlane {

// `v` rounded once to `f` with round-to-nearest-even, gradual underflow and overflow to infinity:
// the correctly rounded reference an instruction's result is compared with. Zero gives +0.
std::uint64_t round_exact_rne(const FormatSpec& f, const ExactValue& v);

// How many representable values of `f` lie between `a` and `b` (0 when equal; +0 and -0 are one
// point; the infinities count as the step after the largest finite value). nullopt when either
// is a NaN, whose distance means nothing.
std::optional<std::uint64_t> ulp_distance(const FormatSpec& f, std::uint64_t a, std::uint64_t b);

}  // namespace mxlane
