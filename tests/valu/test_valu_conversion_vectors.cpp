// docs/spec/valu.md §6.9: conversion test vectors C1-C35.
//   - OCP FP8/BF8 rows (C1-C20) on gfx1200 (C1-C14: [HW] gfx1201 captures; C14b-C20: [DERIVED]) and on
//     gfx950 ("gfx950 [ASSUMED same]", §6.7/§6.8; saturation via FP16_OVFL also [ASSUMED] to match).
//   - FNUZ rows (C21-C24) on gfx942 ([DERIVED] decodes, [ASSUMED] encodes).
//   - C25-C35 (cvt_pkrtz, cvt_pk_u8_f32, cvt_pknorm_*, cvt_pk_i16/u16): [HW] gfx1201 for C25-C33,
//     [DERIVED] for C34-C35. §6.1-6.4 give one semantics for every target, so they run on every
//     architecture of the §1.2 table.
// D = 0x12345678 is the "old" destination where used. Values "with FP16_OVFL = 1 / sat" run with the
// switch fp16_ovfl=1. NaN cells whose bit pattern the spec does not give are checked for NaN-ness.
#include "support/catch_compat.hpp"

#include "valu/valu_test_support.hpp"

using namespace valu_test;

namespace {

constexpr std::uint32_t D = 0x12345678;
constexpr ArchId kOcp[] = {ArchId::gfx1200, ArchId::gfx950};

const char* ocp_label(ArchId a, const char* gfx12_label) {
  return a == ArchId::gfx1200 ? gfx12_label : "[ASSUMED same as gfx12] on gfx950";
}

std::uint32_t pk_fp8(ArchId a, std::uint32_t x, std::uint32_t y, std::uint32_t old, bool word_sel,
                     const mxlane::Switches& sw = {}) {
  return u32(b::cvt_pk_fp8_f32(a, one(f32(x)), one(f32(y)), one(i32(old)), word_sel, sw).at(0));
}
std::uint32_t pk_bf8(ArchId a, std::uint32_t x, std::uint32_t y, std::uint32_t old, bool word_sel,
                     const mxlane::Switches& sw = {}) {
  return u32(b::cvt_pk_bf8_f32(a, one(f32(x)), one(f32(y)), one(i32(old)), word_sel, sw).at(0));
}
std::uint32_t sr_fp8(ArchId a, std::uint32_t x, std::uint32_t rng, std::uint32_t old, int byte_sel) {
  return u32(b::cvt_sr_fp8_f32(a, one(f32(x)), one(i32(rng)), one(i32(old)), byte_sel).at(0));
}
std::uint32_t sr_bf8(ArchId a, std::uint32_t x, std::uint32_t rng, std::uint32_t old, int byte_sel) {
  return u32(b::cvt_sr_bf8_f32(a, one(f32(x)), one(i32(rng)), one(i32(old)), byte_sel).at(0));
}

const mxlane::Switches& sat() {
  static const mxlane::Switches sw = switches_with("fp16_ovfl", "1");
  return sw;
}

}  // namespace

