// Seeded random tests of every VALU builtin of valu_table() on every architecture that has it, at
// least 100,000 cases per builtin and architecture (a tenth under AddressSanitizer), biased to the
// edges (0, 1, all ones, sign boundaries, subnormals, infinities, NaNs, rounding ties, cancellation,
// window and threshold cases). Expected values come from valu_reference_models.hpp only; the
// builtins are called through the builtin-level API (emu/api/valu_builtins.hpp).
#include "support/catch_compat.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "emu/api/valu_builtins.hpp"
#include "emu/isa/switches.hpp"
#include "emu/isa/valu_desc.hpp"
#include "valu_reference/valu_reference_models.hpp"
#include "valu_reference/valu_test_support.hpp"

using namespace vref;
using mxlane::ArchId;
using vtest::hex;
using vtest::Mismatches;
using vtest::sp;
namespace B = mxlane::builtins;

namespace {

constexpr int kCases = 100000;

std::vector<ArchId> archs_of(const mxlane::ValuDesc& d) {
  std::vector<ArchId> out;
  for (const ArchId a : vtest::kAllArchs)
    if (d.available_on(a)) out.push_back(a);
  return out;
}
std::string key(const mxlane::ValuDesc& d, ArchId a, const char* extra = "") {
  return std::string("random ") + std::string(d.builtin) + " @" + vtest::arch_name(a) + extra;
}
std::uint64_t seed_of(std::string_view name) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a of the builtin name: a stable per-builtin seed
  for (const char ch : name) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
  return h;
}

// ============================================================================================
// Generators.
// ============================================================================================
std::uint32_t f32_bits_step(std::uint32_t x, int delta) {  // move |x| by delta ulps, keeping the sign
  const std::uint32_t s = x & 0x80000000u;
  std::int64_t m = static_cast<std::int64_t>(x & 0x7FFFFFFFu) + delta;
  m = std::clamp<std::int64_t>(m, 0, 0x7F7FFFFF);
  return s | static_cast<std::uint32_t>(m);
}
std::uint32_t host_f32(double v) { return mxlane::F32::from_host(static_cast<float>(v)).bits; }

// Three 32-bit operands of a DOT2 with 16-bit factors of format `in` and an accumulator of format
// `acc` (binary32, or the 16-bit format for fdot2_f16_f16 / fdot2_bf16_bf16).
struct Dot2Case {
  std::uint32_t a, b, c;
};
Dot2Case gen_dot2(Gen& g, const Fm& in, const Fm& acc) {
  const bool f16 = in.ebits == 5;
  const auto factor = [&](bool neg, int e) { return Gen::fpv(in, neg, e, g.fraction(in.mbits)); };
  const auto pack = [](std::uint32_t lo, std::uint32_t hi) { return (lo & 0xFFFFu) | (hi << 16); };
  const auto product_value = [&](std::uint32_t x, std::uint32_t y) {
    const Num p = decode(in, x), q = decode(in, y);
    return (p.finite() && q.finite()) ? p.x * q.x : Ex{};
  };
  std::uint32_t a0, b0, a1, b1, c;
  const int sc = g.range(0, 99);
  const int pmin = f16 ? -24 : -133, pmax = f16 ? 15 : 127;
  if (sc < 15) {  // edges everywhere
    a0 = g.fp(in, pmin, pmax), b0 = g.fp(in, pmin, pmax), a1 = g.fp(in, pmin, pmax), b1 = g.fp(in, pmin, pmax);
    c = g.fp(acc, acc.emin() - acc.mbits, acc.emax());
  } else if (sc < 85) {
    // Moderate products around 2^E.
    const int E = f16 ? g.range(-20, 24) : g.range(-120, 120);
    const int ea0 = E / 2 + g.range(-3, 3), eb0 = E - ea0 + g.range(-1, 1);
    a0 = factor(g.coin(50), ea0);
    b0 = factor(g.coin(50), eb0);
    const int E1 = E + g.range(-12, 12);
    const int ea1 = E1 / 2 + g.range(-3, 3);
    a1 = factor(g.coin(50), ea1);
    b1 = factor(g.coin(50), E1 - ea1);
    if (sc < 35) {  // C overlapping the products
      c = g.coin(10) ? (g.coin(50) ? acc.sign_bit() : 0u)
                     : Gen::fpv(acc, g.coin(50), E + g.range(-30, 30), g.fraction(acc.mbits));
    } else if (sc < 55) {  // the products cancel (exactly or nearly); C zero, tiny or nearby
      a1 = g.coin(50) ? (a0 ^ 0x8000u) : a0;
      b1 = (a1 == a0) ? (b0 ^ 0x8000u) : b0;
      if (g.coin(60)) b1 = (b1 & 0x8000u) | (((b1 & 0x7FFFu) + static_cast<std::uint32_t>(g.range(-3, 3))) & 0x7FFFu);
      if (g.coin(30)) std::swap(a1, b1);
      const int k = g.range(0, 2);
      c = k == 0   ? (g.coin(50) ? acc.sign_bit() : 0u)
          : k == 1 ? Gen::fpv(acc, g.coin(50), E - g.range(20, 60), g.fraction(acc.mbits))
                   : Gen::fpv(acc, g.coin(50), E + g.range(-12, 2), g.fraction(acc.mbits));
    } else if (sc < 70) {  // C cancels the products: -(p0 + p1) rounded to acc, +- a few ulps
      const Ex s = product_value(a0, b0) + product_value(a1, b1);
      if (s.is_zero()) {
        c = g.fp(acc, E - 30, E + 30);
      } else {
        c = round_to(acc, -s, g.coin(50) ? Rm::rne : Rm::rtz);
        const Num cv = decode(acc, c);
        if (cv.finite() && !cv.zero()) {
          const std::uint32_t sgn = c & acc.sign_bit();
          const auto mag = static_cast<std::int64_t>(c & ~acc.sign_bit()) + g.range(-2, 2);
          c = sgn | static_cast<std::uint32_t>(std::clamp<std::int64_t>(mag, 0, acc.max_finite(false)));
        }
      }
    } else {  // C far above or below the products: the edges of the alignment window, ties
      int lead = E;
      const Ex s = absx(product_value(a0, b0) + product_value(a1, b1));
      if (!s.is_zero()) lead = ilog2(s);
      const int off = g.range(18, 40);
      const int ec = g.coin(50) ? lead + off : lead - off;
      c = Gen::fpv(acc, g.coin(50), ec, g.coin(40) ? 0u : g.fraction(acc.mbits));
    }
  } else if (sc < 95) {  // range extremes: underflow and overflow of the result
    if (g.coin(50)) {
      const int E = f16 ? g.range(-30, -20) : g.range(-140, -120);
      a0 = factor(g.coin(50), E / 2 + g.range(-4, 4));
      b0 = factor(g.coin(50), E / 2 + g.range(-4, 4));
      a1 = factor(g.coin(50), E / 2 + g.range(-4, 4));
      b1 = factor(g.coin(50), E / 2 + g.range(-4, 4));
      if (g.coin(50)) a1 = a0 ^ 0x8000u, b1 = b0;
      c = Gen::fpv(acc, g.coin(50), (f16 ? g.range(-50, -40) : g.range(-152, -120)) + (acc.ebits == 5 ? 30 : 0),
                   g.fraction(acc.mbits));
      if (acc.ebits == 8 && g.coin(30)) c = (g.coin(50) ? acc.sign_bit() : 0u) | g.bits(acc.mbits);  // subnormal C
    } else {
      const int E = f16 ? g.range(12, 15) : g.range(60, 64);
      a0 = factor(g.coin(50), E);
      b0 = factor(g.coin(50), E);
      a1 = factor(g.coin(50), E);
      b1 = factor(g.coin(50), E);
      c = g.coin(50) ? Gen::fpv(acc, g.coin(50), acc.emax() - g.range(0, 2), g.fraction(acc.mbits))
                     : Gen::fpv(acc, g.coin(50), 2 * E + g.range(-2, 1), g.fraction(acc.mbits));
    }
  } else {  // random bits
    a0 = g.bits(16), b0 = g.bits(16), a1 = g.bits(16), b1 = g.bits(16);
    c = acc.width() == 32 ? g.u32() : g.bits(16);
  }
  return Dot2Case{pack(a0, a1), pack(b0, b1), c};
}

