// Seeded, reproducible input generators for the reference tests, biased to the cases uniform bits
// almost never reach (subnormals, signed zeros, infinities, NaNs, near-cancellation, products at the
// underflow and overflow thresholds), plus the bookkeeping that reports disagreements.
#pragma once

#include "support/catch_compat.hpp"

#include "tests/support/hex.hpp"

#include <cstdint>
#include <cstdio>
#include <random>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "reference/reference_models.hpp"

namespace mxref {

// Case counts: the full counts in normal builds, fewer under AddressSanitizer.
#if defined(__SANITIZE_ADDRESS__)
#define MXREF_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MXREF_UNDER_ASAN 1
#endif
#endif
#ifdef MXREF_UNDER_ASAN
inline constexpr int kCaseDivisor = 10;
#else
inline constexpr int kCaseDivisor = 1;
#endif
inline int cases(int full) { return full / kCaseDivisor; }

using mxlane_test::hex;  // "0x" + upper-case digits (tests/support/hex.hpp)

inline std::string hex_list(std::span<const std::uint64_t> v, int digits) {
  std::string s = "{";
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) s += ", ";
    s += hex(v[i], digits);
  }
  return s + "}";
}

// Counts disagreements and reports the first few in full through Catch (the test then fails).
class Mismatches {
 public:
  Mismatches(std::string family, std::uint64_t seed) : family_(std::move(family)), seed_(seed) {}
  template <class Describe>
  void check(bool ok, Describe&& describe) {
    ++total_;
    if (ok) return;
    if (++count_ <= 8)
      FAIL_CHECK(family_ << " seed " << hex(seed_, 1) << " case " << (total_ - 1) << ": " << describe());
  }
  int total() const { return total_; }
  int count() const { return count_; }
  void finish() const {
    INFO(family_ << ": " << count_ << " of " << total_ << " cases disagree with the reference (seed " << hex(seed_, 1)
                 << ")");
    CHECK(count_ == 0);
  }

 private:
  std::string family_;
  std::uint64_t seed_;
  int total_ = 0;
  int count_ = 0;
};

// How often each class of result came out: the generators must actually reach the edges.
struct ResultClasses {
  int n[5] = {0, 0, 0, 0, 0};  // zero, subnormal, normal, inf, nan
  void add(const Fmt& f, std::uint64_t bits) { ++n[static_cast<int>(decode_ref(f, bits).cls)]; }
  int zero() const { return n[0]; }
  int subnormal() const { return n[1]; }
  int normal() const { return n[2]; }
  int inf() const { return n[3]; }
  int nan() const { return n[4]; }
};

class Gen {
 public:
  explicit Gen(std::uint64_t seed) : rng_(seed) {}

  std::uint64_t u64() { return rng_(); }
  std::uint64_t bits(int n) { return n >= 64 ? rng_() : rng_() & ((std::uint64_t{1} << n) - 1); }
  int range(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }  // inclusive
  bool coin(int percent) { return range(0, 99) < percent; }
  bool sign() { return (rng_() & 1) != 0; }

  // A fraction field with a pattern that stresses rounding: random, zero, all ones, one bit, few bits.
  std::uint64_t frac(const Fmt& f) {
    switch (range(0, 7)) {
      case 0: return 0;
      case 1: return f.frac_mask();
      case 2: return std::uint64_t{1} << range(0, f.mbits - 1);
      case 3: return f.frac_mask() & (bits(3) << (f.mbits > 3 ? f.mbits - 3 : 0));  // few leading bits
      case 4: return bits(f.mbits) | 1;
      default: return bits(f.mbits);
    }
  }

  // A value with unbiased exponent e (clamped to max finite above the range; below emin the same
  // scale as a subnormal, possibly zero).
  std::uint64_t with_exp(const Fmt& f, bool neg, int e, std::uint64_t fraction) {
    const std::uint64_t s = neg ? f.sign_mask() : 0;
    if (e > f.emax()) return f.max_finite(neg);
    if (e >= f.emin()) return s | (static_cast<std::uint64_t>(e + f.bias()) << f.mbits) | (fraction & f.frac_mask());
    const int shift = f.emin() - e;
    const std::uint64_t sig = (std::uint64_t{1} << f.mbits) | (fraction & f.frac_mask());
    return s | (shift > f.mbits ? 0 : sig >> shift);
  }
  std::uint64_t at_exp(const Fmt& f, int e) { return with_exp(f, sign(), e, frac(f)); }

  std::uint64_t nan(const Fmt& f, bool quiet) {
    std::uint64_t payload = bits(f.mbits - 1);
    if (!quiet && payload == 0) payload = 1;
    return (sign() ? f.sign_mask() : 0) | (f.exp_all_ones() << f.mbits) | (quiet ? f.quiet_bit() : 0) | payload;
  }

