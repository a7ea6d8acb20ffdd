// The host floating-point environment a fast kernel needs, set explicitly for the duration of a
// scope and restored afterwards (every worker thread sets its own: MXCSR is per thread).
#pragma once

#include <cstdint>

namespace mxlane::fast {

// What a kernel that computes with host floats requires. Rounding is always round-to-nearest-even.
struct FloatEnv {
  bool flush_to_zero = false;       // MXCSR.FTZ: tiny results become signed zero
  bool denormals_are_zero = false;  // MXCSR.DAZ: subnormal operands read as signed zero
  bool operator==(const FloatEnv&) const = default;
};

// Sets RNE and the FTZ/DAZ bits of `env` (all exceptions masked) on construction and restores the
// previous state on destruction. On hosts without MXCSR it only checks that the rounding mode is
// round-to-nearest (the fast paths there use no FTZ/DAZ-dependent kernels).
class FloatEnvGuard {
 public:
  explicit FloatEnvGuard(FloatEnv env);
  ~FloatEnvGuard();
  FloatEnvGuard(const FloatEnvGuard&) = delete;
  FloatEnvGuard& operator=(const FloatEnvGuard&) = delete;

 private:
  [[maybe_unused]] std::uint32_t saved_ = 0;  // MXCSR: x86-64 only
  int saved_round_ = 0;
};

}  // namespace mxlane::fast