// FP8 code generator: mostly finite codes; NaN/inf codes only when `specials`.
std::uint8_t gen_fp8_code(Gen& g, const Fp8Fmt& f, bool specials) {
  for (;;) {
    std::uint8_t c;
    switch (g.range(0, 9)) {
      case 0: c = g.coin(50) ? 0x00 : 0x80; break;
      case 1: c = static_cast<std::uint8_t>((g.coin(50) ? 0x80 : 0) | g.range(1, 3)); break;  // subnormals
      case 2: c = static_cast<std::uint8_t>((g.coin(50) ? 0x80 : 0) | f.max_code()); break;
      case 3: c = static_cast<std::uint8_t>((g.coin(50) ? 0x80 : 0) | (f.mbits == 3 ? 0x38 : 0x3C)); break;  // 1.0
      default: c = static_cast<std::uint8_t>(g.bits(8)); break;
    }
    if (specials && g.coin(3))
      c = static_cast<std::uint8_t>((g.coin(50) ? 0x80 : 0) | (f.mbits == 3 ? 0x7F : 0x7C + g.range(0, 3)));
    const Num d = fp8_decode(f, c);
    if (specials || d.finite()) return c;
  }
}

// A binary32 input for an FP8/BF8 encode in format f: on-grid values +- ulps, midpoints +- ulps,
// the overflow and underflow regions, f32 edges, random bits.
std::uint32_t gen_f32_for_fp8(Gen& g, const Fp8Fmt& f) {
  const bool neg = g.coin(50);
  const std::uint32_t s = neg ? 0x80000000u : 0u;
  switch (g.range(0, 11)) {
    case 0: return g.fp(kF32, -140, 127);
    case 1:
    case 2: {
      const Num d = fp8_decode(f, gen_fp8_code(g, f, false));
      return f32_bits_step(exact_bits(kF32, d.x, d.neg), g.range(-2, 2));
    }
    case 3:
    case 4:
    case 5: {
      const unsigned c = static_cast<unsigned>(g.range(0, f.max_code() - 1));
      const Ex mid = (absx(fp8_decode(f, static_cast<std::uint8_t>(c)).x) +
                      absx(fp8_decode(f, static_cast<std::uint8_t>(c + 1)).x)) *
                     Ex::pow2(-1);
      return s | f32_bits_step(exact_bits(kF32, mid), g.range(-1, 1));
    }
    case 6: {  // overflow region
      const int e = ilog2(fp8_max_value(f));
      return Gen::fpv(kF32, neg, e + g.range(0, 1), g.fraction(23));
    }
    case 7: {  // underflow region
      return Gen::fpv(kF32, neg, f.emin() - f.mbits - g.range(-1, 3), g.fraction(23));
    }
    case 8:
    case 9: return Gen::fpv(kF32, neg, g.range(f.emin() - f.mbits - 2, ilog2(fp8_max_value(f)) + 1), g.fraction(23));
    case 10: return s | 0x7F800000u | (g.coin(50) ? 0u : (g.bits(23) | 1u));  // inf or NaN
    default: return g.u32();
  }
}
std::uint32_t gen_sr_seed(Gen& g) {
  switch (g.range(0, 9)) {
    case 0: return 0u;
    case 1: return 0xFFFFFFFFu;
    case 2: return 0x80000000u;
    case 3: return 0x7FFFFFFFu;
    case 4: return g.bits(12);  // only bits the hardware ignores
    case 5: return 0xFFFFF000u | g.bits(12);
    default: return g.u32();
  }
}

// ============================================================================================
// Runners: one per builtin, each over every architecture that has the builtin.
// ============================================================================================
using Runner = std::function<void(const mxlane::ValuDesc&)>;

// ---- §3 SAD -----------------------------------------------------------------------------------
void run_sad32(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);
  const int n = cases(kCases);
  Gen g(seed_of(name));
  const int width = name == "sad_u16" ? 16 : 8;
  std::vector<std::uint32_t> s0(n), s1(n), s2(n), want(n);
  for (int i = 0; i < n; ++i) {
    s0[i] = g.word(g.coin(70) ? width : 8);
    s1[i] = g.coin(15) ? s0[i] : g.word(g.coin(70) ? width : 8);
    s2[i] = g.coin(25) ? 0xFFFFFFFFu - g.bits(g.range(0, 20)) : g.word(32);
    want[i] = name == "sad_u8"      ? ref_sad_u8(s0[i], s1[i], s2[i])
              : name == "msad_u8"   ? ref_msad_u8(s0[i], s1[i], s2[i])
              : name == "sad_hi_u8" ? ref_sad_hi_u8(s0[i], s1[i], s2[i])
                                    : ref_sad_u16(s0[i], s1[i], s2[i]);
  }
  for (const ArchId arch : archs_of(d)) {
    const auto got = name == "sad_u8"      ? B::sad_u8(arch, sp(s0), sp(s1), sp(s2))
                     : name == "msad_u8"   ? B::msad_u8(arch, sp(s0), sp(s1), sp(s2))
                     : name == "sad_hi_u8" ? B::sad_hi_u8(arch, sp(s0), sp(s1), sp(s2))
                                           : B::sad_u16(arch, sp(s0), sp(s1), sp(s2));
    Mismatches mm(key(d, arch));
    for (int i = 0; i < n; ++i)
      mm.check(got[i] == want[i], [&] {
        return "s0 " + hex(s0[i], 8) + " s1 " + hex(s1[i], 8) + " s2 " + hex(s2[i], 8) + " -> " + hex(got[i], 8) +
               ", reference " + hex(want[i], 8);
      });
    mm.finish(key(d, arch));
  }
}

void run_qsad(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);
  const bool masked = name == "mqsad_pk_u16_u8";
  const int n = cases(kCases);
  Gen g(seed_of(name));
  std::vector<std::uint64_t> s0(n), s2(n), want(n);
  std::vector<std::uint32_t> s1(n);
  for (int i = 0; i < n; ++i) {
    s0[i] = g.word(8) | (static_cast<std::uint64_t>(g.word(8)) << 32);
    s1[i] = g.word(8);
    std::uint64_t acc = 0;
    for (int k = 0; k < 4; ++k) {
      const std::uint64_t slot = g.coin(40) ? 0xFFFFu - g.bits(g.range(0, 11)) : g.coin(20) ? 0u : g.bits(16);
      acc |= slot << (16 * k);
    }
    s2[i] = acc;
    want[i] = ref_qsad_pk(s0[i], s1[i], s2[i], masked);
  }
  for (const ArchId arch : archs_of(d)) {
    const auto got =
        masked ? B::mqsad_pk_u16_u8(arch, sp(s0), sp(s1), sp(s2)) : B::qsad_pk_u16_u8(arch, sp(s0), sp(s1), sp(s2));
    Mismatches mm(key(d, arch));
    for (int i = 0; i < n; ++i)
      mm.check(got[i] == want[i], [&] {
        return "s0 " + hex(s0[i], 16) + " s1 " + hex(s1[i], 8) + " s2 " + hex(s2[i], 16) + " -> " + hex(got[i], 16) +
               ", reference " + hex(want[i], 16);
      });
    mm.finish(key(d, arch));
  }
}

