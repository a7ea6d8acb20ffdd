// IEEE-754 fused multiply-add and addition on bit patterns (binary32, binary64), with the NaN
// result chosen by a policy since the hardware's NaN bits are not always known.
#pragma once

#include <cstdint>

#include "emu/formats/round_pack.hpp"

namespace mxlane {

enum class NanPolicy : std::uint8_t {
  canonical,  // every NaN result is the positive default quiet NaN (0x7FC00000 / 0x7FF8000000000000)
  propagate,  // the first NaN operand (in argument order) quieted; invalid operations give the default NaN
};

// round(a*b + c) with one rounding, IEEE special values and zero signs. Subnormal inputs are used as
// they are: callers flush inputs themselves where a model says so.
std::uint64_t ieee_fma(const FormatSpec& f, std::uint64_t a, std::uint64_t b, std::uint64_t c,
                       const RoundingOptions& rounding, NanPolicy nan);

// round(a + b), IEEE special values and zero signs.
std::uint64_t ieee_add(const FormatSpec& f, std::uint64_t a, std::uint64_t b,
                       const RoundingOptions& rounding, NanPolicy nan);

// The positive default quiet NaN of an IEEE format.
inline std::uint64_t default_nan(const FormatSpec& f) { return f.infinity() | f.quiet_bit(); }

}  // namespace mxlane
