// Every row of docs/spec/numerics.md §C.1 (CDNA2 MFMA special values) and §C.2 (RDNA3 WMMA special values),
// plus the feature-test table of §D.1, through the matrix-level API.
#include "support/catch_compat.hpp"

#include "emu/semantics/rdna3_dot2.hpp"
#include "support/matrix_case.hpp"

using namespace mxlane;
using mxlane_test::element00;
using mxlane_test::inst;

namespace {
const InstrDesc& gfx90a_mfma(std::string_view n) { return inst("gfx90a", n); }
const InstrDesc& wmma(std::string_view n) { return inst("gfx1100", n); }
Switches with(std::string_view name, std::string_view value) {
  Switches s;
  set_switch(s, name, value);
  return s;
}
}  // namespace

TEST_CASE("§C.1 CDNA2 special values [MODEL]", "[numerics][cdna2][special]") {
  const auto& h = gfx90a_mfma("v_mfma_f32_16x16x4f16");
  const auto& bf = gfx90a_mfma("v_mfma_f32_16x16x4bf16_1k");
  const auto& s = gfx90a_mfma("v_mfma_f32_16x16x4f32");
  const auto& d = gfx90a_mfma("v_mfma_f64_16x16x4f64");
  SECTION("subnormal A/B inputs: read as +0 on FP16/BF16 (sign dropped), honoured on FP32") {
    CHECK(element00(h, {0x8001}, {0x3C00}, 0x80000000) == 0x00000000);  // -sub*1 + -0 -> +0
    CHECK(element00(bf, {0x0001}, {0x3F80}, 0) == 0);                   // bf16 subnormal
    CHECK(element00(s, {0x00000001}, {0x3F800000}, 0) == 0x00000001);   // FP32 keeps it
    // The alternative of open question E3 keeps the signs of flushed inputs and of zero products.
    CHECK(element00(h, {0x8001, 0x8001, 0x8001, 0x8001}, {0x3C00, 0x3C00, 0x3C00, 0x3C00}, 0x80000000,
                    with("cdna2_flushed_input_sign", "keep")) == 0x80000000);
    CHECK(element00(h, {0x8001}, {0x3C00}, 0x00000000, with("cdna2_flushed_input_sign", "keep")) == 0x00000000);
  }
  SECTION("subnormal C: read as +0 on FP16/BF16, honoured on FP32/FP64") {
    CHECK(element00(h, {}, {}, 0x80000001) == 0x00000000);
    CHECK(element00(bf, {}, {}, 0x00000001) == 0x00000000);
    CHECK(element00(s, {}, {}, 0x80000001) == 0x80000001);
    CHECK(element00(d, {}, {}, 0x8000000000000001) == 0x8000000000000001);
  }
  SECTION("subnormal results are flushed to signed zero after each binary32 operation") {
    // 1.5 * 2^-126 + (-2^-125) = -2^-127: subnormal, flushed keeping its sign; FP32 keeps -2^-127.
    CHECK(element00(bf, {0x3FC0}, {0x0080}, 0x81000000) == 0x80000000);
    CHECK(element00(s, {0x3FC00000}, {0x00800000}, 0x81000000) == 0x80400000);
    // A product below 2^-126 (bf16 2^-64 * 2^-64 = 2^-128) is flushed (docs/spec/numerics.md §D.1 T3).
    CHECK(element00(bf, {0x1F80}, {0x1F80}, 0) == 0);
  }
  SECTION("-0: the pairwise tree loses it, the FMA chain keeps it") {
    CHECK(element00(h, {0x8000, 0x8000, 0x8000, 0x8000}, {0x3C00, 0x3C00, 0x3C00, 0x3C00}, 0x80000000) == 0);
    CHECK(element00(s, {0x80000000, 0x80000000, 0x80000000, 0x80000000},
                    {0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000}, 0x80000000) == 0x80000000);
    CHECK(element00(s, {0x80000000, 0, 0, 0}, {0x3F800000, 0, 0, 0}, 0x80000000) == 0);  // (+0)*(+0) + (-0) = +0
    CHECK(element00(d, {0x8000000000000000, 0x8000000000000000, 0x8000000000000000, 0x8000000000000000},
                    {0x3FF0000000000000, 0x3FF0000000000000, 0x3FF0000000000000, 0x3FF0000000000000},
                    0x8000000000000000) == 0x8000000000000000);
  }
  SECTION("NaN in -> NaN out (canonical NaN by default; cdna2_nan=propagate keeps the operand's payload)") {
    CHECK(element00(h, {0x7E01}, {0x3C00}, 0) == 0x7FC00000);
    CHECK(element00(s, {0x3F800000}, {0x3F800000}, 0xFF812345) == 0x7FC00000);
    CHECK(element00(d, {0x7FF0000000000001}, {0}, 0) == 0x7FF8000000000000);
    CHECK(element00(s, {0x3F800000}, {0x3F800000}, 0xFF812345, with("cdna2_nan", "propagate")) == 0xFFC12345);
  }
  SECTION("infinities: IEEE (inf*0 = NaN, inf-inf = NaN, overflow -> inf)") {
    CHECK(element00(h, {0x7C00}, {0x0000}, 0) == 0x7FC00000);
    CHECK(element00(h, {0x7C00, 0x7C00}, {0x3C00, 0xBC00}, 0) == 0x7FC00000);
    CHECK(element00(h, {0x7C00}, {0x3C00}, 0) == 0x7F800000);
    CHECK(element00(s, {0x7F800000}, {0}, 0) == 0x7FC00000);
    CHECK(element00(s, {0x7F7FFFFF}, {0x40000000}, 0) == 0x7F800000);
  }
  SECTION("bf16 products may overflow binary32 (switch cdna2_bf16_product_overflow)") {
    CHECK(element00(bf, {0x7F7F}, {0x7F7F}, 0) == 0x7F800000);
    CHECK(element00(bf, {0x7F7F}, {0xFF7F}, 0) == 0xFF800000);
    CHECK(element00(bf, {0x7F7F, 0x7F7F}, {0x7F7F, 0xFF7F}, 0) == 0x7FC00000);  // inf - inf in the tree
    CHECK(element00(bf, {0x7F7F}, {0x7F7F}, 0, with("cdna2_bf16_product_overflow", "saturate")) == 0x7F7FFFFF);
  }
  SECTION("INT8: exact sum wrapped to 32 bits (switch cdna2_int8_overflow)") {
    const auto& i8 = gfx90a_mfma("v_mfma_i32_16x16x16i8");
    CHECK(element00(i8, {0x80, 0x80}, {0x80, 0x80}, 0x7FFFFFFF) == 0x80007FFF);  // 0x7FFFFFFF + 2*16384 wraps
    CHECK(element00(i8, {0x80, 0x80}, {0x80, 0x80}, 0x7FFFFFFF, with("cdna2_int8_overflow", "saturate")) == 0x7FFFFFFF);
    CHECK(element00(i8, {0xFF}, {0x7F}, 5) == 0xFFFFFF86);  // -1 * 127 + 5 = -122
  }
}

