// Whether this test binary is built with AddressSanitizer: random sweeps run a fraction of their cases there.
#pragma once

namespace mxlane_test {

// scripts/test.sh runs every test twice: optimised (the full case counts) and under ASan + UBSan
// (clang-22 at -O1, 10-40x slower), whose job is to find memory and undefined-behaviour errors on
// every code path. A random sweep that repeats the same paths with new values runs a fraction of
// its cases there, never fewer than one per path (docs/testing.md).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace mxlane_test
