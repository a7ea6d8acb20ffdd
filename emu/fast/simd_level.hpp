// Which SIMD instruction set the fast kernels use: detected once from the CPU, optionally capped
// (tests run every level this machine has; the benchmark compares them).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace mxlane::fast {

// Ordered: a higher level may use everything a lower one does.
enum class SimdLevel : std::uint8_t {
  scalar,  // portable C++ (x86-64 baseline or any other target)
  avx2,    // x86-64-v3: AVX2 + FMA + F16C, in translation units compiled with those flags only
  avx512,  // x86-64-v4: AVX-512 F, BW, DQ and VL (and everything of avx2), likewise
};
inline constexpr SimdLevel kAllSimdLevels[] = {SimdLevel::scalar, SimdLevel::avx2, SimdLevel::avx512};

std::string_view simd_level_name(SimdLevel level);

// The level named `name` ("scalar", "avx2", "avx512"); false when no level has that name.
bool parse_simd_level(std::string_view name, SimdLevel& level);

// The best level this CPU supports (checked with __builtin_cpu_supports at run time).
SimdLevel detected_simd_level();

// The environment variable that caps the level for a whole process (testing, and comparing levels
// on one machine): MXLANE_SIMD=scalar|avx2|avx512. A level above the CPU's is clamped to it.
inline constexpr const char* kSimdEnvironmentVariable = "MXLANE_SIMD";
// The problem with MXLANE_SIMD's value ("" when it is unset or names a level): programs report it
// and stop (the mxlane CLI: exit 2; `import mxlane`: ImportError); the C++ library itself ignores a
// value it cannot read.
std::string simd_environment_problem();

// The level the fast paths use: the detected one, or lower when capped (by MXLANE_SIMD at start,
// or by cap_simd_level()).
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
