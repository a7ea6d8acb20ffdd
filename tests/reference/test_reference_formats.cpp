// round_pack, ieee_fma and ieee_add, and the RDNA3 accumulator widening, against the exact-rational
// reference rounding of reference_models.hpp (docs/spec/numerics.md §B.0, §B.5 WIDEN).
#include "support/catch_compat.hpp"

#include <array>

#include "emu/formats/ieee_ops.hpp"
#include "emu/formats/round_pack.hpp"
#include "emu/semantics/rdna3_dot2.hpp"
#include "reference/reference_generators.hpp"
#include "reference/reference_models.hpp"

using namespace mxref;

namespace {

struct FormatPair {
  const mxlane::FormatSpec* spec;  // the code under test's description of the format
  Fmt ref;                         // the reference's own parameters
};

const std::array<FormatPair, 5> kFormats = {{
    {&mxlane::kBinary64, kRefF64},
    {&mxlane::kBinary32, kRefF32},
    {&mxlane::kBinary16, kRefF16},
    {&mxlane::kBfloat16, kRefBF16},
    {&mxlane::kFp8E5M2Ocp, kRefE5M2},
}};

Cfg random_cfg(Gen& g, bool allow_overflow_to_max) {
  Cfg c;
  if (g.coin(40)) return c;  // the default: RNE, gradual underflow
  c.mode = static_cast<Mode>(g.range(0, 3));
  c.under = static_cast<Under>(g.range(0, 2));
  c.flush_positive = g.coin(50);
  c.overflow_to_max = allow_overflow_to_max && g.coin(20);
  return c;
}

mxlane::RoundingOptions to_options(const Cfg& c) {
  mxlane::RoundingOptions o;
  o.mode = c.mode == Mode::rne   ? mxlane::RoundingMode::nearest_even
           : c.mode == Mode::rtz ? mxlane::RoundingMode::toward_zero
           : c.mode == Mode::up  ? mxlane::RoundingMode::up
                                 : mxlane::RoundingMode::down;
  o.underflow = c.under == Under::gradual       ? mxlane::Underflow::gradual
                : c.under == Under::flush_after ? mxlane::Underflow::flush_after_rounding
                                                : mxlane::Underflow::flush_unbounded;
  o.flush_to_positive_zero = c.flush_positive;
  o.overflow = c.overflow_to_max ? mxlane::Overflow::to_max : mxlane::Overflow::ieee;
  return o;
}

std::string describe_cfg(const Cfg& c) {
  static const char* modes[] = {"rne", "rtz", "up", "down"};
  static const char* unders[] = {"gradual", "flush_after_rounding", "flush_unbounded"};
  return std::string("mode=") + modes[static_cast<int>(c.mode)] + " underflow=" + unders[static_cast<int>(c.under)] +
         " flush_to_positive_zero=" + (c.flush_positive ? "1" : "0") +
         " overflow=" + (c.overflow_to_max ? "to_max" : "ieee");
}

__extension__ typedef unsigned __int128 u128;

Int to_int128(u128 v) { return (Int(static_cast<std::uint64_t>(v >> 64)) << 64) | Int(static_cast<std::uint64_t>(v)); }

std::string hex128(u128 v) {
  return hex(static_cast<std::uint64_t>(v >> 64), 16) + "_" + hex(static_cast<std::uint64_t>(v), 16).substr(2);
}

}  // namespace

