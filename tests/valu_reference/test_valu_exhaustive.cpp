// Exhaustive checks of the VALU builtins where the input space allows (docs/spec/valu.md §3, §6):
// every FP8/BF8 code of the four formats (decode), every binary16 value widened to binary32 and every
// FP8 value widened (RNE and stochastic encode, all four formats), the midpoints between adjacent FP8
// values, the overflow and underflow thresholds, every binary16 value through cvt_pkrtz (and the
// other f32-input packers), and every byte pair for the SAD byte step. Expected values come from
// valu_reference_models.hpp only.
#include "support/catch_compat.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "emu/api/valu_builtins.hpp"
#include "emu/formats/format.hpp"
#include "emu/isa/switches.hpp"
#include "emu/semantics/conversions.hpp"
#include "valu_reference/valu_reference_models.hpp"
#include "valu_reference/valu_test_support.hpp"

using namespace vref;
using mxlane::ArchId;
using vtest::hex;
using vtest::Mismatches;
using vtest::sp;
namespace B = mxlane::builtins;

namespace {

struct Fp8Case {
  const Fp8Fmt* ref;
  const mxlane::FormatSpec* spec;
  bool bf8;
  bool ocp;
};
const Fp8Case kFp8[] = {
    {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, false, true},
    {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, true, true},
    {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, false, false},
    {&kE5M2Fnuz, &mxlane::kFp8E5M2Fnuz, true, false},
};

// §6.5: FNUZ on gfx942, OCP on gfx950 and gfx1200.
const Fp8Fmt& format_of(ArchId arch, bool bf8) {
  if (arch == ArchId::gfx942) return bf8 ? kE5M2Fnuz : kE4M3Fnuz;
  return bf8 ? kE5M2Ocp : kE4M3Ocp;
}
constexpr ArchId kFp8Archs[] = {ArchId::gfx942, ArchId::gfx950, ArchId::gfx1200};

// A binary16 pattern widened to binary32 (exactly; NaN payload moved up, signalling kept).
std::uint32_t widen_f16(std::uint16_t h) {
  const Num v = decode(kF16, h);
  if (v.nan()) return ((h & 0x8000u) ? 0x80000000u : 0u) | 0x7F800000u | (static_cast<std::uint32_t>(h & 0x3FFu) << 13);
  if (v.inf()) return kF32.inf(v.neg);
  return exact_bits(kF32, v.x, v.neg);
}

std::uint32_t f32_of(const Ex& x) { return exact_bits(kF32, x); }

}  // namespace

