// Which NaN an operation returns: the policy, quieting, the default NaN, and select_nan().
// Every place that chooses a NaN result goes through here (docs/spec/numerics.md §C for the
// matrix units' NaN rules, switch cdna2_nan for the open choice between the two policies).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>

#include "emu/formats/format.hpp"

namespace mxlane {

enum class NanPolicy : std::uint8_t {
  canonical,  // every NaN result is the positive default quiet NaN (0x7FC00000 / 0x7FF8000000000000)
  propagate,  // the first NaN operand (in argument order) quieted; invalid operations give the default NaN
};

// The positive default quiet NaN of an IEEE format: exponent all ones, only the quiet bit set.
inline std::uint64_t default_nan(const FormatSpec& f) { return f.infinity() | f.quiet_bit(); }

// A NaN of an IEEE format with its quiet bit set (a quiet NaN is returned unchanged).
inline std::uint64_t quiet_nan(const FormatSpec& f, std::uint64_t nan_bits) { return nan_bits | f.quiet_bit(); }

// The NaN of any format, signed where the format allows: IEEE formats the default quiet NaN with
// that sign; OCP E4M3 S.1111.111, its only NaN code; FNUZ 0x80, its only NaN, unsigned
// (docs/spec/valu.md §6.5).
inline std::uint64_t format_nan(const FormatSpec& f, bool neg) {
  switch (f.special) {
    case SpecialEncoding::ieee: return (neg ? f.sign_bit() : 0) | default_nan(f);
    case SpecialEncoding::ocp_e4m3: return (neg ? f.sign_bit() : 0) | (f.exp_mask() << f.man_bits) | f.man_mask();
    case SpecialEncoding::fnuz: return f.sign_bit();
    // OCP MX FP6/FP4 have no NaN: conversions saturate instead (OCP MX v1.0 §5.3).
    case SpecialEncoding::finite: return (neg ? f.sign_bit() : 0) | f.max_finite();
  }
  return default_nan(f);
}

// The NaN result of an operation on `operands` that produces a NaN: under `propagate` the first
// NaN among them, in order, quieted; under `canonical`, or when none of them is a NaN (an invalid
// operation such as inf * 0), the default NaN.
std::uint64_t select_nan(const FormatSpec& f, NanPolicy policy, std::span<const std::uint64_t> operands);
inline std::uint64_t select_nan(const FormatSpec& f, NanPolicy policy, std::initializer_list<std::uint64_t> operands) {
  return select_nan(f, policy, std::span<const std::uint64_t>(operands.begin(), operands.size()));
}

}  // namespace mxlane
