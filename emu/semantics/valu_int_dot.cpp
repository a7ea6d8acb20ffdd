// valu_int_dot(): the common integer dot semantics of §4.1 [ISA, LLVM; clamp per LLVM and rocjitsu].
#include "emu/semantics/valu_int_dot.hpp"

#include <algorithm>

namespace mxlane {

std::uint32_t valu_int_dot(const IntDotSpec& s, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp) {
  const auto field = [&](std::uint32_t v, int k, bool is_signed) -> std::int64_t {
    const std::uint32_t mask = s.width == 32 ? ~0U : (1U << s.width) - 1;
    const std::uint32_t x = (v >> (k * s.width)) & mask;
    if (is_signed && ((x >> (s.width - 1)) & 1) != 0)
      return static_cast<std::int64_t>(x) - (std::int64_t{1} << s.width);
    return x;
  };
  std::int64_t sum =
      s.c_signed ? static_cast<std::int64_t>(static_cast<std::int32_t>(c)) : static_cast<std::int64_t>(c);
  for (int k = 0; k < s.lanes; ++k) sum += field(a, k, s.a_signed) * field(b, k, s.b_signed);  // |sum| < 2^33
  if (clamp)
    sum = s.result_signed ? std::clamp<std::int64_t>(sum, INT32_MIN, INT32_MAX)
                          : std::clamp<std::int64_t>(sum, 0, UINT32_MAX);
  return static_cast<std::uint32_t>(static_cast<std::uint64_t>(sum));
}

}  // namespace mxlane