TEST_CASE("reference: round_pack vs exact-rational rounding (all modes, underflow and overflow variants)",
          "[reference][formats]") {
  const std::uint64_t seed = 0x5EED0001;
  Gen g(seed);
  Mismatches mm("round_pack", seed);
  int ties = 0, overflows = 0, flushed = 0;
  for (int i = 0; i < cases(30000); ++i) {
    const FormatPair& fp = kFormats[static_cast<std::size_t>(g.range(0, 4))];
    const Fmt& f = fp.ref;
    const Cfg cfg = random_cfg(g, true);
    const bool neg = g.sign();
    const bool sticky = g.coin(35);
    const int p = f.prec();
    const int len = sticky ? g.range(f.mbits + 3, 128) : (g.coin(50) ? g.range(1, p + 4) : g.range(1, 128));
    // Exponent of the leading bit of the value: biased to the ends of the range.
    int lead = 0;
    switch (g.range(0, 6)) {
      case 0: lead = g.range(f.emax() - 1, f.emax() + 1); break;           // overflow threshold
      case 1: lead = g.range(f.emin() - 2, f.emin() + 1); break;           // normal/subnormal boundary
      case 2: lead = g.range(f.emin() - p - 2, f.emin() - 1); break;       // subnormal range and below
      case 3: lead = g.range(f.emin() - p - 60, f.emin() - p - 2); break;  // far below
      case 4: lead = g.range(f.emax() + 1, f.emax() + 60); break;          // far above
      default: lead = g.range(f.emin(), f.emax()); break;                  // normal range
    }
    const int exp = lead - (len - 1);
    // Significand pattern.
    u128 sig = (static_cast<u128>(g.u64()) << 64) | g.u64();
    if (len < 128) sig &= (u128{1} << len) - 1;
    sig |= u128{1} << (len - 1);
    const int pattern = g.range(0, 5);
    if (pattern == 0 || pattern == 1) {
      // An exact tie (without sticky) at the rounding position of the gradual or unbounded grid.
      const int q = (cfg.under == Under::flush_unbounded ? lead : std::max(lead, f.emin())) - p + 1;
      const int half_bit = q - 1 - exp;
      if (half_bit >= 0 && half_bit < len - 1) {
        sig &= ~((u128{1} << (half_bit + 1)) - 1);
        sig |= u128{1} << half_bit;
        ++ties;
      }
    } else if (pattern == 2) {
      sig = len == 128 ? ~u128{0} : (u128{1} << len) - 1;  // all ones: rounding carries
    }
    // The exact value (sig + frac) * 2^exp, 0 < frac < 1 exactly when sticky.
    Rat mag = Rat(to_int128(sig));
    if (sticky) {
      const int j = g.range(1, 12);
      mag += Rat(Int(2 * g.bits(j - 1) + 1), Int(1) << j);
    }
    mag *= pow2(exp);
    const Expect want = round_ref(f, neg, mag, cfg);
    const std::uint64_t got = mxlane::round_pack(*fp.spec, neg, exp, sig, sticky, to_options(cfg));
    const Val wv = decode_ref(f, want.bits);
    if (wv.cls == Cls::inf || want.bits == f.max_finite(neg)) ++overflows;
    if (wv.cls == Cls::zero) ++flushed;
    mm.check(want.accepts(got), [&] {
      return std::string("round_pack(") + std::string(fp.spec->name) + ", neg=" + (neg ? "1" : "0") +
             ", exp=" + std::to_string(exp) + ", sig=" + hex128(sig) + ", sticky=" + (sticky ? "1" : "0") + ", " +
             describe_cfg(cfg) + ") = " + hex(got, f.width() / 4) + ", reference " + hex(want.bits, f.width() / 4) +
             (want.alt ? " (or " + hex(*want.alt, f.width() / 4) + ")" : "");
    });
  }
  mm.finish();
  INFO("ties " << ties << ", overflows " << overflows << ", zeros " << flushed);
  CHECK(ties > mm.total() / 10);
  CHECK(overflows > mm.total() / 20);
  CHECK(flushed > mm.total() / 20);
}