TEST_CASE("valu §6.9: C1-C14b OCP encodes (gfx1201 captures; gfx950 assumed same)", "[valu]") {
  for (ArchId a : kOcp) {
    CAPTURE(arch_name(a));
    const char* hw = ocp_label(a, "[HW gfx1201]");
    const char* derived = ocp_label(a, "[DERIVED]");
    {
      CAPTURE("C1", hw);
      CHECK(pk_fp8(a, 0x3F880000, 0xBF880000, D, false) == 0x1234B838);
    }
    {
      CAPTURE("C2", hw);
      CHECK(pk_bf8(a, 0x3F880000, 0xBF880000, D, false) == 0x1234BC3C);
    }
    {
      CAPTURE("C3", hw);
      CHECK(sr_fp8(a, 0x3F880000, 0x7FFFFFFF, D, 0) == 0x12345638);
    }
    {
      CAPTURE("C4", hw);
      CHECK(sr_fp8(a, 0x3F880000, 0x80000000, D, 0) == 0x12345639);
    }
    {
      CAPTURE("C5", hw);
      CHECK(sr_bf8(a, 0x3F880000, 0xFFFFFFFF, D, 0) == 0x1234563D);
    }
    {
      CAPTURE("C6 (literal ISA would give 0x..BA)", hw);
      CHECK(sr_fp8(a, 0xBF980000, 0x00000000, D, 0) == 0x123456B9);
    }
    {
      CAPTURE("C7", hw);
      CHECK(pk_fp8(a, 0x43F00000, 0xC3F00000, D, false) == 0x1234FF7F);
    }
    {
      CAPTURE("C7 FP16_OVFL = 1", hw);
      CHECK(pk_fp8(a, 0x43F00000, 0xC3F00000, D, false, sat()) == 0x1234FE7E);
    }
    {
      CAPTURE("C8", hw);
      CHECK(pk_bf8(a, 0x43F00000, 0xC3F00000, D, false) == 0x1234E060);
    }
    {
      CAPTURE("C9", hw);
      CHECK(pk_bf8(a, 0x47700000, 0xC7700000, D, false) == 0x1234FC7C);
    }
    {
      CAPTURE("C9 sat", hw);
      CHECK(pk_bf8(a, 0x47700000, 0xC7700000, D, false, sat()) == 0x1234FB7B);
    }
    {
      CAPTURE("C10 fp8", hw);
      CHECK(pk_fp8(a, 0x7F800000, 0xFF800000, D, false) == 0x1234FF7F);
    }
    {
      CAPTURE("C10 fp8 (also with sat)", hw);
      CHECK(pk_fp8(a, 0x7F800000, 0xFF800000, D, false, sat()) == 0x1234FF7F);
    }
    {
      CAPTURE("C10 bf8", hw);
      CHECK(pk_bf8(a, 0x7F800000, 0xFF800000, D, false) == 0x1234FC7C);
    }
    {
      // §6.7 narrow_ocp: "if isInf(x): return s | top ... Never saturated"
      CAPTURE("C10 bf8 with sat (§6.7: inf never saturated)", hw);
      CHECK(pk_bf8(a, 0x7F800000, 0xFF800000, D, false, sat()) == 0x1234FC7C);
    }
    {
      CAPTURE("C11 fp8", hw);
      CHECK(pk_fp8(a, 0x7FC12345, 0xFFC12345, D, false) == 0x1234FFFF);
    }
    {
      CAPTURE("C11 bf8", hw);
      CHECK(pk_bf8(a, 0x7FC12345, 0xFFC12345, D, false) == 0x1234FEFE);
    }
    {
      CAPTURE("C12 (literal ISA would give 0x..00)", hw);
      CHECK(sr_fp8(a, 0x3A000000, 0xFFFFFFFF, D, 0) == 0x12345601);
    }
    {
      CAPTURE("C13", hw);
      CHECK(pk_fp8(a, 0x00000000, 0x80000000, D, false) == 0x12348000);
    }
    {
      CAPTURE("C14 pk", hw);
      CHECK(pk_fp8(a, 0xBF880000, 0x3F880000, D, false) == 0x123438B8);
    }
    {
      CAPTURE("C14 sr byte_sel 3", hw);
      CHECK(sr_fp8(a, 0xBF880000, 0x7FFFFFFF, D, 3) == 0xB8345678);
    }
    {
      CAPTURE("C14b (high word)", derived);
      CHECK(pk_fp8(a, 0x3F880000, 0xBF880000, D, true) == 0xB8385678);
    }
  }
}

