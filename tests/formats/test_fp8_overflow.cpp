// round_pack's overflow results for the FP8/BF8 formats: the non-saturating conversions' infinity
// or NaN code, whatever the rounding mode (docs/spec/valu.md §6.5, §6.7), and the saturating maximum.
#include "support/catch_compat.hpp"

#include "emu/formats/round_pack.hpp"

namespace {
// 2^20 = 1 * 2^20: above the finite range of every FP8/BF8 format.
std::uint64_t huge(const mxlane::FormatSpec& f, bool neg, mxlane::RoundingMode mode, mxlane::Overflow overflow) {
  mxlane::RoundingOptions o;
  o.mode = mode;
  o.overflow = overflow;
  return mxlane::round_pack(f, neg, 20, 1, false, o);
}
}  // namespace

TEST_CASE("round_pack: FP8 overflow to infinity, NaN code or maximum", "[numerics][formats][round_pack]") {
  using mxlane::Overflow;
  using mxlane::RoundingMode;
  for (const RoundingMode mode : {RoundingMode::nearest_even, RoundingMode::toward_zero, RoundingMode::down}) {
    INFO("mode " << static_cast<int>(mode));
    CHECK(huge(mxlane::kFp8E5M2Ocp, false, mode, Overflow::to_infinity) == 0x7CU);  // +inf
    CHECK(huge(mxlane::kFp8E5M2Ocp, true, mode, Overflow::to_infinity) == 0xFCU);   // -inf
    CHECK(huge(mxlane::kFp8E4M3Ocp, false, mode, Overflow::to_infinity) == 0x7FU);  // S.1111.111: no infinity
    CHECK(huge(mxlane::kFp8E4M3Ocp, true, mode, Overflow::to_nan) == 0xFFU);        // not 0xFC (a finite -384)
    CHECK(huge(mxlane::kFp8E4M3Fnuz, true, mode, Overflow::to_infinity) == 0x80U);  // the only NaN
    CHECK(huge(mxlane::kFp8E5M2Fnuz, false, mode, Overflow::to_nan) == 0x80U);
    CHECK(huge(mxlane::kFp8E4M3Ocp, true, mode, Overflow::to_max) == 0xFEU);   // -448
    CHECK(huge(mxlane::kFp8E5M2Ocp, false, mode, Overflow::to_max) == 0x7BU);  // 57344
  }
  CHECK(huge(mxlane::kBinary16, true, RoundingMode::toward_zero, Overflow::to_infinity) == 0xFC00U);
  CHECK(huge(mxlane::kBinary16, false, RoundingMode::toward_zero, Overflow::ieee) == 0x7BFFU);  // IEEE RTZ: max finite
}
