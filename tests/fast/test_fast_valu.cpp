// [fast] The VALU lane kernels against the reference lane kernels (emu/insns/valu/), bit for bit:
// every builtin with a registered fast path, on every architecture that has it, every SIMD level,
// with and without clamp and every NEG signedness, on random and edge-biased operands; lane
// counts that leave a tail for the reference; and the fallback where a switch is not default.
#include "emu/api/valu_builtins.hpp"
#include "emu/fast/valu_fast.hpp"
#include "emu/insns/run_valu_lanes.hpp"
#include "emu/insns/valu_insn.hpp"
#include "fast/fast_test_support.hpp"
#include "support/sweep.hpp"

using namespace mxlane;
using namespace mxlane_test;

namespace {

constexpr std::size_t kLanesPerCase = 1003;  // not a multiple of any vector width; enough for every kernel (FP8: 512)

// One operand word: uniform bits; a binary32 edge value; two f16 or two bf16 edge values; or bytes
// at their extremes (0, 1, 0x7F, 0x80, 0xFF) — covering every kind of operand the builtins read.
std::uint32_t draw_word(mxref::Gen& g) {
  const auto pair = [&](const mxref::Fmt& f) { return static_cast<std::uint32_t>(g.any(f) | (g.any(f) << 16)); };
  switch (g.range(0, 5)) {
    case 0: return static_cast<std::uint32_t>(g.bits(32));
    case 1: return static_cast<std::uint32_t>(g.any(mxref::kRefF32));
    case 2: return pair(mxref::kRefF16);
    case 3: return pair(mxref::kRefBF16);
    case 4: {
      std::uint32_t w = 0;
      for (int i = 0; i < 4; ++i)
        w |= std::uint32_t{std::array<std::uint8_t, 5>{0, 1, 0x7F, 0x80, 0xFF}[static_cast<std::size_t>(g.range(0, 4))]}
             << (8 * i);
      return w;
    }
    default:
      return static_cast<std::uint32_t>(g.with_exp(mxref::kRefF32, g.sign(), g.range(-3, 9), g.frac(mxref::kRefF32)));
  }
}

std::vector<Modifiers> modifier_sets(const ValuDesc& d) {
  const ValuShape s = d.shape();
  std::vector<Modifiers> out{{}};
  if (s.clamp) out.push_back(Modifiers{.clamp = 1});
  if (s.byte_sel)
    for (int sel = 1; sel < 4; ++sel) out.push_back(Modifiers{.byte_sel = sel});
  if (s.word_sel) out.push_back(Modifiers{.word_sel = 1});
  if (s.signedness)
    for (int neg = 1; neg < 4; ++neg) {
      out.push_back(Modifiers{.neg = neg});
      out.push_back(Modifiers{.neg = neg, .clamp = 1});
    }
  return out;
}

// The lane engine against the reference lane kernel, lane by lane.
void check_lanes(const ValuDesc& d, const ValuContext& ctx, std::uint64_t seed, const std::string& what) {
  const ValuShape shape = d.shape();
  mxref::Gen g(seed);
  std::vector<std::uint32_t> words[3];
  for (int s = 0; s < 3; ++s) {
    words[s].resize(kLanesPerCase * static_cast<std::size_t>(shape.src[s]));
    for (auto& w : words[s]) w = draw_word(g);
  }
  std::vector<std::uint32_t> got(kLanesPerCase * static_cast<std::size_t>(shape.dst));
  const std::uint32_t* src[3] = {words[0].data(), words[1].data(), words[2].data()};
  run_valu_lanes(d, ctx, src, got.data(), kLanesPerCase);
  const ValuKernel reference = valu_kernel(d);
  Sweep sweep(what);
  for (std::size_t l = 0; l < kLanesPerCase; ++l) {
    ValuLane in;
    for (int s = 0; s < 3; ++s)
      for (int w = 0; w < shape.src[s]; ++w)
        in.src[static_cast<std::size_t>(s)][static_cast<std::size_t>(w)] =
            words[s][l * static_cast<std::size_t>(shape.src[s]) + static_cast<std::size_t>(w)];
    const Dwords expected = reference(in, ctx);
    for (int w = 0; w < shape.dst; ++w) {
      const std::uint32_t e = expected[static_cast<std::size_t>(w)],
                          r = got[l * static_cast<std::size_t>(shape.dst) + static_cast<std::size_t>(w)];
      sweep.expect(e == r, [&] {
        return "lane " + std::to_string(l) + " (" + mxref::hex(in.u32(0), 8) + ", " + mxref::hex(in.u32(1), 8) + ", " +
               mxref::hex(in.u32(2), 8) + "): expected " + mxref::hex(e, 8) + ", got " + mxref::hex(r, 8);
      });
    }
  }
  sweep.report();
}

// One single-dword builtin on every SIMD level, the same operands in every lane (two full AVX2
// vectors and a reference tail): every lane must give `expected`.
void check_broadcast(const ValuDesc& d, const ValuContext& ctx, std::uint32_t a, std::uint32_t b, std::uint32_t c,
                     std::uint32_t expected) {
  constexpr std::size_t kLanes = 17;
  const std::vector<std::uint32_t> sa(kLanes, a), sb(kLanes, b), sc(kLanes, c);
  const std::uint32_t* src[3] = {sa.data(), sb.data(), sc.data()};
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    std::vector<std::uint32_t> got(kLanes, ~expected);
    run_valu_lanes(d, ctx, src, got.data(), kLanes);
    for (std::size_t l = 0; l < kLanes; ++l) {
      CAPTURE(d.builtin, arch_info(ctx.arch).name, ctx.mods.clamp, a, b, c, l, fast::simd_level_name(level));
      CHECK(got[l] == expected);
    }
  }
}

}  // namespace