void run_mqsad_u32(const mxlane::ValuDesc& d) {
  const int n = cases(kCases);
  Gen g(seed_of(d.builtin));
  std::vector<std::uint64_t> s0(n);
  std::vector<std::uint32_t> s1(n);
  std::vector<B::uint4> s2(n), want(n);
  for (int i = 0; i < n; ++i) {
    s0[i] = g.word(8) | (static_cast<std::uint64_t>(g.word(8)) << 32);
    s1[i] = g.word(8);
    for (auto& v : s2[i]) v = g.coin(40) ? 0xFFFFFFFFu - g.bits(g.range(0, 11)) : g.word(32);
    want[i] = ref_mqsad_u32(s0[i], s1[i], s2[i]);
  }
  for (const ArchId arch : archs_of(d)) {
    const auto got = B::mqsad_u32_u8(arch, sp(s0), sp(s1), sp(s2));
    Mismatches mm(key(d, arch));
    for (int i = 0; i < n; ++i)
      mm.check(got[i] == want[i], [&] {
        std::string r = "s0 " + hex(s0[i], 16) + " s1 " + hex(s1[i], 8) + " s2 {";
        for (int k = 0; k < 4; ++k) r += hex(s2[i][k], 8) + (k < 3 ? ", " : "} -> {");
        for (int k = 0; k < 4; ++k) r += hex(got[i][k], 8) + (k < 3 ? ", " : "}, reference {");
        for (int k = 0; k < 4; ++k) r += hex(want[i][k], 8) + (k < 3 ? ", " : "}");
        return r;
      });
    mm.finish(key(d, arch));
  }
}

// ---- §4 integer dots ------------------------------------------------------------------------
struct IntDotShape {
  int lanes, width;
  bool is_signed;  // sdot*: all signed; udot*: all unsigned
};
void run_int_dot(const mxlane::ValuDesc& d, IntDotShape shape) {
  const std::string name(d.builtin);
  const int n = cases(kCases);
  Gen g(seed_of(name));
  std::vector<std::uint32_t> a(n), b(n), c(n), want(n);
  for (int i = 0; i < n; ++i) {
    a[i] = g.word(shape.width);
    b[i] = g.coin(10) ? a[i] : g.word(shape.width);
    c[i] = g.word(32);
    if (g.coin(20))
      c[i] = (shape.is_signed ? (g.coin(50) ? 0x7FFFFFFFu : 0x80000000u) : 0xFFFFFFFFu) ^ g.bits(g.range(0, 18));
    const bool clamp = i >= n / 2;
    want[i] = ref_int_dot(shape.lanes, shape.width, shape.is_signed, shape.is_signed, shape.is_signed, shape.is_signed,
                          a[i], b[i], c[i], clamp);
  }
  const auto to_s = [](const std::vector<std::uint32_t>& v, std::size_t lo, std::size_t hi) {
    return std::vector<std::int32_t>(v.begin() + static_cast<std::ptrdiff_t>(lo),
                                     v.begin() + static_cast<std::ptrdiff_t>(hi));
  };
  const auto to_u = [](const std::vector<std::uint32_t>& v, std::size_t lo, std::size_t hi) {
    return std::vector<std::uint32_t>(v.begin() + static_cast<std::ptrdiff_t>(lo),
                                      v.begin() + static_cast<std::ptrdiff_t>(hi));
  };
  const auto halves_s = [](const std::vector<std::uint32_t>& v, std::size_t lo, std::size_t hi) {
    std::vector<B::short2> r;
    for (std::size_t i = lo; i < hi; ++i)
      r.push_back({static_cast<std::int16_t>(v[i] & 0xFFFF), static_cast<std::int16_t>(v[i] >> 16)});
    return r;
  };
  const auto halves_u = [](const std::vector<std::uint32_t>& v, std::size_t lo, std::size_t hi) {
    std::vector<B::ushort2> r;
    for (std::size_t i = lo; i < hi; ++i)
      r.push_back({static_cast<std::uint16_t>(v[i] & 0xFFFF), static_cast<std::uint16_t>(v[i] >> 16)});
    return r;
  };
  for (const ArchId arch : archs_of(d)) {
    std::vector<std::uint32_t> got;
    for (const bool clamp : {false, true}) {
      const std::size_t lo = clamp ? static_cast<std::size_t>(n / 2) : 0,
                        hi = clamp ? static_cast<std::size_t>(n) : static_cast<std::size_t>(n / 2);
      std::vector<std::uint32_t> part;
      const auto take = [&](const auto& r) {
        for (const auto v : r) part.push_back(static_cast<std::uint32_t>(v));
      };
      if (name == "sdot2")
        take(B::sdot2(arch, sp(halves_s(a, lo, hi)), sp(halves_s(b, lo, hi)), sp(to_s(c, lo, hi)), clamp));
      else if (name == "udot2")
        take(B::udot2(arch, sp(halves_u(a, lo, hi)), sp(halves_u(b, lo, hi)), sp(to_u(c, lo, hi)), clamp));
      else if (name == "sdot4")
        take(B::sdot4(arch, sp(to_s(a, lo, hi)), sp(to_s(b, lo, hi)), sp(to_s(c, lo, hi)), clamp));
      else if (name == "udot4")
        take(B::udot4(arch, sp(to_u(a, lo, hi)), sp(to_u(b, lo, hi)), sp(to_u(c, lo, hi)), clamp));
      else if (name == "sdot8")
        take(B::sdot8(arch, sp(to_s(a, lo, hi)), sp(to_s(b, lo, hi)), sp(to_s(c, lo, hi)), clamp));
      else if (name == "udot8")
        take(B::udot8(arch, sp(to_u(a, lo, hi)), sp(to_u(b, lo, hi)), sp(to_u(c, lo, hi)), clamp));
      else
        FAIL("no integer-dot call for " << name);
      got.insert(got.end(), part.begin(), part.end());
    }
    Mismatches mm(key(d, arch));
    for (int i = 0; i < n; ++i)
      mm.check(got[i] == want[i], [&] {
        return "a " + hex(a[i], 8) + " b " + hex(b[i], 8) + " c " + hex(c[i], 8) + " clamp " +
               std::to_string(i >= n / 2) + " -> " + hex(got[i], 8) + ", reference " + hex(want[i], 8);
      });
    mm.finish(key(d, arch));
  }
}

