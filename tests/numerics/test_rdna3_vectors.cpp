// RDNA3 WMMA and DOT2 against gfx1100 hardware captures: docs/spec/numerics.md §D.2 (selected DOT2 cases) and
// §D.3 (the whole-matrix capture's generator and listed entries) [HW].
#include "support/catch_compat.hpp"

#include "emu/semantics/rdna3_dot2.hpp"
#include "support/matrix_case.hpp"

using namespace mxlane;
using mxlane_test::inst;

namespace {

std::uint32_t dot2(Dot2Input in, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  return rdna3_dot2(in, static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b), static_cast<std::uint16_t>(a >> 16),
                    static_cast<std::uint16_t>(b >> 16), c, Dot2Output::f32, Dot2Options{});
}

// Small integers as f16 / bf16 bit patterns (exact).
std::uint16_t f16_of(int v) {
  if (v == 0) return 0;
  const bool neg = v < 0;
  unsigned m = static_cast<unsigned>(neg ? -v : v);
  int e = 0;
  while ((m >> e) > 1) ++e;
  const unsigned frac = (m << (10 - e)) & 0x3FF;
  return static_cast<std::uint16_t>((neg ? 0x8000 : 0) | ((e + 15) << 10) | frac);
}
std::uint16_t bf16_of(int v) {
  if (v == 0) return 0;
  const bool neg = v < 0;
  unsigned m = static_cast<unsigned>(neg ? -v : v);
  int e = 0;
  while ((m >> e) > 1) ++e;
  const unsigned frac = (m << (7 - e)) & 0x7F;
  return static_cast<std::uint16_t>((neg ? 0x8000 : 0) | ((e + 127) << 7) | frac);
}
std::uint32_t f32_of(int v) { return static_cast<std::uint32_t>(bf16_of(v)) << 16; }  // |v| < 256: exact

}  // namespace

TEST_CASE("docs/spec/numerics.md §D.2 selected gfx1100 DOT2 captures [HW]", "[numerics][rdna3][vectors]") {
  struct Row {
    std::uint32_t a, b, c, expected;
  };
  const Row f16_rows[] = {
      {0x48004200, 0x44004800, 0xBF800000, 0x425C0001}, {0x3C00BC00, 0x3C003C00, 0x3F800000, 0x3F7FFFFF},
      {0x3C003C00, 0x3C003C00, 0xC0000000, 0x34000000}, {0x3C004000, 0x3C003C00, 0xC0000000, 0x3F800002},
      {0x4800C800, 0x48004800, 0x3F800000, 0x3F7FFFC0}, {0x3C003C00, 0x3C000000, 0x00000000, 0x3F800000},
      {0x3C00BC00, 0x3C000000, 0x00000000, 0x3F7FFFFF}, {0x3C003C00, 0x3C000000, 0x80000000, 0x3F800001},
      {0x3C00BC00, 0x3C000000, 0x80000000, 0x3F800000}, {0x3C003C00, 0x3C003C00, 0x7FC12345, 0x7FC12345},
      {0x3C003C00, 0x3C003C00, 0xFFC12345, 0xFFC12345}, {0x3C003C00, 0x3C003C00, 0x7F812345, 0x7FC12345},
      {0x3C003C00, 0x3C003C00, 0xFF812345, 0xFFC12345}, {0x3C007E01, 0x3C003C00, 0x00000000, 0xFFC00A3D},
      {0x3C007C00, 0x3C000000, 0x00000000, 0xFFC00000}, {0xFC007C00, 0x3C003C00, 0x00000000, 0xFFC00000},
      {0x7C007E01, 0x00003C00, 0x7FC12345, 0xFFC00A3D}, {0x3C007C00, 0x3C000000, 0x7FC12345, 0xFFC00000},
      {0x80000000, 0x3C003C00, 0x00800000, 0x00800000}, {0x00000001, 0x3C003C00, 0x00000000, 0x33800000},
      {0x00000001, 0x3C000001, 0x00000000, 0x27800000}, {0x00000001, 0x3C008001, 0x00000000, 0xA7880000},
      {0x058EF3F3, 0x2B241C4A, 0xB8EED486, 0xC2886106}, {0xCD6C4D6C, 0x78AF78AF, 0x00000000, 0xBD000000},
      {0xBC003C00, 0x0001FBFF, 0x7F800000, 0x7F800000}, {0x8000FC00, 0x04013C00, 0x00800000, 0xFF800000},
  };
  for (const Row& r : f16_rows) {
    CAPTURE(r.a, r.b, r.c);
    CHECK(dot2(Dot2Input::f16, r.a, r.b, r.c) == r.expected);
  }
  const Row bf16_rows[] = {
      {0x00800000, 0x3F808000, 0x00000000, 0x00000000}, {0x00800000, 0x3F808000, 0x00000001, 0x00000000},
      {0x00000001, 0x3F804980, 0x00000000, 0x00000000}, {0x00800080, 0x3F003F00, 0x00000000, 0x00800000},
      {0xFF7F7F7F, 0x7F7F7F7F, 0x00000000, 0xFF800000}, {0xF9E2D6B1, 0xE2ADF60C, 0xEDDB846F, 0x7F800000},
      {0x49B3FCE2, 0x573A122B, 0x246A3C33, 0x61820E00}, {0xC395629B, 0xD9633359, 0xDC60025C, 0x5D504185},
  };
  for (const Row& r : bf16_rows) {
    CAPTURE(r.a, r.b, r.c);
    CHECK(dot2(Dot2Input::bf16, r.a, r.b, r.c) == r.expected);
  }
}

TEST_CASE("docs/spec/numerics.md §D.3 gfx1100 whole-matrix capture: generator and listed entries [HW]", "[numerics][rdna3][vectors]") {
  struct Entry {
    int m, n;
    std::uint32_t d;
  };
  const Entry listed[] = {{0, 0, 0xBFFFFFC0}, {0, 1, 0xC277FFFE}, {0, 13, 0x41BFFFFD},
                          {2, 3, 0xC1B7FFFE}, {5, 4, 0x36400000}, {9, 15, 0xC3370000}};
  for (const char* name : {"v_wmma_f32_16x16x16_f16", "v_wmma_f32_16x16x16_bf16"}) {
    for (int wave : {32, 64}) {
      const InstrDesc& d = inst("gfx1100", name, wave);
      const bool bf16 = d.a_type == ElemType::bf16;
      BitMatrix A(16, 16), B(16, 16), C(16, 16);
      for (int m = 0; m < 16; ++m)
        for (int k = 0; k < 16; ++k) {
          const int a = ((16 * m + k) * 7) % 17 - 8;   // docs/spec/numerics.md §D.3 generator
          const int b = ((16 * m + k) * 11) % 17 - 8;  // (row m of B is k = m here)
          A(m, k) = bf16 ? bf16_of(a) : f16_of(a);
          B(m, k) = bf16 ? bf16_of(b) : f16_of(b);
          C(m, k) = f32_of(((16 * m + k) * 13) % 129 - 64);
        }
      const BitMatrix D = run_matrix(d, {A}, {B}, {C})[0];
      for (const Entry& e : listed) {
        CAPTURE(name, wave, e.m, e.n);
        CHECK(D(e.m, e.n) == e.d);
      }
    }
  }
}