TEST_CASE("The targets' builtin classes have fast lane kernels", "[fast][valu]") {
  // The performance targets (docs/performance.md) name SAD, integer dots, float dots and conversions; these are their builtins here.
  for (const char* mnemonic : {"v_sad_u8",
                               "v_sad_hi_u8",
                               "v_sad_u16",
                               "v_msad_u8",
                               "v_qsad_pk_u16_u8",
                               "v_mqsad_pk_u16_u8",
                               "v_mqsad_u32_u8",
                               "v_dot2_i32_i16",
                               "v_dot2_u32_u16",
                               "v_dot4_i32_i8",
                               "v_dot4_u32_u8",
                               "v_dot8_i32_i4",
                               "v_dot8_u32_u4",
                               "v_dot4_i32_iu8",
                               "v_dot8_i32_iu4",
                               "v_dot2_f32_f16",
                               "v_dot2_f16_f16",
                               "v_dot2_bf16_bf16",
                               "v_dot2_f32_bf16",
                               "v_dot2c_f32_bf16",
                               "v_cvt_f32_fp8",
                               "v_cvt_pk_f32_bf8",
                               "v_cvt_pkrtz_f16_f32",
                               "v_cvt_pknorm_i16_f32",
                               "v_cvt_pknorm_u16_f32",
                               "v_cvt_pk_i16_i32",
                               "v_cvt_pk_u16_u32",
                               "v_cvt_pk_u8_f32"}) {
    CAPTURE(mnemonic);
    CHECK(fast::valu_fast_path(mnemonic) != nullptr);
  }
}

TEST_CASE("VALU lane kernels equal the reference lane kernels, every registered builtin and architecture",
          "[fast][valu]") {
  std::uint64_t seed = 0x5AD;
  int registered = 0;
  for (const ValuDesc& d : valu_table()) {
    if (fast::valu_fast_path(d.mnemonic) == nullptr) continue;
    ++registered;
    for (const ArchInfo& arch : all_archs()) {
      if (!d.available_on(arch.id)) continue;
      for (const Modifiers& mods : modifier_sets(d))
        for (fast::SimdLevel level : simd_levels()) {
          const fast::SimdLevelCap cap(level);
          const std::string what = std::string(d.builtin) + " on " + std::string(arch.name) + " [" +
                                   std::to_string(mods.neg) + "/" + std::to_string(mods.clamp) + "/" +
                                   std::to_string(mods.byte_sel) + "/" + std::to_string(mods.word_sel) + "] " +
                                   std::string(fast::simd_level_name(level));
          check_lanes(d, ValuContext{arch.id, mods, {}}, ++seed, what);
        }
    }
  }
  CHECK(registered >= 25);
}

