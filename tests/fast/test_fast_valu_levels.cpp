// [fast] The VALU table's fast-path column against the kernels of every SIMD level this CPU has:
// every row that claims a fast path has a kernel (or the test says loudly that a level checks
// nothing), and the FP8 dots and binary32 to FP8/BF8 conversions are bit-exact against the
// reference lane kernels: every factor byte pair, every exponent and rounding position, large
// random sets and the special values.
#include <array>
#include <random>
#include <set>

#include "emu/fast/kernel_table.hpp"
#include "emu/fast/valu_fast.hpp"
#include "emu/insns/run_valu_lanes.hpp"
#include "emu/insns/valu_insn.hpp"
#include "fast/fast_test_support.hpp"
#include "support/sweep.hpp"

using namespace mxlane;
using namespace mxlane_test;

namespace {

// The kinds with no kernel at the portable level (they lean on the host's F16C and binary64
// conversions; emu/fast/kernels/valu_portable.inl). Their rows run the reference there.
const std::set<ValuKind> kNoPortableKernel = {
    ValuKind::fdot2_f32,      ValuKind::fdot2_f16,      ValuKind::fdot2_bf16,   ValuKind::cvt_pkrtz,
    ValuKind::cvt_pknorm_i16, ValuKind::cvt_pknorm_u16, ValuKind::cvt_pk_u8_f32};

// The lane engine against the reference lane kernel on the given operands, after checking that a
// fast kernel (not the reference) computes them at the active level.
void compare(const ValuDesc& d, const ValuContext& ctx, const std::array<std::vector<std::uint32_t>, 3>& words,
             const std::string& what) {
  const fast::ValuLanesKernel kernel = fast::valu_kernel(fast::active_simd_level(), d.fast.kind);
  REQUIRE(kernel != nullptr);
  REQUIRE(fast::valu_fast_path_applies(d.fast, ctx));
  const ValuShape shape = d.shape();
  const std::size_t lanes = words[0].size() / static_cast<std::size_t>(shape.src[0]);
  std::vector<std::uint32_t> got(lanes * static_cast<std::size_t>(shape.dst)), expected(got.size());
  const std::uint32_t* src[3] = {words[0].data(), words[1].data(), words[2].data()};
  run_valu_lanes(d, ctx, src, got.data(), lanes);
  run_valu_reference_lanes(d, ctx, src, expected.data(), lanes);
  Sweep sweep(what + " at " + std::string(fast::simd_level_name(fast::active_simd_level())));
  for (std::size_t i = 0; i < got.size(); ++i) {
    const std::size_t l = i / static_cast<std::size_t>(shape.dst);
    sweep.expect(got[i] == expected[i], [&] {
      std::string s = "lane " + std::to_string(l) + " (";
      for (int n = 0; n < 3; ++n)
        if (shape.src[n] > 0)
          s += mxref::hex(words[static_cast<std::size_t>(n)][l * static_cast<std::size_t>(shape.src[n])], 8) + " ";
      return s + "): expected " + mxref::hex(expected[i], 8) + ", got " + mxref::hex(got[i], 8);
    });
  }
  sweep.report();
}

// Binary32 patterns that matter to a conversion or an accumulator: zeros, subnormals, the
// extremes, infinities, NaNs.
constexpr std::uint32_t kF32Specials[] = {0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x3F800000,
                                          0xBF800000, 0x4B800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000,
                                          0x7FC00000, 0xFFC00001, 0x7F800001, 0x43E00000, 0x47600000, 0x3B000000};

std::vector<const ValuDesc*> rows_of(ValuKind kind) {
  std::vector<const ValuDesc*> out;
  for (const ValuDesc& d : valu_table())
    if (d.fast.kind == kind) out.push_back(&d);
  return out;
}

}  // namespace

