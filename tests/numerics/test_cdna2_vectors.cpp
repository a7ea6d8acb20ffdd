// CDNA2 MFMA: the targeted vectors of docs/spec/numerics.md §D.1 and the special-value rows of §C.1.
// These are MMA-Sim model predictions [MODEL], not hardware captures.
#include "support/catch_compat.hpp"

#include "support/matrix_case.hpp"

using namespace mxlane;
using mxlane_test::element00;
using mxlane_test::inst;

namespace {
const InstrDesc& mfma(std::string_view name) { return inst("gfx90a", name); }
}  // namespace

TEST_CASE("docs/spec/numerics.md §D.1 CDNA2 targeted vectors [MODEL]", "[numerics][cdna2][vectors]") {
  const auto& f16x16 = mfma("v_mfma_f32_16x16x16f16");
  // T1: f16 subnormal input flushed.
  CHECK(element00(f16x16, {0x0001}, {0x3C00}, 0x00000000) == 0x00000000);
  // T2: binary32 subnormal C flushed.
  CHECK(element00(f16x16, {}, {}, 0x00000001) == 0x00000000);
  // T3: bf16 product underflow (2^-128) flushed.
  CHECK(element00(mfma("v_mfma_f32_16x16x16bf16_1k"), {0x1F80}, {0x1F80}, 0) == 0x00000000);
  // T4: X = 2^7 in group 0, y = 2^-9 elsewhere, C = -2^14 -> 2^-16.
  const auto& f32x8 = mfma("v_mfma_f32_32x32x8f16");
  CHECK(element00(f32x8, {0x5800, 0x1800, 0x1800, 0x1800, 0x1800, 0x1800, 0x1800, 0x1800},
                  {0x5800, 0x1800, 0x1800, 0x1800, 0x1800, 0x1800, 0x1800, 0x1800}, 0xC6800000) == 0x37800000);
  // T4b: X in group 1 -> 0.
  CHECK(element00(f32x8, {0x1800, 0x1800, 0x1800, 0x1800, 0x5800, 0x1800, 0x1800, 0x1800},
                  {0x1800, 0x1800, 0x1800, 0x1800, 0x5800, 0x1800, 0x1800, 0x1800}, 0xC6800000) == 0x00000000);
  // T4c / T4d: +-X in the same pair cancel exactly; in different pairs y^2 is absorbed.
  const auto& f16x4 = mfma("v_mfma_f32_16x16x4f16");
  CHECK(element00(f16x4, {0x5800, 0x5800, 0x1800, 0x1800}, {0x5800, 0xD800, 0x1800, 0x1800}, 0x36800000) == 0x37400000);
  CHECK(element00(f16x4, {0x5800, 0x1800, 0x5800, 0x1800}, {0x5800, 0x1800, 0xD800, 0x1800}, 0x36800000) == 0x36800000);
  // T7: -0 lost through the binary32 tree.
  CHECK(element00(f16x16,
                  {0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000,
                   0x8000, 0x8000, 0x8000, 0x8000},
                  {0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00,
                   0x3C00, 0x3C00, 0x3C00, 0x3C00},
                  0x80000000) == 0x00000000);
  // T5 / T5b: sequential FMA order.
  const auto& f32x4 = mfma("v_mfma_f32_16x16x4f32");
  CHECK(element00(f32x4, {0x3F800000, 0x33800000, 0x33800000, 0}, {0x3F800000, 0x3F800000, 0x3F800000, 0}, 0) ==
        0x3F800000);
  CHECK(element00(f32x4, {0x33800000, 0x33800000, 0x3F800000, 0}, {0x3F800000, 0x3F800000, 0x3F800000, 0}, 0) ==
        0x3F800001);
  // T5c / T5d: FP32 MFMA keeps subnormal C and subnormal products.
  CHECK(element00(f32x4, {}, {}, 0x00000001) == 0x00000001);
  CHECK(element00(f32x4, {0x1C800000}, {0x1C800000}, 0) == 0x00000200);
  // T6 / T6b: FP64 sequential FMA.
  const auto& f64 = mfma("v_mfma_f64_16x16x4f64");
  CHECK(element00(f64, {0x3FF0000000000000, 0x3CA0000000000000, 0x3CA0000000000000, 0},
                  {0x3FF0000000000000, 0x3FF0000000000000, 0x3FF0000000000000, 0}, 0) == 0x3FF0000000000000);
  CHECK(element00(f64, {0x3CA0000000000000, 0x3CA0000000000000, 0x3FF0000000000000, 0},
                  {0x3FF0000000000000, 0x3FF0000000000000, 0x3FF0000000000000, 0}, 0) == 0x3FF0000000000001);
  // T7b: the FMA chain keeps -0.
  CHECK(element00(f32x4, {0x80000000, 0x80000000, 0x80000000, 0x80000000},
                  {0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000}, 0x80000000) == 0x80000000);
}