TEST_CASE("valu §6.9: C15-C18 OCP encodes", "[valu]") {
  struct Enc {
    const char* row;
    std::uint32_t x;
    std::uint8_t fp8, bf8;
  };
  // [DERIVED] C15 (fp8) / C16 (bf8): 1.0, 1.125, -448, 2^-9
  const Enc rows[] = {
      {"C15/C16 1.0", 0x3F800000, 0x38, 0x3C},
      {"C15/C16 1.125", 0x3F900000, 0x39, 0x3C},
      {"C15/C16 -448", 0xC3E00000, 0xFE, 0xDF},
      {"C15/C16 2^-9", 0x3B000000, 0x01, 0x18},
  };
  // The value goes into both halves of the selected word: a -> low byte, b -> high byte (§6.7).
  const auto both = [](std::uint8_t v) { return (D & 0xFFFF0000U) | (std::uint32_t{v} << 8) | v; };
  for (ArchId a : kOcp) {
    CAPTURE(arch_name(a), ocp_label(a, "[DERIVED]"));
    for (const Enc& r : rows) {
      CAPTURE(r.row);
      CHECK(pk_fp8(a, r.x, r.x, D, false) == both(r.fp8));
      CHECK(pk_bf8(a, r.x, r.x, D, false) == both(r.bf8));
    }
    {
      CAPTURE("C17 65504 fp8 / fp8 sat / bf8 / bf8 sat");
      CHECK(pk_fp8(a, 0x477FE000, 0x477FE000, D, false) == both(0x7F));
      CHECK(pk_fp8(a, 0x477FE000, 0x477FE000, D, false, sat()) == both(0x7E));
      CHECK(pk_bf8(a, 0x477FE000, 0x477FE000, D, false) == both(0x7C));
      CHECK(pk_bf8(a, 0x477FE000, 0x477FE000, D, false, sat()) == both(0x7B));
    }
    {
      CAPTURE("C18 sr_fp8(1.9375, seed 0x80000000 / 0x7FFFFFFF)");
      CHECK(sr_fp8(a, 0x3FF80000, 0x80000000, D, 0) == 0x12345640);
      CHECK(sr_fp8(a, 0x3FF80000, 0x7FFFFFFF, D, 0) == 0x1234563F);
    }
  }
}

namespace {

struct Dec {
  std::uint8_t byte;
  std::uint32_t expected;
  bool nan_only;
};

// Each byte is checked through cvt_f32_* with the byte in every position (byte_sel 0..3) and
// through cvt_pk_f32_* in every slot (word_sel 0/1, .x = low byte of the word), other bytes zero.
void check_decode(ArchId a, bool bf8, const Dec& d, const mxlane::Switches& sw = {}) {
  CAPTURE(arch_name(a), bf8 ? "bf8" : "fp8", static_cast<int>(d.byte));
  const auto check = [&](std::uint32_t got) {
    if (d.nan_only) {
      INFO("expected a NaN; got " << std::hex << got);
      CHECK(f32_is_nan(got));
    } else {
      CHECK(got == d.expected);
    }
  };
  for (int k = 0; k < 4; ++k) {
    CAPTURE(k);
    const auto src = one(i32(std::uint32_t{d.byte} << (8 * k)));
    check((bf8 ? b::cvt_f32_bf8(a, src, k, sw) : b::cvt_f32_fp8(a, src, k, sw)).at(0).bits);
    const auto pk = bf8 ? b::cvt_pk_f32_bf8(a, src, k >= 2, sw) : b::cvt_pk_f32_fp8(a, src, k >= 2, sw);
    check(pk.at(0)[static_cast<std::size_t>(k & 1)].bits);
  }
}

}  // namespace

TEST_CASE("valu §6.9: C19-C20 OCP decodes", "[valu]") {
  // [DERIVED]; on gfx950 OCP per §6.5 ([ASSUMED same] as gfx12)
  const Dec fp8[] = {{0x01, 0x3B000000, false},
                     {0x38, 0x3F800000, false},
                     {0x7E, 0x43E00000, false},
                     {0x7F, 0, true},
                     {0x80, 0x80000000, false}};
  const Dec bf8[] = {
      {0x01, 0x37800000, false}, {0x3C, 0x3F800000, false}, {0x7B, 0x47600000, false}, {0xFC, 0xFF800000, false}};
  for (ArchId a : kOcp) {
    for (const Dec& d : fp8) {
      CAPTURE("C19", ocp_label(a, "[DERIVED]"));
      check_decode(a, false, d);
    }
    for (const Dec& d : bf8) {
      CAPTURE("C20", ocp_label(a, "[DERIVED]"));
      check_decode(a, true, d);
    }
  }
}

