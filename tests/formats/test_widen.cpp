// widen() exhaustively over every f16, bf16 and FP8/BF8 pattern and every NaN policy, against a
// decoding written here from the formats' field layouts (docs/spec/numerics.md §B.2, §B.5 WIDEN,
// docs/spec/valu.md §6.5, §6.6), never calling the code under test for an expectation.
#include "support/catch_compat.hpp"

#include <cstdint>
#include <stdexcept>

#include "emu/formats/widen.hpp"

namespace {

// A narrow format as the test sees it: field widths, bias, and where its NaNs and infinities are.
struct Narrow {
  const mxlane::FormatSpec* spec;
  int exp_bits, man_bits, bias;
  enum { ieee, e4m3, fnuz } kind;
};

// binary32 or binary64 from its field widths, for the expected patterns.
struct Wide {
  const mxlane::FormatSpec* spec;
  int exp_bits, man_bits;
  int bias() const { return (1 << (exp_bits - 1)) - 1; }
  std::uint64_t sign_bit() const { return std::uint64_t{1} << (exp_bits + man_bits); }
  std::uint64_t exp_all_ones() const { return ((std::uint64_t{1} << exp_bits) - 1) << man_bits; }
};

int msb(std::uint64_t v) {
  int p = -1;
  while (v != 0) {
    ++p;
    v >>= 1;
  }
  return p;
}

// n * 2^e (n > 0) in the wide format; the wide format holds it exactly by construction of the cases.
std::uint64_t encode_wide(const Wide& w, bool neg, std::uint64_t n, int e) {
  const std::uint64_t sign = neg ? w.sign_bit() : 0;
  const int lead = msb(n) + e;
  const int emin = 1 - w.bias();
  if (lead < emin) {  // subnormal in the wide format: fraction = n * 2^(e - (emin - man_bits))
    return sign | (n << (e - (emin - w.man_bits)));
  }
  const std::uint64_t frac = (n << (w.man_bits - msb(n))) & ((std::uint64_t{1} << w.man_bits) - 1);
  return sign | (static_cast<std::uint64_t>(lead + w.bias()) << w.man_bits) | frac;
}

std::uint64_t expected(const Narrow& f, const Wide& w, std::uint64_t x, mxlane::WidenNan policy) {
  const bool neg = ((x >> (f.exp_bits + f.man_bits)) & 1) != 0;
  const std::uint64_t e = (x >> f.man_bits) & ((1u << f.exp_bits) - 1);
  const std::uint64_t m = x & ((1u << f.man_bits) - 1);
  const std::uint64_t sign = neg ? w.sign_bit() : 0;
  const std::uint64_t quiet = std::uint64_t{1} << (w.man_bits - 1);
  const bool top = e == (1u << f.exp_bits) - 1;
  bool nan = false, inf = false;
  if (f.kind == Narrow::ieee && top) (m == 0 ? inf : nan) = true;
  if (f.kind == Narrow::e4m3 && top && m == 7) nan = true;
  if (f.kind == Narrow::fnuz && x == 0x80) nan = true;
  if (nan) {
    switch (policy) {
      case mxlane::WidenNan::move_payload: {
        const std::uint64_t payload = m << (w.man_bits - f.man_bits);
        return sign | w.exp_all_ones() | (payload == 0 ? quiet : payload);
      }
      case mxlane::WidenNan::quiet_keep_sign: return sign | w.exp_all_ones() | quiet;
      case mxlane::WidenNan::default_nan: return w.exp_all_ones() | quiet;
      case mxlane::WidenNan::all_ones: return w.exp_all_ones() | (quiet * 2 - 1);
    }
  }
  if (inf) return sign | w.exp_all_ones();
  if (e == 0 && m == 0) return sign;
  if (e == 0) return encode_wide(w, neg, m, 1 - f.bias - f.man_bits);                             // 0.m * 2^emin
  return encode_wide(w, neg, m | (1u << f.man_bits), static_cast<int>(e) - f.bias - f.man_bits);  // 1.m * 2^(e-bias)
}

const Narrow kNarrow[] = {
    {&mxlane::kBinary16, 5, 10, 15, Narrow::ieee},  {&mxlane::kBfloat16, 8, 7, 127, Narrow::ieee},
    {&mxlane::kFp8E4M3Ocp, 4, 3, 7, Narrow::e4m3},  {&mxlane::kFp8E5M2Ocp, 5, 2, 15, Narrow::ieee},
    {&mxlane::kFp8E4M3Fnuz, 4, 3, 8, Narrow::fnuz}, {&mxlane::kFp8E5M2Fnuz, 5, 2, 16, Narrow::fnuz},
};
const mxlane::WidenNan kPolicies[] = {mxlane::WidenNan::move_payload, mxlane::WidenNan::quiet_keep_sign,
                                      mxlane::WidenNan::default_nan, mxlane::WidenNan::all_ones};

}  // namespace