TEST_CASE("§C.2 RDNA3 special values [HW]", "[numerics][rdna3][special]") {
  const auto& f32 = wmma("v_wmma_f32_16x16x16_f16");
  const auto& bf32 = wmma("v_wmma_f32_16x16x16_bf16");
  SECTION("any A/B factor NaN -> 0xFFC00A3D, beating a NaN C") {
    CHECK(element00(f32, {0x7E01}, {0x3C00}, 0) == 0xFFC00A3D);
    CHECK(element00(f32, {0xFC01}, {0x3C00}, 0x7FC12345) == 0xFFC00A3D);
    CHECK(element00(bf32, {0x3F80}, {0xFF81}, 0) == 0xFFC00A3D);
  }
  SECTION("inf * 0 (0 includes a bf16 subnormal) -> 0xFFC00000, beating a NaN C") {
    CHECK(element00(f32, {0x7C00}, {0x0000}, 0) == 0xFFC00000);
    CHECK(element00(bf32, {0x7F80}, {0x0001}, 0) == 0xFFC00000);
    CHECK(element00(f32, {0x7C00}, {0x0000}, 0x7FC12345) == 0xFFC00000);
  }
  SECTION("+inf and -inf products in one step -> 0xFFC00000") {
    CHECK(element00(f32, {0x7C00, 0x7C00}, {0x3C00, 0xBC00}, 0) == 0xFFC00000);
  }
  SECTION("C NaN alone: quieted, sign and payload kept") {
    CHECK(element00(f32, {0x3C00}, {0x3C00}, 0x7F812345) == 0x7FC12345);
    CHECK(element00(f32, {0x3C00}, {0x3C00}, 0xFF812345) == 0xFFC12345);
  }
  SECTION("C +-inf with finite products -> C; +inf C with a -inf product -> 0xFFC00000") {
    CHECK(element00(f32, {0x3C00}, {0x3C00}, 0xFF800000) == 0xFF800000);
    CHECK(element00(f32, {0xFC00}, {0x3C00}, 0x7F800000) == 0xFFC00000);
  }
  SECTION("f16 subnormal factors honoured; bf16 subnormal factors read as zero") {
    CHECK(element00(f32, {0x0001}, {0x3C00}, 0) == 0x33800000);
    CHECK(element00(bf32, {0x0001}, {0x3F80}, 0) == 0x00000000);
  }
  SECTION("binary32 subnormal C reads as zero; results below 2^-126 are +0") {
    CHECK(element00(f32, {}, {}, 0x00000001) == 0x00000000);
    CHECK(element00(f32, {}, {}, 0x80000001) == 0x00000000);
    CHECK(element00(bf32, {0x8D80}, {0x3080}, 0) == 0x00000000);  // -2^-100 * 2^-30 = -2^-130 -> +0
    CHECK(element00(bf32, {0x0D80}, {0x3080}, 0) == 0x00000000);  // +2^-130 -> +0
    // A tiny opposite-sign product still costs one grid unit: -2^-38 comes out as -2^-38 (1 + 2^-14).
    CHECK(element00(f32, {0x8001}, {0x0400}, 0) == 0xAC800200);
  }
  SECTION("an exact-zero sum of zero terms is +0, even -0 * x + -0") {
    CHECK(element00(f32, {0x8000}, {0x3C00}, 0x80000000) == 0x00000000);
  }
  SECTION("opposite-sign zero products cost one grid unit (one's complement)") {
    CHECK(element00(f32, {0xBC00, 0x3C00}, {0x0000, 0x3C00}, 0) == 0x3F7FFFFF);
    CHECK(element00(f32, {0x3C00, 0x3C00}, {0x0000, 0x3C00}, 0x80000000) == 0x3F800001);
  }
  SECTION("overflow: +-inf after rounding") { CHECK(element00(bf32, {0x7F7F}, {0x7F7F}, 0) == 0x7F800000); }
  SECTION("16-bit outputs: gradual underflow, overflow (and MODE.FP16_OVFL), special narrowing") {
    const auto& f16 = wmma("v_wmma_f16_16x16x16_f16");
    const auto& b16 = wmma("v_wmma_bf16_16x16x16_bf16");
    CHECK(element00(f16, {0x0001}, {0x3800}, 0x0000) == 0x0000);  // 2^-25: ties to even -> +0
    CHECK(element00(f16, {0x0003}, {0x3800}, 0x0000) == 0x0002);  // 1.5 * 2^-24 -> 2^-23 (RNE)
    CHECK(element00(f16, {0x0200}, {0x3C00}, 0x0000) == 0x0200);  // subnormal result kept
    CHECK(element00(f16, {0x7BFF}, {0x4000}, 0x0000) == 0x7C00);  // overflow -> inf
    Switches ovfl;
    set_switch(ovfl, "fp16_ovfl", "1");
    CHECK(element00(f16, {0x7BFF}, {0x4000}, 0x0000, ovfl) == 0x7BFF);  // FP16_OVFL: max finite (model only)
    CHECK(element00(f16, {0x7E01}, {0x3C00}, 0x0000) == 0xFE3D);        // factor NaN narrowed
    CHECK(element00(b16, {0x7FC1}, {0x3F80}, 0x0000) == 0xFFFD);
    CHECK(element00(f16, {0x7C00}, {0x0000}, 0x0000) == 0xFE00);  // inf * 0
    CHECK(element00(b16, {0x7F80}, {0x0000}, 0x0000) == 0xFFC0);
    CHECK(element00(f16, {0x3C00}, {0x3C00}, 0x7C01) == 0x7E01);  // C sNaN quieted, payload kept
    CHECK(element00(b16, {0x3F80}, {0x3F80}, 0x3F80) == 0x4000);  // 1*1 + 1 = 2
    // BF16 output: binary32-rounded then truncated: 1 + 2^-8 + 2^-9 truncates to 1.0 (rounds to 1 + 2^-7).
    CHECK(element00(b16, {0x3F80, 0x3BC0}, {0x3F80, 0x3F80}, 0x0000) == 0x3F80);
    CHECK(element00(b16, {0x3F80, 0x3BC0}, {0x3F80, 0x3F80}, 0x0000, [] {
            Switches s;
            set_switch(s, "rdna3_bf16_output", "round");
            return s;
          }()) == 0x3F81);
  }
}

