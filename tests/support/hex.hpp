// Hex text for test reports and expected eval output, one definition for every test file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace mxlane_test {

// "0x" and `digits` upper-case hex digits: the disagreement reports' notation. Sized by a first
// snprintf, so no width is cut short (a fixed buffer drew GCC 12's -Wformat-truncation, the width
// being known only at run time).
inline std::string hex(std::uint64_t v, int digits) {
  const auto x = static_cast<unsigned long long>(v);
  std::string text(static_cast<std::size_t>(std::snprintf(nullptr, 0, "0x%0*llX", digits, x)), '\0');
  std::snprintf(text.data(), text.size() + 1, "0x%0*llX", digits, x);
  return text;
}

// A 32-bit lane word as `mxlane eval` writes it (docs/spec/interfaces.md): "0x" and 8 lower-case digits.
inline std::string hex_word(std::uint32_t w) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", w);
  return buf;
}

// The value of hex digits (with or without "0x"), as the capture files write them.
inline std::uint64_t parse_hex(const std::string& text) { return std::stoull(text, nullptr, 16); }

}  // namespace mxlane_test