TEST_CASE("valu §6.9: C21-C24 FNUZ on gfx942", "[valu]") {
  const ArchId a = ArchId::gfx942;
  // C21 [DERIVED] FNUZ decode fp8; 0x80 is NaN (pattern unverified: NaN-ness only)
  const Dec fp8[] = {{0x01, 0x3A800000, false}, {0x38, 0x3F000000, false}, {0x40, 0x3F800000, false},
                     {0x7F, 0x43700000, false}, {0xFF, 0xC3700000, false}, {0x80, 0, true}};
  for (const Dec& d : fp8) {
    CAPTURE("C21 [DERIVED]");
    check_decode(a, false, d);
  }
  // C22 [DERIVED] FNUZ decode bf8
  const Dec bf8[] = {{0x01, 0x37000000, false}, {0x40, 0x3F800000, false}, {0x7F, 0x47600000, false}};
  for (const Dec& d : bf8) {
    CAPTURE("C22 [DERIVED]");
    check_decode(a, true, d);
  }

  struct Enc {
    const char* row;
    std::uint32_t x;
    std::uint8_t expected;
  };
  const auto both = [](std::uint8_t v) { return (D & 0xFFFF0000U) | (std::uint32_t{v} << 8) | v; };
  // C23 [ASSUMED] FNUZ encode fp8
  const Enc e4[] = {{"C23 1.0", 0x3F800000, 0x40},
                    {"C23 -1.0", 0xBF800000, 0xC0},
                    {"C23 240", 0x43700000, 0x7F},
                    {"C23 244", 0x43740000, 0x7F},
                    {"C23 248 (overflow NaN)", 0x43780000, 0x80},
                    {"C23 NaN", 0x7FC00000, 0x80}};
  for (const Enc& r : e4) {
    CAPTURE(r.row, "[ASSUMED]");
    CHECK(pk_fp8(a, r.x, r.x, D, false) == both(r.expected));
  }
  // C24 [ASSUMED] FNUZ encode bf8
  const Enc e5[] = {
      {"C24 1.0", 0x3F800000, 0x40}, {"C24 65504 (overflow NaN)", 0x477FE000, 0x80}, {"C24 -2^-15", 0xB8000000, 0x84}};
  for (const Enc& r : e5) {
    CAPTURE(r.row, "[ASSUMED]");
    CHECK(pk_bf8(a, r.x, r.x, D, false) == both(r.expected));
  }
}

TEST_CASE("valu §6.9: C25-C28 cvt_pkrtz", "[valu]") {
  struct Row {
    const char* row;
    std::uint32_t a, b_, expected;
  };
  // [HW gfx1201]; "−" in the spec means the negated first argument
  const Row rows[] = {
      {"C25 (1.5, -1.5)", 0x3FC00000, 0xBFC00000, 0xBE003E00},
      {"C26 (65536, -65536)", 0x47800000, 0xC7800000, 0xFBFF7BFF},
      {"C26 (65535, -65535)", 0x477FFF00, 0xC77FFF00, 0xFBFF7BFF},
      {"C26 (32768, -32768)", 0x47000000, 0xC7000000, 0xF8007800},
      {"C27 (+inf, -inf)", 0x7F800000, 0xFF800000, 0xFC007C00},
      {"C27 (0x7F800001, -)", 0x7F800001, 0xFF800001, 0xFE007E00},
      {"C27 (0x7FC12345, -)", 0x7FC12345, 0xFFC12345, 0xFE097E09},
      {"C28 (2^-24, -2^-24)", 0x33800000, 0xB3800000, 0x80010001},
      {"C28 (0x387FFFFF, -)", 0x387FFFFF, 0xB87FFFFF, 0x83FF03FF},
      {"C28 (+0, -0)", 0x00000000, 0x80000000, 0x80000000},
  };
  for (ArchId a : archs_with("cvt_pkrtz"))
    for (const Row& r : rows) {
      CAPTURE(r.row, "[HW gfx1201]", arch_name(a));
      CHECK(word(b::cvt_pkrtz(a, one(f32(r.a)), one(f32(r.b_))).at(0)) == r.expected);
    }
}

