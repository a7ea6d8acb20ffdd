// Every behaviour-switch alternative that no other test pins, checked against hand-derived bit
// patterns (the derivation sits next to each expectation), plus the typed-switch registry.
#include "support/catch_compat.hpp"

#include <array>
#include <cstdint>
#include <vector>

#include "emu/formats/format.hpp"
#include "emu/semantics/cdna2_fma_chain.hpp"
#include "emu/semantics/cdna2_pairwise_tree.hpp"
#include "emu/semantics/integer_dot.hpp"
#include "emu/semantics/rdna3_dot2.hpp"
#include "emu/insns/execute.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switch_scope.hpp"
#include "valu/valu_test_support.hpp"

using namespace valu_test;
using mxlane::DotInputs;
using mxlane::NumericsContext;
using mxlane::Switches;

namespace {

Switches with(std::initializer_list<std::pair<const char*, const char*>> settings) {
  Switches s;
  for (const auto& [name, value] : settings) mxlane::set_switch(s, name, value);
  return s;
}

std::uint64_t fma_chain(const mxlane::FormatSpec& f, std::vector<std::uint64_t> a, std::vector<std::uint64_t> b,
                        std::uint64_t c, const Switches& s) {
  NumericsContext ctx{};
  ctx.switches = s;
  return mxlane::cdna2_fma_chain(f, DotInputs{a, b, c}, ctx);
}

// One FP16/BF16 MFMA element with K = 4 (one group of four products): A = (a0, 0, 0, 0),
// B = (b0, 0, 0, 0), binary32 C.
std::uint64_t packed(const mxlane::FormatSpec& f, std::uint64_t a0, std::uint64_t b0, std::uint64_t c,
                     const Switches& s) {
  const std::vector<std::uint64_t> a{a0, 0, 0, 0}, b{b0, 0, 0, 0};
  NumericsContext ctx{};
  ctx.switches = s;
  return mxlane::cdna2_pairwise_tree(f, 4, DotInputs{a, b, c}, ctx);
}

}  // namespace

TEST_CASE("switches: the typed accessors read the value the CLI spelling sets", "[switches]") {
  // The registry order against the enums is a static_assert in emu/isa/switches.cpp; this checks
  // the same from outside, through the public spellings.
  CHECK(Switches{}.cdna2_mode() == mxlane::ModeEffect::ignored);
  CHECK(with({{"cdna2_mode", "honoured"}}).cdna2_mode() == mxlane::ModeEffect::honoured);
  CHECK(with({{"mode_round", "rdn"}}).mode_round() == mxlane::RoundMode::rdn);
  CHECK(with({{"fdot2_cdna", "gfx12-window"}}).fdot2_cdna() == mxlane::Fdot2Cdna::gfx12_window);
  CHECK(with({{"fnuz_nan_decode", "0x7fffffff"}}).fnuz_nan_decode() == mxlane::FnuzNan::all_ones);
  CHECK(with({{"fp16_ovfl", "1"}}).get<mxlane::SwitchId::fp16_ovfl>() == mxlane::ModeBit::on);
  for (const mxlane::SwitchInfo& info : mxlane::all_switches()) {
    INFO(info.name);
    CHECK(mxlane::switch_info(info.id).name == info.name);
    for (std::size_t v = 0; v < info.values.size(); ++v) {
      Switches s;
      mxlane::set_switch(s, info.name, info.values[v].name);
      CHECK(s.get(info.id) == v);
      CHECK(mxlane::switch_value_name(s, info.id) == info.values[v].name);
    }
  }
}

TEST_CASE("switches: SwitchReads records the switches a computation reads, nested and per thread", "[switches]") {
  using mxlane::SwitchId;
  using mxlane::SwitchReads;
  const Switches s = with({{"cdna2_nan", "propagate"}});
  {
    const SwitchReads outer;
    CHECK(s.cdna2_nan() == mxlane::NanResult::propagate);
    {
      const SwitchReads inner;
      (void)s.cbsz_model();
      CHECK(inner.read(SwitchId::cbsz_model));
      CHECK_FALSE(inner.read(SwitchId::cdna2_nan));  // read before the inner recorder began
    }
    CHECK(outer.read(SwitchId::cdna2_nan));
    CHECK(outer.read(SwitchId::cbsz_model));  // the inner recorder handed its reads on
    CHECK_FALSE(outer.read(SwitchId::rdna3_grid));
    (void)(s == Switches{});  // a comparison depends on every switch
    CHECK(outer.read(SwitchId::rdna3_grid));
    CHECK(outer.read(SwitchId::gfx12_swmmac_grouping));
  }
  // A real evaluation: gfx90a FP16 MFMA reads its CDNA2 switches and no RDNA3 one.
  const SwitchReads reads;
  (void)packed(mxlane::kBinary16, 0x3C00, 0x3C00, 0, Switches{});
  CHECK(reads.read(SwitchId::cdna2_nan));
  CHECK(reads.read(SwitchId::cdna2_flushed_input_sign));
  CHECK_FALSE(reads.read(SwitchId::rdna3_grid));
  CHECK_FALSE(reads.read(SwitchId::gfx12_fp8_wmma));
}

