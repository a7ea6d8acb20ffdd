// The public gfx1201 captures (tests/vectors/gfx1201_*.txt, transcribed from bjacob/goc): 24 float WMMA
// fixtures x both wave sizes [HW] and 96 integer WMMA register-image digests [HW-digest], reproduced by
// the gfx12 element functions (docs/rdna4.md §3, §5).
#include "support/catch_compat.hpp"

#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "emu/formats/format.hpp"
#include "emu/semantics/gfx12_dot4.hpp"
#include "tests/support/gfx1201_capture_inputs.hpp"
#include "tests/support/vector_file.hpp"
#include "tests/support/hex.hpp"

using mxlane_test::parse_hex;

using namespace mxlane;

namespace {

using mxlane_test::vector_lines;

// The fixture index the harness stored where the instruction reads ISA element k (docs/rdna4.md §2.1):
// wave32 reads k from lane half (k/4)%2, VGPR 2(k/8)+(k/2)%2, half k%2; wave64 from lane group k/4,
// VGPR (k/2)%2, half k%2. The harness stored index (L/16)*(256/W) + 2r + half there.
int fixture_index(int wave, int k) {
  if (wave == 32) return 8 * ((k / 4) % 2) + 2 * (2 * (k / 8) + (k / 2) % 2) + k % 2;
  return 4 * (k / 4) + 2 * ((k / 2) % 2) + k % 2;
}

std::uint32_t run_fixture(const std::vector<std::string>& f, int wave, const NumericsContext& ctx) {
  const FormatSpec& format = f[0] == "f16" ? kBinary16 : kBfloat16;
  std::array<std::uint64_t, 16> a{}, b{};
  for (int k = 0; k < 16; ++k) {
    a[k] = parse_hex(f[1 + fixture_index(wave, k)]);
    b[k] = parse_hex(f[17 + fixture_index(wave, k)]);
  }
  const DotInputs in{a, b, parse_hex(f[33])};
  return static_cast<std::uint32_t>(gfx12_wmma_chain(format, format, Dot2Output::f32, in, ctx));
}

// FNV-1a over the low-to-high bytes of every word (the capture digests' hash).
struct Fnv1a {
  std::uint64_t h = 14695981039346656037ULL;
  void word(std::uint32_t w) {
    for (int byte = 0; byte < 4; ++byte) h = (h ^ ((w >> (8 * byte)) & 0xFF)) * 1099511628211ULL;
  }
};

struct IntegerShape {
  int bits, k_size;
};
constexpr IntegerShape kShapes[] = {{8, 16}, {4, 16}, {4, 32}};

// Element A[i][k] (or B[k][j] with j for i) of a wave32 register image, through the calculator's maps
// (docs/rdna4.md §2.2, §2.3): iu8 lane 16(k/8)+i, VGPR (k/4)%2, byte k%4; iu4 K=16 lane 16(k/8)+i,
// VGPR 0, nibble k%8; iu4 K=32 lane 16(k/16)+i, VGPR (k/8)%2, nibble k%8.
std::uint64_t integer_element(const std::uint32_t (&regs)[2][32], IntegerShape s, int i, int k) {
  int lane = 0, vgpr = 0, slot = 0;
  if (s.bits == 8) {
    lane = 16 * (k / 8) + i, vgpr = (k / 4) % 2, slot = k % 4;
  } else if (s.k_size == 16) {
    lane = 16 * (k / 8) + i, vgpr = 0, slot = k % 8;
  } else {
    lane = 16 * (k / 16) + i, vgpr = (k / 8) % 2, slot = k % 8;
  }
  return (regs[vgpr][lane] >> (slot * s.bits)) & ((1U << s.bits) - 1);
}

std::uint64_t integer_digest(int shape, unsigned sample, int mode, const Switches& switches = {}) {
  mxlane_test::Gfx1201CaptureRng rng(sample);
  const std::vector<std::vector<std::uint32_t>> data = mxlane_test::gfx1201_capture_registers(rng);
  std::uint32_t a_regs[2][32], b_regs[2][32];
  for (int r = 0; r < 2; ++r)
    for (int lane = 0; lane < 32; ++lane) {
      a_regs[r][lane] = data[r][lane];
      b_regs[r][lane] = data[2 + r][lane];
    }
  const IntegerShape s = kShapes[shape];
  NumericsContext ctx;
  ctx.switches = switches;
  ctx.a_signed = (mode & 1) != 0;
  ctx.b_signed = (mode & 2) != 0;
  ctx.clamp = (mode & 4) != 0;
  std::uint32_t d[8][32];
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      std::vector<std::uint64_t> a(s.k_size), b(s.k_size);
      for (int k = 0; k < s.k_size; ++k) {
        a[k] = integer_element(a_regs, s, i, k);
        b[k] = integer_element(b_regs, s, j, k);
      }
      const int vgpr = i % 8, lane = 16 * (i / 8) + j;  // C/D: docs/rdna4.md §2.4
      const DotInputs in{a, b, data[6 + vgpr][lane]};
      d[vgpr][lane] = static_cast<std::uint32_t>(gfx12_integer_dot(s.bits, in, ctx));
    }
  Fnv1a fnv;
  for (auto& reg : d)
    for (std::uint32_t w : reg) fnv.word(w);
  return fnv.h;
}

}  // namespace

