// FloatEnvGuard: MXCSR on x86-64 (SSE is part of the baseline, so this TU needs no extra flags).
#include "emu/fast/float_env.hpp"

#include <cfenv>

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace mxlane::fast {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t kExceptionMasks = 0x1F80;  // all six exceptions masked (the power-on default)
constexpr std::uint32_t kFlushToZero = 1U << 15;
constexpr std::uint32_t kDenormalsAreZero = 1U << 6;
// Rounding control (bits 13-14) = 00: round to nearest even. Status flags start cleared.
#endif

}  // namespace

FloatEnvGuard::FloatEnvGuard(FloatEnv env) {
  saved_round_ = std::fegetround();
#if defined(__x86_64__)
  saved_ = _mm_getcsr();
  std::uint32_t csr = kExceptionMasks;
  if (env.flush_to_zero) csr |= kFlushToZero;
  if (env.denormals_are_zero) csr |= kDenormalsAreZero;
  _mm_setcsr(csr);
#else
  (void)env;
#endif
  std::fesetround(FE_TONEAREST);  // also the x87 control word, which no kernel uses
}

FloatEnvGuard::~FloatEnvGuard() {
  std::fesetround(saved_round_);
#if defined(__x86_64__)
  _mm_setcsr(saved_);
#endif
}

}  // namespace mxlane::fast