TEST_CASE("switches: cdna2_mode=honoured applies mode_round to FP32 MFMA", "[switches][cdna2]") {
  // K = 1: D = fma(a, b, c) with a = +-1.0, b = 1 + 2^-23 (0x3F800001), c = +-0.75 * 2^-23
  // (0x33C00000 = 1.5 * 2^-24). Exact |D| = 1 + 1.75 * 2^-23: between 0x3F800001 and 0x3F800002,
  // nearer the upper one. RNE -> ...02; RTZ -> ...01; toward +inf: positive ...02, negative ...01;
  // toward -inf: positive ...01, negative ...02.
  struct Row {
    const char* round;
    std::uint32_t pos, neg;
  };
  const Row rows[] = {{"rne", 0x3F800002, 0xBF800002},
                      {"rtz", 0x3F800001, 0xBF800001},
                      {"rup", 0x3F800002, 0xBF800001},
                      {"rdn", 0x3F800001, 0xBF800002}};
  for (const Row& r : rows) {
    INFO("mode_round=" << r.round);
    const Switches s = with({{"cdna2_mode", "honoured"}, {"mode_round", r.round}});
    CHECK(fma_chain(mxlane::kBinary32, {0x3F800000}, {0x3F800001}, 0x33C00000, s) == r.pos);
    CHECK(fma_chain(mxlane::kBinary32, {0xBF800000}, {0x3F800001}, 0xB3C00000, s) == r.neg);
    // ignored (the default): MODE is not consulted, RNE whatever mode_round says.
    const Switches ignored = with({{"mode_round", r.round}});
    CHECK(fma_chain(mxlane::kBinary32, {0x3F800000}, {0x3F800001}, 0x33C00000, ignored) == 0x3F800002);
  }
}

TEST_CASE("switches: cdna2_mode=honoured applies the format's MODE denorm field to FP32/FP64 MFMA",
          "[switches][cdna2]") {
  // FP32 input flush: a = 2^-127 (0x00400000, subnormal), b = 2^100 (0x71800000), c = 0. Kept,
  // the product is 2^-27 (0x32000000, normal: no output flush involved); flushed, +0 * 2^100 = +0.
  const Switches f32_flush = with({{"cdna2_mode", "honoured"}, {"mode_denorm_f32", "flush"}});
  const Switches f16_f64_flush = with({{"cdna2_mode", "honoured"}, {"mode_denorm_f16_f64", "flush"}});
  CHECK(fma_chain(mxlane::kBinary32, {0x00400000}, {0x71800000}, 0, {}) == 0x32000000);
  CHECK(fma_chain(mxlane::kBinary32, {0x00400000}, {0x71800000}, 0, f32_flush) == 0);
  CHECK(fma_chain(mxlane::kBinary32, {0x00400000}, {0x71800000}, 0, f16_f64_flush) == 0x32000000);
  // FP32 output flush: 2^-126 (0x00800000) * 0.5 (0x3F000000) = 2^-127, subnormal: kept 0x00400000,
  // flushed after rounding to +0.
  CHECK(fma_chain(mxlane::kBinary32, {0x00800000}, {0x3F000000}, 0, {}) == 0x00400000);
  CHECK(fma_chain(mxlane::kBinary32, {0x00800000}, {0x3F000000}, 0, f32_flush) == 0);
  // FP64 input flush: a = 2^-1023 (0x0008000000000000, subnormal), b = 2^100 (biased 1123 =
  // 0x463), c = 0. Kept: 2^-923 (biased 100 = 0x064); flushed: +0. FP64 follows the f16/f64 field.
  const std::uint64_t a64 = 0x0008000000000000, b64 = 0x4630000000000000, kept = 0x0640000000000000;
  CHECK(fma_chain(mxlane::kBinary64, {a64}, {b64}, 0, {}) == kept);
  CHECK(fma_chain(mxlane::kBinary64, {a64}, {b64}, 0, f16_f64_flush) == 0);
  CHECK(fma_chain(mxlane::kBinary64, {a64}, {b64}, 0, f32_flush) == kept);
}

