// Exact decoding of E8M0 / E5M3 / E4M3 block-scale bytes (docs/cdna5.md §3.6).
#include "emu/formats/block_scale.hpp"

#include "emu/formats/format.hpp"
#include "emu/formats/round_pack.hpp"
#include "fmt/format.h"

namespace mxlane {

BlockScale decode_block_scale(BlockScaleFormat format, std::uint8_t byte) {
  switch (format) {
    case BlockScaleFormat::e8m0: {
      constexpr int kBias = 127;
      if (byte == 0xFF) return BlockScale{true};
      return BlockScale{false, false, 1, 0, int{byte} - kBias};
    }
    case BlockScaleFormat::e5m3: {
      constexpr int kBias = 15, kFracBits = 3;
      if (byte == 0xFF) return BlockScale{true};
      const int e = byte >> kFracBits;
      const std::uint32_t m = byte & 7u;
      if (e == 0) return BlockScale{false, false, m, kFracBits, 1 - kBias};  // subnormal (or zero)
      return BlockScale{false, false, 8u | m, kFracBits, e - kBias};
    }
    case BlockScaleFormat::e4m3: {
      const Unpacked u = decode(kFp8E4M3Ocp, byte);
      if (u.is_nan()) return BlockScale{true};
      const int frac = kFp8E4M3Ocp.man_bits;
      // Unpacked: value = sig * 2^exp; a zero keeps the minimum normal exponent.
      if (u.is_zero()) return BlockScale{false, u.neg, 0, frac, kFp8E4M3Ocp.emin()};
      return BlockScale{false, u.neg, static_cast<std::uint32_t>(u.sig), frac, u.exp + frac};
    }
  }
  return BlockScale{true};
}

std::uint32_t block_scale_binary32(BlockScaleFormat format, std::uint8_t byte) {
  const BlockScale s = decode_block_scale(format, byte);
  if (s.nan) return 0x7FC00000u;
  if (s.sig == 0) return s.neg ? 0x80000000u : 0u;
  // Exact: at most 4 significant bits, exponents -130 (E8M0 0x00: 2^-127, a binary32 subnormal) .. 128.
  return static_cast<std::uint32_t>(
      round_pack(kBinary32, s.neg, s.exp - s.frac_bits, u128{s.sig}, false, RoundingOptions{}));
}

std::string block_scale_text(BlockScaleFormat format, std::uint8_t byte) {
  const BlockScale s = decode_block_scale(format, byte);
  if (s.nan) return "NaN";
  if (s.sig == 0) return s.neg ? "-0" : "0";
  // sig * 2^(exp - frac): print the significand as a short decimal times a power of two.
  std::uint32_t sig = s.sig;
  int shift = s.exp - s.frac_bits;
  while ((sig & 1u) == 0) {
    sig >>= 1;
    ++shift;
  }
  const char* sign = s.neg ? "-" : "";
  if (sig == 1) return fmt::format("{}2^{}", sign, shift);
  return fmt::format("{}{} * 2^{}", sign, sig, shift);
}

const char* block_scale_format_name(BlockScaleFormat format) {
  switch (format) {
    case BlockScaleFormat::e8m0: return "E8M0";
    case BlockScaleFormat::e5m3: return "E5M3";
    case BlockScaleFormat::e4m3: return "E4M3";
  }
  return "?";
}

}  // namespace mxlane
