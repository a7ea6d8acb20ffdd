// ieee_exact_dot: hand-derived special-value cases, one case that only a single rounding gets right,
// and random finite dots against the exact-rational reference of tests/reference/reference_models.hpp.
#include "support/catch_compat.hpp"

#include <cstdint>
#include <vector>

#include "emu/formats/ieee_ops.hpp"
#include "reference/reference_generators.hpp"
#include "reference/reference_models.hpp"

namespace {

std::uint64_t dot32(std::vector<std::uint64_t> a, std::vector<std::uint64_t> b, std::uint64_t c,
                    mxlane::NanPolicy nan = mxlane::NanPolicy::canonical) {
  return mxlane::ieee_exact_dot(mxlane::kBinary32, a, b, c, mxlane::RoundingOptions{}, nan);
}

constexpr std::uint64_t kOne = 0x3F800000, kTwo = 0x40000000, kInf = 0x7F800000, kNegInf = 0xFF800000;
constexpr std::uint64_t kZero = 0, kNegZero = 0x80000000, kSnan = 0x7F800001, kNegQnan = 0xFFC01234;

}  // namespace

TEST_CASE("ieee_exact_dot: NaN operands, by policy and in the order a0, b0, a1, b1, c",
          "[numerics][formats][exact_dot]") {
  using mxlane::NanPolicy;
  CHECK(dot32({kOne, kSnan}, {kOne, kOne}, kNegQnan, NanPolicy::propagate) == 0x7FC00001U);  // a1 before c
  CHECK(dot32({kOne, kOne}, {kNegQnan, kSnan}, kOne, NanPolicy::propagate) == 0xFFC01234U);  // b0 before b1
  CHECK(dot32({kInf, kOne}, {kZero, kOne}, kSnan, NanPolicy::propagate) == 0x7FC00001U);     // a NaN beats inf*0
  CHECK(dot32({kOne, kSnan}, {kOne, kOne}, kNegQnan, NanPolicy::canonical) == 0x7FC00000U);
}

TEST_CASE("ieee_exact_dot: infinities and invalid operations", "[numerics][formats][exact_dot]") {
  CHECK(dot32({kInf, kOne}, {kZero, kOne}, kOne) == 0x7FC00000U);          // inf * 0
  CHECK(dot32({kInf, kInf}, {kOne, kNegInf}, kOne) == 0x7FC00000U);        // +inf + -inf among products
  CHECK(dot32({kInf, kOne}, {kOne, kOne}, kNegInf) == 0x7FC00000U);        // product +inf, c -inf
  CHECK(dot32({kInf, kOne}, {kNegInf, kTwo}, kNegInf) == kNegInf);         // inf * -inf = -inf, plus 2, plus -inf
  CHECK(dot32({kNegInf, kNegInf}, {kNegInf, kOne}, kOne) == 0x7FC00000U);  // +inf and -inf products
  CHECK(dot32({kOne, kOne}, {kOne, kOne}, kInf) == kInf);
}

TEST_CASE("ieee_exact_dot: zero signs and a single rounding of the exact sum", "[numerics][formats][exact_dot]") {
  CHECK(dot32({kNegZero, kOne}, {kOne, kNegZero}, kNegZero) == kNegZero);  // every term -0
  CHECK(dot32({kNegZero, kOne}, {kOne, kZero}, kNegZero) == kZero);        // one +0 product
  CHECK(dot32({kOne, kOne}, {kOne, 0xBF800000}, kZero) == kZero);          // 1 - 1 + 0: exact cancellation is +0
  // 1*1 + 2^-12*2^-12 + 2^-48 = 1 + 2^-24 + 2^-48: above the halfway point between 1 and 1 + 2^-23,
  // so one rounding gives 1 + 2^-23; rounding 1 + 2^-24 first (a tie, to even) would give 1.
  CHECK(dot32({kOne, 0x39800000}, {kOne, 0x39800000}, 0x27800000) == 0x3F800001U);
  // Round toward zero and a flushed subnormal result follow the caller's rounding options.
  const std::uint64_t a[] = {0x00800000}, b[] = {0x3F000000};  // 2^-126 * 0.5 = 2^-127, a subnormal
  mxlane::RoundingOptions flush;
  flush.underflow = mxlane::Underflow::flush_after_rounding;
  CHECK(mxlane::ieee_exact_dot(mxlane::kBinary32, a, b, kNegZero, {}, mxlane::NanPolicy::canonical) == 0x00400000U);
  CHECK(mxlane::ieee_exact_dot(mxlane::kBinary32, a, b, kNegZero, flush, mxlane::NanPolicy::canonical) == kZero);
}

TEST_CASE("ieee_exact_dot: random finite binary32 and binary64 dots against the exact-rational reference",
          "[numerics][formats][exact_dot]") {
  mxref::Gen g(20261201);
  for (const bool wide : {false, true}) {
    const mxlane::FormatSpec& f = wide ? mxlane::kBinary64 : mxlane::kBinary32;
    const mxref::Fmt& ref = wide ? mxref::kRefF64 : mxref::kRefF32;
    for (int trial = 0; trial < 3000; ++trial) {
      const int k = g.range(1, 8);
      // Finite values with exponents near each other (so that terms interact) or far apart.
      const int spread = g.coin(50) ? 4 : 60;
      const auto value = [&] {
        const std::uint64_t e = static_cast<std::uint64_t>(ref.bias() + g.range(-spread, spread));
        return (g.sign() ? ref.sign_mask() : 0) | (e << ref.mbits) | g.frac(ref);
      };
      std::vector<std::uint64_t> a(static_cast<std::size_t>(k)), b(a.size());
      for (auto& x : a) x = value();
      for (auto& x : b) x = value();
      const std::uint64_t c = value();
      mxref::Rat exact = mxref::decode_ref(ref, c).value();
      for (std::size_t i = 0; i < a.size(); ++i)
        exact += mxref::decode_ref(ref, a[i]).value() * mxref::decode_ref(ref, b[i]).value();
      if (exact == 0) continue;  // exact cancellation: covered by the hand cases above
      const mxref::Expect want = mxref::round_signed(ref, exact, mxref::Cfg{});
      const std::uint64_t got = mxlane::ieee_exact_dot(f, a, b, c, {}, mxlane::NanPolicy::canonical);
      INFO("trial " << trial << " k " << k << " got 0x" << std::hex << got << " want 0x" << want.bits);
      REQUIRE(want.accepts(got));
    }
  }
}