TEST_CASE("valu §6.9: C29-C30b cvt_pk_u8_f32", "[valu]") {
  struct Row {
    const char* row;
    std::uint32_t src, sel, expected;
  };
  // [HW gfx1201], old = D
  const Row rows[] = {
      {"C29 (0.5, 1)", 0x3F000000, 1, 0x12340078},   {"C29 (0x3F000001, 2)", 0x3F000001, 2, 0x12015678},
      {"C29 (1.5, 0)", 0x3FC00000, 0, 0x12345602},   {"C29 (2.5, 3)", 0x40200000, 3, 0x02345678},
      {"C30 (254.5, 2)", 0x437E8000, 2, 0x12FE5678}, {"C30 (255.5, 0)", 0x437F8000, 0, 0x123456FF},
      {"C30 (-1, 2)", 0xBF800000, 2, 0x12005678},    {"C30 (NaN, 3)", 0x7FC00000, 3, 0x00345678},
      {"C30b (+inf, 0)", 0x7F800000, 0, 0x123456FF}, {"C30b (-inf, 1)", 0xFF800000, 1, 0x12340078},
  };
  for (ArchId a : archs_with("cvt_pk_u8_f32"))
    for (const Row& r : rows) {
      CAPTURE(r.row, "[HW gfx1201]", arch_name(a));
      CHECK(b::cvt_pk_u8_f32(a, one(f32(r.src)), one(r.sel), one(D)).at(0) == r.expected);
    }
}

TEST_CASE("valu §6.9: C31-C33 cvt_pknorm_i16 / cvt_pknorm_u16", "[valu]") {
  struct Row {
    const char* row;
    bool u16;
    std::uint32_t a, b_, expected;
  };
  // [HW gfx1201]
  const Row rows[] = {
      {"C31 (0.5, -0.5)", false, 0x3F000000, 0xBF000000, 0xC0004000},
      {"C31 (0x3EFFFFFF, -)", false, 0x3EFFFFFF, 0xBEFFFFFF, 0xC0013FFF},
      {"C31 (1.0, -1.0)", false, 0x3F800000, 0xBF800000, 0x80017FFF},
      {"C31 (NaN, -NaN)", false, 0x7FC00000, 0xFFC00000, 0x00000000},
      {"C32 (0x3E9C4738, -)", false, 0x3E9C4738, 0xBE9C4738, 0xD8EF2711},
      {"C32 (0x3F7AB0F5, -)", false, 0x3F7AB0F5, 0xBF7AB0F5, 0x82A97D57},
      {"C33 (0.5, -0.5)", true, 0x3F000000, 0xBF000000, 0x00008000},
      {"C33 (1.0, -1.0)", true, 0x3F800000, 0xBF800000, 0x0000FFFF},
      {"C33 (0x3F7FFF00, -)", true, 0x3F7FFF00, 0xBF7FFF00, 0x0000FFFE},
      {"C33 (0x37000081, -)", true, 0x37000081, 0xB7000081, 0x00000001},
  };
  for (ArchId a : archs_with("cvt_pknorm_i16"))
    for (const Row& r : rows) {
      CAPTURE(r.row, "[HW gfx1201]", arch_name(a));
      const std::uint32_t got = r.u16 ? word(b::cvt_pknorm_u16(a, one(f32(r.a)), one(f32(r.b_))).at(0))
                                      : word(b::cvt_pknorm_i16(a, one(f32(r.a)), one(f32(r.b_))).at(0));
      CHECK(got == r.expected);
    }
}

TEST_CASE("valu §6.9: C34-C35 cvt_pk_i16 / cvt_pk_u16", "[valu]") {
  for (ArchId a : archs_with("cvt_pk_i16")) {
    CAPTURE(arch_name(a), "[DERIVED]");
    {
      CAPTURE("C34 (70000, -70000)");
      CHECK(word(b::cvt_pk_i16(a, one(70000), one(-70000)).at(0)) == 0x80007FFF);
    }
    {
      CAPTURE("C34 (0x12345, -2)");
      CHECK(word(b::cvt_pk_i16(a, one(0x12345), one(-2)).at(0)) == 0xFFFE7FFF);
    }
    {
      CAPTURE("C35 (0x10000, 5)");
      CHECK(word(b::cvt_pk_u16(a, one<std::uint32_t>(0x10000), one<std::uint32_t>(5)).at(0)) == 0x0005FFFF);
    }
    {
      CAPTURE("C35 (0xFFFF, 0xFFFFFFFF)");
      CHECK(word(b::cvt_pk_u16(a, one<std::uint32_t>(0xFFFF), one<std::uint32_t>(0xFFFFFFFF)).at(0)) == 0xFFFFFFFF);
    }
  }
}
