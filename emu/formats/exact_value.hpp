// Exact dyadic values for display and input: num * 2^exp with an arbitrary-precision integer,
// decimal text computed with integers only (exact, or marked approximate), and decimal input
// parsed exactly into a format's bit pattern. Never uses host floating point.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/multiprecision/cpp_int.hpp>

#include "emu/formats/format.hpp"

namespace mxlane {

struct ExactValue {
  boost::multiprecision::cpp_int num;  // signed
  int exp = 0;                         // value = num * 2^exp
};

// The exact value of a finite bit pattern (nullopt for NaN and infinities). -0 gives 0.
std::optional<ExactValue> exact_value(const FormatSpec& f, std::uint64_t bits);
ExactValue exact_integer(std::int64_t v);
ExactValue exact_add(const ExactValue& a, const ExactValue& b);
ExactValue exact_mul(const ExactValue& a, const ExactValue& b);
bool exact_equal(const ExactValue& a, const ExactValue& b);

// Decimal text: exact when it has at most `max_digits` significant digits, else rounded (ties to
// even) to 17 significant digits and prefixed with "~". Scientific form ("5.9604644775390625e-8")
// when the decimal exponent is below -5 or at least 21.
std::string decimal_text(const ExactValue& v, int max_digits = 24);

// Decimal text of a bit pattern: decimal_text(), "-0", "inf", "-inf", "NaN".
std::string decimal_text(const FormatSpec& f, std::uint64_t bits);

// Parses "1.5", "-0", "2.5e-3", "inf", "-inf", "nan" (the default quiet NaN) or raw bits
// "0x3c00" into a bit pattern of `f`. A decimal that `f` cannot hold exactly is rejected with
// InvalidArgument naming `what` and the nearest value (RNE); raw bits must fit the format's width.
std::uint64_t parse_float_element(const FormatSpec& f, std::string_view text, std::string_view what);

// Parses a decimal integer ("-3") or raw bits ("0xfd") into a `bits`-wide two's-complement
// field; the decimal must lie in the signed or unsigned range. Throws InvalidArgument naming `what`.
std::uint64_t parse_integer_element(int bits, bool is_signed, std::string_view text, std::string_view what);

}  // namespace mxlane