void run_sudot(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);
  const int width = name == "sudot4" ? 8 : 4, lanes = 32 / width;
  const int n = cases(kCases);
  Gen g(seed_of(name));
  for (const ArchId arch : archs_of(d)) {
    Mismatches mm(key(d, arch));
    for (int combo = 0; combo < 8; ++combo) {
      const bool a_signed = (combo & 1) != 0, b_signed = (combo & 2) != 0, clamp = (combo & 4) != 0;
      const int m = n / 8;
      std::vector<std::int32_t> a(m), b(m), c(m);
      for (int i = 0; i < m; ++i) {
        a[i] = static_cast<std::int32_t>(g.word(width));
        b[i] = static_cast<std::int32_t>(g.word(width));
        c[i] = static_cast<std::int32_t>(g.coin(25) ? (g.coin(50) ? 0x7FFFFFFFu : 0x80000000u) ^ g.bits(g.range(0, 18))
                                                    : g.word(32));
      }
      const auto got = name == "sudot4" ? B::sudot4(arch, a_signed, sp(a), b_signed, sp(b), sp(c), clamp)
                                        : B::sudot8(arch, a_signed, sp(a), b_signed, sp(b), sp(c), clamp);
      for (int i = 0; i < m; ++i) {
        const std::uint32_t want =
            ref_int_dot(lanes, width, a_signed, b_signed, true, true, static_cast<std::uint32_t>(a[i]),
                        static_cast<std::uint32_t>(b[i]), static_cast<std::uint32_t>(c[i]), clamp);
        const auto gv = static_cast<std::uint32_t>(got[i]);
        mm.check(gv == want, [&] {
          return "a_signed " + std::to_string(a_signed) + " a " + hex(static_cast<std::uint32_t>(a[i]), 8) +
                 " b_signed " + std::to_string(b_signed) + " b " + hex(static_cast<std::uint32_t>(b[i]), 8) + " c " +
                 hex(static_cast<std::uint32_t>(c[i]), 8) + " clamp " + std::to_string(clamp) + " -> " + hex(gv, 8) +
                 ", reference " + hex(want, 8);
        });
      }
    }
    mm.finish(key(d, arch));
  }
}

// ---- §5 float dots with binary32 output ------------------------------------------------------
enum class DotModel { gfx11, gfx12, exact, gfx90a, gfx908_any };
DotModel dot_model(ArchId a) {
  switch (a) {
    case ArchId::gfx1100: return DotModel::gfx11;
    case ArchId::gfx1200: return DotModel::gfx12;
    case ArchId::gfx90a: return DotModel::gfx90a;
    case ArchId::gfx908: return DotModel::gfx908_any;
    default: return DotModel::exact;  // gfx942, gfx950, gfx1030: §5.1 default policy
  }
}
Want ref_dot2_f32(DotModel m, bool bf16, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp) {
  switch (m) {
    case DotModel::gfx11: return ref_fdot2_gfx11(bf16, a, b, c, clamp);
    case DotModel::gfx12: return ref_fdot2_gfx12(bf16, a, b, c, clamp);
    case DotModel::exact: return ref_fdot2_exact(bf16, a, b, c, clamp, false, false);
    case DotModel::gfx90a: return ref_fdot2_exact(bf16, a, b, c, clamp, !bf16, true);
    case DotModel::gfx908_any: {
      // gfx908's f16 input / f32 output flushing is not stated (§5.1 names gfx90a only): any of the four.
      Want w = ref_fdot2_exact(bf16, a, b, c, clamp, false, false);
      w.merge(ref_fdot2_exact(bf16, a, b, c, clamp, true, true));
      w.merge(ref_fdot2_exact(bf16, a, b, c, clamp, true, false));
      w.merge(ref_fdot2_exact(bf16, a, b, c, clamp, false, true));
      return w;
    }
  }
  return Want{};
}

void run_fdot2_f32(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);
  const bool bf16 = name != "fdot2";
  const int n = cases(kCases), n_clamp = n / 5;  // the last fifth with clamp
  Gen g(seed_of(name));
  std::vector<Dot2Case> in(n);
  for (auto& x : in) x = gen_dot2(g, bf16 ? kBF16 : kF16, kF32);
  std::map<DotModel, std::vector<Want>> wants;
  for (const ArchId arch : archs_of(d)) {
    const DotModel model = dot_model(arch);
    auto& want = wants[model];
    if (want.empty())
      for (int i = 0; i < n; ++i)
        want.push_back(ref_dot2_f32(model, bf16, in[i].a, in[i].b, in[i].c, i >= n - n_clamp));
    std::vector<std::uint32_t> got;
    for (const bool clamp : {false, true}) {
      const std::size_t lo = clamp ? static_cast<std::size_t>(n - n_clamp) : 0,
                        hi = clamp ? static_cast<std::size_t>(n) : static_cast<std::size_t>(n - n_clamp);
      std::vector<mxlane::F32> c;
      for (std::size_t i = lo; i < hi; ++i) c.push_back(mxlane::F32{in[i].c});
      std::vector<mxlane::F32> r;
      if (name == "fdot2") {
        std::vector<B::half2> a, b;
        for (std::size_t i = lo; i < hi; ++i) {
          a.push_back({mxlane::F16{static_cast<std::uint16_t>(in[i].a)},
                       mxlane::F16{static_cast<std::uint16_t>(in[i].a >> 16)}});
          b.push_back({mxlane::F16{static_cast<std::uint16_t>(in[i].b)},
                       mxlane::F16{static_cast<std::uint16_t>(in[i].b >> 16)}});
        }
        r = B::fdot2(arch, sp(a), sp(b), sp(c), clamp);
      } else if (name == "fdot2_f32_bf16") {
        std::vector<B::short2> a, b;
        for (std::size_t i = lo; i < hi; ++i) {
          a.push_back({static_cast<std::int16_t>(in[i].a & 0xFFFF), static_cast<std::int16_t>(in[i].a >> 16)});
          b.push_back({static_cast<std::int16_t>(in[i].b & 0xFFFF), static_cast<std::int16_t>(in[i].b >> 16)});
        }
        r = B::fdot2_f32_bf16(arch, sp(a), sp(b), sp(c), clamp);
      } else {
        std::vector<B::bf16x2> a, b;
        for (std::size_t i = lo; i < hi; ++i) {
          a.push_back({mxlane::BF16{static_cast<std::uint16_t>(in[i].a)},
                       mxlane::BF16{static_cast<std::uint16_t>(in[i].a >> 16)}});
          b.push_back({mxlane::BF16{static_cast<std::uint16_t>(in[i].b)},
                       mxlane::BF16{static_cast<std::uint16_t>(in[i].b >> 16)}});
        }
        r = B::fdot2c_f32_bf16(arch, sp(a), sp(b), sp(c), clamp);
      }
      for (const auto& v : r) got.push_back(v.bits);
    }
    Mismatches mm(key(d, arch));
    int classes[4] = {0, 0, 0, 0};  // zero, finite, inf, nan among the expected results
    for (int i = 0; i < n; ++i) {
      const Want& w = want[i];
      if (w.nan_ok)
        ++classes[3];
      else if (!w.ok.empty())
        ++classes[static_cast<int>(decode(kF32, w.ok[0]).cls)];
      mm.check(w.accepts(kF32, got[i]), [&] {
        return "a " + hex(in[i].a, 8) + " b " + hex(in[i].b, 8) + " c " + hex(in[i].c, 8) + " clamp " +
               std::to_string(i >= n - n_clamp) + " -> " + hex(got[i], 8) + ", reference " + w.describe(8);
      });
    }
    mm.finish(key(d, arch));
    // How often the window models' expectation differs from the correctly rounded one: the generator
    // must reach the cases that tell the models apart (§5.6 F1-F4, F10, D2, D5).
    int discriminating = 0;
    if (model == DotModel::gfx11 || model == DotModel::gfx12)
      for (int i = 0; i < n; ++i) {
        const Want e = ref_fdot2_exact(bf16, in[i].a, in[i].b, in[i].c, i >= n - n_clamp, false, false);
        if (!e.nan_ok && !want[i].nan_ok && !want[i].accepts(kF32, e.ok[0])) ++discriminating;
      }
    vtest::count_cases(key(d, arch, " (differs from exact RNE)"), discriminating);
    if (model == DotModel::gfx11 || model == DotModel::gfx12) CHECK(discriminating > n / 1000);
    INFO("expected classes: zero " << classes[0] << " finite " << classes[1] << " inf " << classes[2] << " nan "
                                   << classes[3]);
    CHECK(classes[0] > n / 100);
    CHECK(classes[2] > n / 200);
    CHECK(classes[3] > n / 200);
  }
}

