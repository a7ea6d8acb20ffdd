// Integer dot products of the VALU (docs/spec/valu.md §4.1): an exact sum, optional saturation.
#pragma once

#include <cstdint>

namespace mxlane {

struct IntDotSpec {
  int lanes;           // 2, 4 or 8 products
  int width;           // 16, 8 or 4 bits per element
  bool a_signed, b_signed;
  bool c_signed;       // C sign-extended (i32) or zero-extended (u32)
  bool result_signed;  // clamp range: int32 or uint32
};

// sum = C + sum_k A[k] * B[k] exactly; clamp saturates to the result range; then modulo 2^32.
std::uint32_t valu_int_dot(const IntDotSpec& spec, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp);

}  // namespace mxlane
