// round_pack(): the single rounding point of every format (SoftFloat's roundPackTo*).
#pragma once

#include <cstdint>

#include "emu/formats/format.hpp"

namespace mxlane {

enum class RoundingMode : std::uint8_t { nearest_even, toward_zero, up, down };

// What happens below the normal range.
enum class Underflow : std::uint8_t {
  gradual,               // IEEE subnormals
  flush_after_rounding,  // round on the subnormal grid as IEEE does, then a subnormal result
                         // becomes zero (CDNA2 FP16/BF16 MFMA, docs/spec/numerics.md §B.2, §C.1)
  flush_unbounded,       // round to full precision with an unbounded exponent, then a result
                         // below the normal range becomes zero (RDNA3 ROUND_F32, docs/spec/numerics.md §B.4)
};

// What happens above the finite range.
enum class Overflow : std::uint8_t {
  ieee,         // infinity or the largest finite value, as the rounding mode says
  to_max,       // always the largest finite value (RDNA3 FP16_OVFL; saturating conversions)
  to_nan,       // the format's NaN, format_nan() (emu/formats/nan_select.hpp)
  to_infinity,  // the infinity, whatever the rounding mode; the NaN in a format without infinities
                // (FP8/BF8 conversions without saturation, docs/spec/valu.md §6.7)
};

struct RoundingOptions {
  RoundingMode mode = RoundingMode::nearest_even;
  Underflow underflow = Underflow::gradual;
  bool flush_to_positive_zero = false;  // flushed results are +0 instead of keeping their sign
  Overflow overflow = Overflow::ieee;
};

// Rounds the exact value (-1)^neg * (sig + f) * 2^exp, where 0 <= f < 1 is nonzero exactly when
// `sticky` is set, to format `f` and returns its bit pattern. sig must be nonzero. When sticky is
// set, sig must carry at least man_bits + 3 significant bits, so that the rounding decision sees
// a guard bit and the sticky bit below the result's last place.
std::uint64_t round_pack(const FormatSpec& f, bool neg, int exp, u128 sig, bool sticky, const RoundingOptions& options);

// The signed zero of `f` (FNUZ has no -0).
inline std::uint64_t signed_zero(const FormatSpec& f, bool neg) {
  return neg && f.special != SpecialEncoding::fnuz ? f.sign_bit() : 0;
}

}  // namespace mxlane