  // Edge classes. `specials` enables inf and NaN.
  std::uint64_t edge(const Fmt& f, bool specials) {
    const bool s = sign();
    const std::uint64_t sb = s ? f.sign_mask() : 0;
    for (;;) {
      switch (range(0, 17)) {
        case 0: return sb;                                                             // +-0
        case 1: return sb | 1;                                                         // smallest subnormal
        case 2: return sb | f.frac_mask();                                             // largest subnormal
        case 3: return sb | (bits(f.mbits) | 1);                                       // random subnormal
        case 4: return sb | (std::uint64_t{1} << f.mbits) | (coin(50) ? 0 : bits(2));  // min normal (+ a little)
        case 5: return f.max_finite(s) - (coin(50) ? 0 : bits(2));                     // max finite (- a little)
        case 6:
          if (specials) return f.inf(s);
          break;
        case 7:
          if (specials) return nan(f, true);
          break;
        case 8:
          if (specials) return nan(f, false);
          break;
        case 9:
        case 10: {  // near 1: 1 +- a few ulps, or a random value in [1/4, 4)
          if (coin(50)) {
            const std::uint64_t one = static_cast<std::uint64_t>(f.bias()) << f.mbits;
            return sb | (coin(50) ? one + bits(2) : one - bits(2));
          }
          return with_exp(f, s, range(-2, 1), frac(f));
        }
        case 11: return with_exp(f, s, range(f.emin(), f.emax()), bits(f.mbits));  // any normal
        case 12:
        case 13: return with_exp(f, s, range(-6, 6), frac(f));                             // moderate
        case 14: return with_exp(f, s, range(f.emin() - f.mbits, f.emin() + 3), frac(f));  // bottom
        case 15: return with_exp(f, s, range(f.emax() - 3, f.emax()), frac(f));            // top
        default: return with_exp(f, s, range(-3, 3), frac(f));
      }
    }
  }

  // 25% uniform bits, 75% edge classes (specials included).
  std::uint64_t any(const Fmt& f) { return coin(25) ? bits(f.width()) : edge(f, true); }

  // Factors x (format fx) and y (format fy) whose product has exponent about t.
  std::pair<std::uint64_t, std::uint64_t> product_near(const Fmt& fx, const Fmt& fy, int t) {
    const int lo = std::max(fx.emin() - fx.mbits, t - fy.emax());
    const int hi = std::min(fx.emax(), t - (fy.emin() - fy.mbits));
    const int ex = lo <= hi ? range(lo, hi) : (lo + hi) / 2;
    return {with_exp(fx, sign(), ex, frac(fx)), with_exp(fy, sign(), t - ex, frac(fy))};
  }

 private:
  std::mt19937_64 rng_;
};

// ---------------------------------------------------------------------------------------------
// Dot-product cases: A row, B column, C.
// ---------------------------------------------------------------------------------------------
struct DotShape {
  Fmt in;                 // A and B element format
  Fmt acc;                // C format
  int k;                  // number of products
  std::vector<int> low;   // product exponents at the underflow / flush thresholds of the family
  std::vector<int> high;  // product exponents at its overflow thresholds
};

struct DotCase {
  std::vector<std::uint64_t> a, b;
  std::uint64_t c = 0;
  int scenario = 0;
};

inline const char* scenario_name(int s) {
  static const char* names[] = {"uniform-bits",        "edge-finite",        "injected-specials", "cancellation",
                                "underflow-threshold", "overflow-threshold", "edge-any",          "signed-zeros"};
  return names[s];
}

// Exact sum of the finite products a[i]*b[i], i in [first, first + n).
inline Rat exact_products(const Fmt& f, const DotCase& d, std::size_t first, std::size_t n) {
  Rat s = 0;
  for (std::size_t i = first; i < first + n && i < d.a.size(); ++i) {
    const Val x = decode_ref(f, d.a[i]), y = decode_ref(f, d.b[i]);
    if (x.finite() && y.finite()) s += x.value() * y.value();
  }
  return s;
}

// -x in format f: exactly when representable, else the nearest value (a near-cancellation).
inline std::uint64_t negated_in(const Fmt& f, const Rat& x) {
  if (x == 0) return 0;
  if (const auto e = exact_bits(f, -x)) return *e;
  return round_signed(f, -x, Cfg{}).bits;
}