TEST_CASE("§D.1 feature-test table: CDNA2 model vs RDNA3 [MODEL]/[HW]", "[numerics][vectors]") {
  const auto& cdna2 = gfx90a_mfma("v_mfma_f32_16x16x16f16");
  const auto& rdna3 = wmma("v_wmma_f32_16x16x16_f16");
  struct Row {
    std::uint64_t a0, b0, a1, b1, c, cdna2, rdna3;
  };
  const Row rows[] = {
      {0x3800, 0x03FF, 0, 0, 0, 0x00000000, 0x37FFC000},            // 0.5 x max f16 subnormal
      {0x3800, 0x0400, 0, 0, 0, 0x38000000, 0x38000000},            // 0.5 x min f16 normal
      {0x4000, 0x0200, 0, 0, 0, 0x00000000, 0x38800000},            // 2 x f16 subnormal 0x0200
      {0, 0, 0, 0, 0x00000001, 0x00000000, 0x00000000},             // C = min binary32 subnormal
      {0x3C00, 0x3C00, 0, 0, 0xB3800000, 0x3F7FFFFF, 0x3F800000},   // 1*1 + (-2^-24)
      {0x3C00, 0x3C00, 0, 0, 0xBF800000, 0x00000000, 0x34000000},   // 1*1 + (-1)
      {0x3C00, 0x3C00, 0x3C00, 0xBC00, 0, 0x00000000, 0xB3800000},  // 1*1 + 1*(-1)
  };
  for (const Row& r : rows) {
    CAPTURE(r.a0, r.b0, r.a1, r.b1, r.c);
    CHECK(element00(cdna2, {r.a0, r.a1}, {r.b0, r.b1}, r.c) == r.cdna2);
    CHECK(element00(rdna3, {r.a0, r.a1}, {r.b0, r.b1}, r.c) == r.rdna3);
  }
}
