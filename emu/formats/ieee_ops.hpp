// IEEE-754 fused multiply-add, addition and the exact dot product on bit patterns (binary32,
// binary64), with the NaN result chosen by a policy since the hardware's NaN bits are not always known.
#pragma once

#include <cstdint>
#include <span>

#include "emu/formats/nan_select.hpp"
#include "emu/formats/round_pack.hpp"

namespace mxlane {

// round(a*b + c) with one rounding, IEEE special values and zero signs. Subnormal inputs are used as
// they are: callers flush inputs themselves where a model says so.
std::uint64_t ieee_fma(const FormatSpec& f, std::uint64_t a, std::uint64_t b, std::uint64_t c,
                       const RoundingOptions& rounding, NanPolicy nan);

// round(a + b), IEEE special values and zero signs.
std::uint64_t ieee_add(const FormatSpec& f, std::uint64_t a, std::uint64_t b, const RoundingOptions& rounding,
                       NanPolicy nan);

// round(c + sum a[k]*b[k]) with one rounding (the products and the sum exact) and IEEE special
// values: a NaN operand gives select_nan() over a0, b0, a1, b1, ..., c in that order; inf * 0 and
// a sum of opposite infinities give the default NaN; otherwise an infinity wins. An exact zero sum
// is -0 only when every product and c are -0 (IEEE 754 §6.3 under round-to-nearest; the callers'
// models keep that sign rule for every mode). a and b have the same length.
std::uint64_t ieee_exact_dot(const FormatSpec& f, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                             std::uint64_t c, const RoundingOptions& rounding, NanPolicy nan);

}  // namespace mxlane