// ---- §5.5 fdot2_f16_f16 / fdot2_bf16_bf16 (gfx1100, gfx1200; loose model) --------------------
void run_fdot2_16(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);
  const bool bf16 = name == "fdot2_bf16_bf16";
  const Fm& f = bf16 ? kBF16 : kF16;
  const int n = cases(kCases);
  Gen g(seed_of(name));
  std::vector<Dot2Case> in(n);
  std::vector<Want> want(n);
  for (int i = 0; i < n; ++i) {
    in[i] = gen_dot2(g, f, f);
    want[i] = ref_fdot2_16(bf16, in[i].a, in[i].b, static_cast<std::uint16_t>(in[i].c), false);
  }
  for (const ArchId arch : archs_of(d)) {
    std::vector<std::uint32_t> got;
    if (bf16) {
      std::vector<B::short2> a, b;
      std::vector<std::int16_t> c;
      for (const auto& x : in) {
        a.push_back({static_cast<std::int16_t>(x.a & 0xFFFF), static_cast<std::int16_t>(x.a >> 16)});
        b.push_back({static_cast<std::int16_t>(x.b & 0xFFFF), static_cast<std::int16_t>(x.b >> 16)});
        c.push_back(static_cast<std::int16_t>(x.c & 0xFFFF));
      }
      for (const auto v : B::fdot2_bf16_bf16(arch, sp(a), sp(b), sp(c))) got.push_back(static_cast<std::uint16_t>(v));
    } else {
      std::vector<B::half2> a, b;
      std::vector<mxlane::F16> c;
      for (const auto& x : in) {
        a.push_back({mxlane::F16{static_cast<std::uint16_t>(x.a)}, mxlane::F16{static_cast<std::uint16_t>(x.a >> 16)}});
        b.push_back({mxlane::F16{static_cast<std::uint16_t>(x.b)}, mxlane::F16{static_cast<std::uint16_t>(x.b >> 16)}});
        c.push_back(mxlane::F16{static_cast<std::uint16_t>(x.c)});
      }
      for (const auto v : B::fdot2_f16_f16(arch, sp(a), sp(b), sp(c))) got.push_back(v.bits);
    }
    Mismatches mm(key(d, arch));
    for (int i = 0; i < n; ++i)
      mm.check(want[i].accepts(f, got[i]), [&] {
        return "a " + hex(in[i].a, 8) + " b " + hex(in[i].b, 8) + " c " + hex(in[i].c, 4) + " -> " + hex(got[i], 4) +
               ", reference " + want[i].describe(4);
      });
    mm.finish(key(d, arch));
  }
}

// ---- §5.5 dot4_f32_{fp8,bf8}_{fp8,bf8} (gfx1200) --------------------------------------------
void run_dot4(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);  // dot4_f32_<A>_<B>
  const Fp8Fmt& fa = name.substr(9, 3) == "fp8" ? kE4M3Ocp : kE5M2Ocp;
  const Fp8Fmt& fb = name.substr(13, 3) == "fp8" ? kE4M3Ocp : kE5M2Ocp;
  const int n = cases(kCases);
  Gen g(seed_of(name));
  std::vector<std::uint32_t> a(n), b(n);
  std::vector<mxlane::F32> c(n);
  std::vector<Want> want(n);
  for (int i = 0; i < n; ++i) {
    const bool specials = g.coin(8);
    a[i] = b[i] = 0;
    for (int k = 0; k < 4; ++k) {
      a[i] |= static_cast<std::uint32_t>(gen_fp8_code(g, fa, specials)) << (8 * k);
      b[i] |= static_cast<std::uint32_t>(gen_fp8_code(g, fb, specials)) << (8 * k);
    }
    Ex s;
    for (int k = 0; k < 4; ++k) {
      const Num x = fp8_decode(fa, static_cast<std::uint8_t>(a[i] >> (8 * k))),
                y = fp8_decode(fb, static_cast<std::uint8_t>(b[i] >> (8 * k)));
      if (x.finite() && y.finite()) s = s + x.x * y.x;
    }
    const int lead = s.is_zero() ? 0 : ilog2(s);
    std::uint32_t cv;
    switch (g.range(0, 9)) {
      case 0:
      case 1: cv = g.fp(kF32, -149, 127); break;
      case 2:
      case 3: cv = Gen::fpv(kF32, g.coin(50), lead + g.range(-30, 30), g.fraction(23)); break;
      case 4:
      case 5:
      case 6:  // cancellation
        cv = s.is_zero() ? g.fp(kF32, -40, 40)
                         : f32_bits_step(round_to(kF32, -s, g.coin(50) ? Rm::rne : Rm::rtz), g.range(-2, 2));
        break;
      case 7:
      case 8: cv = Gen::fpv(kF32, g.coin(50), lead + g.range(18, 30), g.coin(50) ? 0u : g.fraction(23)); break;  // ties
      default: cv = g.u32(); break;
    }
    c[i].bits = cv;
    want[i] = ref_dot4_fp8(fa, fb, a[i], b[i], cv);
  }
  for (const ArchId arch : archs_of(d)) {
    std::vector<mxlane::F32> got;
    if (name == "dot4_f32_fp8_bf8")
      got = B::dot4_f32_fp8_bf8(arch, sp(a), sp(b), sp(c));
    else if (name == "dot4_f32_bf8_fp8")
      got = B::dot4_f32_bf8_fp8(arch, sp(a), sp(b), sp(c));
    else if (name == "dot4_f32_fp8_fp8")
      got = B::dot4_f32_fp8_fp8(arch, sp(a), sp(b), sp(c));
    else
      got = B::dot4_f32_bf8_bf8(arch, sp(a), sp(b), sp(c));
    Mismatches mm(key(d, arch));
    for (int i = 0; i < n; ++i)
      mm.check(want[i].accepts(kF32, got[i].bits), [&] {
        return "a " + hex(a[i], 8) + " b " + hex(b[i], 8) + " c " + hex(c[i].bits, 8) + " -> " + hex(got[i].bits, 8) +
               ", reference " + want[i].describe(8);
      });
    mm.finish(key(d, arch));
  }
}

