// docs/spec/valu.md §5.6: float-dot test vectors.
//   - F1-F15, D1-D7: fdot2 (f16 rows) and fdot2_f32_bf16 (bf16 rows). The gfx1100 column runs on
//     ArchId::gfx1100, the gfx1201 column on ArchId::gfx1200 ([HW] captures; rows D* and cells marked
//     (d) are [DERIVED]), the "exact RNE" column on the CDNA / RDNA2 default policy (§5.1: "exact sum,
//     single RNE rounding" [ASSUMED]): gfx942, gfx950, gfx1030 for fdot2; gfx950 for fdot2_f32_bf16
//     and fdot2c_f32_bf16. gfx90a runs the exact column on the rows without denormals ("On gfx90a/
//     gfx942/gfx950/gfx1030, expect at least the exact RNE column where no denormals are involved")
//     and F5's own gfx90a value (input flush, [HW] LLVM PR #205101).
//   - H1-H4 (fdot2_f16_f16 / fdot2_bf16_bf16), D8-D13 (dot4_f32_*): [DERIVED].
// Where a cell says only "NaN", only NaN-ness is checked.
#include "support/catch_compat.hpp"

#include "valu/valu_test_support.hpp"

using namespace valu_test;

namespace {

enum class Op { f16, bf16 };

constexpr std::uint32_t kNaN = 0xFFFFFFFF;  // marker: the cell says only "NaN"

struct FRow {
  const char* row;
  Op op;
  std::uint32_t a, b_, c;
  std::uint32_t gfx1100, gfx1201, exact;
  const char* label;  // evidence of the gfx1100 / gfx1201 cells
  bool denormals;     // the row involves f16/bf16 subnormal inputs or f32 denormal C / results
};

// docs/spec/valu.md §5.6, first table.
const FRow kRows[] = {
    {"F1", Op::f16, 0x48004200, 0x44004800, 0xBF800000, 0x425C0001, 0x425C0000, 0x425C0000, "[HW]", false},
    {"F2", Op::f16, 0x3C00BC00, 0x3C003C00, 0x3F800000, 0x3F7FFFFF, 0x3F800000, 0x3F800000, "[HW]", false},
    {"F3", Op::f16, 0x3C003C00, 0x3C003C00, 0xC0000000, 0x34000000, 0x00000000, 0x00000000, "[HW]", false},
    {"F4", Op::f16, 0x3C003C00, 0x3C000000, 0x80000000, 0x3F800001, 0x3F800000, 0x3F800000, "[HW]", false},
    {"F5", Op::f16, 0x00000001, 0x3C003C00, 0x00000000, 0x33800000, 0x33800000, 0x33800000, "[HW]", true},
    {"F6", Op::f16, 0x00000001, 0x3C008001, 0x00000000, 0xA7880000, 0xA7800000, 0xA7800000, "[HW]", true},
    {"F7", Op::f16, 0x3C007E01, 0x3C003C00, 0x00000000, 0xFFC00A3D, 0xFFC00A3D, kNaN, "[HW]", false},
    {"F8", Op::f16, 0x3C007C00, 0x3C000000, 0x00000000, 0xFFC00000, 0xFFC00000, kNaN, "[HW]", false},
    {"F9", Op::f16, 0x3C003C00, 0x3C003C00, 0x7F812345, 0x7FC12345, 0x7FC12345, kNaN, "[HW]", false},
    {"F10", Op::f16, 0xCD6C4D6C, 0x78AF78AF, 0x00000000, 0xBD000000, 0x00000000, 0x00000000, "[HW]", false},
    {"F11", Op::bf16, 0x41004040, 0x40804100, 0xBF800000, 0x425C0001, 0x425C0000, 0x425C0000, "[HW]", false},
    {"F12", Op::bf16, 0x00800000, 0x3F808000, 0x00000001, 0x00000000, 0x00800001, 0x00800001, "[HW]", true},
    {"F13", Op::bf16, 0x00000001, 0x3F804980, 0x00000000, 0x00000000, 0x07000000, 0x07000000, "[HW]", true},
    {"F14", Op::bf16, 0xFF7F7F7F, 0x7F7F7F7F, 0x00000000, 0xFF800000, 0x00000000, 0x00000000, "[HW]", false},
    {"F15", Op::bf16, 0xC395629B, 0xD9633359, 0xDC60025C, 0x5D504185, 0x5D504184, 0x5D504184, "[HW]", false},
    {"D1", Op::f16, 0x3C003C00, 0x3C003C00, 0x00000000, 0x40000000, 0x40000000, 0x40000000, "[DERIVED]", false},
    {"D2", Op::f16, 0x3C00BC00, 0x3C003C00, 0x00000000, 0xB3800000, 0x00000000, 0x00000000, "[DERIVED]", false},
    {"D3", Op::f16, 0x7BFF7BFF, 0x7BFF7BFF, 0x00000000, 0x4FFFC004, 0x4FFFC004, 0x4FFFC004, "[DERIVED]", false},
    {"D4", Op::bf16, 0x3F803F80, 0x40004000, 0x3F800000, 0x40A00000, 0x40A00000, 0x40A00000, "[DERIVED]", false},
    {"D5", Op::f16, 0x00013C00, 0x3C003C00, 0x0D800000, 0x3F800000, 0x3F800000, 0x3F800001, "[DERIVED]", true},
    {"D6", Op::f16, 0x7C003C00, 0x3C00FC00, 0x00000000, 0xFFC00000, 0xFFC00000, kNaN, "[DERIVED]", false},
    {"D7", Op::bf16, 0x3C003C00, 0x3C003C00, 0x00000001, 0x39000000, 0x39000000, 0x39000000, "[DERIVED]", true},
};

std::uint32_t run_dot2(const FRow& r, ArchId a, bool dot2c = false) {
  if (r.op == Op::f16) return b::fdot2(a, one(h2(r.a)), one(h2(r.b_)), one(f32(r.c)), false).at(0).bits;
  if (dot2c) return b::fdot2c_f32_bf16(a, one(bf2(r.a)), one(bf2(r.b_)), one(f32(r.c)), false).at(0).bits;
  return b::fdot2_f32_bf16(a, one(s2(r.a)), one(s2(r.b_)), one(f32(r.c)), false).at(0).bits;
}

void check_cell(std::uint32_t got, std::uint32_t expected) {
  if (expected == kNaN) {
    INFO("expected: a NaN (bit pattern not specified); got " << std::hex << got);
    CHECK(f32_is_nan(got));
  } else {
    CHECK(got == expected);
  }
}

}  // namespace

