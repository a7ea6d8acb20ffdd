// The one Catch2 include of every test: Catch2 2.13 (Debian 12) or Catch2 3.x (Debian 13), one API.
#pragma once

// Catch2 3 split the single header into parts and moved the v2 string matchers into
// Catch::Matchers (Contains became ContainsSubstring); the tests keep the v2 spellings, which
// this header provides on Catch2 3 so that the same test code compiles against either.
#if __has_include(<catch2/catch_test_macros.hpp>)
#define MXLANE_CATCH2_MAJOR 3
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/generators/catch_generators_adapters.hpp>
#include <catch2/generators/catch_generators_range.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <string>

namespace Catch {
inline Matchers::StringContainsMatcher Contains(const std::string& text,
                                                CaseSensitive sensitivity = CaseSensitive::Yes) {
  return Matchers::ContainsSubstring(text, sensitivity);
}
using Matchers::EndsWith;
using Matchers::StartsWith;
}  // namespace Catch
#else
#define MXLANE_CATCH2_MAJOR 2
#include <catch2/catch.hpp>
#endif
