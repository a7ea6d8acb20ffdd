// Floating-point formats as bit containers: FormatSpec, the typed containers, and decode().
// Nothing here uses host floating point (docs/spec/numerics.md §G).
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

#include "emu/util/bit_cast.hpp"

namespace mxlane {

__extension__ typedef unsigned __int128 u128;  // GCC/Clang extension; -Wpedantic would flag the bare name

// How a format spends its top exponent and its -0 (docs/spec/valu.md §6.5 for the FP8 flavours).
enum class SpecialEncoding : std::uint8_t {
  ieee,      // exponent all ones: inf (fraction 0) or NaN; -0 exists (binary16/32/64, bfloat16, OCP E5M2)
  ocp_e4m3,  // no inf; S.1111.111 is NaN; -0 exists (OCP FP8 E4M3)
  fnuz,      // no inf, no -0; 0x80 is the only NaN (AMD FNUZ FP8 on gfx942)
  finite,    // no inf, no NaN, -0 exists: every pattern is a number (OCP MX FP6/FP4)
};

struct FormatSpec {
  std::string_view name;
  int exp_bits;
  int man_bits;  // stored fraction bits (precision p = man_bits + 1)
  int bias;
  SpecialEncoding special;

  constexpr int bits() const { return 1 + exp_bits + man_bits; }
  constexpr int emin() const { return 1 - bias; }  // exponent of the smallest normal
  constexpr std::uint64_t exp_mask() const { return (std::uint64_t{1} << exp_bits) - 1; }
  constexpr std::uint64_t man_mask() const { return (std::uint64_t{1} << man_bits) - 1; }
  constexpr std::uint64_t sign_bit() const { return std::uint64_t{1} << (bits() - 1); }
  // Exponent of the largest finite value.
  constexpr int emax() const {
    if (special == SpecialEncoding::ieee) return static_cast<int>(exp_mask()) - 1 - bias;
    return static_cast<int>(exp_mask()) - bias;
  }
  // Largest finite magnitude (bits, sign clear).
  constexpr std::uint64_t max_finite() const {
    switch (special) {
      case SpecialEncoding::ieee: return ((exp_mask() - 1) << man_bits) | man_mask();
      case SpecialEncoding::ocp_e4m3: return (exp_mask() << man_bits) | (man_mask() - 1);
      case SpecialEncoding::fnuz:
      case SpecialEncoding::finite: return (exp_mask() << man_bits) | man_mask();
    }
    return 0;
  }
  constexpr std::uint64_t infinity() const { return exp_mask() << man_bits; }  // ieee only
  // The quiet bit of an IEEE NaN: the top fraction bit.
  constexpr std::uint64_t quiet_bit() const { return std::uint64_t{1} << (man_bits - 1); }
};

inline constexpr FormatSpec kBinary64{"f64", 11, 52, 1023, SpecialEncoding::ieee};
inline constexpr FormatSpec kBinary32{"f32", 8, 23, 127, SpecialEncoding::ieee};
inline constexpr FormatSpec kBinary16{"f16", 5, 10, 15, SpecialEncoding::ieee};
inline constexpr FormatSpec kBfloat16{"bf16", 8, 7, 127, SpecialEncoding::ieee};
inline constexpr FormatSpec kFp8E4M3Ocp{"fp8_e4m3", 4, 3, 7, SpecialEncoding::ocp_e4m3};
inline constexpr FormatSpec kFp8E5M2Ocp{"bf8_e5m2", 5, 2, 15, SpecialEncoding::ieee};
inline constexpr FormatSpec kFp8E4M3Fnuz{"fp8_e4m3_fnuz", 4, 3, 8, SpecialEncoding::fnuz};
inline constexpr FormatSpec kFp8E5M2Fnuz{"bf8_e5m2_fnuz", 5, 2, 16, SpecialEncoding::fnuz};
// OCP Microscaling formats (OCP MX v1.0 §5.3): finite only, max 7.5, 28 and 6.
inline constexpr FormatSpec kFp6E2M3{"fp6_e2m3", 2, 3, 1, SpecialEncoding::finite};
inline constexpr FormatSpec kBf6E3M2{"bf6_e3m2", 3, 2, 3, SpecialEncoding::finite};
inline constexpr FormatSpec kFp4E2M1{"fp4_e2m1", 2, 1, 1, SpecialEncoding::finite};

// Typed bit containers, SoftFloat style: a binary16 cannot be passed where a binary32 is wanted.
// from_host/to_host exist for callers' convenience only; emulation never computes with them.
struct F64 {
  std::uint64_t bits = 0;
  static F64 from_host(double v) { return {mxlane::bit_cast<std::uint64_t>(v)}; }
  double to_host() const { return mxlane::bit_cast<double>(bits); }
  bool operator==(const F64&) const = default;
};
struct F32 {
  std::uint32_t bits = 0;
  static F32 from_host(float v) { return {mxlane::bit_cast<std::uint32_t>(v)}; }
  float to_host() const { return mxlane::bit_cast<float>(bits); }
  bool operator==(const F32&) const = default;
};
struct F16 {
  std::uint16_t bits = 0;
  bool operator==(const F16&) const = default;
};
struct BF16 {
  std::uint16_t bits = 0;
  bool operator==(const BF16&) const = default;
};

enum class FpClass : std::uint8_t { zero, subnormal, normal, infinity, nan };

// A decoded value. Finite values are exactly (-1)^neg * sig * 2^exp, sig including the hidden bit.
struct Unpacked {
  bool neg = false;
  FpClass cls = FpClass::zero;
  int exp = 0;
  std::uint64_t sig = 0;

  bool is_nan() const { return cls == FpClass::nan; }
  bool is_inf() const { return cls == FpClass::infinity; }
  bool is_zero() const { return cls == FpClass::zero; }
  bool is_finite() const { return cls != FpClass::nan && cls != FpClass::infinity; }
};

Unpacked decode(const FormatSpec& f, std::uint64_t bits);

// Classification shortcuts on raw bits.
inline bool is_nan(const FormatSpec& f, std::uint64_t bits) { return decode(f, bits).is_nan(); }
inline bool is_subnormal(const FormatSpec& f, std::uint64_t bits) { return decode(f, bits).cls == FpClass::subnormal; }

// Number of significant bits of v (0 for 0).
inline int bit_length(u128 v) {
  const auto hi = static_cast<std::uint64_t>(v >> 64);
  return hi != 0 ? 128 - std::countl_zero(hi) : 64 - std::countl_zero(static_cast<std::uint64_t>(v));
}

}  // namespace mxlane