TEST_CASE("valu §5.6: F1-F15, D1-D7 gfx1100 column on gfx1100", "[valu]") {
  for (const FRow& r : kRows) {
    CAPTURE(r.row, r.label, "gfx1100 column");
    CHECK(run_dot2(r, ArchId::gfx1100) == r.gfx1100);
  }
}

TEST_CASE("valu §5.6: F1-F15, D1-D7 gfx1201 column on gfx1200", "[valu]") {
  for (const FRow& r : kRows) {
    CAPTURE(r.row, r.label, "gfx1201 column");
    CHECK(run_dot2(r, ArchId::gfx1200) == r.gfx1201);
  }
}

TEST_CASE("valu §5.6: F1-F15, D1-D7 exact RNE column on the CDNA / RDNA2 default policy", "[valu]") {
  // [ASSUMED] §5.1 policy; the column itself is the correctly rounded value. gfx942/gfx950/gfx1030
  // preserve f16 subnormal inputs (LLVM PR #205101 for gfx950 and "all other tested GPUs") and the
  // default MODE keeps f32 denormals (§2), so rows with denormals keep the exact value there.
  for (const FRow& r : kRows) {
    if (r.op == Op::f16) {
      for (ArchId a : {ArchId::gfx942, ArchId::gfx950, ArchId::gfx1030}) {
        CAPTURE(r.row, "exact RNE [ASSUMED policy]", arch_name(a), r.denormals);
        check_cell(run_dot2(r, a), r.exact);
      }
      if (!r.denormals) {
        CAPTURE(r.row, "exact RNE, no denormals [ASSUMED]", "gfx90a");
        check_cell(run_dot2(r, ArchId::gfx90a), r.exact);
      }
    } else {
      CAPTURE(r.row, "exact RNE [ASSUMED policy]", "gfx950", r.denormals);
      {
        INFO("fdot2_f32_bf16");
        check_cell(run_dot2(r, ArchId::gfx950, false), r.exact);
      }
      {
        INFO("fdot2c_f32_bf16");
        check_cell(run_dot2(r, ArchId::gfx950, true), r.exact);
      }
    }
  }
}

TEST_CASE("valu §5.6: F5 on gfx90a flushes the f16 subnormal input", "[valu]") {
  // F5 exact RNE cell: "0x33800000 (gfx90a: 0x00000000, input flush)" [HW, LLVM PR #205101]
  const FRow& f5 = kRows[4];
  REQUIRE(std::string(f5.row) == "F5");
  CHECK(run_dot2(f5, ArchId::gfx90a) == 0x00000000);
}

