// Block-scale bytes of the scaled matrix instructions (E8M0, E5M3, E4M3) decoded exactly: gfx950's E8M0
// (docs/cdna4-numerics.md §3.2) and gfx1250's three scale formats (docs/cdna5.md §3.6).
#pragma once

#include <cstdint>
#include <string>

#include "emu/isa/element_type.hpp"

namespace mxlane {

// One scale byte's value: (-1)^neg * sig * 2^(exp - frac_bits), `exp` the exponent of the leading place (a
// subnormal E5M3/E4M3 keeps its format's minimum normal exponent, as the fused group's factors do).
struct BlockScale {
  bool nan = false;
  bool neg = false;
  std::uint32_t sig = 0;  // 0: the scale is zero
  int frac_bits = 0;
  int exp = 0;
  bool is_zero() const { return !nan && sig == 0; }
};

// E8M0: 2^(byte-127), 0xFF NaN, 0x00 = 2^-127 [DOC: OCP MX]. E5M3: unsigned, bias 15, exponent field 0 gives
// m * 2^-17, 0xFF NaN, no infinity (0x78 = 1) [DOC via SRC-EMU]. E4M3: the signed OCP E4M3FN of the FP8
// operands (0x7F / 0xFF NaN; a negative scale flips the product's sign) [SRC-EMU]. Exact for every byte.
BlockScale decode_block_scale(BlockScaleFormat format, std::uint8_t byte);

// The scale as a binary32 pattern (every scale of every format is exactly representable; NaN: 0x7FC00000).
std::uint32_t block_scale_binary32(BlockScaleFormat format, std::uint8_t byte);

// "2^-3", "1.25 * 2^4", "-0.5", "0", "NaN": for traces and lane maps.
std::string block_scale_text(BlockScaleFormat format, std::uint8_t byte);

// "E8M0", "E5M3", "E4M3".
const char* block_scale_format_name(BlockScaleFormat format);

}  // namespace mxlane