TEST_CASE("switches: cdna2_f64_algorithm=exact-dot reads inputs through the MODE flush as the FMA chain does",
          "[switches][cdna2]") {
  // The same FP64 case as above: the sum's order cannot bring back an input MODE flushed. Before
  // the fix, exact-dot read the raw 2^-1023 and returned 2^-923.
  const std::uint64_t a64 = 0x0008000000000000, b64 = 0x4630000000000000, kept = 0x0640000000000000;
  CHECK(fma_chain(mxlane::kBinary64, {a64}, {b64}, 0, with({{"cdna2_f64_algorithm", "exact-dot"}})) == kept);
  CHECK(
      fma_chain(
          mxlane::kBinary64, {a64}, {b64}, 0,
          with({{"cdna2_f64_algorithm", "exact-dot"}, {"cdna2_mode", "honoured"}, {"mode_denorm_f16_f64", "flush"}})) ==
      0);
  // exact-dot vs fma-chain: (1, 2^-53, 2^-53) summed from C = 1: the chain rounds 1 + 2^-53 (a tie)
  // to 1 twice; the exact sum 1 + 2^-52 is representable (0x3FF0000000000001).
  const std::uint64_t one = 0x3FF0000000000000, half_ulp = 0x3CA0000000000000;  // 2^-53: biased 970
  CHECK(fma_chain(mxlane::kBinary64, {one, one}, {half_ulp, half_ulp}, one, {}) == one);
  CHECK(fma_chain(mxlane::kBinary64, {one, one}, {half_ulp, half_ulp}, one,
                  with({{"cdna2_f64_algorithm", "exact-dot"}})) == 0x3FF0000000000001);
}

TEST_CASE("switches: cdna2_mode=honoured takes FP16 MFMA input denormals from the f16/f64 MODE field",
          "[switches][cdna2]") {
  // MODE.FP_DENORM has a binary32 field and a binary16/binary64 field (docs/spec/numerics.md §E1);
  // f16 A/B follow the latter, bf16 A/B and the binary32 C and sums the former.
  // f16: A0 = 2^-24 (0x0001), B0 = 1.0 (0x3C00), C = 0: kept, D = 2^-24 = 0x33800000 (normal in
  // binary32); flushed, D = +0.
  const auto f16 = [](const Switches& s) { return packed(mxlane::kBinary16, 0x0001, 0x3C00, 0, s); };
  CHECK(f16({}) == 0);  // ignored: the model always flushes (docs/spec/numerics.md §B.2)
  CHECK(f16(with({{"cdna2_mode", "honoured"}})) == 0x33800000);  // HIP default MODE keeps denormals
  CHECK(f16(with({{"cdna2_mode", "honoured"}, {"mode_denorm_f16_f64", "flush"}})) == 0);
  CHECK(f16(with({{"cdna2_mode", "honoured"}, {"mode_denorm_f32", "flush"}})) == 0x33800000);
  // bf16: A0 = 2^-127 (0x0040), B0 = 2^100 (0x7180): kept, D = 2^-27 = 0x32000000.
  const auto bf16 = [](const Switches& s) { return packed(mxlane::kBfloat16, 0x0040, 0x7180, 0, s); };
  CHECK(bf16({}) == 0);
  CHECK(bf16(with({{"cdna2_mode", "honoured"}})) == 0x32000000);
  CHECK(bf16(with({{"cdna2_mode", "honoured"}, {"mode_denorm_f32", "flush"}})) == 0);
  CHECK(bf16(with({{"cdna2_mode", "honoured"}, {"mode_denorm_f16_f64", "flush"}})) == 0x32000000);
  // The binary32 C follows the f32 field: C = 2^-127 (0x00400000), A = B = 0: kept, D = C.
  CHECK(packed(mxlane::kBinary16, 0, 0, 0x00400000, with({{"cdna2_mode", "honoured"}})) == 0x00400000);
  CHECK(packed(mxlane::kBinary16, 0, 0, 0x00400000,
               with({{"cdna2_mode", "honoured"}, {"mode_denorm_f16_f64", "flush"}})) == 0x00400000);
  // mode_round on FP16 MFMA: A0 = 1.0, B0 = 1.0, C = 2^-24 + 2^-25 (0x33C00000): 1 + 0.75 ulp.
  CHECK(packed(mxlane::kBinary16, 0x3C00, 0x3C00, 0x33C00000, with({{"cdna2_mode", "honoured"}})) == 0x3F800001);
  CHECK(packed(mxlane::kBinary16, 0x3C00, 0x3C00, 0x33C00000,
               with({{"cdna2_mode", "honoured"}, {"mode_round", "rtz"}})) == 0x3F800000);
}

