// mxlane::bit_cast: std::bit_cast where the standard library has it, else the compiler builtin it wraps.
#pragma once

#include <bit>
#include <type_traits>

namespace mxlane {

// libc++ 14 (emscripten 3.1.6 on Debian 12, the WebAssembly build of web/) lacks std::bit_cast; clang
// and GCC both provide __builtin_bit_cast, which std::bit_cast is defined by. Both reinterpret the
// object representation exactly: no value conversion, so raw bit patterns pass through untouched.
template <class To, class From>
  requires(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>)
constexpr To bit_cast(const From& from) noexcept {
#if defined(__cpp_lib_bit_cast)
  return std::bit_cast<To>(from);
#else
  return __builtin_bit_cast(To, from);
#endif
}

}  // namespace mxlane
