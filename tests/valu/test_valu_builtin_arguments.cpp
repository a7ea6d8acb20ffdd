// The builtin-level functions (emu/api/valu_builtins.hpp) take their constant arguments where the
// signature's traits put them: hand-derived results that change when a constant lands on the wrong
// modifier (docs/spec/valu.md §4.1 for the dots, §6.6 for the FP8 decode, §6.7 for the encode).
#include "support/catch_compat.hpp"

#include "emu/api/valu_builtins.hpp"

using namespace mxlane;

TEST_CASE("VALU builtin functions: constants in the builtin's own order", "[valu]") {
  // sudot4(a_signed, a, b_signed, b, c, clamp): A byte 0 = 0xFF, B byte 0 = 0x02, other bytes 0.
  // A signed: -1 * 2 = -2; A unsigned: 255 * 2 = 510; B signed changes nothing (2 is positive).
  const std::vector<std::int32_t> a(9, 0xFF), b(9, 0x02), c(9, 0);
  for (std::int32_t r : builtins::sudot4(ArchId::gfx1100, true, a, false, b, c, false)) CHECK(r == -2);
  for (std::int32_t r : builtins::sudot4(ArchId::gfx1100, false, a, true, b, c, false)) CHECK(r == 510);
  // B byte 0 = 0xFE: B signed -2, A unsigned 1: -2; with A signed and B unsigned: 1 * 254 = 254.
  const std::vector<std::int32_t> one(9, 0x01), b_fe(9, 0xFE);
  for (std::int32_t r : builtins::sudot4(ArchId::gfx1100, false, one, true, b_fe, c, false)) CHECK(r == -2);
  for (std::int32_t r : builtins::sudot4(ArchId::gfx1100, true, one, false, b_fe, c, false)) CHECK(r == 254);
  // clamp: sdot4 of 0x7F7F7F7F with itself = 4 * 127^2 = 64516, plus C = INT32_MAX saturates with clamp only.
  const std::vector<std::int32_t> s7f(9, 0x7F7F7F7F), c_max(9, 0x7FFFFFFF);
  for (std::int32_t r : builtins::sdot4(ArchId::gfx90a, s7f, s7f, c_max, true)) CHECK(r == 0x7FFFFFFF);
  for (std::int32_t r : builtins::sdot4(ArchId::gfx90a, s7f, s7f, c_max, false))
    CHECK(static_cast<std::uint32_t>(r) == 0x8000FC03U);
  // cvt_f32_fp8(src, byte_sel) on gfx1200 (OCP E4M3): byte 2 of 0x00380000 is 0x38 = 1.0; byte 0 is 0 = +0.
  const std::vector<std::int32_t> w(3, 0x00380000);
  for (F32 r : builtins::cvt_f32_fp8(ArchId::gfx1200, w, 2)) CHECK(r.bits == 0x3F800000U);
  for (F32 r : builtins::cvt_f32_fp8(ArchId::gfx1200, w, 0)) CHECK(r.bits == 0U);
  // cvt_pk_fp8_f32(a, b, old, word_sel): 1.0 -> 0x38, 2.0 -> 0x40; word 1 replaced, word 0 of old kept.
  const std::vector<F32> x(5, F32{0x3F800000}), y(5, F32{0x40000000});
  const std::vector<std::int32_t> old(5, 0x1234ABCD);
  for (std::int32_t r : builtins::cvt_pk_fp8_f32(ArchId::gfx1200, x, y, old, true))
    CHECK(static_cast<std::uint32_t>(r) == 0x4038ABCDU);
  for (std::int32_t r : builtins::cvt_pk_fp8_f32(ArchId::gfx1200, x, y, old, false))
    CHECK(static_cast<std::uint32_t>(r) == 0x12344038U);
  // Arrays of different lengths are refused.
  const std::vector<std::int32_t> short_c(2, 0);
  CHECK_THROWS_AS(builtins::sdot4(ArchId::gfx90a, s7f, s7f, short_c, false), InvalidArgument);
}