// ---- §6.1-§6.4 packing conversions -------------------------------------------------------------
std::uint32_t gen_f32_pkrtz(Gen& g) {
  const bool neg = g.coin(50);
  switch (g.range(0, 9)) {
    case 0:
    case 1: return g.fp(kF32, -30, 20);
    case 2:
    case 3: {  // binary16 values +- a few binary32 ulps
      const Num h = decode(kF16, g.fp(kF16, -24, 15));
      if (!h.finite()) return g.fp(kF32, -30, 20);
      return f32_bits_step(exact_bits(kF32, h.x, h.neg), g.range(-3, 3));
    }
    case 4: return Gen::fpv(kF32, neg, g.range(15, 17), g.fraction(23));        // around the f16 overflow
    case 5: return Gen::fpv(kF32, neg, g.range(-26, -14), g.fraction(23));      // f16 subnormal range
    case 6: return (neg ? 0x80000000u : 0u) | 0x7F800000u | (g.bits(23) | 1u);  // NaN payloads
    default: return g.u32();
  }
}
std::uint32_t gen_f32_norm(Gen& g, bool is_signed) {
  const bool neg = is_signed ? g.coin(50) : g.coin(15);
  const std::uint32_t s = neg ? 0x80000000u : 0u;
  const double scale = is_signed ? 32767.0 : 65535.0;
  switch (g.range(0, 9)) {
    case 0: {
      static const std::uint32_t kEdges[] = {0x00000000u, 0x3F800000u, 0x3F000000u, 0x3F7FFFFFu, 0x3F800001u,
                                             0x7F800000u, 0x7FC00000u, 0x7F800001u, 0x00000001u, 0x007FFFFFu,
                                             0x7F7FFFFFu, 0x3EFFFFFFu, 0x3F000001u, 0x37000081u, 0x3F7FFF00u};
      return s | g.pick(kEdges);
    }
    case 1:
    case 2:
    case 3: {  // near the ties (k + 1/2) / scale
      const int k = g.range(0, static_cast<int>(scale) - 1);
      return s | f32_bits_step(host_f32((k + 0.5) / scale), g.range(-2, 2));
    }
    case 4:
    case 5: return s | host_f32(std::ldexp(static_cast<double>(g.bits(24)), -24) * (g.coin(10) ? 1.5 : 1.0));
    case 6: return Gen::fpv(kF32, neg, g.range(-40, 1), g.fraction(23));
    default: return g.u32();
  }
}
std::uint32_t gen_f32_u8(Gen& g) {
  const bool neg = g.coin(15);
  const std::uint32_t s = neg ? 0x80000000u : 0u;
  switch (g.range(0, 9)) {
    case 0: return g.fp(kF32, -30, 10);
    case 1:
    case 2:
    case 3: return f32_bits_step(host_f32(g.range(-2, 256) + 0.5), g.range(-1, 1));  // ties
    case 4: return host_f32(g.range(-2, 257));
    case 5:
    case 6: return s | host_f32(std::ldexp(static_cast<double>(g.bits(20)), -20) * 300.0);
    case 7: return Gen::fpv(kF32, neg, g.range(-30, 10), g.fraction(23));
    default: return g.u32();
  }
}
std::uint32_t gen_int_pk(Gen& g, bool is_signed) {
  static const std::uint32_t kSigned[] = {0u,          1u,          0xFFFFFFFFu, 32767u,      32768u,
                                          0xFFFF8000u, 0xFFFF7FFFu, 0x7FFFFFFFu, 0x80000000u, 65535u,
                                          65536u,      0x12345u,    0xFFFFFFFEu};
  static const std::uint32_t kUnsigned[] = {0u,          1u,          0xFFFFu,     0x10000u, 0xFFFEu,
                                            0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 0x8000u};
  switch (g.range(0, 9)) {
    case 0:
    case 1: return is_signed ? g.pick(kSigned) : g.pick(kUnsigned);
    case 2:
    case 3:
      return is_signed ? static_cast<std::uint32_t>(g.range(-70000, 70000))
                       : static_cast<std::uint32_t>(g.range(0, 140000));
    case 4:
      return is_signed ? static_cast<std::uint32_t>(g.range(32000, 33000) * (g.coin(50) ? 1 : -1))
                       : static_cast<std::uint32_t>(g.range(65000, 66000));
    default: return g.u32();
  }
}

void run_pack(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);
  const int n = cases(kCases);
  Gen g(seed_of(name));
  std::vector<std::uint32_t> a(n), b(n), sel(n), old(n), want(n);
  for (int i = 0; i < n; ++i) {
    if (name == "cvt_pkrtz") {
      a[i] = gen_f32_pkrtz(g), b[i] = gen_f32_pkrtz(g);
      want[i] = ref_f32_to_f16_rtz(a[i]) | (static_cast<std::uint32_t>(ref_f32_to_f16_rtz(b[i])) << 16);
    } else if (name == "cvt_pknorm_i16") {
      a[i] = gen_f32_norm(g, true), b[i] = gen_f32_norm(g, true);
      want[i] = ref_snorm16(a[i]) | (static_cast<std::uint32_t>(ref_snorm16(b[i])) << 16);
    } else if (name == "cvt_pknorm_u16") {
      a[i] = gen_f32_norm(g, false), b[i] = gen_f32_norm(g, false);
      want[i] = ref_unorm16(a[i]) | (static_cast<std::uint32_t>(ref_unorm16(b[i])) << 16);
    } else if (name == "cvt_pk_i16") {
      a[i] = gen_int_pk(g, true), b[i] = gen_int_pk(g, true);
      want[i] = ref_cvt_pk_i16(static_cast<std::int32_t>(a[i]), static_cast<std::int32_t>(b[i]));
    } else if (name == "cvt_pk_u16") {
      a[i] = gen_int_pk(g, false), b[i] = gen_int_pk(g, false);
      want[i] = ref_cvt_pk_u16(a[i], b[i]);
    } else {  // cvt_pk_u8_f32
      a[i] = gen_f32_u8(g);
      sel[i] = g.coin(50) ? g.bits(2) : g.u32();
      old[i] = g.u32();
      want[i] = ref_cvt_pk_u8_f32(a[i], sel[i], old[i]);
    }
  }
  std::vector<mxlane::F32> fa(n), fb(n);
  std::vector<std::int32_t> ia(n), ib(n);
  for (int i = 0; i < n; ++i) {
    fa[i].bits = a[i], fb[i].bits = b[i];
    ia[i] = static_cast<std::int32_t>(a[i]), ib[i] = static_cast<std::int32_t>(b[i]);
  }
  for (const ArchId arch : archs_of(d)) {
    std::vector<std::uint32_t> got;
    const auto two = [&](const auto& r) {
      for (const auto& v : r) {
        if constexpr (requires { v[0].bits; })
          got.push_back(v[0].bits | (static_cast<std::uint32_t>(v[1].bits) << 16));
        else
          got.push_back(static_cast<std::uint16_t>(v[0]) |
                        (static_cast<std::uint32_t>(static_cast<std::uint16_t>(v[1])) << 16));
      }
    };
    if (name == "cvt_pkrtz")
      two(B::cvt_pkrtz(arch, sp(fa), sp(fb)));
    else if (name == "cvt_pknorm_i16")
      two(B::cvt_pknorm_i16(arch, sp(fa), sp(fb)));
    else if (name == "cvt_pknorm_u16")
      two(B::cvt_pknorm_u16(arch, sp(fa), sp(fb)));
    else if (name == "cvt_pk_i16")
      two(B::cvt_pk_i16(arch, sp(ia), sp(ib)));
    else if (name == "cvt_pk_u16")
      two(B::cvt_pk_u16(arch, sp(a), sp(b)));
    else
      got = B::cvt_pk_u8_f32(arch, sp(fa), sp(sel), sp(old));
    Mismatches mm(key(d, arch));
    for (int i = 0; i < n; ++i)
      mm.check(got[i] == want[i], [&] {
        return name == "cvt_pk_u8_f32" ? "src " + hex(a[i], 8) + " sel " + hex(sel[i], 8) + " old " + hex(old[i], 8) +
                                             " -> " + hex(got[i], 8) + ", reference " + hex(want[i], 8)
                                       : "a " + hex(a[i], 8) + " b " + hex(b[i], 8) + " -> " + hex(got[i], 8) +
                                             " (hi:lo), reference " + hex(want[i], 8);
      });
    mm.finish(key(d, arch));
  }
}

