// select_nan(): the first NaN operand quieted, or the default NaN.
#include "emu/formats/nan_select.hpp"

namespace mxlane {

std::uint64_t select_nan(const FormatSpec& f, NanPolicy policy, std::span<const std::uint64_t> operands) {
  if (policy == NanPolicy::propagate)
    for (const std::uint64_t x : operands)
      if (is_nan(f, x)) return quiet_nan(f, x);
  return default_nan(f);
}

}  // namespace mxlane
