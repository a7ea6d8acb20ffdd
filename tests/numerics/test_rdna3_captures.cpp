// Every published gfx1100 capture in tests/vectors/ (transcribed from bjacob/goc, see each file's
// header): 103 DOT2 steps, the 256-element F32-WMMA capture (docs/spec/numerics.md §D.3) and the 16-bit-output
// WMMA fixtures (§D.4), both wave sizes and both OPSEL halves [HW].
#include "support/catch_compat.hpp"

#include <fstream>
#include <map>
#include <sstream>

#include "emu/semantics/rdna3_dot2.hpp"
#include "support/matrix_case.hpp"
#include "support/vector_file.hpp"

using namespace mxlane;
using mxlane_test::inst;
using mxlane_test::vector_lines;

namespace {

std::uint32_t hex(const std::string& s) { return static_cast<std::uint32_t>(std::stoul(s, nullptr, 16)); }

// Small integers as f16 / bf16 / binary32 patterns (exact), for the §D.3 generator.
std::uint32_t encode(int v, int man_bits, int bias, int total_bits) {
  if (v == 0) return 0;
  const bool neg = v < 0;
  unsigned m = static_cast<unsigned>(neg ? -v : v), e = 0;
  while ((m >> e) > 1) ++e;
  const std::uint32_t frac = (m << (man_bits - static_cast<int>(e))) & ((1U << man_bits) - 1);
  return (neg ? 1U << (total_bits - 1) : 0U) | ((e + static_cast<unsigned>(bias)) << man_bits) | frac;
}

}  // namespace

TEST_CASE("All 103 gfx1100 DOT2 captures", "[numerics][rdna3][captures]") {
  const auto lines = vector_lines("rdna3_dot2_captures.txt");
  REQUIRE(lines.size() == 103);
  int f16 = 0, bf16 = 0;
  for (const auto& f : lines) {
    REQUIRE(f.size() == 6);
    const bool is_bf16 = f[0] == "bf16";
    (is_bf16 ? bf16 : f16) += 1;
    const std::uint32_t a = hex(f[2]), b = hex(f[3]), c = hex(f[4]), expected = hex(f[5]);
    CAPTURE(f[0], f[1], f[2], f[3], f[4]);
    CHECK(rdna3_dot2(is_bf16 ? Dot2Input::bf16 : Dot2Input::f16, static_cast<std::uint16_t>(a),
                     static_cast<std::uint16_t>(b), static_cast<std::uint16_t>(a >> 16),
                     static_cast<std::uint16_t>(b >> 16), c, Dot2Output::f32, Dot2Options{}) == expected);
  }
  CHECK(f16 == 50);
  CHECK(bf16 == 53);
}

TEST_CASE("The 256-element gfx1100 F32-WMMA capture, F16 and BF16 inputs, wave32 and wave64",
          "[numerics][rdna3][captures]") {
  const auto lines = vector_lines("rdna3_wmma_f32_integer_capture.txt");
  REQUIRE(lines.size() == 256);
  BitMatrix expected(16, 16);
  for (const auto& f : lines) expected(std::stoi(f[0]), std::stoi(f[1])) = hex(f[2]);
  for (const char* name : {"v_wmma_f32_16x16x16_f16", "v_wmma_f32_16x16x16_bf16"})
    for (int wave : {32, 64}) {
      const InstrDesc& d = inst("gfx1100", name, wave);
      const bool bf16 = d.a_type == ElemType::bf16;
      BitMatrix A(16, 16), B(16, 16), C(16, 16);
      for (int x = 0; x < 16; ++x)
        for (int y = 0; y < 16; ++y) {
          A(x, y) =
              bf16 ? encode(((16 * x + y) * 7) % 17 - 8, 7, 127, 16) : encode(((16 * x + y) * 7) % 17 - 8, 10, 15, 16);
          B(x, y) = bf16 ? encode(((16 * x + y) * 11) % 17 - 8, 7, 127, 16)
                         : encode(((16 * x + y) * 11) % 17 - 8, 10, 15, 16);
          C(x, y) = encode(((16 * x + y) * 13) % 129 - 64, 23, 127, 32);
        }
      CAPTURE(name, wave);
      CHECK(run_matrix(d, {A}, {B}, {C})[0] == expected);
    }
}

TEST_CASE("The gfx1100 16-bit-output WMMA fixtures, both waves and both OPSEL halves", "[numerics][rdna3][captures]") {
  std::map<std::string, BitMatrix> inputs;  // "f16 3 A" -> matrix
  for (const auto& f : vector_lines("rdna3_wmma_packed_inputs.txt")) {
    REQUIRE(f.size() == 3 + 256);
    BitMatrix m(16, 16);
    for (int i = 0; i < 256; ++i) m(i / 16, i % 16) = hex(f[static_cast<std::size_t>(3 + i)]);
    inputs[f[0] + " " + f[1] + " " + f[2]] = m;
  }
  REQUIRE(inputs.size() == 42);
  const auto expected_lines = vector_lines("rdna3_wmma_packed_expected.txt");
  REQUIRE(expected_lines.size() == 28);
  for (const auto& f : expected_lines) {
    const int wave = f[0] == "wave64" ? 64 : 32;
    const std::string key = f[1] + " " + f[2];
    const InstrDesc& d =
        inst("gfx1100", f[1] == "bf16" ? "v_wmma_bf16_16x16x16_bf16" : "v_wmma_f16_16x16x16_f16", wave);
    BitMatrix expected(16, 16);
    for (int i = 0; i < 256; ++i) expected(i / 16, i % 16) = hex(f[static_cast<std::size_t>(3 + i)]);
    for (int opsel : {0, 4}) {
      CAPTURE(f[0], f[1], f[2], opsel);
      const BitMatrix got = run_matrix(d, {inputs.at(key + " A")}, {inputs.at(key + " B")}, {inputs.at(key + " C")},
                                       Modifiers{.opsel = opsel})[0];
      int mismatches = 0;
      for (int i = 0; i < 256; ++i)
        if (got(i / 16, i % 16) != expected(i / 16, i % 16) && mismatches++ < 4)
          UNSCOPED_INFO("D[" << i / 16 << "][" << i % 16 << "]: expected " << std::hex << expected(i / 16, i % 16)
                             << ", got " << got(i / 16, i % 16) << std::dec);
      CHECK(mismatches == 0);
    }
  }
}
