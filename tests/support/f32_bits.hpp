// Classifying binary32 bit patterns in test checks (written here, not taken from the emulator).
#pragma once

#include <cstdint>

namespace mxlane_test {

// Whether the low 32 bits of `bits` are a binary32 NaN: exponent all ones, significand not zero.
inline bool is_f32_nan(std::uint64_t bits) { return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0; }

}  // namespace mxlane_test
