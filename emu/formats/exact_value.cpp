// Exact dyadic values: arithmetic, integer-only decimal text, exact decimal parsing.
#include "emu/formats/exact_value.hpp"

#include <algorithm>
#include <cctype>

#include "emu/formats/nan_select.hpp"
#include "emu/formats/round_pack.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

using boost::multiprecision::cpp_int;

int msb_of(const cpp_int& v) { return v == 0 ? -1 : static_cast<int>(boost::multiprecision::msb(v)); }

u128 to_u128(const cpp_int& v) {
  const cpp_int mask = (cpp_int(1) << 64) - 1;
  const auto lo = static_cast<std::uint64_t>(v & mask);
  const auto hi = static_cast<std::uint64_t>((v >> 64) & mask);
  return (u128{hi} << 64) | lo;
}

// Rounds the digit string `d` to `keep` digits, ties to even; returns how many digits it dropped
// (the decimal exponent grows by that much). A carry out of the top digit keeps the length.
int round_digits(std::string& d, std::size_t keep) {
  const auto dropped = static_cast<int>(d.size() - keep);
  const char first = d[keep];
  const bool rest =
      std::any_of(d.begin() + static_cast<std::ptrdiff_t>(keep) + 1, d.end(), [](char c) { return c != '0'; });
  d.resize(keep);
  const bool up = first > '5' || (first == '5' && (rest || ((d.back() - '0') % 2 == 1)));
  if (!up) return dropped;
  for (std::size_t i = d.size(); i-- > 0;) {
    if (d[i] != '9') {
      ++d[i];
      return dropped;
    }
    d[i] = '0';
  }
  d.insert(d.begin(), '1');
  d.pop_back();
  return dropped + 1;
}

[[noreturn]] void not_a_number(std::string_view what, std::string_view text) {
  throw InvalidArgument(fmt::format(
      "{}: '{}' is not a number (a decimal such as -1.5 or 2.5e-3, raw bits 0x..., inf, -inf or nan)", what, text));
}

std::uint64_t parse_hex(std::string_view text, int bits, std::string_view what) {
  if (text.size() < 3 || text.size() > 18 ||
      text.find_first_not_of("0123456789abcdefABCDEF", 2) != std::string_view::npos)
    not_a_number(what, text);
  const std::uint64_t v = std::stoull(std::string(text.substr(2)), nullptr, 16);
  if (bits < 64 && (v >> bits) != 0)
    throw InvalidArgument(fmt::format("{}: {} does not fit in {} bits", what, text, bits));
  return v;
}

bool is_hex(std::string_view text) { return text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'); }

}  // namespace

std::optional<ExactValue> exact_value(const FormatSpec& f, std::uint64_t bits) {
  const Unpacked u = decode(f, bits);
  if (!u.is_finite()) return std::nullopt;
  ExactValue v{cpp_int(u.sig), u.exp};
  if (u.neg) v.num = -v.num;
  return v;
}

ExactValue exact_integer(std::int64_t v) { return ExactValue{cpp_int(v), 0}; }

ExactValue exact_add(const ExactValue& a, const ExactValue& b) {
  const int e = std::min(a.exp, b.exp);
  return ExactValue{(a.num << (a.exp - e)) + (b.num << (b.exp - e)), e};
}

ExactValue exact_mul(const ExactValue& a, const ExactValue& b) { return ExactValue{a.num * b.num, a.exp + b.exp}; }

bool exact_equal(const ExactValue& a, const ExactValue& b) { return exact_add(a, ExactValue{-b.num, b.exp}).num == 0; }

std::string decimal_text(const ExactValue& v, int max_digits) {
  if (v.num == 0) return "0";
  const bool neg = v.num < 0;
  const cpp_int mag = neg ? cpp_int(-v.num) : v.num;
  // value = N * 10^e10 with an integer N: 2^-n = 5^n * 10^-n.
  cpp_int n = v.exp >= 0 ? cpp_int(mag << v.exp) : cpp_int(mag * boost::multiprecision::pow(cpp_int(5), -v.exp));
  int e10 = v.exp >= 0 ? 0 : v.exp;
  std::string digits = n.str();
  while (digits.size() > 1 && digits.back() == '0') {
    digits.pop_back();
    ++e10;
  }
  const bool approximate = static_cast<int>(digits.size()) > max_digits;
  if (approximate) {
    e10 += round_digits(digits, 17);
    while (digits.size() > 1 && digits.back() == '0') {
      digits.pop_back();
      ++e10;
    }
  }
  const int count = static_cast<int>(digits.size());
  const int lead = e10 + count - 1;  // decimal exponent of the first digit
  std::string text;
  if (lead < -5 || lead >= 21) {
    text = digits.substr(0, 1);
    if (count > 1) text += "." + digits.substr(1);
    text += fmt::format("e{}", lead);
  } else if (lead >= count - 1) {
    text = digits + std::string(static_cast<std::size_t>(lead - (count - 1)), '0');
  } else if (lead >= 0) {
    text =
        digits.substr(0, static_cast<std::size_t>(lead + 1)) + "." + digits.substr(static_cast<std::size_t>(lead + 1));
  } else {
    text = "0." + std::string(static_cast<std::size_t>(-lead - 1), '0') + digits;
  }
  return fmt::format("{}{}{}", approximate ? "~" : "", neg ? "-" : "", text);
}