// `forced` >= 0 selects one scenario instead of the biased mix.
inline DotCase make_dot_case(Gen& g, const DotShape& s, int forced = -1) {
  const Fmt& in = s.in;
  const Fmt& acc = s.acc;
  const auto k = static_cast<std::size_t>(s.k);
  DotCase d;
  d.a.resize(k);
  d.b.resize(k);
  const int roll = g.range(0, 99);
  d.scenario = roll < 25   ? 0
               : roll < 37 ? 1
               : roll < 46 ? 2
               : roll < 61 ? 3
               : roll < 73 ? 4
               : roll < 84 ? 5
               : roll < 92 ? 7
                           : 6;
  if (forced >= 0) d.scenario = forced;
  switch (d.scenario) {
    case 0:  // uniform random bits
      for (std::size_t i = 0; i < k; ++i) d.a[i] = g.bits(in.width()), d.b[i] = g.bits(in.width());
      d.c = g.bits(acc.width());
      break;
    case 1:  // finite edge classes everywhere
      for (std::size_t i = 0; i < k; ++i) d.a[i] = g.edge(in, false), d.b[i] = g.edge(in, false);
      d.c = g.edge(acc, false);
      break;
    case 2: {  // moderate values with one or two injected specials / zeros / subnormals
      for (std::size_t i = 0; i < k; ++i) d.a[i] = g.at_exp(in, g.range(-6, 6)), d.b[i] = g.at_exp(in, g.range(-6, 6));
      d.c = g.at_exp(acc, g.range(-6, 6));
      const int n = g.range(1, 2);
      for (int j = 0; j < n; ++j) {
        const int where = g.range(0, 2 * s.k);  // an A element, a B element, or C
        const Fmt& f = where == 2 * s.k ? acc : in;
        std::uint64_t v = 0;
        switch (g.range(0, 6)) {
          case 0: v = f.inf(g.sign()); break;
          case 1: v = g.nan(f, true); break;
          case 2: v = g.nan(f, false); break;
          case 3: v = g.sign() ? f.sign_mask() : 0; break;
          case 4: v = (g.sign() ? f.sign_mask() : 0) | (g.bits(f.mbits) | 1); break;
          default: v = g.edge(f, true); break;
        }
        if (where == 2 * s.k)
          d.c = v;
        else if (where < s.k)
          d.a[static_cast<std::size_t>(where)] = v;
        else
          d.b[static_cast<std::size_t>(where - s.k)] = v;
      }
      break;
    }
    case 3: {  // cancellation: equal and opposite products, C = -(partial sums), or a dominating C
      for (std::size_t i = 0; i < k; ++i) d.a[i] = g.at_exp(in, g.range(-4, 4)), d.b[i] = g.at_exp(in, g.range(-4, 4));
      for (std::size_t i = 0; i + 1 < k; i += 2)
        if (g.coin(60)) d.a[i + 1] = d.a[i], d.b[i + 1] = d.b[i] ^ in.sign_mask();
      if (k >= 4 && g.coin(25)) d.a[2] = d.a[0], d.b[2] = d.b[0] ^ in.sign_mask();
      const Rat p0 = exact_products(in, d, 0, 1);
      switch (g.range(0, 5)) {
        case 0: d.c = g.sign() ? acc.sign_mask() : 0; break;
        case 1: d.c = negated_in(acc, exact_products(in, d, 0, 2)); break;
        case 2: d.c = negated_in(acc, p0); break;
        case 3: d.c = negated_in(acc, exact_products(in, d, 0, std::min<std::size_t>(k, 4))); break;
        case 4:  // C much larger than the products (grid alignment against C)
          d.c = p0 == 0
                    ? g.at_exp(acc, g.range(-4, 4))
                    : g.with_exp(acc, g.sign(), floor_log2(p0 < 0 ? Rat(-p0) : p0) + g.range(3, 30), g.bits(acc.mbits));
          break;
        default: d.c = g.edge(acc, false); break;
      }
      if (g.coin(15)) d.c ^= acc.sign_mask();
      break;
    }
    case 4: {  // products at the underflow thresholds, tiny C
      for (std::size_t i = 0; i < k; ++i) {
        if (g.coin(20)) {
          d.a[i] = g.edge(in, false), d.b[i] = g.edge(in, false);
          continue;
        }
        const int t = s.low[static_cast<std::size_t>(g.range(0, static_cast<int>(s.low.size()) - 1))] + g.range(-2, 2);
        std::tie(d.a[i], d.b[i]) = g.product_near(in, in, t);
      }
      switch (g.range(0, 3)) {
        case 0: d.c = g.sign() ? acc.sign_mask() : 0; break;
        case 1: d.c = g.at_exp(acc, acc.emin() + g.range(-acc.mbits, 2)); break;
        case 2: d.c = negated_in(acc, exact_products(in, d, 0, 1)); break;
        default: d.c = g.edge(acc, false); break;
      }
      break;
    }
    case 5: {  // products at the overflow thresholds, C near the top
      for (std::size_t i = 0; i < k; ++i) {
        if (g.coin(25)) {
          d.a[i] = g.at_exp(in, g.range(-3, 3)), d.b[i] = g.at_exp(in, g.range(-3, 3));
          continue;
        }
        const int t =
            s.high[static_cast<std::size_t>(g.range(0, static_cast<int>(s.high.size()) - 1))] + g.range(-1, 1);
        std::tie(d.a[i], d.b[i]) = g.product_near(in, in, t);
      }
      if (k >= 2 && g.coin(30)) d.a[1] = d.a[0], d.b[1] = d.b[0] ^ in.sign_mask();
      switch (g.range(0, 4)) {
        case 0: d.c = acc.max_finite(g.sign()); break;
        case 1: d.c = g.at_exp(acc, acc.emax() - g.range(0, 2)); break;
        case 2: d.c = acc.inf(g.sign()); break;
        case 3: d.c = negated_in(acc, exact_products(in, d, 0, 1)); break;
        default: d.c = g.edge(acc, false); break;
      }
      break;
    }
    case 7: {  // signed zeros: zero products (+-0 or subnormal factors) and a zero / subnormal / tiny C
      if (g.coin(35)) {
        // C and one opposite-sign product leave a tiny (possibly flushed, signed) accumulator; the
        // other products are exact zeros of either sign or negative underflows.
        const bool cneg = g.coin(70);
        d.c = g.with_exp(acc, cneg, acc.emin() + g.range(0, 1), g.bits(acc.mbits));
        const auto [x, y] = g.product_near(in, in, acc.emin() + g.range(-1, 0));
        const std::size_t at = g.coin(60) ? 0 : static_cast<std::size_t>(g.range(0, s.k - 1));
        d.a[at] = (x & ~in.sign_mask()) | (cneg ? 0 : in.sign_mask());
        d.b[at] = y & ~in.sign_mask();
        for (std::size_t i = 0; i < k; ++i) {
          if (i == at) continue;
          if (g.coin(50)) {
            d.a[i] = (g.sign() ? in.sign_mask() : 0) | (g.coin(30) ? (g.bits(in.mbits) | 1) : 0);
            d.b[i] = g.edge(in, false);
          } else {
            std::tie(d.a[i], d.b[i]) = g.product_near(in, in, acc.emin() - acc.prec() - g.range(0, 20));
            d.a[i] |= in.sign_mask();
            d.b[i] &= ~in.sign_mask();
          }
          if (g.coin(50)) std::swap(d.a[i], d.b[i]);
        }
        break;
      }
      const bool all_zero = g.coin(60);
      const bool all_negative = all_zero && g.coin(40);  // every product -0 and C = -0 (docs/spec/numerics.md T7 / T7b)
      for (std::size_t i = 0; i < k; ++i) {
        if (all_zero || g.coin(70)) {
          const bool subnormal = !all_zero && g.coin(40);  // a zero on CDNA2 (DAZ) and for bf16 on RDNA3
          const std::uint64_t z =
              (all_negative || g.sign() ? in.sign_mask() : 0) | (subnormal ? (g.bits(in.mbits) | 1) : 0);
          std::uint64_t other = g.coin(15) ? in.inf(g.sign()) : g.edge(in, false);
          if (all_negative) other &= ~in.sign_mask();
          if (g.coin(50))
            d.a[i] = z, d.b[i] = other;
          else
            d.a[i] = other, d.b[i] = z;
          if (all_zero && decode_ref(in, other).cls == Cls::inf) d.a[i] = z, d.b[i] = z & ~in.sign_mask();  // finite
        } else {
          const int t = s.low[static_cast<std::size_t>(g.range(0, static_cast<int>(s.low.size()) - 1))];
          std::tie(d.a[i], d.b[i]) = g.product_near(in, in, t);
        }
      }
      const std::uint64_t cs = g.sign() ? acc.sign_mask() : 0;
      switch (g.range(0, 4)) {
        case 0:
        case 1: d.c = cs; break;
        case 2: d.c = cs | (g.bits(acc.mbits) | 1); break;
        case 3: d.c = cs | (std::uint64_t{1} << acc.mbits); break;
        default: d.c = g.with_exp(acc, g.sign(), acc.emin() + g.range(0, 2), g.bits(acc.mbits)); break;
      }
      if (all_negative) d.c = acc.sign_mask();
      break;
    }
    default:  // every element from the full biased distribution
      for (std::size_t i = 0; i < k; ++i) d.a[i] = g.any(in), d.b[i] = g.any(in);
      d.c = g.any(acc);
      break;
  }
  return d;
}

inline std::string describe_dot(const DotCase& d, const Fmt& in, const Fmt& acc) {
  return std::string("[") + scenario_name(d.scenario) + "] A=" + hex_list(d.a, in.width() / 4) +
         " B=" + hex_list(d.b, in.width() / 4) + " C=" + hex(d.c, acc.width() / 4);
}

}  // namespace mxref
