// The public gfx1201 integer SWMMAC captures (tests/vectors/gfx1201_swmmac_integer_digests.txt, transcribed
// from bjacob/goc): 640 register-image digests [HW-digest] of iu8 K=32, iu4 K=32 and iu4 K=64, reproduced end
// to end through the instruction table: the register image goes through the SWMMAC layouts (compressed A,
// IDX with index_key, dense B, D as the accumulator) and the staged-CLAMP integer sum (docs/rdna4.md §3.2).
#include "support/catch_compat.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include "emu/insns/execute.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"
#include "tests/support/gfx1201_capture_inputs.hpp"
#include "tests/support/vector_file.hpp"
#include "tests/support/hex.hpp"

using mxlane_test::parse_hex;

using namespace mxlane;

namespace {

constexpr const char* kIntegerInstructions[] = {"swmmac_i32_16x16x32_iu8_w32", "swmmac_i32_16x16x32_iu4_w32",
                                                "swmmac_i32_16x16x64_iu4_w32"};

// The capture inputs of sample s as the vectors file describes them: 15 registers of 32 lanes.
std::vector<std::vector<std::uint32_t>> capture_inputs(unsigned sample) {
  mxlane_test::Gfx1201CaptureRng rng(sample);
  std::vector<std::vector<std::uint32_t>> data = mxlane_test::gfx1201_capture_registers(rng);
  data.emplace_back(32, 0);  // register 14: IDX
  const std::uint32_t codes[] = {4, 8, 12, 9, 13, 14};
  for (auto& w : data[14])
    for (int group = 0; group < 8; ++group) w |= codes[rng.next() % 6] << (4 * group);
  return data;
}

// The D register image after one SWMMAC on registers laid out as the captures were: A from register 0,
// B from 2, D (read as the accumulator, then written) at 6..13, IDX at 14.
std::uint64_t swmmac_digest(int shape, unsigned sample, int variant, const Switches& switches = {}) {
  const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx1200), kIntegerInstructions[shape]);
  const auto data = capture_inputs(sample);
  LaneRegFile regs(32, 15);
  for (int r = 0; r < 15; ++r)
    for (int lane = 0; lane < 32; ++lane) regs.set_word(r, lane, data[r][lane]);
  Modifiers mods;
  mods.neg = variant & 3;
  mods.clamp = (variant >> 2) & 1;
  mods.index_key = (variant >> 3) & 1;
  execute_matrix(d, regs, MatrixOperands{{0}, {2}, {6}, {6}, {14}, {}, {}}, mods, switches);
  std::uint64_t h = 14695981039346656037ULL;  // FNV-1a, four bytes of each word low to high
  for (int r = 6; r < 14; ++r)
    for (int lane = 0; lane < 32; ++lane)
      for (int byte = 0; byte < 4; ++byte) h = (h ^ ((regs.word(r, lane) >> (8 * byte)) & 0xFF)) * 1099511628211ULL;
  return h;
}

}  // namespace

TEST_CASE("gfx1201 integer SWMMAC: 640 register-image digests through the table",
          "[numerics][gfx12][swmmac][captures]") {
  const auto lines = mxlane_test::vector_lines("gfx1201_swmmac_integer_digests.txt");
  REQUIRE(lines.size() == 48);
  int checked = 0;
  for (const auto& line : lines) {
    const int shape = std::stoi(line[0]);
    const auto sample = static_cast<unsigned>(std::stoi(line[1]));
    REQUIRE(line.size() == (shape == 2 ? 10U : 18U));
    for (int variant = 0; variant + 2 < static_cast<int>(line.size()); ++variant) {
      INFO("shape " << shape << " sample " << sample << " variant " << variant);
      CHECK(swmmac_digest(shape, sample, variant) == parse_hex(line[static_cast<std::size_t>(2 + variant)]));
      ++checked;
    }
  }
  CHECK(checked == 640);
}

TEST_CASE("gfx12_int_clamp=final misses the staged-CLAMP SWMMAC captures",
          "[numerics][gfx12][swmmac][captures][switches]") {
  Switches final_clamp;
  set_switch(final_clamp, "gfx12_int_clamp", "final");
  const auto lines = mxlane_test::vector_lines("gfx1201_swmmac_integer_digests.txt");
  int differing = 0;
  for (const auto& line : lines)
    for (int variant = 4; variant < 8; ++variant)  // CLAMP set
      differing += swmmac_digest(std::stoi(line[0]), static_cast<unsigned>(std::stoi(line[1])), variant, final_clamp) !=
                   parse_hex(line[static_cast<std::size_t>(2 + variant)]);
  CHECK(differing > 0);
}
