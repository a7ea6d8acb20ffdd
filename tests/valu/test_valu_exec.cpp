// Instruction-level execution (execute_valu): lanes whose EXEC bit is 0 keep their destination,
// active lanes get the builtin's result. One builtin (or more) of each family - SAD, integer dot,
// float dot, conversion - in a wave64 and a wave32 register file. Active lanes use spec test
// vectors (docs/spec/valu.md §3.8, §4.2, §5.6, §6.9), so their expected values are spec values.
#include "support/catch_compat.hpp"

#include <vector>

#include "emu/insns/execute_valu.hpp"
#include "emu/isa/errors.hpp"
#include "valu/valu_test_support.hpp"

using namespace valu_test;
using mxlane::LaneRegFile;
using mxlane::Modifiers;
using mxlane::ValuOperands;

namespace {

// One spec vector: up to 4 words per source operand and up to 4 result words.
struct Vec {
  std::vector<std::uint32_t> src[3];
  std::vector<std::uint32_t> dst;  // expected D
};

constexpr std::uint32_t kSentinel = 0xDEAD0000;  // previous D contents: 0xDEAD0000 + 16*reg + lane

// Loads vector (lane % vecs.size()) into every lane, runs the builtin under `exec`, and checks
// every lane and every destination VGPR.
void run_masked(const char* builtin, ArchId arch, int wave, std::uint64_t exec, const std::vector<Vec>& vecs,
                const Modifiers& mods = {}, const mxlane::Switches& sw = {}) {
  const mxlane::ValuDesc* desc = mxlane::find_valu(builtin);
  REQUIRE(desc != nullptr);
  const mxlane::ValuShape shape = desc->shape();
  LaneRegFile regs = LaneRegFile::for_arch(mxlane::arch_info(arch), wave);
  const ValuOperands ops{{10, 20, 30}, 40};
  for (int lane = 0; lane < wave; ++lane) {
    const Vec& v = vecs[static_cast<std::size_t>(lane) % vecs.size()];
    for (int s = 0; s < 3; ++s) {
      REQUIRE(static_cast<int>(v.src[s].size()) == shape.src[s]);
      for (int w = 0; w < shape.src[s]; ++w) regs.set_word(ops.src[s] + w, lane, v.src[s][static_cast<std::size_t>(w)]);
    }
    for (int w = 0; w < shape.dst; ++w)
      regs.set_word(ops.dst + w, lane, kSentinel + static_cast<std::uint32_t>(16 * w + lane));
  }
  regs.exec() = mxlane::ExecMask(wave, exec);
  mxlane::execute_valu(*desc, arch, regs, ops, mods, sw);
  for (int lane = 0; lane < wave; ++lane) {
    const Vec& v = vecs[static_cast<std::size_t>(lane) % vecs.size()];
    const bool active = ((exec >> lane) & 1U) != 0;
    for (int w = 0; w < shape.dst; ++w) {
      CAPTURE(builtin, arch_name(arch), wave, lane, active, w);
      const std::uint32_t expected =
          active ? v.dst[static_cast<std::size_t>(w)] : kSentinel + static_cast<std::uint32_t>(16 * w + lane);
      CHECK(regs.word(ops.dst + w, lane) == expected);
    }
    // Sources are never written.
    for (int s = 0; s < 3; ++s)
      for (int w = 0; w < shape.src[s]; ++w)
        CHECK(regs.word(ops.src[s] + w, lane) == v.src[s][static_cast<std::size_t>(w)]);
  }
}

struct WaveCase {
  ArchId arch;
  int wave;
  std::uint64_t exec;
};

// wave64 on a gfx9 target, wave32 on an RDNA target (both when the builtin exists there), each
// with a mixed EXEC mask; plus all-off.
std::vector<WaveCase> cases_for(const char* builtin) {
  std::vector<WaveCase> out;
  const auto has = [&](ArchId a) { return table_has(builtin, a); };
  for (ArchId a : {ArchId::gfx90a, ArchId::gfx942, ArchId::gfx950})
    if (has(a)) {
      out.push_back({a, 64, 0xF0F0A5A5C3C30001ULL});
      out.push_back({a, 64, 0});
      break;
    }
  for (ArchId a : {ArchId::gfx1100, ArchId::gfx1200, ArchId::gfx1030})
    if (has(a)) {
      out.push_back({a, 32, 0x80A5C3C1ULL});
      out.push_back({a, 64, 0x00000001FFFF0000ULL});  // RDNA wave64 too
      break;
    }
  return out;
}

}  // namespace