// ---------------------------------------------------------------------------------------------
TEST_CASE("valu-reference exhaustive: FP8/BF8 decode, all 256 codes of the four formats", "[valu-reference]") {
  const mxlane::Switches sw;
  // The reference's own reading of the special codes (§6.5, §6.6, C19-C22).
  CHECK(ref_fp8_to_f32(kE4M3Ocp, 0x7F).nan_ok);
  CHECK(ref_fp8_to_f32(kE4M3Ocp, 0xFF).nan_ok);
  CHECK(ref_fp8_to_f32(kE4M3Ocp, 0x80).ok == std::vector<std::uint32_t>{0x80000000u});
  CHECK(ref_fp8_to_f32(kE4M3Ocp, 0x7E).ok == std::vector<std::uint32_t>{0x43E00000u});
  CHECK(ref_fp8_to_f32(kE4M3Ocp, 0x01).ok == std::vector<std::uint32_t>{0x3B000000u});
  CHECK(ref_fp8_to_f32(kE5M2Ocp, 0x7C).ok == std::vector<std::uint32_t>{0x7F800000u});
  CHECK(ref_fp8_to_f32(kE5M2Ocp, 0xFC).ok == std::vector<std::uint32_t>{0xFF800000u});
  CHECK(ref_fp8_to_f32(kE5M2Ocp, 0x7D).nan_ok);
  CHECK(ref_fp8_to_f32(kE5M2Ocp, 0x7B).ok == std::vector<std::uint32_t>{0x47600000u});
  CHECK(ref_fp8_to_f32(kE5M2Ocp, 0x01).ok == std::vector<std::uint32_t>{0x37800000u});
  CHECK(ref_fp8_to_f32(kE4M3Fnuz, 0x80).nan_ok);
  CHECK(ref_fp8_to_f32(kE4M3Fnuz, 0x7F).ok == std::vector<std::uint32_t>{0x43700000u});
  CHECK(ref_fp8_to_f32(kE4M3Fnuz, 0xFF).ok == std::vector<std::uint32_t>{0xC3700000u});
  CHECK(ref_fp8_to_f32(kE4M3Fnuz, 0x38).ok == std::vector<std::uint32_t>{0x3F000000u});
  CHECK(ref_fp8_to_f32(kE4M3Fnuz, 0x01).ok == std::vector<std::uint32_t>{0x3A800000u});
  CHECK(ref_fp8_to_f32(kE5M2Fnuz, 0x80).nan_ok);
  CHECK(ref_fp8_to_f32(kE5M2Fnuz, 0x7F).ok == std::vector<std::uint32_t>{0x47600000u});
  CHECK(ref_fp8_to_f32(kE5M2Fnuz, 0x01).ok == std::vector<std::uint32_t>{0x37000000u});
  CHECK(ref_fp8_to_f32(kE5M2Fnuz, 0x00).ok == std::vector<std::uint32_t>{0x00000000u});

  // The semantic function, every code of every format.
  for (const Fp8Case& fc : kFp8) {
    Mismatches mm(std::string("fp8_to_f32 ") + fc.ref->name);
    for (unsigned code = 0; code < 256; ++code) {
      const Want w = ref_fp8_to_f32(*fc.ref, static_cast<std::uint8_t>(code));
      const std::uint32_t got = mxlane::fp8_to_f32(*fc.spec, static_cast<std::uint8_t>(code), sw);
      mm.check(w.accepts(kF32, got),
               [&] { return "code " + hex(code, 2) + " -> " + hex(got, 8) + ", reference " + w.describe(8); });
    }
    mm.finish(std::string("exhaustive decode ") + fc.ref->name);
  }

  // §6.5: the format each architecture uses, by parameters.
  for (const ArchId arch : kFp8Archs)
    for (const bool bf8 : {false, true}) {
      const mxlane::FormatSpec& s = mxlane::fp8_format(arch, bf8);
      const Fp8Fmt& r = format_of(arch, bf8);
      INFO(vtest::arch_name(arch) << (bf8 ? " bf8" : " fp8") << " -> " << s.name);
      CHECK(s.exp_bits == r.ebits);
      CHECK(s.man_bits == r.mbits);
      CHECK(s.bias == r.bias);
      CHECK((s.special == mxlane::SpecialEncoding::fnuz) == (r.kind == Fp8Kind::fnuz));
    }

  // The builtins: every code in every byte position (other bytes random), and every pair of codes
  // in both words for the packed decodes.
  Gen g(0xDEC0DE);
  for (const ArchId arch : kFp8Archs) {
    for (const bool bf8 : {false, true}) {
      const Fp8Fmt& f = format_of(arch, bf8);
      const std::string name = std::string(bf8 ? "cvt_f32_bf8" : "cvt_f32_fp8") + " @" + vtest::arch_name(arch);
      Mismatches mm(name + " (every code, every byte_sel)");
      for (int k = 0; k < 4; ++k) {
        std::vector<std::int32_t> src(256);
        for (unsigned c = 0; c < 256; ++c)
          src[c] = static_cast<std::int32_t>((g.u32() & ~(0xFFu << (8 * k))) | (c << (8 * k)));
        const auto got = bf8 ? B::cvt_f32_bf8(arch, sp(src), k) : B::cvt_f32_fp8(arch, sp(src), k);
        for (unsigned c = 0; c < 256; ++c) {
          const Want w = ref_fp8_to_f32(f, static_cast<std::uint8_t>(c));
          mm.check(w.accepts(kF32, got[c].bits), [&] {
            return "src " + hex(static_cast<std::uint32_t>(src[c]), 8) + " byte_sel " + std::to_string(k) + " -> " +
                   hex(got[c].bits, 8) + ", reference " + w.describe(8);
          });
        }
      }
      mm.finish("exhaustive " + name);

      const std::string pk = std::string(bf8 ? "cvt_pk_f32_bf8" : "cvt_pk_f32_fp8") + " @" + vtest::arch_name(arch);
      Mismatches mp(pk + " (every code pair, both words)");
      std::vector<Want> table;
      for (unsigned c = 0; c < 256; ++c) table.push_back(ref_fp8_to_f32(f, static_cast<std::uint8_t>(c)));
      for (const bool w : {false, true}) {
        std::vector<std::int32_t> src(65536);
        for (unsigned p = 0; p < 65536; ++p) {
          const std::uint32_t other = g.u32() & 0xFFFFu;
          src[p] = static_cast<std::int32_t>(w ? (p << 16) | other : (other << 16) | p);
        }
        const auto got = bf8 ? B::cvt_pk_f32_bf8(arch, sp(src), w) : B::cvt_pk_f32_fp8(arch, sp(src), w);
        for (unsigned p = 0; p < 65536; ++p) {
          const Want& lo = table[p & 0xFF];
          const Want& hi = table[p >> 8];
          mp.check(lo.accepts(kF32, got[p][0].bits) && hi.accepts(kF32, got[p][1].bits), [&] {
            return "src " + hex(static_cast<std::uint32_t>(src[p]), 8) + " word_sel " + std::to_string(w) + " -> {" +
                   hex(got[p][0].bits, 8) + ", " + hex(got[p][1].bits, 8) + "}, reference {" + lo.describe(8) + ", " +
                   hi.describe(8) + "}";
          });
        }
      }
      mp.finish("exhaustive " + pk);
    }
  }
  vtest::print_counts("exhaustive decode", "exhaustive", {"decode", "cvt_f32_", "cvt_pk_f32_"});
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("valu-reference exhaustive: FP8/BF8 RNE encode of every binary16 value widened to binary32",
          "[valu-reference]") {
  mxlane::Switches sw;
  // Expected codes per format (and with MODE.FP16_OVFL saturation for OCP).
  std::vector<std::vector<std::uint8_t>> want(4), want_sat(4);
  std::vector<std::uint32_t> x(65536);
  for (unsigned h = 0; h < 65536; ++h) x[h] = widen_f16(static_cast<std::uint16_t>(h));
  for (std::size_t i = 0; i < 4; ++i) {
    const Fp8Case& fc = kFp8[i];
    want[i].resize(65536);
    want_sat[i].resize(65536);
    Mismatches mm(std::string("f32_to_fp8 RNE ") + fc.ref->name);
    for (unsigned h = 0; h < 65536; ++h) {
      want[i][h] = ref_f32_to_fp8(*fc.ref, x[h], false, 0, false);
      const std::uint8_t got = mxlane::f32_to_fp8(*fc.spec, x[h], false, 0, false, sw);
      mm.check(got == want[i][h], [&] {
        return "f16 " + hex(h, 4) + " = f32 " + hex(x[h], 8) + " -> " + hex(got, 2) + ", reference " +
               hex(want[i][h], 2);
      });
      if (fc.ocp) {
        want_sat[i][h] = ref_f32_to_fp8(*fc.ref, x[h], false, 0, true);
        const std::uint8_t gs = mxlane::f32_to_fp8(*fc.spec, x[h], false, 0, true, sw);
        mm.check(gs == want_sat[i][h], [&] {
          return "saturating, f16 " + hex(h, 4) + " = f32 " + hex(x[h], 8) + " -> " + hex(gs, 2) + ", reference " +
                 hex(want_sat[i][h], 2);
        });
      }
    }
    mm.finish(std::string("exhaustive encode f16-widened ") + fc.ref->name);
  }

  // Through the builtins: lane a takes h, lane b takes 65535 - h; both words; default MODE, and
  // FP16_OVFL = 1 on the OCP architectures.
  Gen g(0xE7C0DE);
  for (const ArchId arch : kFp8Archs) {
    for (const bool bf8 : {false, true}) {
      const std::size_t fi = arch == ArchId::gfx942 ? (bf8 ? 3 : 2) : (bf8 ? 1 : 0);
      for (const bool sat : {false, true}) {
        if (sat && arch == ArchId::gfx942) continue;  // FNUZ: no saturation reachable (§6.7)
        mxlane::Switches s2;
        if (sat) mxlane::set_switch(s2, "fp16_ovfl", "1");
        const auto& tab = sat ? want_sat[fi] : want[fi];
        const std::string name = std::string(bf8 ? "cvt_pk_bf8_f32" : "cvt_pk_fp8_f32") + " @" +
                                 vtest::arch_name(arch) + (sat ? " fp16_ovfl=1" : "");
        Mismatches mm(name + " (every binary16 value)");
        for (const bool w : {false, true}) {
          std::vector<mxlane::F32> a(65536), b(65536);
          std::vector<std::int32_t> old(65536);
          for (unsigned h = 0; h < 65536; ++h) {
            a[h].bits = x[h];
            b[h].bits = x[65535 - h];
            old[h] = static_cast<std::int32_t>(g.u32());
          }
          const auto got = bf8 ? B::cvt_pk_bf8_f32(arch, sp(a), sp(b), sp(old), w, s2)
                               : B::cvt_pk_fp8_f32(arch, sp(a), sp(b), sp(old), w, s2);
          for (unsigned h = 0; h < 65536; ++h) {
            const std::uint32_t v = tab[h] | (static_cast<std::uint32_t>(tab[65535 - h]) << 8);
            const auto o = static_cast<std::uint32_t>(old[h]);
            const std::uint32_t expect = w ? (o & 0x0000FFFFu) | (v << 16) : (o & 0xFFFF0000u) | v;
            const auto gv = static_cast<std::uint32_t>(got[h]);
            mm.check(gv == expect, [&] {
              return "a " + hex(a[h].bits, 8) + " b " + hex(b[h].bits, 8) + " old " + hex(o, 8) + " word_sel " +
                     std::to_string(w) + " -> " + hex(gv, 8) + ", reference " + hex(expect, 8);
            });
          }
        }
        mm.finish("exhaustive " + name);
      }
    }
  }
  vtest::print_counts("exhaustive RNE encode", "exhaustive",
                      {"encode f16-widened", "cvt_pk_fp8_f32", "cvt_pk_bf8_f32"});
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("valu-reference exhaustive: FP8/BF8 encode of every FP8 value, midpoints, thresholds, underflow",
          "[valu-reference]") {
  const mxlane::Switches sw;
  Gen g(0x3D9017);
  for (const Fp8Case& fc : kFp8) {
    const Fp8Fmt& f = *fc.ref;
    Mismatches mm(std::string("fp8 encode special sets ") + f.name);
    const auto check_one = [&](std::uint32_t xin, bool stochastic, std::uint32_t seed, bool sat, const char* what) {
      const std::uint8_t want = ref_f32_to_fp8(f, xin, stochastic, seed, sat);
      const std::uint8_t got = mxlane::f32_to_fp8(*fc.spec, xin, stochastic, seed, sat, sw);
      mm.check(got == want, [&] {
        return std::string(what) + ": x " + hex(xin, 8) +
               (stochastic ? " SR seed " + hex(seed, 8) : std::string(" RNE")) + (sat ? " sat" : "") + " -> " +
               hex(got, 2) + ", reference " + hex(want, 2);
      });
      return want;
    };
    // 1. Every FP8 value round-trips, RNE and SR with any seed (the value is on the grid).
    for (unsigned code = 0; code < 256; ++code) {
      const Num d = fp8_decode(f, static_cast<std::uint8_t>(code));
      if (!d.finite()) continue;
      const std::uint32_t xv = exact_bits(kF32, d.x, d.neg);
      const std::uint8_t expect_code = static_cast<std::uint8_t>(f.kind == Fp8Kind::fnuz && d.zero() ? 0x00 : code);
      CHECK(ref_f32_to_fp8(f, xv, false, 0, false) == expect_code);  // the reference's own round trip
      check_one(xv, false, 0, false, "round trip");
      for (const std::uint32_t seed : {0u, 0xFFFFFFFFu, 0x80000000u, g.u32()})
        check_one(xv, true, seed, false, "SR round trip");
      if (fc.ocp) check_one(xv, false, 0, true, "round trip");
    }
    // 2. Midpoints between adjacent finite values of each sign: ties to the even code; one binary32
    // ulp either side goes to the nearer code.
    for (const std::uint8_t sign : {std::uint8_t{0}, std::uint8_t{0x80}}) {
      for (unsigned c = 0; c < f.max_code(); ++c) {
        const Num lo = fp8_decode(f, static_cast<std::uint8_t>(c)),
                  hi = fp8_decode(f, static_cast<std::uint8_t>(c + 1));
        const Ex mid = (absx(lo.x) + absx(hi.x)) * Ex::pow2(-1);
        const std::uint32_t xm = f32_of(mid) | (sign ? 0x80000000u : 0u);
        const std::uint8_t even = static_cast<std::uint8_t>((c % 2 == 0) ? c : c + 1);
        std::uint8_t expect = static_cast<std::uint8_t>(even | sign);
        if (f.kind == Fp8Kind::fnuz && even == 0) expect = 0x00;  // FNUZ has no -0
        CHECK(ref_f32_to_fp8(f, xm, false, 0, false) == expect);  // the reference ties to even
        check_one(xm, false, 0, false, "midpoint");
        check_one(xm - 1, false, 0, false, "midpoint - ulp");
        check_one(xm + 1, false, 0, false, "midpoint + ulp");
        for (const std::uint32_t seed : {0u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, g.u32()}) {
          check_one(xm, true, seed, false, "SR midpoint");
          check_one(xm + 1, true, seed, false, "SR midpoint + ulp");
        }
      }
    }
    // 3. Overflow: the midpoint between the largest finite value and the next step, +-1 ulp, and
    // far beyond; both signs; saturation for OCP.
    const Ex maxv = fp8_max_value(f);
    const Ex step = Ex::pow2(ilog2(maxv) - f.mbits);
    const std::uint32_t thr = f32_of(maxv + step * Ex::pow2(-1));
    for (const std::uint32_t s : {0u, 0x80000000u}) {
      for (const std::uint32_t xv : {f32_of(maxv) | s, thr | s, (thr - 1) | s, (thr + 1) | s, f32_of(maxv + step) | s,
                                     f32_of(maxv * Ex::of(4)) | s, 0x477FE000u | s, 0x7F7FFFFFu | s, 0x7F800000u | s}) {
        check_one(xv, false, 0, false, "overflow");
        if (fc.ocp) check_one(xv, false, 0, true, "overflow");
        for (const std::uint32_t seed : {0u, 0xFFFFFFFFu, g.u32()}) {
          check_one(xv, true, seed, false, "SR overflow");
          if (fc.ocp) check_one(xv, true, seed, true, "SR overflow");
        }
      }
    }
    // 4. Underflow: around half the smallest subnormal, binary32 subnormals.
    const Ex minsub = Ex::pow2(f.emin() - f.mbits);
    for (const std::uint32_t s : {0u, 0x80000000u}) {
      const std::uint32_t half = f32_of(minsub * Ex::pow2(-1));
      for (const std::uint32_t xv :
           {half | s, (half - 1) | s, (half + 1) | s, f32_of(minsub * Ex::pow2(-2)) | s, f32_of(minsub) | s,
            (f32_of(minsub) - 1) | s, 0x00000001u | s, 0x007FFFFFu | s, 0x00800000u | s, s}) {
        check_one(xv, false, 0, false, "underflow");
        for (const std::uint32_t seed : {0u, 0x80000000u, 0xFFFFFFFFu, g.u32()})
          check_one(xv, true, seed, false, "SR underflow");
      }
    }
    mm.finish(std::string("exhaustive encode special sets ") + f.name);
  }

  // §6.7 consequences and §6.9 vectors, on the reference and on the code.
  struct Point {
    const Fp8Fmt* f;
    const mxlane::FormatSpec* spec;
    std::uint32_t x;
    bool sat;
    std::uint8_t code;
  };
  const Point points[] = {
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x43E00000u, false, 0x7E},  // 448
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x43E80000u, false, 0x7E},  // 464: tie to even
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x43E80001u, false, 0x7F},  // just above 464: NaN code
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x43E80001u, true, 0x7E},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0xC3E80001u, false, 0xFF},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0xC3E80001u, true, 0xFE},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x43F00000u, false, 0x7F},  // C7: 480
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0xC3F00000u, true, 0xFE},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x477FE000u, false, 0x7F},  // C17: 65504
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x477FE000u, true, 0x7E},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x7F800000u, true, 0x7F},  // C10: inf never saturated
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0xFF800000u, true, 0xFF},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x7FC12345u, false, 0xFF},  // C11
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0xFFC12345u, false, 0xFF},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x80000000u, false, 0x80},  // C13
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x3F900000u, false, 0x39},  // C15: 1.125
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0xC3E00000u, false, 0xFE},  // -448
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x3B000000u, false, 0x01},  // 2^-9
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x3A800000u, false, 0x00},  // 2^-10: tie to even 0
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0xBA800000u, false, 0x80},
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x47600000u, false, 0x7B},  // 57344
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x476FFFFFu, false, 0x7B},  // just below 61440
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x47700000u, false, 0x7C},  // C9: 61440 -> inf
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x47700000u, true, 0x7B},
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0xC7700000u, false, 0xFC},
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0xC7700000u, true, 0xFB},
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x43F00000u, false, 0x60},  // C8: 480
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x7F800000u, true, 0x7C},   // C10
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x7FC12345u, false, 0xFE},  // C11
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x3F900000u, false, 0x3C},  // C16: 1.125 tie to even
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0xC3E00000u, false, 0xDF},
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x3B000000u, false, 0x18},
      {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, 0x3F800000u, false, 0x40},  // C23
      {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, 0xBF800000u, false, 0xC0},
      {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, 0x43700000u, false, 0x7F},  // 240
      {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, 0x43740000u, false, 0x7F},  // 244
      {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, 0x43780000u, false, 0x80},  // 248: overflow NaN
      {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, 0x7FC00000u, false, 0x80},
      {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, 0xFF800000u, false, 0x80},
      {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, 0x80000000u, false, 0x00},  // no -0
      {&kE4M3Fnuz, &mxlane::kFp8E4M3Fnuz, 0xB9800000u, false, 0x00},  // -2^-12: negative underflow -> 0x00
      {&kE5M2Fnuz, &mxlane::kFp8E5M2Fnuz, 0x3F800000u, false, 0x40},  // C24
      {&kE5M2Fnuz, &mxlane::kFp8E5M2Fnuz, 0x477FE000u, false, 0x80},  // 65504: overflow NaN
      {&kE5M2Fnuz, &mxlane::kFp8E5M2Fnuz, 0xB8000000u, false, 0x84},  // -2^-15
      {&kE5M2Fnuz, &mxlane::kFp8E5M2Fnuz, 0x47000000u, false, 0x7C},  // 32768: top binade is finite
      {&kE5M2Fnuz, &mxlane::kFp8E5M2Fnuz, 0x47400000u, false, 0x7E},  // 49152
      {&kE5M2Fnuz, &mxlane::kFp8E5M2Fnuz, 0x47600000u, false, 0x7F},  // 57344 = 0x7F
      {&kE5M2Fnuz, &mxlane::kFp8E5M2Fnuz, 0x47700000u, false, 0x80},  // 61440: tie beyond 0x7F
  };
  for (const Point& p : points) {
    INFO(p.f->name << " x " << hex(p.x, 8) << (p.sat ? " sat" : "") << ": spec code " << hex(p.code, 2));
    CHECK(ref_f32_to_fp8(*p.f, p.x, false, 0, p.sat) == p.code);
    CHECK(mxlane::f32_to_fp8(*p.spec, p.x, false, 0, p.sat, sw) == p.code);
  }
  // §6.9 stochastic vectors (C3-C6, C12, C14, C18) on the reference and the code.
  struct SrPoint {
    const Fp8Fmt* f;
    const mxlane::FormatSpec* spec;
    std::uint32_t x, seed;
    std::uint8_t code;
  };
  const SrPoint sr_points[] = {
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x3F880000u, 0x7FFFFFFFu, 0x38},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x3F880000u, 0x80000000u, 0x39},
      {&kE5M2Ocp, &mxlane::kFp8E5M2Ocp, 0x3F880000u, 0xFFFFFFFFu, 0x3D},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0xBF980000u, 0x00000000u, 0xB9},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x3A000000u, 0xFFFFFFFFu, 0x01},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0xBF880000u, 0x7FFFFFFFu, 0xB8},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x3FF80000u, 0x80000000u, 0x40},
      {&kE4M3Ocp, &mxlane::kFp8E4M3Ocp, 0x3FF80000u, 0x7FFFFFFFu, 0x3F},
  };
  for (const SrPoint& p : sr_points) {
    INFO(p.f->name << " SR x " << hex(p.x, 8) << " seed " << hex(p.seed, 8) << ": spec code " << hex(p.code, 2));
    CHECK(ref_f32_to_fp8(*p.f, p.x, true, p.seed, false) == p.code);
    CHECK(mxlane::f32_to_fp8(*p.spec, p.x, true, p.seed, false, sw) == p.code);
  }
  vtest::print_counts("exhaustive special encode sets", "exhaustive encode special");
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("valu-reference exhaustive: FP8/BF8 stochastic encode of every binary16 value widened", "[valu-reference]") {
  const mxlane::Switches sw;
  Gen g(0x5EED5);
  const int n_seeds = kDivisor == 1 ? 3 : 1;
  for (const Fp8Case& fc : kFp8) {
    Mismatches mm(std::string("f32_to_fp8 SR ") + fc.ref->name);
    for (unsigned h = 0; h < 65536; h += static_cast<unsigned>(kDivisor)) {
      const std::uint32_t x = widen_f16(static_cast<std::uint16_t>(h));
      const std::uint32_t seeds[3] = {g.u32(), 0xFFFFFFFFu, 0x80000000u};
      for (int s = 0; s < n_seeds; ++s) {
        const std::uint8_t want = ref_f32_to_fp8(*fc.ref, x, true, seeds[s], false);
        const std::uint8_t got = mxlane::f32_to_fp8(*fc.spec, x, true, seeds[s], false, sw);
        mm.check(got == want, [&] {
          return "f16 " + hex(h, 4) + " = f32 " + hex(x, 8) + " seed " + hex(seeds[s], 8) + " -> " + hex(got, 2) +
                 ", reference " + hex(want, 2);
        });
      }
    }
    mm.finish(std::string("exhaustive SR f16-widened ") + fc.ref->name);
  }
  vtest::print_counts("exhaustive SR encode", "exhaustive SR");
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("valu-reference exhaustive: cvt_pkrtz round-trips every binary16 value, both lanes, every architecture",
          "[valu-reference]") {
  std::vector<mxlane::F32> a(65536), b(65536);
  std::vector<std::uint16_t> want_a(65536), want_b(65536);
  for (unsigned h = 0; h < 65536; ++h) {
    const auto ha = static_cast<std::uint16_t>(h), hb = static_cast<std::uint16_t>(h ^ 0xFFFFu);
    a[h].bits = widen_f16(ha);
    b[h].bits = widen_f16(hb);
    want_a[h] = ref_f32_to_f16_rtz(a[h].bits);
    want_b[h] = ref_f32_to_f16_rtz(b[h].bits);
    // f16 -> f32 -> f16 is exact; a NaN comes back quieted (§6.1).
    const auto back = [](std::uint16_t x) {
      return static_cast<std::uint16_t>(decode(kF16, x).nan() ? (x | 0x0200u) : x);
    };
    REQUIRE(want_a[h] == back(ha));
    REQUIRE(want_b[h] == back(hb));
  }
  for (const ArchId arch : vtest::kAllArchs) {
    Mismatches mm(std::string("cvt_pkrtz @") + vtest::arch_name(arch));
    const auto got = B::cvt_pkrtz(arch, sp(a), sp(b));
    for (unsigned h = 0; h < 65536; ++h)
      mm.check(got[h][0].bits == want_a[h] && got[h][1].bits == want_b[h], [&] {
        return "a " + hex(a[h].bits, 8) + " b " + hex(b[h].bits, 8) + " -> {" + hex(got[h][0].bits, 4) + ", " +
               hex(got[h][1].bits, 4) + "}, reference {" + hex(want_a[h], 4) + ", " + hex(want_b[h], 4) + "}";
      });
    mm.finish(std::string("exhaustive cvt_pkrtz f16 @") + vtest::arch_name(arch));
  }
  vtest::print_counts("exhaustive cvt_pkrtz", "exhaustive cvt_pkrtz");
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("valu-reference exhaustive: pknorm and cvt_pk_u8_f32 over every binary16 value widened", "[valu-reference]") {
  Gen g(0x90A3);
  std::vector<mxlane::F32> a(65536), b(65536);
  std::vector<std::uint32_t> sel(65536), old(65536);
  for (unsigned h = 0; h < 65536; ++h) {
    a[h].bits = widen_f16(static_cast<std::uint16_t>(h));
    b[h].bits = widen_f16(static_cast<std::uint16_t>(65535 - h));
    sel[h] = g.u32();
    old[h] = g.u32();
  }
  for (const ArchId arch : vtest::kAllArchs) {
    const std::string at = std::string(" @") + vtest::arch_name(arch);
    Mismatches mi("cvt_pknorm_i16" + at), mu("cvt_pknorm_u16" + at), m8("cvt_pk_u8_f32" + at);
    const auto gi = B::cvt_pknorm_i16(arch, sp(a), sp(b));
    const auto gu = B::cvt_pknorm_u16(arch, sp(a), sp(b));
    const auto g8 = B::cvt_pk_u8_f32(arch, sp(a), sp(sel), sp(old));
    for (unsigned h = 0; h < 65536; ++h) {
      const std::uint16_t wi0 = ref_snorm16(a[h].bits), wi1 = ref_snorm16(b[h].bits);
      const std::uint16_t wu0 = ref_unorm16(a[h].bits), wu1 = ref_unorm16(b[h].bits);
      const std::uint32_t w8 = ref_cvt_pk_u8_f32(a[h].bits, sel[h], old[h]);
      const auto gi0 = static_cast<std::uint16_t>(gi[h][0]), gi1 = static_cast<std::uint16_t>(gi[h][1]);
      mi.check(gi0 == wi0 && gi1 == wi1, [&] {
        return "a " + hex(a[h].bits, 8) + " b " + hex(b[h].bits, 8) + " -> {" + hex(gi0, 4) + ", " + hex(gi1, 4) +
               "}, reference {" + hex(wi0, 4) + ", " + hex(wi1, 4) + "}";
      });
      mu.check(gu[h][0] == wu0 && gu[h][1] == wu1, [&] {
        return "a " + hex(a[h].bits, 8) + " b " + hex(b[h].bits, 8) + " -> {" + hex(gu[h][0], 4) + ", " +
               hex(gu[h][1], 4) + "}, reference {" + hex(wu0, 4) + ", " + hex(wu1, 4) + "}";
      });
      m8.check(g8[h] == w8, [&] {
        return "src " + hex(a[h].bits, 8) + " sel " + hex(sel[h], 8) + " old " + hex(old[h], 8) + " -> " +
               hex(g8[h], 8) + ", reference " + hex(w8, 8);
      });
    }
    mi.finish("exhaustive f16-widened cvt_pknorm_i16" + at);
    mu.finish("exhaustive f16-widened cvt_pknorm_u16" + at);
    m8.finish("exhaustive f16-widened cvt_pk_u8_f32" + at);
  }
  vtest::print_counts("exhaustive f16-widened packers", "exhaustive f16-widened");
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("valu-reference exhaustive: SAD byte step, every byte pair in every byte position", "[valu-reference]") {
  // Single-byte operands: S0 and S1 hold one byte each at position p, S2 is random.
  Gen g(0x5AD);
  const std::size_t n = 4 * 65536;
  std::vector<std::uint32_t> s0(n), s1(n), s2(n), w_sad(n), w_msad(n), w_hi(n);
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned p = static_cast<unsigned>(i >> 16), x = (i >> 8) & 0xFF, y = i & 0xFF;
    s0[i] = x << (8 * p);
    s1[i] = y << (8 * p);
    s2[i] = g.coin(20) ? 0xFFFFFFFFu - g.bits(9) : g.u32();
    w_sad[i] = ref_sad_u8(s0[i], s1[i], s2[i]);
    w_msad[i] = ref_msad_u8(s0[i], s1[i], s2[i]);
    w_hi[i] = ref_sad_hi_u8(s0[i], s1[i], s2[i]);
  }
  for (const ArchId arch : vtest::kAllArchs) {
    const std::string at = std::string(" @") + vtest::arch_name(arch);
    const auto gs = B::sad_u8(arch, sp(s0), sp(s1), sp(s2));
    const auto gm = B::msad_u8(arch, sp(s0), sp(s1), sp(s2));
    const auto gh = B::sad_hi_u8(arch, sp(s0), sp(s1), sp(s2));
    Mismatches ms("sad_u8" + at), mm("msad_u8" + at), mh("sad_hi_u8" + at);
    for (std::size_t i = 0; i < n; ++i) {
      const auto desc = [&](std::uint32_t got, std::uint32_t want) {
        return "s0 " + hex(s0[i], 8) + " s1 " + hex(s1[i], 8) + " s2 " + hex(s2[i], 8) + " -> " + hex(got, 8) +
               ", reference " + hex(want, 8);
      };
      ms.check(gs[i] == w_sad[i], [&] { return desc(gs[i], w_sad[i]); });
      mm.check(gm[i] == w_msad[i], [&] { return desc(gm[i], w_msad[i]); });
      mh.check(gh[i] == w_hi[i], [&] { return desc(gh[i], w_hi[i]); });
    }
    ms.finish("exhaustive byte pairs sad_u8" + at);
    mm.finish("exhaustive byte pairs msad_u8" + at);
    mh.finish("exhaustive byte pairs sad_hi_u8" + at);
  }
  vtest::print_counts("exhaustive SAD byte pairs", "exhaustive byte pairs");
}