TEST_CASE("valu §5.6: H1-H4 fdot2_f16_f16 / fdot2_bf16_bf16", "[valu]") {
  // [DERIVED] (loose model for H3) on every architecture with dot9-insts (gfx1100, gfx1200)
  for (ArchId a : archs_with("fdot2_f16_f16")) {
    CAPTURE(arch_name(a));
    {
      INFO("H1 [DERIVED]");
      CHECK(b::fdot2_f16_f16(a, one(h2(0x3C003C00)), one(h2(0x3C003C00)), one(mxlane::F16{0x3C00})).at(0).bits ==
            0x4200);
    }
    {
      INFO("H2 [DERIVED]");
      CHECK(b::fdot2_f16_f16(a, one(h2(0x3C00BC00)), one(h2(0x3C003C00)), one(mxlane::F16{0x3C00})).at(0).bits ==
            0x3C00);
    }
    {
      INFO("H3 [DERIVED, loose model]: overflow");
      CHECK(b::fdot2_f16_f16(a, one(h2(0x7BFF7BFF)), one(h2(0x3C003C00)), one(mxlane::F16{0x0000})).at(0).bits ==
            0x7C00);
    }
    {
      INFO("H3 [DERIVED, loose model]: 0x7BFF if FP16_OVFL (fp16_ovfl=1)");
      CHECK(b::fdot2_f16_f16(a, one(h2(0x7BFF7BFF)), one(h2(0x3C003C00)), one(mxlane::F16{0x0000}),
                             switches_with("fp16_ovfl", "1"))
                .at(0)
                .bits == 0x7BFF);
    }
  }
  for (ArchId a : archs_with("fdot2_bf16_bf16")) {
    CAPTURE(arch_name(a), "H4 [DERIVED]");
    const auto d = b::fdot2_bf16_bf16(a, one(s2(0x3F803F80)), one(s2(0x40004000)), one(std::int16_t{0x3F80}));
    CHECK(static_cast<std::uint16_t>(d.at(0)) == 0x40A0);
  }
}

TEST_CASE("valu §5.6: D8-D13 dot4_f32_{fp8,bf8}_{fp8,bf8} on gfx1200", "[valu]") {
  const ArchId a = ArchId::gfx1200;
  const auto c = [](std::uint32_t w) { return one(f32(w)); };
  {
    // D8 [DERIVED] discriminator: sequential-f32 model 0x3F800000 (switch default "sequential"),
    // single-rounding model 0x3F800001.
    CAPTURE("D8", "dot4_fp8_rounding=sequential (default)");
    CHECK(b::dot4_f32_fp8_bf8(a, one<std::uint32_t>(0x01010101), one<std::uint32_t>(0x01010101), c(0x3F800000))
              .at(0)
              .bits == 0x3F800000);
    CHECK(b::dot4_f32_fp8_bf8(a, one<std::uint32_t>(0x01010101), one<std::uint32_t>(0x01010101), c(0x3F800000),
                              switches_with("dot4_fp8_rounding", "sequential"))
              .at(0)
              .bits == 0x3F800000);
  }
  {
    CAPTURE("D8", "dot4_fp8_rounding=single");
    CHECK(b::dot4_f32_fp8_bf8(a, one<std::uint32_t>(0x01010101), one<std::uint32_t>(0x01010101), c(0x3F800000),
                              switches_with("dot4_fp8_rounding", "single"))
              .at(0)
              .bits == 0x3F800001);
  }
  CAPTURE("[DERIVED]");
  {
    INFO("D9");
    CHECK(b::dot4_f32_fp8_fp8(a, one<std::uint32_t>(0x38383838), one<std::uint32_t>(0x38383838), c(0)).at(0).bits ==
          0x40800000);
  }
  {
    INFO("D10");
    CHECK(b::dot4_f32_fp8_bf8(a, one<std::uint32_t>(0x38383838), one<std::uint32_t>(0x3C3C3C3C), c(0)).at(0).bits ==
          0x40800000);
  }
  {
    INFO("D11");
    CHECK(b::dot4_f32_bf8_bf8(a, one<std::uint32_t>(0x3C3C3C3C), one<std::uint32_t>(0x40404040), c(0)).at(0).bits ==
          0x41000000);
  }
  {
    INFO("D12");
    CHECK(b::dot4_f32_fp8_fp8(a, one<std::uint32_t>(0x00000038), one<std::uint32_t>(0x00000038), c(0x3F800000))
              .at(0)
              .bits == 0x40000000);
  }
  {
    INFO("D13: a NaN (E4M3 0x7F is NaN); bit pattern [UNKNOWN]");
    const std::uint32_t got =
        b::dot4_f32_fp8_fp8(a, one<std::uint32_t>(0x0000007F), one<std::uint32_t>(0x00000038), c(0)).at(0).bits;
    CAPTURE(got);
    CHECK(f32_is_nan(got));
  }
}