TEST_CASE("valu exec mask: SAD family (sad_u8, qsad_pk_u16_u8, mqsad_u32_u8)", "[valu]") {
  // §3.8 [DERIVED]
  const std::vector<Vec> sad = {{{{0x01020304}, {0x04030201}, {0x00000010}}, {0x00000018}},
                                {{{0xFF00FF00}, {0x00FF00FF}, {0xFFFFFC00}}, {0xFFFFFFFC}}};
  for (const WaveCase& c : cases_for("sad_u8")) run_masked("sad_u8", c.arch, c.wave, c.exec, sad);

  // 64-bit operands: two VGPRs, low word first.
  const std::vector<Vec> qsad = {
      {{{0x03020100, 0x07060504}, {0x03020100}, {0x00020001, 0x00040003}}, {0x00060001, 0x0010000B}},
      {{{0x44332211, 0x88776655}, {0x00004422}, {0xF00F0001, 0xFFFEFFFD}}, {0xF0B900AB, 0x010E00C9}}};
  for (const WaveCase& c : cases_for("qsad_pk_u16_u8")) run_masked("qsad_pk_u16_u8", c.arch, c.wave, c.exec, qsad);

  const std::vector<Vec> mqsad = {
      {{{0x44332211, 0x88776655}, {0x00004422}, {0xFFFFFF00, 0xFFFFFF10, 0xFFFFFF20, 0xFFFFFF30}},
       {0xFFFFFF33, 0xFFFFFF21, 0xFFFFFF31, 0xFFFFFF63}},
      {{{0xFFFFFFFF, 0x00000000}, {0x01000001}, {0xFFFFFFFF, 0, 1, 0x80000000}},
       {0x000001FB, 0x000000FF, 0x00000100, 0x800000FF}}};
  for (const WaveCase& c : cases_for("mqsad_u32_u8")) run_masked("mqsad_u32_u8", c.arch, c.wave, c.exec, mqsad);
}

TEST_CASE("valu exec mask: integer dots (udot4 with clamp, sudot4 with signedness)", "[valu]") {
  // §4.2 [DERIVED]; clamp is the instruction's clamp modifier
  Modifiers clamp;
  clamp.clamp = 1;
  const std::vector<Vec> udot4 = {{{{0xFFFFFFFF}, {0xFFFFFFFF}, {0x00000000}}, {0x0003F804}},
                                  {{{0xFFFFFFFF}, {0xFFFFFFFF}, {0xFFFFFFFF}}, {0xFFFFFFFF}}};
  for (const WaveCase& c : cases_for("udot4")) run_masked("udot4", c.arch, c.wave, c.exec, udot4, clamp);

  const std::vector<Vec> sdot4 = {{{{0xFFFFFFFF}, {0x01020304}, {0x00000000}}, {0xFFFFFFF6}},
                                  {{{0x80808080}, {0x80808080}, {0x7FFFFFFF}}, {0x8000FFFF}}};
  for (const WaveCase& c : cases_for("sdot4")) run_masked("sdot4", c.arch, c.wave, c.exec, sdot4);

  // sudot4(1, 0xFFFFFFFF, 0, 0xFFFFFFFF, 0, 0): a_signed is NEG_LO[0] (docs/spec/valu.md §4.1)
  Modifiers a_signed;
  a_signed.neg = 1;
  const std::vector<Vec> sudot4 = {{{{0xFFFFFFFF}, {0xFFFFFFFF}, {0x00000000}}, {0xFFFFFC04}}};
  for (const WaveCase& c : cases_for("sudot4")) run_masked("sudot4", c.arch, c.wave, c.exec, sudot4, a_signed);
}

