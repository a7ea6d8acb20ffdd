// Run-time CPU feature detection for the fast kernels.
#include "emu/fast/simd_level.hpp"

#include <algorithm>
#include <atomic>

namespace mxlane::fast {
namespace {

SimdLevel detect() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c"))
    return SimdLevel::avx2;
#endif
  return SimdLevel::scalar;
}

std::atomic<SimdLevel>& cap() {
  static std::atomic<SimdLevel> level{detected_simd_level()};
  return level;
}

}  // namespace

std::string_view simd_level_name(SimdLevel level) {
  switch (level) {
    case SimdLevel::scalar: return "scalar";
    case SimdLevel::avx2: return "avx2";
  }
  return "?";
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
