// Integer dot products of the VALU (docs/spec/valu.md §4.1): an exact sum, optional saturation.
#pragma once

#include <cstdint>

#include "emu/isa/int_dot_spec.hpp"

namespace mxlane {

// sum = C + sum_k A[k] * B[k] exactly; clamp saturates to the result range; then modulo 2^32.
std::uint32_t valu_int_dot(const IntDotSpec& spec, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp);

// A mixed-sign dot's spec with A / B signed as NEG_LO[0] / NEG_LO[1] say (docs/spec/valu.md §4.1).
constexpr IntDotSpec with_signs(IntDotSpec spec, int neg) {
  spec.a_signed = (neg & 1) != 0;
  spec.b_signed = (neg & 2) != 0;
  return spec;
}

}  // namespace mxlane