TEST_CASE("Every VALU row that claims a fast path has a kernel at every SIMD level", "[fast][valu]") {
  int claimed = 0;
  for (const ValuDesc& d : valu_table()) {
    if (d.fast.kind == ValuKind::none) continue;
    ++claimed;
    CAPTURE(d.mnemonic);
    // The claim applies somewhere: on at least one architecture that has the builtin, default switches.
    bool applies_somewhere = false;
    for (const ArchInfo& arch : all_archs())
      if (d.available_on(arch.id) && fast::valu_fast_path_applies(d.fast, ValuContext{arch.id, {}, {}}))
        applies_somewhere = true;
    CHECK(applies_somewhere);
    for (fast::SimdLevel level : simd_levels()) {
      CAPTURE(fast::simd_level_name(level));
      const bool has_kernel = fast::valu_kernel(level, d.fast.kind) != nullptr;
      if (level == fast::SimdLevel::scalar && kNoPortableKernel.count(d.fast.kind) != 0) {
        CHECK_FALSE(has_kernel);  // the list stays honest
        WARN("NO PORTABLE KERNEL: "
             << d.mnemonic
             << " runs the reference lane kernel at the scalar level, so the [fast] "
                "comparisons of it at that level compare the reference with itself and check nothing");
      } else {
        CHECK(has_kernel);
      }
    }
  }
  CHECK(claimed >= 37);
}

TEST_CASE("A SIMD level this CPU lacks hands out no kernel, and the test run says it went untested",
          "[fast][valu][gemm]") {
  for (fast::SimdLevel level : fast::kAllSimdLevels) {
    CAPTURE(fast::simd_level_name(level));
    fast::SimdLevel parsed{};
    CHECK(fast::parse_simd_level(fast::simd_level_name(level), parsed));
    CHECK(parsed == level);
    if (level <= fast::detected_simd_level()) continue;
    CHECK(fast::valu_kernel(level, ValuKind::sad_u8) == nullptr);
    CHECK(fast::gemm_kernel(level, fast::GemmFamily::cdna3_fused_f16, 32) == nullptr);
    CHECK(fast::gemm_kernel(level, fast::GemmFamily::cdna3_fused_f16, 16) == nullptr);  // the narrowing adapter
    WARN("NOT TESTED ON THIS CPU: the " << fast::simd_level_name(level) << " kernels (this CPU's best level is "
                                        << fast::simd_level_name(fast::detected_simd_level())
                                        << "), so every [fast] comparison here skipped them; run the [fast] tests "
                                           "on a CPU that has it (docs/performance.md)");
  }
  fast::SimdLevel unchanged = fast::SimdLevel::avx2;
  CHECK_FALSE(fast::parse_simd_level("avx1024", unchanged));
  CHECK_FALSE(fast::parse_simd_level("", unchanged));
  CHECK(unchanged == fast::SimdLevel::avx2);
}

TEST_CASE("FP8 dots on gfx1200: hand-derived vectors at every SIMD level", "[fast][valu]") {
  // OCP E4M3 0x38 = 1.0 (exponent 7 - bias 7, no fraction). 1 * 1 four times + 0 = 4.0 (0x40800000).
  // C = 2^24 (0x4B800000) plus 1.0 four times, each addition rounded (docs/spec/valu.md §5.5, the
  // default dot4_fp8_rounding = sequential): 2^24 + 1 is a tie, even -> 2^24, four times: 0x4B800000
  // (one rounding of the exact sum would give 2^24 + 4 = 0x4B800002). E5M2 0x3C = 1.0 too.
  // 0x80 (E4M3 -0) times 0x00: -0 products and C = -0 give -0 (0x80000000).
  struct Case {
    const char* builtin;
    std::uint32_t a, b, c, expected;
  };
  const Case cases[] = {{"dot4_f32_fp8_fp8", 0x38383838, 0x38383838, 0x00000000, 0x40800000},
                        {"dot4_f32_fp8_fp8", 0x38383838, 0x38383838, 0x4B800000, 0x4B800000},
                        {"dot4_f32_bf8_bf8", 0x3C3C3C3C, 0x3C3C3C3C, 0x4B800000, 0x4B800000},
                        {"dot4_f32_fp8_bf8", 0x38383838, 0x3C3C3C3C, 0x00000000, 0x40800000},
                        {"dot4_f32_fp8_fp8", 0x80808080, 0x00000000, 0x80000000, 0x80000000}};
  constexpr std::size_t kLanes = 19;
  for (const Case& c : cases) {
    const ValuDesc& d = *find_valu(c.builtin);
    const std::vector<std::uint32_t> a(kLanes, c.a), b(kLanes, c.b), acc(kLanes, c.c);
    const std::uint32_t* src[3] = {a.data(), b.data(), acc.data()};
    for (fast::SimdLevel level : simd_levels()) {
      const fast::SimdLevelCap cap(level);
      std::vector<std::uint32_t> got(kLanes, ~c.expected);
      run_valu_lanes(d, ValuContext{ArchId::gfx1200, {}, {}}, src, got.data(), kLanes);
      for (std::size_t l = 0; l < kLanes; ++l) {
        CAPTURE(c.builtin, c.a, c.b, c.c, l, fast::simd_level_name(level));
        CHECK(got[l] == c.expected);
      }
    }
  }
}