TEST_CASE("switches: cdna1_subnormals on gfx908 FP16 MFMA, and cdna2_mode=honoured on top of it", "[switches][cdna1]") {
  // docs/cdna1.md. Through the instruction so the architecture's trait applies:
  // f16 A0 = 2^-24 (0x0001), B0 = 1.0: kept, D = 2^-24 = binary32 0x33800000; flushed (gfx90a's
  // rule), +0. A -0 C with zero products: kept gives -0 + (+0 products) = +0 either way, so the
  // discriminating -0 case is the sign of a flushed negative subnormal: A0 = -2^-24 (0x8001) gives
  // 0xB3800000 when kept, +0 when flushed with cdna2_flushed_input_sign=positive.
  const mxlane::InstrDesc& d = mxlane::resolve_instruction(*mxlane::find_arch("gfx908"), "v_mfma_f32_16x16x16f16");
  const auto run = [&](std::uint64_t a0, const Switches& s) {
    std::vector<std::uint64_t> a(16, 0), b(16, 0);
    a[0] = a0;
    b[0] = 0x3C00;
    mxlane::Modifiers mods;
    NumericsContext ctx = mxlane::numerics_context(d, mods, s);
    return mxlane::cdna2_pairwise_tree(mxlane::kBinary16, 4, DotInputs{a, b, 0}, ctx);
  };
  CHECK(run(0x0001, {}) == 0x33800000);
  CHECK(run(0x8001, {}) == 0xB3800000);
  CHECK(run(0x0001, with({{"cdna1_subnormals", "flush"}})) == 0);
  CHECK(run(0x8001, with({{"cdna1_subnormals", "flush"}})) == 0);
  // Kept subnormals with cdna2_mode=honoured: MODE's f16/f64 field decides for f16 A/B (DAZ keeps the
  // sign, so -2^-24 flushed is -0 and -0 times 1.0 plus C = +0 is +0).
  CHECK(run(0x0001, with({{"cdna2_mode", "honoured"}})) == 0x33800000);
  CHECK(run(0x0001, with({{"cdna2_mode", "honoured"}, {"mode_denorm_f16_f64", "flush"}})) == 0);
  // The switch belongs to gfx908 only.
  Switches scoped;
  CHECK_THROWS_WITH(
      mxlane::set_switch_for(scoped, "cdna1_subnormals", "flush", mxlane::arch_bit(mxlane::ArchId::gfx90a)),
      Catch::Contains("gfx908"));
}

