// Which SIMD instruction set the fast kernels use: detected once from the CPU, optionally capped
// (tests run every level this machine has; the benchmark compares them).
#pragma once

#include <cstdint>
#include <string_view>

namespace mxlane::fast {

// Ordered: a higher level may use everything a lower one does. There is deliberately no AVX-512
// level: no machine available to the project has AVX-512, so such a path could not be tested and
// must not be selected (docs/performance.md).
enum class SimdLevel : std::uint8_t {
  scalar,  // portable C++ (x86-64 baseline or any other target)
  avx2,    // x86-64-v3: AVX2 + FMA + F16C, in translation units compiled with those flags only
};

std::string_view simd_level_name(SimdLevel level);

// The best level this CPU supports (checked with __builtin_cpu_supports at run time).
SimdLevel detected_simd_level();

// The level the fast paths use: the detected one, or lower when capped.
SimdLevel active_simd_level();

// Caps the level for the whole process (nullptr-free: pass detected_simd_level() to undo). A cap
// above what the CPU supports is clamped to it, so a test can never run unsupported code.
void cap_simd_level(SimdLevel cap);

// Scoped cap, restored on destruction (tests and benchmarks).
class SimdLevelCap {
 public:
  explicit SimdLevelCap(SimdLevel cap);
  ~SimdLevelCap();
  SimdLevelCap(const SimdLevelCap&) = delete;
  SimdLevelCap& operator=(const SimdLevelCap&) = delete;

 private:
  SimdLevel previous_;
};

}  // namespace mxlane::fast
