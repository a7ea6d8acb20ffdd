// The special-value rules shared by the RDNA3/RDNA4 float dot units (docs/spec/valu.md §5.2,
// docs/spec/numerics.md §B.4): factor decoding for the alignment grid and the NaN/inf precedence.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "emu/formats/format.hpp"

namespace mxlane {

inline constexpr std::uint32_t kDotFactorNan = 0xFFC00A3D;   // [HW] any factor NaN
inline constexpr std::uint32_t kDotInvalidNan = 0xFFC00000;  // [HW] inf*0, +inf + -inf

struct DotFactor {
  bool neg = false, nan = false, inf = false;
  std::int64_t sig = 0;  // integer significand; 0 for zeros (and for flushed subnormals)
  int aexp = 0;          // alignment exponent max(E, 1) - bias
};

// `keep_subnormal`: false reads subnormals as zero (gfx11 bf16), true keeps them.
DotFactor decode_dot_factor(const FormatSpec& format, std::uint64_t bits, bool keep_subnormal);

struct FactorPair {
  DotFactor a, b;
};

// The special result, in this precedence: a NaN factor, an invalid product (inf times a zero
// significand), products of both infinite signs, a NaN C (quieted), then infinities among the
// products and C. nullopt: take the finite path.
std::optional<std::uint32_t> dot_special_result(std::span<const FactorPair> products, std::uint32_t c);

}  // namespace mxlane