TEST_CASE("switches: rdna3_mode=honoured applies MODE.FP_DENORM to the DOT2 step", "[switches][rdna3]") {
  const auto dot2 = [](mxlane::Dot2Input in, std::uint16_t a0, std::uint16_t b0, std::uint32_t c, const Switches& s) {
    return mxlane::rdna3_dot2(in, a0, b0, 0, 0, c, mxlane::Dot2Output::f32, mxlane::Dot2Options::from(s));
  };
  const Switches honoured = with({{"rdna3_mode", "honoured"}});
  using mxlane::Dot2Input;
  // Subnormal C = 2^-127 (0x00400000), zero products: ignored reads C as zero (+0, [HW]);
  // honoured with the HIP default MODE keeps it and the exact result 2^-127 is kept.
  CHECK(dot2(Dot2Input::f16, 0, 0, 0x00400000, {}) == 0);
  CHECK(dot2(Dot2Input::f16, 0, 0, 0x00400000, honoured) == 0x00400000);
  CHECK(dot2(Dot2Input::f16, 0, 0, 0x00400000, with({{"rdna3_mode", "honoured"}, {"mode_denorm_f32", "flush"}})) == 0);
  // f16 subnormal factor 2^-24 (0x0001) * 1.0: kept unless the f16/f64 field flushes -> 2^-24 (0x33800000).
  CHECK(dot2(Dot2Input::f16, 0x0001, 0x3C00, 0, {}) == 0x33800000);
  CHECK(dot2(Dot2Input::f16, 0x0001, 0x3C00, 0, honoured) == 0x33800000);
  CHECK(dot2(Dot2Input::f16, 0x0001, 0x3C00, 0, with({{"rdna3_mode", "honoured"}, {"mode_denorm_f16_f64", "flush"}})) ==
        0);
  // bf16 subnormal factor 2^-127 (0x0040) * 2^100 (0x7180) = 2^-27 (0x32000000): ignored reads it
  // as zero [HW]; honoured with a keeping f32 field keeps it.
  CHECK(dot2(Dot2Input::bf16, 0x0040, 0x7180, 0, {}) == 0);
  CHECK(dot2(Dot2Input::bf16, 0x0040, 0x7180, 0, honoured) == 0x32000000);
}

TEST_CASE("switches: rdna3_int_clamp=unsigned-range saturates unsigned integer WMMA to [0, 2^32-1]",
          "[switches][rdna3]") {
  const auto run = [](bool a_signed, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Switches& s) {
    const std::vector<std::uint64_t> av{a}, bv{b};
    NumericsContext ctx{};
    ctx.switches = s;
    ctx.a_signed = a_signed;
    ctx.b_signed = false;
    ctx.clamp = true;
    return mxlane::rdna3_integer_dot(8, DotInputs{av, bv, c}, ctx);
  };
  const Switches alt = with({{"rdna3_int_clamp", "unsigned-range"}});
  // 255 * 255 + (2^31 - 1) = 65025 + 2147483647 = 2147548672 = 0x8000FE00: above INT32_MAX.
  CHECK(run(false, 0xFF, 0xFF, 0x7FFFFFFF, {}) == 0x7FFFFFFF);
  CHECK(run(false, 0xFF, 0xFF, 0x7FFFFFFF, alt) == 0x8000FE00);
  // 0 * 0 + (-1): int32 range keeps -1; the unsigned range clamps to 0.
  CHECK(run(false, 0, 0, 0xFFFFFFFF, {}) == 0xFFFFFFFF);
  CHECK(run(false, 0, 0, 0xFFFFFFFF, alt) == 0);
  // Signed A: the alternative does not apply; 127 * 255 + INT32_MAX saturates to INT32_MAX.
  CHECK(run(true, 0x7F, 0xFF, 0x7FFFFFFF, alt) == 0x7FFFFFFF);
}

TEST_CASE("switches: fdot2_cdna alternatives on gfx950", "[switches][valu]") {
  const auto fdot2 = [](std::uint32_t a, std::uint32_t b, std::uint32_t c, const Switches& s) {
    return b::fdot2(ArchId::gfx950, one(h2(a)), one(h2(b)), one(f32(c)), false, s).at(0).bits;
  };
  const Switches sequential = with({{"fdot2_cdna", "sequential"}});
  const Switches window = with({{"fdot2_cdna", "gfx12-window"}});
  // a = b = (2^-12, 2^-12) (f16 0x0C00), C = 1.0: products 2^-24 each. Exact: 1 + 2^-23 =
  // 0x3F800001. Sequential: 1 + 2^-24 is a tie -> 1.0, twice -> 0x3F800000.
  CHECK(fdot2(0x0C000C00, 0x0C000C00, 0x3F800000, {}) == 0x3F800001);
  CHECK(fdot2(0x0C000C00, 0x0C000C00, 0x3F800000, sequential) == 0x3F800000);
  // docs/spec/valu.md §5.6 row D5: a = (2^-24, 1.0), b = (1.0, 1.0), C = 2^-100 (0x0D800000).
  // Exact: 1 + 2^-24 + 2^-100, above the tie -> 0x3F800001 (the "exact RNE" column). Sequential:
  // C + 2^-24 rounds to 2^-24, then 1 + 2^-24 ties to 1.0 -> 0x3F800000. gfx12-window: the
  // gfx1201 column of the same table, 0x3F800000.
  CHECK(fdot2(0x00013C00, 0x3C003C00, 0x0D800000, {}) == 0x3F800001);
  CHECK(fdot2(0x00013C00, 0x3C003C00, 0x0D800000, sequential) == 0x3F800000);
  CHECK(fdot2(0x00013C00, 0x3C003C00, 0x0D800000, window) == 0x3F800000);
  // Rows whose gfx1201 cell ([HW] capture) the window model must give: F1, F2, F4, F10.
  CHECK(fdot2(0x48004200, 0x44004800, 0xBF800000, window) == 0x425C0000);
  CHECK(fdot2(0x3C00BC00, 0x3C003C00, 0x3F800000, window) == 0x3F800000);
  CHECK(fdot2(0x3C003C00, 0x3C000000, 0x80000000, window) == 0x3F800000);
  CHECK(fdot2(0xCD6C4D6C, 0x78AF78AF, 0x00000000, window) == 0x00000000);
}