// ---- §6.6-§6.8 FP8/BF8 conversions ------------------------------------------------------------
const Fp8Fmt& fp8_of(ArchId arch, bool bf8) {
  if (arch == ArchId::gfx942) return bf8 ? kE5M2Fnuz : kE4M3Fnuz;
  return bf8 ? kE5M2Ocp : kE4M3Ocp;
}

void run_fp8_decode(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);
  const bool bf8 = name.find("bf8") != std::string::npos, packed = name.rfind("cvt_pk", 0) == 0;
  const int n = cases(kCases);
  Gen g(seed_of(name));
  for (const ArchId arch : archs_of(d)) {
    const Fp8Fmt& f = fp8_of(arch, bf8);
    std::vector<Want> table;
    for (unsigned c = 0; c < 256; ++c) table.push_back(ref_fp8_to_f32(f, static_cast<std::uint8_t>(c)));
    Mismatches mm(key(d, arch));
    const int parts = packed ? 2 : 4;
    for (int sel = 0; sel < parts; ++sel) {
      std::vector<std::int32_t> src(static_cast<std::size_t>(n / parts));
      for (auto& s : src) {
        std::uint32_t w = 0;
        for (int k = 0; k < 4; ++k)
          w |= static_cast<std::uint32_t>(g.coin(70) ? gen_fp8_code(g, f, true) : g.bits(8)) << (8 * k);
        s = static_cast<std::int32_t>(w);
      }
      if (packed) {
        const auto got = bf8 ? B::cvt_pk_f32_bf8(arch, sp(src), sel != 0) : B::cvt_pk_f32_fp8(arch, sp(src), sel != 0);
        for (std::size_t i = 0; i < src.size(); ++i) {
          const auto w = static_cast<std::uint32_t>(src[i]) >> (16 * sel);
          const Want& lo = table[w & 0xFF];
          const Want& hi = table[(w >> 8) & 0xFF];
          mm.check(lo.accepts(kF32, got[i][0].bits) && hi.accepts(kF32, got[i][1].bits), [&] {
            return "src " + hex(static_cast<std::uint32_t>(src[i]), 8) + " word_sel " + std::to_string(sel) + " -> {" +
                   hex(got[i][0].bits, 8) + ", " + hex(got[i][1].bits, 8) + "}, reference {" + lo.describe(8) + ", " +
                   hi.describe(8) + "}";
          });
        }
      } else {
        const auto got = bf8 ? B::cvt_f32_bf8(arch, sp(src), sel) : B::cvt_f32_fp8(arch, sp(src), sel);
        for (std::size_t i = 0; i < src.size(); ++i) {
          const Want& w = table[(static_cast<std::uint32_t>(src[i]) >> (8 * sel)) & 0xFF];
          mm.check(w.accepts(kF32, got[i].bits), [&] {
            return "src " + hex(static_cast<std::uint32_t>(src[i]), 8) + " byte_sel " + std::to_string(sel) + " -> " +
                   hex(got[i].bits, 8) + ", reference " + w.describe(8);
          });
        }
      }
    }
    mm.finish(key(d, arch));
  }
}

void run_fp8_encode_pk(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);
  const bool bf8 = name == "cvt_pk_bf8_f32";
  const int n = cases(kCases);
  Gen g(seed_of(name));
  std::vector<mxlane::F32> a(n), b(n);
  std::vector<std::int32_t> old(n);
  for (int i = 0; i < n; ++i) {
    a[i].bits = gen_f32_for_fp8(g, g.coin(50) ? fp8_of(ArchId::gfx942, bf8) : fp8_of(ArchId::gfx1200, bf8));
    b[i].bits = gen_f32_for_fp8(g, g.coin(50) ? fp8_of(ArchId::gfx942, bf8) : fp8_of(ArchId::gfx1200, bf8));
    old[i] = static_cast<std::int32_t>(g.u32());
  }
  for (const ArchId arch : archs_of(d)) {
    const Fp8Fmt& f = fp8_of(arch, bf8);
    for (const bool sat : {false, true}) {
      if (sat && arch == ArchId::gfx942) continue;  // FNUZ: no saturation reachable from the builtin
      mxlane::Switches sw;
      if (sat) mxlane::set_switch(sw, "fp16_ovfl", "1");
      const int m = sat ? n / 5 : n;  // the saturating variant (MODE.FP16_OVFL = 1) on a fifth of the inputs
      Mismatches mm(key(d, arch, sat ? " fp16_ovfl=1" : ""));
      for (const bool w : {false, true}) {
        const std::size_t lo = w ? static_cast<std::size_t>(m / 2) : 0,
                          hi = w ? static_cast<std::size_t>(m) : static_cast<std::size_t>(m / 2);
        const std::vector<mxlane::F32> pa(a.begin() + static_cast<std::ptrdiff_t>(lo),
                                          a.begin() + static_cast<std::ptrdiff_t>(hi));
        const std::vector<mxlane::F32> pb(b.begin() + static_cast<std::ptrdiff_t>(lo),
                                          b.begin() + static_cast<std::ptrdiff_t>(hi));
        const std::vector<std::int32_t> po(old.begin() + static_cast<std::ptrdiff_t>(lo),
                                           old.begin() + static_cast<std::ptrdiff_t>(hi));
        const auto got = bf8 ? B::cvt_pk_bf8_f32(arch, sp(pa), sp(pb), sp(po), w, sw)
                             : B::cvt_pk_fp8_f32(arch, sp(pa), sp(pb), sp(po), w, sw);
        for (std::size_t i = 0; i < pa.size(); ++i) {
          const std::uint32_t v = ref_f32_to_fp8(f, pa[i].bits, false, 0, sat) |
                                  (static_cast<std::uint32_t>(ref_f32_to_fp8(f, pb[i].bits, false, 0, sat)) << 8);
          const auto o = static_cast<std::uint32_t>(po[i]);
          const std::uint32_t want = w ? (o & 0x0000FFFFu) | (v << 16) : (o & 0xFFFF0000u) | v;
          const auto gv = static_cast<std::uint32_t>(got[i]);
          mm.check(gv == want, [&] {
            return "a " + hex(pa[i].bits, 8) + " b " + hex(pb[i].bits, 8) + " old " + hex(o, 8) + " word_sel " +
                   std::to_string(w) + " -> " + hex(gv, 8) + ", reference " + hex(want, 8);
          });
        }
      }
      mm.finish(key(d, arch, sat ? " fp16_ovfl=1" : ""));
    }
  }
}