namespace {

// Operands for fma/add tests: uniform bits, edges, near-cancellation, threshold products.
struct Triple {
  std::uint64_t a, b, c;
};

Triple fma_operands(Gen& g, const Fmt& f) {
  switch (g.range(0, 7)) {
    case 0:
    case 1: return {g.bits(f.width()), g.bits(f.width()), g.bits(f.width())};
    case 2: return {g.edge(f, true), g.edge(f, true), g.edge(f, true)};
    case 3: return {g.edge(f, false), g.edge(f, false), g.edge(f, false)};
    case 4: {  // c = -round(a*b) (the FMA error term survives), or exactly -(a*b) when representable
      const std::uint64_t a = g.at_exp(f, g.range(-20, 20)), b = g.at_exp(f, g.range(-20, 20));
      const Val va = decode_ref(f, a), vb = decode_ref(f, b);
      const Rat prod = va.value() * vb.value();
      std::uint64_t c = prod == 0 ? g.edge(f, false) : round_signed(f, prod, Cfg{}).bits ^ f.sign_mask();
      if (g.coin(30)) c ^= g.bits(2);  // near, not exact
      return {a, b, c};
    }
    case 5: {  // product at the underflow threshold, c tiny
      const int t = g.range(f.emin() - f.prec() - 2, f.emin() + 1);
      auto [a, b] = g.product_near(f, f, t);
      const std::uint64_t c =
          g.coin(50) ? (g.sign() ? f.sign_mask() : 0) : g.at_exp(f, g.range(f.emin() - f.mbits, f.emin() + 1));
      return {a, b, c};
    }
    case 6: {  // product at the overflow threshold, c near the top
      auto [a, b] = g.product_near(f, f, g.range(f.emax() - 1, f.emax() + 1));
      const std::uint64_t c = g.coin(50) ? f.max_finite(g.sign()) : g.at_exp(f, g.range(f.emax() - 2, f.emax()));
      return {a, b, c};
    }
    default: return {g.any(f), g.any(f), g.any(f)};
  }
}

}  // namespace

TEST_CASE("reference: ieee_fma vs exact-rational fma (binary32, binary64)", "[reference][formats]") {
  const std::uint64_t seed = 0x5EED0002;
  Gen g(seed);
  for (const FormatPair& fp : {kFormats[1], kFormats[0]}) {
    const Fmt& f = fp.ref;
    Mismatches mm(std::string("ieee_fma ") + std::string(fp.spec->name), seed);
    ResultClasses rc;
    for (int i = 0; i < cases(20000); ++i) {
      const Cfg cfg = random_cfg(g, true);
      const NanRule rule = g.coin(50) ? NanRule::canonical : NanRule::propagate;
      const Triple t = fma_operands(g, f);
      const Expect want = ref_fma(f, t.a, t.b, t.c, cfg, rule);
      const std::uint64_t got =
          mxlane::ieee_fma(*fp.spec, t.a, t.b, t.c, to_options(cfg),
                           rule == NanRule::canonical ? mxlane::NanPolicy::canonical : mxlane::NanPolicy::propagate);
      rc.add(f, want.bits);
      mm.check(want.accepts(got), [&] {
        return "ieee_fma(" + hex(t.a, f.width() / 4) + ", " + hex(t.b, f.width() / 4) + ", " + hex(t.c, f.width() / 4) +
               ", " + describe_cfg(cfg) + (rule == NanRule::canonical ? ", canonical" : ", propagate") +
               ") = " + hex(got, f.width() / 4) + ", reference " + hex(want.bits, f.width() / 4) +
               (want.alt ? " (or " + hex(*want.alt, f.width() / 4) + ")" : "");
      });
    }
    mm.finish();
    INFO("zero " << rc.zero() << " subnormal " << rc.subnormal() << " normal " << rc.normal() << " inf " << rc.inf()
                 << " nan " << rc.nan());
    CHECK(rc.zero() > mm.total() / 50);
    CHECK(rc.subnormal() > mm.total() / 50);
    CHECK(rc.inf() > mm.total() / 50);
    CHECK(rc.nan() > mm.total() / 50);
  }
}