TEST_CASE("switches: gfx90a_fdot2_output_flush=keep keeps a binary32 subnormal fdot2 result", "[switches][valu]") {
  // Products of normal f16 values are >= 2^-28, so a subnormal result needs a subnormal C
  // (docs/spec/valu.md §5.6): a = b = 0, C = 2^-149 (0x00000001) -> exact result 2^-149.
  const auto fdot2 = [](const Switches& s) {
    return b::fdot2(ArchId::gfx90a, one(h2(0)), one(h2(0)), one(f32(0x00000001)), false, s).at(0).bits;
  };
  CHECK(fdot2({}) == 0);  // flush (default): the subnormal result becomes +0
  CHECK(fdot2(with({{"gfx90a_fdot2_output_flush", "keep"}})) == 0x00000001);
  // The gfx12-window adder on gfx90a keeps gfx90a's flushes (docs/spec/valu.md §5.1): the output switch
  // applies to it, and -2^-149 flushes to -0 (the sign kept, as the other adders' flush keeps it).
  const auto window = [](std::uint32_t a, std::uint32_t b, std::uint32_t c, const char* output_flush) {
    return b::fdot2(ArchId::gfx90a, one(h2(a)), one(h2(b)), one(f32(c)), false,
                    with({{"fdot2_cdna", "gfx12-window"}, {"gfx90a_fdot2_output_flush", output_flush}}))
        .at(0)
        .bits;
  };
  CHECK(window(0, 0, 0x00000001, "flush") == 0);
  CHECK(window(0, 0, 0x80000001, "flush") == 0x80000000);
  CHECK(window(0, 0, 0x00000001, "keep") == 0x00000001);
  // f16 2^-24 (0x0001, subnormal) times 1.0 with C = 1.0: flushed on gfx90a, the result 1.0; gfx950
  // keeps the input, and 1 + 2^-24 in the window truncates to 1.0 as well, so C = 0 shows it: 2^-24.
  CHECK(window(0x00000001, 0x00003C00, 0, "keep") == 0);
  CHECK(b::fdot2(ArchId::gfx950, one(h2(0x00000001)), one(h2(0x00003C00)), one(f32(0)), false,
                 with({{"fdot2_cdna", "gfx12-window"}}))
            .at(0)
            .bits == 0x33800000);
}

TEST_CASE("switches: fnuz_nan_decode and fnuz_negative_underflow on gfx942", "[switches][valu]") {
  // FNUZ FP8 0x80 is the one NaN encoding (docs/spec/valu.md §6.6).
  const auto decode = [](const Switches& s) { return b::cvt_f32_fp8(ArchId::gfx942, one(i32(0x80)), 0, s).at(0).bits; };
  CHECK(decode({}) == 0x7FC00000);
  CHECK(decode(with({{"fnuz_nan_decode", "0x7fffffff"}})) == 0x7FFFFFFF);
  // -2^-12 (0xB9800000) in E4M3 FNUZ (smallest subnormal 2^-10) rounds to zero; FNUZ has no -0:
  // 0x00 by default, 0x80 under the alternative. Byte 1 (+0.0) is 0x00 either way.
  const auto encode = [](const Switches& s) {
    return u32(b::cvt_pk_fp8_f32(ArchId::gfx942, one(f32(0xB9800000)), one(f32(0)), one(i32(0)), false, s).at(0));
  };
  CHECK(encode({}) == 0x00000000);
  CHECK(encode(with({{"fnuz_negative_underflow", "nan"}})) == 0x00000080);
}
