// Hex text for test reports and expected eval output, one definition for every test file.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace mxlane_test {

// "0x" and `digits` upper-case hex digits: the disagreement reports' notation.
inline std::string hex(std::uint64_t v, int digits) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "0x%0*llX", digits, static_cast<unsigned long long>(v));
  return buf;
}

// A 32-bit lane word as `mxlane eval` writes it (docs/spec/interfaces.md): "0x" and 8 lower-case digits.
inline std::string hex_word(std::uint32_t w) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", w);
  return buf;
}

}  // namespace mxlane_test