TEST_CASE("VALU lane kernels leave requests with a non-default switch to the reference", "[fast][valu]") {
  const ValuDesc& fdot2 = *find_valu("fdot2");
  const fast::ValuFastPath& path = *fast::valu_fast_path(fdot2.mnemonic);
  Switches nan_kept;
  set_switch(nan_kept, "fdot_clamp_nan", "nan");
  CHECK(fast::valu_fast_path_applies(path, ValuContext{ArchId::gfx1100, {}, {}}));
  CHECK_FALSE(fast::valu_fast_path_applies(path, ValuContext{ArchId::gfx1100, Modifiers{.clamp = 1}, nan_kept}));
  CHECK(fast::valu_fast_path_applies(path, ValuContext{ArchId::gfx90a, {}, {}}));         // the CDNA exact model
  CHECK_FALSE(fast::valu_fast_path_applies(path, ValuContext{ArchId::gfx1200, {}, {}}));  // the RDNA4 window: no kernel
  // With the switch, a NaN factor under clamp stays NaN (docs/spec/valu.md §5.5; docs/builtins-overview.md), and
  // the lane engine must give exactly that: 0x3C007E01 holds an f16 NaN, so the DOT2 result is the
  // fixed NaN 0xFFC00A3D (§5.2), which clamp keeps with fdot_clamp_nan=nan and turns into +0 by default.
  const std::uint32_t a = 0x3C007E01, b = 0x3C003C00, c = 0;
  const std::uint32_t* src_one[3] = {&a, &b, &c};
  std::uint32_t d = 1;
  run_valu_lanes(fdot2, ValuContext{ArchId::gfx1100, Modifiers{.clamp = 1}, nan_kept}, src_one, &d, 1);
  CHECK(d == 0xFFC00A3DU);
  run_valu_lanes(fdot2, ValuContext{ArchId::gfx1100, Modifiers{.clamp = 1}, {}}, src_one, &d, 1);
  CHECK(d == 0U);
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    check_lanes(fdot2, ValuContext{ArchId::gfx1100, Modifiers{.clamp = 1}, nan_kept}, 0xC1A,
                "fdot2 fdot_clamp_nan=nan");
  }
}

TEST_CASE("The builtin-level functions give the spec's vectors through the lane engine", "[fast][valu]") {
  // Hand-derived vectors of docs/spec/valu.md (§3.8, §4.2, §5.6, §6.2), on more lanes than one vector
  // so that the fast kernels, not only the tail, compute them.
  const std::vector<std::uint32_t> a(19, 0x01020304), b(19, 0x04030201), c(19, 0x10);
  for (std::uint32_t r : builtins::sad_u8(ArchId::gfx1100, a, b, c)) CHECK(r == 0x18U);
  for (std::uint32_t r : builtins::sad_hi_u8(ArchId::gfx1100, a, b, c)) CHECK(r == 0x00080010U);
  const std::vector<std::uint32_t> ones(17, 0xFFFFFFFF), zero(17, 0), all_ones(17, 0xFFFFFFFF);
  for (std::uint32_t r : builtins::udot4(ArchId::gfx90a, ones, ones, zero, false)) CHECK(r == 0x0003F804U);
  for (std::uint32_t r : builtins::udot4(ArchId::gfx90a, ones, ones, all_ones, true)) CHECK(r == 0xFFFFFFFFU);
  const std::vector<std::int32_t> s80(9, static_cast<std::int32_t>(0x80808080)), c_max(9, 0x7FFFFFFF);
  for (std::int32_t r : builtins::sdot4(ArchId::gfx90a, s80, s80, c_max, false))
    CHECK(static_cast<std::uint32_t>(r) == 0x8000FFFFU);
  for (std::int32_t r : builtins::sdot4(ArchId::gfx90a, s80, s80, c_max, true)) CHECK(r == 0x7FFFFFFF);
  // §5.6 F1 on gfx1100: 3*8 + 8*4 - 1 = 55 exactly, and the hardware gives 55 + 1 ulp.
  const std::vector<builtins::half2> fa(12, {F16{0x4200}, F16{0x4800}}), fb(12, {F16{0x4800}, F16{0x4400}});
  const std::vector<F32> fc(12, F32{0xBF800000});
  for (F32 r : builtins::fdot2(ArchId::gfx1100, fa, fb, fc, false)) CHECK(r.bits == 0x425C0001U);
  // §6.2: -1.0 gives 0x8001; pknorm's exact product: 0x3F7AB0F5 gives 0x7D57 (hardware).
  const std::vector<F32> x(10, F32{0xBF800000}), y(10, F32{0x3F7AB0F5});
  for (builtins::short2 r : builtins::cvt_pknorm_i16(ArchId::gfx1100, x, y)) {
    CHECK(static_cast<std::uint16_t>(r[0]) == 0x8001);
    CHECK(static_cast<std::uint16_t>(r[1]) == 0x7D57);
  }
}