void run_fp8_encode_sr(const mxlane::ValuDesc& d) {
  const std::string name(d.builtin);
  const bool bf8 = name == "cvt_sr_bf8_f32";
  const int n = cases(kCases);
  Gen g(seed_of(name));
  std::vector<mxlane::F32> a(n);
  std::vector<std::int32_t> rng(n), old(n);
  for (int i = 0; i < n; ++i) {
    a[i].bits = gen_f32_for_fp8(g, g.coin(50) ? fp8_of(ArchId::gfx942, bf8) : fp8_of(ArchId::gfx1200, bf8));
    rng[i] = static_cast<std::int32_t>(gen_sr_seed(g));
    old[i] = static_cast<std::int32_t>(g.u32());
  }
  for (const ArchId arch : archs_of(d)) {
    const Fp8Fmt& f = fp8_of(arch, bf8);
    for (const bool sat : {false, true}) {
      if (sat && arch == ArchId::gfx942) continue;
      mxlane::Switches sw;
      if (sat) mxlane::set_switch(sw, "fp16_ovfl", "1");
      const int m = sat ? n / 5 : n;
      Mismatches mm(key(d, arch, sat ? " fp16_ovfl=1" : ""));
      for (int k = 0; k < 4; ++k) {
        const std::size_t lo = static_cast<std::size_t>(m) * static_cast<std::size_t>(k) / 4;
        const std::size_t hi = static_cast<std::size_t>(m) * static_cast<std::size_t>(k + 1) / 4;
        const std::vector<mxlane::F32> pa(a.begin() + static_cast<std::ptrdiff_t>(lo),
                                          a.begin() + static_cast<std::ptrdiff_t>(hi));
        const std::vector<std::int32_t> pr(rng.begin() + static_cast<std::ptrdiff_t>(lo),
                                           rng.begin() + static_cast<std::ptrdiff_t>(hi));
        const std::vector<std::int32_t> po(old.begin() + static_cast<std::ptrdiff_t>(lo),
                                           old.begin() + static_cast<std::ptrdiff_t>(hi));
        const auto got = bf8 ? B::cvt_sr_bf8_f32(arch, sp(pa), sp(pr), sp(po), k, sw)
                             : B::cvt_sr_fp8_f32(arch, sp(pa), sp(pr), sp(po), k, sw);
        for (std::size_t i = 0; i < pa.size(); ++i) {
          const std::uint32_t code = ref_f32_to_fp8(f, pa[i].bits, true, static_cast<std::uint32_t>(pr[i]), sat);
          const auto o = static_cast<std::uint32_t>(po[i]);
          const std::uint32_t want = (o & ~(0xFFu << (8 * k))) | (code << (8 * k));
          const auto gv = static_cast<std::uint32_t>(got[i]);
          mm.check(gv == want, [&] {
            return "a " + hex(pa[i].bits, 8) + " rng " + hex(static_cast<std::uint32_t>(pr[i]), 8) + " old " +
                   hex(o, 8) + " byte_sel " + std::to_string(k) + " -> " + hex(gv, 8) + ", reference " + hex(want, 8);
          });
        }
      }
      mm.finish(key(d, arch, sat ? " fp16_ovfl=1" : ""));
    }
  }
}

// ============================================================================================
// The runner table: every builtin name of valu_table() must appear here (checked below).
// ============================================================================================
struct Entry {
  const char* family;
  Runner run;
};
const std::map<std::string, Entry>& runners() {
  static const std::map<std::string, Entry> m = {
      {"msad_u8", {"sad", run_sad32}},
      {"sad_u8", {"sad", run_sad32}},
      {"sad_hi_u8", {"sad", run_sad32}},
      {"sad_u16", {"sad", run_sad32}},
      {"qsad_pk_u16_u8", {"sad", run_qsad}},
      {"mqsad_pk_u16_u8", {"sad", run_qsad}},
      {"mqsad_u32_u8", {"sad", run_mqsad_u32}},
      {"sdot2",
       {"int",
        [](const mxlane::ValuDesc& d) {
          run_int_dot(d, {2, 16, true});
        }}},
      {"udot2",
       {"int",
        [](const mxlane::ValuDesc& d) {
          run_int_dot(d, {2, 16, false});
        }}},
      {"sdot4",
       {"int",
        [](const mxlane::ValuDesc& d) {
          run_int_dot(d, {4, 8, true});
        }}},
      {"udot4",
       {"int",
        [](const mxlane::ValuDesc& d) {
          run_int_dot(d, {4, 8, false});
        }}},
      {"sdot8",
       {"int",
        [](const mxlane::ValuDesc& d) {
          run_int_dot(d, {8, 4, true});
        }}},
      {"udot8",
       {"int",
        [](const mxlane::ValuDesc& d) {
          run_int_dot(d, {8, 4, false});
        }}},
      {"sudot4", {"int", run_sudot}},
      {"sudot8", {"int", run_sudot}},
      {"fdot2", {"fdot2_f32", run_fdot2_f32}},
      {"fdot2_f32_bf16", {"fdot2_f32", run_fdot2_f32}},
      {"fdot2c_f32_bf16", {"fdot2_f32", run_fdot2_f32}},
      {"fdot2_f16_f16", {"fdot2_16", run_fdot2_16}},
      {"fdot2_bf16_bf16", {"fdot2_16", run_fdot2_16}},
      {"dot4_f32_fp8_bf8", {"dot4", run_dot4}},
      {"dot4_f32_bf8_fp8", {"dot4", run_dot4}},
      {"dot4_f32_fp8_fp8", {"dot4", run_dot4}},
      {"dot4_f32_bf8_bf8", {"dot4", run_dot4}},
      {"cvt_pkrtz", {"pack", run_pack}},
      {"cvt_pknorm_i16", {"pack", run_pack}},
      {"cvt_pknorm_u16", {"pack", run_pack}},
      {"cvt_pk_i16", {"pack", run_pack}},
      {"cvt_pk_u16", {"pack", run_pack}},
      {"cvt_pk_u8_f32", {"pack", run_pack}},
      {"cvt_f32_fp8", {"fp8", run_fp8_decode}},
      {"cvt_f32_bf8", {"fp8", run_fp8_decode}},
      {"cvt_pk_f32_fp8", {"fp8", run_fp8_decode}},
      {"cvt_pk_f32_bf8", {"fp8", run_fp8_decode}},
      {"cvt_pk_fp8_f32", {"fp8", run_fp8_encode_pk}},
      {"cvt_pk_bf8_f32", {"fp8", run_fp8_encode_pk}},
      {"cvt_sr_fp8_f32", {"fp8", run_fp8_encode_sr}},
      {"cvt_sr_bf8_f32", {"fp8", run_fp8_encode_sr}},
  };
  return m;
}

void run_family(const char* family) {
  std::vector<std::string> names;
  for (const mxlane::ValuDesc& d : mxlane::valu_table()) {
    const auto it = runners().find(std::string(d.builtin));
    if (it == runners().end() || std::string(it->second.family) != family) continue;
    INFO("builtin " << d.builtin);
    it->second.run(d);
    std::string part(" ");
    part.append(d.builtin).append(" @");
    names.push_back(part);
  }
  CHECK(!names.empty());
  vtest::print_counts(family, "random ", names);
}

}  // namespace

TEST_CASE("valu-reference random: every builtin of valu_table() has a reference runner", "[valu-reference]") {
  for (const mxlane::ValuDesc& d : mxlane::valu_table()) {
    INFO("builtin " << d.builtin);
    CHECK(runners().count(std::string(d.builtin)) == 1);
    CHECK(d.archs != 0);
  }
}

TEST_CASE("valu-reference random: SAD family (§3) against byte loops", "[valu-reference]") { run_family("sad"); }
TEST_CASE("valu-reference random: integer dots (§4) against wide-integer sums", "[valu-reference]") {
  run_family("int");
}
TEST_CASE("valu-reference random: DOT2 to binary32 (§5.2-§5.5) against the gfx11, gfx12 and exact models",
          "[valu-reference]") {
  run_family("fdot2_f32");
}
TEST_CASE("valu-reference random: DOT2 to f16/bf16 (§5.5 loose model)", "[valu-reference]") { run_family("fdot2_16"); }
TEST_CASE("valu-reference random: DOT4 FP8/BF8 (§5.5, sequential binary32)", "[valu-reference]") { run_family("dot4"); }
TEST_CASE("valu-reference random: packing conversions (§6.1-§6.4)", "[valu-reference]") { run_family("pack"); }
TEST_CASE("valu-reference random: FP8/BF8 conversions (§6.6-§6.8)", "[valu-reference]") { run_family("fp8"); }