TEST_CASE("valu exec mask: float dots (fdot2, fdot2_f32_bf16)", "[valu]") {
  // §5.6 F1 / F2 / D1: the gfx1201 column on gfx1200, the exact RNE column on gfx942
  const std::vector<Vec> fdot2 = {{{{0x48004200}, {0x44004800}, {0xBF800000}}, {0x425C0000}},
                                  {{{0x3C00BC00}, {0x3C003C00}, {0x3F800000}}, {0x3F800000}},
                                  {{{0x3C003C00}, {0x3C003C00}, {0x00000000}}, {0x40000000}}};
  run_masked("fdot2", ArchId::gfx942, 64, 0x0123456789ABCDEFULL, fdot2);
  run_masked("fdot2", ArchId::gfx1200, 32, 0x89ABCDEFULL, fdot2);
  run_masked("fdot2", ArchId::gfx1200, 64, 0xFEDCBA9876543210ULL, fdot2);
  // §5.6 F11 / D4: gfx1100 column on gfx1100 (wave32), exact on gfx950 (wave64)
  const std::vector<Vec> bf16_1100 = {{{{0x41004040}, {0x40804100}, {0xBF800000}}, {0x425C0001}},
                                      {{{0x3F803F80}, {0x40004000}, {0x3F800000}}, {0x40A00000}}};
  run_masked("fdot2_f32_bf16", ArchId::gfx1100, 32, 0x5555AAAAULL, bf16_1100);
  const std::vector<Vec> bf16_950 = {{{{0x41004040}, {0x40804100}, {0xBF800000}}, {0x425C0000}},
                                     {{{0x3F803F80}, {0x40004000}, {0x3F800000}}, {0x40A00000}}};
  run_masked("fdot2_f32_bf16", ArchId::gfx950, 64, 0xAAAA5555AAAA5555ULL, bf16_950);
}

TEST_CASE("valu exec mask: conversions (cvt_pkrtz, cvt_pk_u8_f32, cvt_pk_fp8_f32, cvt_f32_fp8)", "[valu]") {
  // §6.9 C25 / C26 [HW gfx1201]
  const std::vector<Vec> pkrtz = {{{{0x3FC00000}, {0xBFC00000}, {}}, {0xBE003E00}},
                                  {{{0x47000000}, {0xC7000000}, {}}, {0xF8007800}}};
  for (const WaveCase& c : cases_for("cvt_pkrtz")) run_masked("cvt_pkrtz", c.arch, c.wave, c.exec, pkrtz);

  // §6.9 C29 [HW gfx1201]: src, byte_sel (a runtime operand), old = 0x12345678
  const std::vector<Vec> pk_u8 = {{{{0x3F000000}, {1}, {0x12345678}}, {0x12340078}},
                                  {{{0x40200000}, {3}, {0x12345678}}, {0x02345678}},
                                  {{{0x3FC00000}, {0}, {0x12345678}}, {0x12345602}}};
  for (const WaveCase& c : cases_for("cvt_pk_u8_f32")) run_masked("cvt_pk_u8_f32", c.arch, c.wave, c.exec, pk_u8);

  // §6.9 C14b [DERIVED]: word_sel = 1 (high word), old = 0x12345678; gfx1200 wave32 and wave64
  Modifiers word1;
  word1.word_sel = 1;
  const std::vector<Vec> pk_fp8 = {{{{0x3F880000}, {0xBF880000}, {0x12345678}}, {0xB8385678}}};
  run_masked("cvt_pk_fp8_f32", ArchId::gfx1200, 32, 0xC0FFEE01ULL, pk_fp8, word1);
  run_masked("cvt_pk_fp8_f32", ArchId::gfx1200, 64, 0xC0FFEE01C0FFEE01ULL, pk_fp8, word1);

  // §6.9 C21 [DERIVED]: FNUZ 0x40 -> 1.0 on gfx942 (wave64), byte_sel = 2
  Modifiers byte2;
  byte2.byte_sel = 2;
  const std::vector<Vec> dec = {{{{0x00400000}, {}, {}}, {0x3F800000}}, {{{0x00380000}, {}, {}}, {0x3F000000}}};
  run_masked("cvt_f32_fp8", ArchId::gfx942, 64, 0x8000000000000001ULL, dec, byte2);
}

TEST_CASE("valu exec mask: execute_valu rejects an architecture without the builtin", "[valu]") {
  LaneRegFile regs = LaneRegFile::for_arch(mxlane::arch_info(ArchId::gfx1100), 32);
  const mxlane::ValuDesc* desc = mxlane::find_valu("sdot4");
  REQUIRE(desc != nullptr);
  // Nothing may be written when the call is rejected.
  for (int lane = 0; lane < 32; ++lane) regs.set_word(40, lane, kSentinel);
  CHECK_THROWS_AS(mxlane::execute_valu(*desc, ArchId::gfx1100, regs, ValuOperands{{10, 20, 30}, 40}),
                  mxlane::InvalidArgument);
  for (int lane = 0; lane < 32; ++lane) CHECK(regs.word(40, lane) == kSentinel);
}