TEST_CASE("16-bit integer dots at the edges of their products and of the accumulator", "[fast][valu]") {
  // Derived by hand (docs/spec/valu.md §4.1: the exact sum, saturated under clamp, else modulo 2^32):
  //  sdot2 0x80008000 . 0x80008000 = 2 * 2^30 = 2^31, one past INT32_MAX: + 5 saturates to
  //  0x7FFFFFFF; + (-7) is 2^31 - 7 = 0x7FFFFFF9; without clamp 2^31 + 5 wraps to 0x80000005.
  //  udot2 0xFFFFFFFF . 0xFFFFFFFF = 2 * 65535^2 = 0x1FFFC0002: clamped 0xFFFFFFFF, else 0xFFFC0002;
  //  0x0001FFFF . 0x0001FFFF + 0xFFFFFFFF = 0xFFFE0001 + 1 + 0xFFFFFFFF, carrying out at the first
  //  addition only: clamped 0xFFFFFFFF, else 0xFFFE0001.
  struct Case {
    const char* builtin;
    std::uint32_t a, b, c;
    bool clamp;
    std::uint32_t expected;
  };
  const Case cases[] = {{"sdot2", 0x80008000, 0x80008000, 5, true, 0x7FFFFFFF},
                        {"sdot2", 0x80008000, 0x80008000, static_cast<std::uint32_t>(-7), true, 0x7FFFFFF9},
                        {"sdot2", 0x80008000, 0x80008000, 5, false, 0x80000005},
                        {"udot2", 0xFFFFFFFF, 0xFFFFFFFF, 0, true, 0xFFFFFFFF},
                        {"udot2", 0xFFFFFFFF, 0xFFFFFFFF, 0, false, 0xFFFC0002},
                        {"udot2", 0x0001FFFF, 0x0001FFFF, 0xFFFFFFFF, true, 0xFFFFFFFF},
                        {"udot2", 0x0001FFFF, 0x0001FFFF, 0xFFFFFFFF, false, 0xFFFE0001}};
  for (const Case& c : cases)
    check_broadcast(*find_valu(c.builtin), ValuContext{ArchId::gfx90a, Modifiers{.clamp = c.clamp ? 1 : 0}, {}}, c.a,
                    c.b, c.c, c.expected);
}

TEST_CASE("CDNA fdot2 exact model at rounding ties, cancellation, flush and near overflow", "[fast][valu]") {
  // Hand-derived (docs/spec/valu.md §5.1: C + a0*b0 + a1*b1 exactly, one RNE rounding; gfx90a flushes
  // a subnormal result, gfx942 keeps it). f16 0x0C00 = 2^-12, 0x1000 = 2^-11, 0x0400 = 2^-14,
  // 0x7BFF = 65504; 65504^2 = 4290774016, as binary32 0x4F7FC004.
  //  1 + 2^-24 is the midpoint of 1 and 1 + 2^-23: even -> 0x3F800000.
  //  1 + 2*2^-24 = 1 + 2^-23 exactly: 0x3F800001.  1 + 2^-24 + 2^-23 is the midpoint of 1 + 2^-23 and
  //  1 + 2^-22: even -> 0x3F800002.
  //  65504^2 + 2^-28 - 65504^2 = 2^-28 (0x31800000): binary64 loses the 2^-28 in the first sum.
  //  0 + 2^-127 (0x00400000, subnormal): gfx90a flushes to +0, gfx942 keeps it.
  //  max float + 65504^2 rounds back to max float 0x7F7FFFFF (far below the overflow threshold).
  struct Case {
    ArchId arch;
    std::uint32_t a, b, c, expected;
  };
  const Case cases[] = {{ArchId::gfx90a, 0x00000C00, 0x00000C00, 0x3F800000, 0x3F800000},
                        {ArchId::gfx90a, 0x0C000C00, 0x0C000C00, 0x3F800000, 0x3F800001},
                        {ArchId::gfx90a, 0x10000C00, 0x0C000C00, 0x3F800000, 0x3F800002},
                        {ArchId::gfx90a, 0x04007BFF, 0x04007BFF, 0xCF7FC004, 0x31800000},
                        {ArchId::gfx90a, 0x00000000, 0x00000000, 0x00400000, 0x00000000},
                        {ArchId::gfx942, 0x00000000, 0x00000000, 0x00400000, 0x00400000},
                        {ArchId::gfx90a, 0x00007BFF, 0x00007BFF, 0x7F7FFFFF, 0x7F7FFFFF}};
  for (const Case& c : cases)
    check_broadcast(*find_valu("fdot2"), ValuContext{c.arch, {}, {}}, c.a, c.b, c.c, c.expected);
}
