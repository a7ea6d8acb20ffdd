// RDNA3 WMMA against the gfx1100 whole-matrix capture of docs/spec/numerics.md §D.3: its generator and listed
// entries [HW] (every DOT2 capture of §D.2 is checked from tests/vectors/ in test_rdna3_captures.cpp).
#include "support/catch_compat.hpp"

#include "support/matrix_case.hpp"

using namespace mxlane;
using mxlane_test::inst;

namespace {

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

TEST_CASE("docs/spec/numerics.md §D.3 gfx1100 whole-matrix capture: generator and listed entries [HW]",
          "[numerics][rdna3][vectors]") {
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