TEST_CASE("FP8 dots on gfx1200: every factor byte pair, random sets and specials, every SIMD level", "[fast][valu]") {
  std::mt19937_64 rng(0xD074);
  for (const ValuDesc* d : rows_of(ValuKind::dot4_f32_fp8)) {
    // Every (A byte, B byte) pair in one product position (rotating), the other bytes random, C a special value or random.
    std::array<std::vector<std::uint32_t>, 3> pairs;
    for (std::uint32_t xy = 0; xy < 65536; ++xy) {
      const int k = static_cast<int>(xy % 4);
      const std::uint32_t r = static_cast<std::uint32_t>(rng());
      const std::uint32_t keep = ~(0xFFU << (8 * k));
      pairs[0].push_back(((r & 0x7F7F7F7FU) & keep) | ((xy & 0xFF) << (8 * k)));
      pairs[1].push_back(((static_cast<std::uint32_t>(rng()) & 0x7F7F7F7FU) & keep) | ((xy >> 8) << (8 * k)));
      pairs[2].push_back(xy % 3 == 0 ? kF32Specials[xy / 3 % std::size(kF32Specials)]
                                     : static_cast<std::uint32_t>(rng() >> 32));
    }
    // Random bytes and accumulators of every kind; and accumulators near the products' scale, where
    // the additions round and cancel.
    std::array<std::vector<std::uint32_t>, 3> random;
    for (int i = 0; i < 100000; ++i) {
      random[0].push_back(static_cast<std::uint32_t>(rng()));
      random[1].push_back(static_cast<std::uint32_t>(rng()));
      const std::uint32_t near =
          (static_cast<std::uint32_t>(rng()) & 0x807FFFFFU) | ((static_cast<std::uint32_t>(100 + rng() % 60)) << 23);
      random[2].push_back(i % 2 == 0 ? near : static_cast<std::uint32_t>(rng()));
    }
    for (fast::SimdLevel level : simd_levels()) {
      const fast::SimdLevelCap cap(level);
      compare(*d, ValuContext{ArchId::gfx1200, {}, {}}, pairs, std::string(d->builtin) + " byte pairs");
      compare(*d, ValuContext{ArchId::gfx1200, {}, {}}, random, std::string(d->builtin) + " random");
    }
  }
}

