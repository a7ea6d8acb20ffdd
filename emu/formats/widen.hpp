// widen(): a value of a narrow format (f16, bf16, FP8/BF8) as the exactly equal pattern of a wider
// IEEE format, the one widening every model uses; only the NaN result differs between models.
#pragma once

#include <cstdint>

#include "emu/formats/format.hpp"

namespace mxlane {

// The NaN a widening returns. The models disagree, so each caller names its rule.
enum class WidenNan : std::uint8_t {
  move_payload,     // sign kept, fraction bits moved to the top of the wider fraction, not quieted:
                    // the CDNA2 MFMA inputs and the RDNA3 16-bit accumulator (docs/spec/numerics.md
                    // §B.2, §B.5 WIDEN). A NaN without fraction bits (FNUZ 0x80) gets the quiet bit.
  quiet_keep_sign,  // the default quiet NaN with the input's sign (OCP FP8 decode, docs/spec/valu.md
                    // §6.6; the VALU dots' inputs)
  default_nan,      // the positive default quiet NaN (FNUZ decode, fnuz_nan_decode=0x7fc00000)
  all_ones,         // sign clear, every exponent and fraction bit set (fnuz_nan_decode=0x7fffffff)
};

// `bits` of format `from` as a pattern of the IEEE format `to`. Every finite value, subnormals
// included, and every infinity keeps its exact value and sign; a NaN becomes what `nan` says.
// `to` must hold every value of `from` exactly (more or equal exponent and fraction range);
// throws std::logic_error otherwise.
std::uint64_t widen(const FormatSpec& from, const FormatSpec& to, std::uint64_t bits, WidenNan nan);

// widen() to binary32, the common case.
inline std::uint32_t widen_to_f32(const FormatSpec& from, std::uint64_t bits, WidenNan nan) {
  return static_cast<std::uint32_t>(widen(from, kBinary32, bits, nan));
}

}  // namespace mxlane
