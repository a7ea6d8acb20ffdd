// Run-time CPU feature detection for the fast kernels, and the MXLANE_SIMD cap.
#include "emu/fast/simd_level.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>

namespace mxlane::fast {
namespace {

SimdLevel detect() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  // libgcc's and compiler-rt's checks include the operating system's support (XCR0) for the
  // registers, so a level reported here can run.
  const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c");
  if (v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
    return SimdLevel::avx512;
  if (v3) return SimdLevel::avx2;
#endif
  return SimdLevel::scalar;
}

// The cap MXLANE_SIMD asks for; the detected level when it is unset or unreadable.
SimdLevel environment_cap() {
  const char* value = std::getenv(kSimdEnvironmentVariable);
  SimdLevel level = detected_simd_level();
  if (value != nullptr && parse_simd_level(value, level)) return std::min(level, detected_simd_level());
  return detected_simd_level();
}

std::atomic<SimdLevel>& cap() {
  static std::atomic<SimdLevel> level{environment_cap()};
  return level;
}

}  // namespace

std::string_view simd_level_name(SimdLevel level) {
  switch (level) {
    case SimdLevel::scalar: return "scalar";
    case SimdLevel::avx2: return "avx2";
    case SimdLevel::avx512: return "avx512";
  }
  return "?";
}

bool parse_simd_level(std::string_view name, SimdLevel& level) {
  for (SimdLevel l : kAllSimdLevels)
    if (simd_level_name(l) == name) {
      level = l;
      return true;
    }
  return false;
}

std::string simd_environment_problem() {
  const char* value = std::getenv(kSimdEnvironmentVariable);
  SimdLevel level{};
  if (value == nullptr || parse_simd_level(value, level)) return "";
  return std::string(kSimdEnvironmentVariable) + "='" + value + "' names no SIMD level (scalar, avx2 or avx512)";
}

SimdLevel detected_simd_level() {
  static const SimdLevel level = detect();
  return level;
}

SimdLevel active_simd_level() { return cap().load(std::memory_order_relaxed); }

void cap_simd_level(SimdLevel level) { cap().store(std::min(level, detected_simd_level()), std::memory_order_relaxed); }

SimdLevelCap::SimdLevelCap(SimdLevel level) : previous_(active_simd_level()) { cap_simd_level(level); }
SimdLevelCap::~SimdLevelCap() { cap_simd_level(previous_); }

}  // namespace mxlane::fast