TEST_CASE("Binary32 to OCP FP8/BF8: every exponent and rounding position, random sets and specials, every SIMD level",
          "[fast][valu]") {
  std::mt19937_64 rng(0xF8);
  // Every sign and exponent field, every top 8 fraction bits (the rounding positions of E4M3/E5M2
  // normals and subnormals are fraction bits 20..-1, so the guard bit and the bits above it), and low
  // bits that make exact ties, just above and just below them: 786432 values.
  std::vector<std::uint32_t> structured;
  for (std::uint32_t sign_exp = 0; sign_exp < 512; ++sign_exp)
    for (std::uint32_t top = 0; top < 256; ++top)
      for (std::uint32_t low : {0x0U, 0x1U, 0x3FFFU, 0x4000U, 0x4001U, 0x7FFFU})
        structured.push_back((sign_exp << 23) | (top << 15) | low);
  for (std::uint32_t s : kF32Specials) structured.push_back(s);
  std::vector<std::uint32_t> uniform(300000);
  for (auto& x : uniform) x = static_cast<std::uint32_t>(rng());
  for (const ValuDesc* d : rows_of(ValuKind::f32_to_fp8))
    for (ArchId arch : {ArchId::gfx1200, ArchId::gfx950}) {
      for (const std::vector<std::uint32_t>* values : {&structured, &uniform}) {
        // S0: the values; S1: the values rotated (pk: the second conversion) or random bits (sr: the
        // random bits, with the extremes 0 and all ones); S2 (old): random.
        std::array<std::vector<std::uint32_t>, 3> words;
        words[0] = *values;
        for (std::size_t i = 0; i < values->size(); ++i) {
          const std::uint32_t seed = i % 7 == 0 ? 0U : i % 7 == 1 ? 0xFFFFFFFFU : static_cast<std::uint32_t>(rng());
          words[1].push_back(d->fast.packed ? (*values)[(i * 7919 + 13) % values->size()] : seed);
          words[2].push_back(static_cast<std::uint32_t>(rng()));
        }
        std::vector<Modifiers> mods;
        if (d->fast.packed)
          mods = {Modifiers{.word_sel = 0}, Modifiers{.word_sel = 1}};
        else
          mods = {Modifiers{.byte_sel = 0}, Modifiers{.byte_sel = 1}, Modifiers{.byte_sel = 2},
                  Modifiers{.byte_sel = 3}};
        for (fast::SimdLevel level : simd_levels()) {
          const fast::SimdLevelCap cap(level);
          for (const Modifiers& m : mods)
            compare(*d, ValuContext{arch, m, {}}, words,
                    std::string(d->builtin) + " on " + std::string(arch_info(arch).name) +
                        (values == &uniform ? " uniform" : " structured") + " sel " +
                        std::to_string(m.word_sel + m.byte_sel));
        }
      }
    }
}

TEST_CASE("Binary32 to FP8: hand-derived roundings at every SIMD level", "[fast][valu]") {
  // docs/spec/valu.md §6.7 (RNE) by hand, OCP E4M3 (bias 7, 3 fraction bits), cvt_pk_fp8_f32 with
  // S0 = S1 (the two bytes equal), old = 0xAAAAAAAA, word_sel 0:
  //  1.0 -> 0x38; 1.0625 = 1 + 2^-4 is the tie between 1.0 and 1.125: even -> 0x38;
  //  1.1875 = 1 + 3 * 2^-4, the tie between 1.125 (0x39) and 1.25 (0x3A): even -> 0x3A;
  //  448 (0x43E00000) -> 0x7E (the largest finite); 480 rounds past it: 0x7F (no saturation by default);
  //  2^-10 (0x3A800000) is half the smallest subnormal 2^-9: tie, even -> 0x00; -2^-9 -> 0x81.
  struct Case {
    std::uint32_t x;
    std::uint32_t byte;
  };
  const Case cases[] = {{0x3F800000, 0x38}, {0x3F880000, 0x38}, {0x3F980000, 0x3A}, {0x43E00000, 0x7E},
                        {0x43F00000, 0x7F}, {0x3A800000, 0x00}, {0xBB000000, 0x81}};
  const ValuDesc& d = *find_valu("cvt_pk_fp8_f32");
  constexpr std::size_t kLanes = 11;
  for (const Case& c : cases) {
    const std::vector<std::uint32_t> x(kLanes, c.x), old(kLanes, 0xAAAAAAAA);
    const std::uint32_t* src[3] = {x.data(), x.data(), old.data()};
    const std::uint32_t expected = 0xAAAA0000U | (c.byte << 8) | c.byte;
    for (fast::SimdLevel level : simd_levels()) {
      const fast::SimdLevelCap cap(level);
      std::vector<std::uint32_t> got(kLanes, ~expected);
      run_valu_lanes(d, ValuContext{ArchId::gfx1200, {}, {}}, src, got.data(), kLanes);
      for (std::size_t l = 0; l < kLanes; ++l) {
        CAPTURE(c.x, l, fast::simd_level_name(level));
        CHECK(got[l] == expected);
      }
    }
  }
}