TEST_CASE("reference: ieee_add vs exact-rational addition (binary32, binary64)", "[reference][formats]") {
  const std::uint64_t seed = 0x5EED0003;
  Gen g(seed);
  for (const FormatPair& fp : {kFormats[1], kFormats[0]}) {
    const Fmt& f = fp.ref;
    Mismatches mm(std::string("ieee_add ") + std::string(fp.spec->name), seed);
    ResultClasses rc;
    for (int i = 0; i < cases(20000); ++i) {
      const Cfg cfg = random_cfg(g, true);
      const NanRule rule = g.coin(50) ? NanRule::canonical : NanRule::propagate;
      std::uint64_t a = 0, b = 0;
      switch (g.range(0, 5)) {
        case 0:
          a = g.bits(f.width());
          b = g.bits(f.width());
          break;
        case 1:
          a = g.edge(f, true);
          b = g.edge(f, true);
          break;
        case 2:  // exact or near cancellation
          a = g.edge(f, false);
          b = (a ^ f.sign_mask()) + (g.coin(50) ? 0 : g.bits(2));
          if (decode_ref(f, b).cls == Cls::nan || decode_ref(f, b).cls == Cls::inf) b = a ^ f.sign_mask();
          break;
        case 3:  // both near the bottom
          a = g.at_exp(f, g.range(f.emin() - f.mbits, f.emin() + 1));
          b = g.at_exp(f, g.range(f.emin() - f.mbits, f.emin() + 1));
          break;
        case 4:  // both near the top
          a = g.at_exp(f, g.range(f.emax() - 1, f.emax()));
          b = g.at_exp(f, g.range(f.emax() - 1, f.emax()));
          break;
        default:
          a = g.any(f);
          b = g.any(f);
          break;
      }
      const Expect want = ref_add(f, a, b, cfg, rule);
      const std::uint64_t got =
          mxlane::ieee_add(*fp.spec, a, b, to_options(cfg),
                           rule == NanRule::canonical ? mxlane::NanPolicy::canonical : mxlane::NanPolicy::propagate);
      rc.add(f, want.bits);
      mm.check(want.accepts(got), [&] {
        return "ieee_add(" + hex(a, f.width() / 4) + ", " + hex(b, f.width() / 4) + ", " + describe_cfg(cfg) +
               (rule == NanRule::canonical ? ", canonical" : ", propagate") + ") = " + hex(got, f.width() / 4) +
               ", reference " + hex(want.bits, f.width() / 4) +
               (want.alt ? " (or " + hex(*want.alt, f.width() / 4) + ")" : "");
      });
    }
    mm.finish();
    INFO("zero " << rc.zero() << " subnormal " << rc.subnormal() << " normal " << rc.normal() << " inf " << rc.inf()
                 << " nan " << rc.nan());
    CHECK(rc.zero() > mm.total() / 50);
    CHECK(rc.subnormal() > mm.total() / 50);
    CHECK(rc.inf() > mm.total() / 50);
    CHECK(rc.nan() > mm.total() / 50);
  }
}

TEST_CASE("reference: RDNA3 accumulator widening, every f16 and bf16 pattern (§B.5 WIDEN)",
          "[reference][rdna3][formats]") {
  Mismatches mm("rdna3_widen_accumulator", 0);
  for (std::uint32_t x = 0; x < 0x10000; ++x) {
    const auto h = static_cast<std::uint16_t>(x);
    for (const Out out : {Out::f16, Out::bf16}) {
      const std::uint32_t want = ref_widen(out, h);
      const std::uint32_t got =
          mxlane::rdna3_widen_accumulator(out == Out::f16 ? mxlane::Dot2Output::f16 : mxlane::Dot2Output::bf16, h);
      mm.check(got == want, [&] {
        return std::string(out == Out::f16 ? "f16 " : "bf16 ") + hex(h, 4) + " widened to " + hex(got, 8) +
               ", reference " + hex(want, 8);
      });
    }
  }
  mm.finish();
}