TEST_CASE("gfx1201 float WMMA fixtures: 24 x wave32/wave64 through the DOT4 chain", "[numerics][gfx12][captures]") {
  const auto lines = vector_lines("gfx1201_wmma_fixtures.txt");
  REQUIRE(lines.size() == 24);
  int matched = 0;
  for (const auto& f : lines) {
    REQUIRE(f.size() == 36);
    for (int wave : {32, 64}) {
      const std::uint32_t want = static_cast<std::uint32_t>(parse_hex(f[wave == 32 ? 34 : 35]));
      const std::uint32_t got = run_fixture(f, wave, NumericsContext{});
      INFO(f[0] << " c=" << f[33] << " wave" << wave << " got " << std::hex << got << " want " << want);
      CHECK(got == want);
      matched += got == want;
    }
  }
  CHECK(matched == 48);
}

TEST_CASE("gfx1201 fixtures: the two wave sizes differ only through the K order", "[numerics][gfx12][captures]") {
  // F16 fixture 2: the same registers give 0x43DFC44B in wave32 and 0x43DFC44A in wave64 (docs/rdna4.md §5):
  // reading the wave32 registers in the wave64 K order must give the wave64 answer, and vice versa.
  const auto lines = vector_lines("gfx1201_wmma_fixtures.txt");
  CHECK(run_fixture(lines[2], 32, {}) == 0x43DFC44BU);
  CHECK(run_fixture(lines[2], 64, {}) == 0x43DFC44AU);
}

TEST_CASE("gfx1201 integer WMMA: 384 register-image digests (two CLAMP stages)", "[numerics][gfx12][captures]") {
  const auto lines = vector_lines("gfx1201_integer_wmma_digests.txt");
  REQUIRE(lines.size() == 48);
  int matched = 0;
  for (const auto& line : lines) {
    REQUIRE(line.size() == 10);
    const int shape = std::stoi(line[0]);
    const auto sample = static_cast<unsigned>(std::stoi(line[1]));
    for (int mode = 0; mode < 8; ++mode) {
      const std::uint64_t got = integer_digest(shape, sample, mode);
      INFO("shape " << shape << " sample " << sample << " mode " << mode);
      CHECK(got == parse_hex(line[2 + mode]));
      matched += got == parse_hex(line[2 + mode]);
    }
  }
  CHECK(matched == 384);
}

TEST_CASE("gfx12_int_clamp=final misses the staged-CLAMP captures", "[numerics][gfx12][captures][switches]") {
  // The alternative is selectable, and the hardware rules it out for wave32: some CLAMP capture differs.
  const auto lines = vector_lines("gfx1201_integer_wmma_digests.txt");
  Switches final_clamp;
  final_clamp.set<SwitchId::gfx12_int_clamp>(Gfx12IntClamp::final);
  int differing = 0;
  for (const auto& line : lines)
    for (int mode = 4; mode < 8; ++mode)
      differing += integer_digest(std::stoi(line[0]), static_cast<unsigned>(std::stoi(line[1])), mode, final_clamp) !=
                   parse_hex(line[2 + mode]);
  CHECK(differing > 0);
  // Without CLAMP the staging cannot matter.
  CHECK(integer_digest(0, 0, 3, final_clamp) == parse_hex(lines[0][5]));
}
