// select_nan, quiet_nan and format_nan with hand-derived patterns (IEEE 754-2019 §6.2: a quiet
// NaN operand propagates; docs/spec/valu.md §6.5 for the FP8 NaN codes).
#include "support/catch_compat.hpp"

#include <cstdint>
#include <vector>

#include "emu/formats/nan_select.hpp"

using mxlane::NanPolicy;

TEST_CASE("select_nan: the first NaN in operand order, quieted, or the default NaN", "[numerics][formats][nan]") {
  const auto& f32 = mxlane::kBinary32;
  // 0x7F800001 is a signalling NaN; 0xFFC01234 a negative quiet NaN; 0x3F800000 is 1.0.
  CHECK(mxlane::select_nan(f32, NanPolicy::propagate, {0x3F800000, 0x7F800001, 0xFFC01234}) == 0x7FC00001U);
  CHECK(mxlane::select_nan(f32, NanPolicy::propagate, {0xFFC01234, 0x7F800001}) == 0xFFC01234U);
  CHECK(mxlane::select_nan(f32, NanPolicy::canonical, {0xFFC01234, 0x7F800001}) == 0x7FC00000U);
  CHECK(mxlane::select_nan(f32, NanPolicy::propagate, {0x7F800000, 0x00000000}) ==
        0x7FC00000U);  // inf*0: no NaN operand
  const std::vector<std::uint64_t> f64_ops = {0x0000000000000000ULL, 0xFFF0000000000001ULL};
  CHECK(mxlane::select_nan(mxlane::kBinary64, NanPolicy::propagate, f64_ops) == 0xFFF8000000000001ULL);
  CHECK(mxlane::select_nan(mxlane::kBinary64, NanPolicy::canonical, f64_ops) == 0x7FF8000000000000ULL);
}

TEST_CASE("quiet_nan and format_nan", "[numerics][formats][nan]") {
  CHECK(mxlane::quiet_nan(mxlane::kBinary16, 0x7C01) == 0x7E01U);
  CHECK(mxlane::quiet_nan(mxlane::kBinary32, 0x7FC00000) == 0x7FC00000U);
  CHECK(mxlane::default_nan(mxlane::kBfloat16) == 0x7FC0U);
  CHECK(mxlane::format_nan(mxlane::kBinary16, true) == 0xFE00U);
  CHECK(mxlane::format_nan(mxlane::kFp8E5M2Ocp, true) == 0xFEU);
  CHECK(mxlane::format_nan(mxlane::kFp8E4M3Ocp, false) == 0x7FU);
  CHECK(mxlane::format_nan(mxlane::kFp8E4M3Ocp, true) == 0xFFU);
  CHECK(mxlane::format_nan(mxlane::kFp8E4M3Fnuz, false) == 0x80U);
  CHECK(mxlane::format_nan(mxlane::kFp8E5M2Fnuz, true) == 0x80U);
}