TEST_CASE("widen: every f16, bf16 and FP8/BF8 pattern to binary32 and binary64, every NaN policy",
          "[numerics][formats][widen]") {
  const Wide f32{&mxlane::kBinary32, 8, 23}, f64{&mxlane::kBinary64, 11, 52};
  for (const Narrow& f : kNarrow) {
    for (const mxlane::WidenNan policy : kPolicies) {
      std::uint64_t mismatches = 0, first_bad = 0;
      const std::uint64_t count = std::uint64_t{1} << (1 + f.exp_bits + f.man_bits);
      for (std::uint64_t x = 0; x < count; ++x) {
        const bool ok32 = mxlane::widen_to_f32(*f.spec, x, policy) == expected(f, f32, x, policy);
        const bool ok64 = mxlane::widen(*f.spec, *f64.spec, x, policy) == expected(f, f64, x, policy);
        if (!ok32 || !ok64) first_bad = mismatches++ == 0 ? x : first_bad;
      }
      INFO(f.spec->name << " policy " << static_cast<int>(policy) << " first mismatch at 0x" << std::hex << first_bad);
      CHECK(mismatches == 0);
    }
  }
}

TEST_CASE("widen: hand-checked patterns", "[numerics][formats][widen]") {
  using mxlane::WidenNan;
  CHECK(mxlane::widen_to_f32(mxlane::kBinary16, 0x0001, WidenNan::move_payload) == 0x33800000U);  // 2^-24
  CHECK(mxlane::widen_to_f32(mxlane::kBinary16, 0xFC01, WidenNan::move_payload) ==
        0xFF802000U);  // sNaN stays signalling
  CHECK(mxlane::widen_to_f32(mxlane::kBinary16, 0xFC01, WidenNan::quiet_keep_sign) == 0xFFC00000U);
  CHECK(mxlane::widen_to_f32(mxlane::kBfloat16, 0x0001, WidenNan::move_payload) == 0x00010000U);  // f32 subnormal
  CHECK(mxlane::widen_to_f32(mxlane::kFp8E4M3Ocp, 0x7E, WidenNan::move_payload) == 0x43E00000U);  // 448
  CHECK(mxlane::widen_to_f32(mxlane::kFp8E4M3Fnuz, 0x80, WidenNan::all_ones) == 0x7FFFFFFFU);
  CHECK(mxlane::widen_to_f32(mxlane::kFp8E4M3Fnuz, 0x80, WidenNan::move_payload) == 0xFFC00000U);
}

TEST_CASE("widen: a target that cannot hold every value is refused", "[numerics][formats][widen]") {
  CHECK_THROWS_AS(mxlane::widen(mxlane::kBinary16, mxlane::kBfloat16, 0x3C00, mxlane::WidenNan::move_payload),
                  std::logic_error);
  CHECK_THROWS_AS(mxlane::widen(mxlane::kBfloat16, mxlane::kBinary16, 0x3F80, mxlane::WidenNan::move_payload),
                  std::logic_error);
  CHECK_THROWS_AS(mxlane::widen(mxlane::kBinary32, mxlane::kFp8E4M3Ocp, 0, mxlane::WidenNan::move_payload),
                  std::logic_error);
}