std::string decimal_text(const FormatSpec& f, std::uint64_t bits) {
  const Unpacked u = decode(f, bits);
  if (u.is_nan()) return "NaN";
  if (u.is_inf()) return u.neg ? "-inf" : "inf";
  if (u.is_zero()) return u.neg ? "-0" : "0";
  return decimal_text(*exact_value(f, bits));
}

std::uint64_t parse_float_element(const FormatSpec& f, std::string_view text, std::string_view what) {
  if (is_hex(text)) return parse_hex(text, f.bits(), what);
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "inf" || lower == "+inf") return f.infinity();
  if (lower == "-inf") return f.sign_bit() | f.infinity();
  if (lower == "nan") return default_nan(f);

  // [sign] digits [. digits] [e [sign] digits]
  std::size_t p = 0;
  const bool neg = p < lower.size() && lower[p] == '-';
  if (p < lower.size() && (lower[p] == '-' || lower[p] == '+')) ++p;
  std::string mantissa_digits;
  int fraction_digits = 0;
  bool point = false;
  for (; p < lower.size() && (std::isdigit(static_cast<unsigned char>(lower[p])) || (lower[p] == '.' && !point)); ++p) {
    if (lower[p] == '.') {
      point = true;
      continue;
    }
    mantissa_digits += lower[p];
    if (point) ++fraction_digits;
  }
  if (mantissa_digits.empty() || mantissa_digits.size() > 200) not_a_number(what, text);
  int exponent = 0;
  if (p < lower.size() && lower[p] == 'e') {
    ++p;
    const bool eneg = p < lower.size() && lower[p] == '-';
    if (p < lower.size() && (lower[p] == '-' || lower[p] == '+')) ++p;
    const std::size_t start = p;
    while (p < lower.size() && std::isdigit(static_cast<unsigned char>(lower[p])) && p - start < 5)
      exponent = exponent * 10 + (lower[p++] - '0');
    if (p == start) not_a_number(what, text);
    if (eneg) exponent = -exponent;
  }
  if (p != lower.size()) not_a_number(what, text);
  // Leading zeros stripped: cpp_int's string constructor reads "025" as octal.
  const std::size_t nonzero = mantissa_digits.find_first_not_of('0');
  const cpp_int m(nonzero == std::string::npos ? std::string("0") : mantissa_digits.substr(nonzero));
  if (m == 0) return neg ? f.sign_bit() : 0;
  const int e10 = exponent - fraction_digits;
  if (e10 > 400 || e10 < -800)
    throw InvalidArgument(fmt::format("{}: {} is far outside the range of {}", what, text, f.name));

  // value = num / den exactly; sig = floor(value * 2^s) with about 110 bits, sticky = remainder.
  const cpp_int ten_power = boost::multiprecision::pow(cpp_int(10), std::abs(e10));
  const cpp_int num = e10 >= 0 ? cpp_int(m * ten_power) : m;
  const cpp_int den = e10 >= 0 ? cpp_int(1) : ten_power;
  const int s = 110 - (msb_of(num) - msb_of(den));
  const cpp_int scaled_num = s >= 0 ? cpp_int(num << s) : num;
  const cpp_int scaled_den = s >= 0 ? den : cpp_int(den << -s);
  const cpp_int sig = scaled_num / scaled_den;
  const bool sticky = scaled_num % scaled_den != 0;
  const std::uint64_t bits = round_pack(f, neg, -s, to_u128(sig), sticky, RoundingOptions{});
  const std::optional<ExactValue> got = exact_value(f, bits);
  // Exact iff the rounded value times den equals num.
  const bool exact =
      !sticky && got && exact_equal(ExactValue{got->num * den, got->exp}, ExactValue{neg ? cpp_int(-num) : num, 0});
  if (!exact)
    throw InvalidArgument(fmt::format(
        "{}: {} is not exactly representable in {} (nearest, RNE: {:#0{}x} = {}); give an exact value or the raw bits",
        what, text, f.name, bits, f.bits() / 4 + 2, decimal_text(f, bits)));
  return bits;
}

std::uint64_t parse_integer_element(int bits, bool is_signed, std::string_view text, std::string_view what) {
  const std::uint64_t mask = bits == 64 ? ~0ULL : (std::uint64_t{1} << bits) - 1;
  if (is_hex(text)) return parse_hex(text, bits, what);
  std::size_t p = text.size() > 0 && (text[0] == '-' || text[0] == '+') ? 1 : 0;
  if (p == text.size() || text.size() > 12 || text.find_first_not_of("0123456789", p) != std::string_view::npos)
    throw InvalidArgument(fmt::format("{}: '{}' is not an integer (decimal, or raw bits 0x...)", what, text));
  const std::int64_t v = std::stoll(std::string(text));
  const std::int64_t lo = is_signed ? -(std::int64_t{1} << (bits - 1)) : 0;
  const std::int64_t hi = is_signed ? (std::int64_t{1} << (bits - 1)) - 1 : (std::int64_t{1} << bits) - 1;
  if (v < lo || v > hi)
    throw InvalidArgument(fmt::format("{}: {} is outside the {} {}-bit range {}..{}", what, text,
                                      is_signed ? "signed" : "unsigned", bits, lo, hi));
  return static_cast<std::uint64_t>(v) & mask;
}

}  // namespace mxlane
