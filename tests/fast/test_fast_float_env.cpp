// [fast] The fast paths own their floating-point environment: whatever rounding mode and FTZ/DAZ
// the caller has set, the bits equal the reference (which uses no host floats), and the caller's
// environment is back in place afterwards (FloatEnvGuard, set inside each worker).
#include <cfenv>

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "emu/insns/run_valu_lanes.hpp"
#include "emu/insns/valu_insn.hpp"
#include "fast/fast_test_support.hpp"

using namespace mxlane;
using namespace mxlane_test;

#if defined(__x86_64__)
namespace {

// A hostile caller environment: round toward zero (MXCSR.RC = 11), FTZ and DAZ on, all exceptions
// masked. Each of these alone changes host float results (tested by the reference of every rule:
// RZ changes any inexact sum; FTZ and DAZ change subnormal results and operands).
constexpr std::uint32_t kHostileCsr = 0x1F80U | (3U << 13) | (1U << 15) | (1U << 6);

struct HostileEnv {
  std::uint32_t saved_csr = _mm_getcsr();
  int saved_round = std::fegetround();
  HostileEnv() {
    std::fesetround(FE_TOWARDZERO);
    _mm_setcsr(kHostileCsr);
  }
  ~HostileEnv() {
    _mm_setcsr(saved_csr);
    std::fesetround(saved_round);
  }
};

}  // namespace

TEST_CASE("Fast GEMM ignores and restores the caller's rounding mode and FTZ/DAZ", "[fast][gemm]") {
  std::uint64_t seed = 0xE4F;
  for (const char* mnemonic : {"v_mfma_f32_32x32x2f32", "v_mfma_f32_32x32x8f16", "v_mfma_f64_16x16x4f64"}) {
    const InstrDesc& d = resolve_instruction(arch_info(ArchId::gfx90a), mnemonic);
    CAPTURE(mnemonic);
    const auto run = [&](auto in, auto acc) {
      using In = decltype(in);
      using Acc = decltype(acc);
      mxref::Gen g(++seed);
      // Tiny exponents: the results depend on FTZ/DAZ and the rounding mode if the kernel does not set them.
      const auto a = random_matrix<In>(g, d.a_type, Mix::tiny, d.m, 2 * d.k);
      const auto b = random_matrix<In>(g, d.b_type, Mix::moderate, 2 * d.k, d.n);
      const auto c = random_matrix<Acc>(g, d.c_type, Mix::tiny, d.m, d.n);
      const GemmMatrix<Acc> expected = gemm(d, a, b, c, options(GemmPath::reference_elements));
      for (fast::SimdLevel level : simd_levels()) {
        const fast::SimdLevelCap cap(level);
        const HostileEnv hostile;
        // One thread: the caller's own thread is the worker, so its environment is the one at risk.
        const GemmMatrix<Acc> got = gemm(d, a, b, c, options(GemmPath::fast, {}, 1));
        CHECK(_mm_getcsr() == kHostileCsr);
        CHECK(std::fegetround() == FE_TOWARDZERO);
        check_equal(expected, got, std::string(fast::simd_level_name(level)));
      }
    };
    if (d.a_type == ElemType::f16)
      run(std::uint16_t{}, std::uint32_t{});
    else if (d.a_type == ElemType::f32)
      run(std::uint32_t{}, std::uint32_t{});
    else
      run(std::uint64_t{}, std::uint64_t{});
  }
}

TEST_CASE("VALU lane kernels ignore and restore the caller's rounding mode", "[fast][valu]") {
  // v_cvt_pk_u8_f32 rounds by MODE, round to nearest even by default (docs/spec/valu.md §6.4):
  // 2.5 (0x40200000) -> 2 and 3.5 (0x40600000) -> 4, where round toward zero would give 2 and 3.
  const ValuDesc& cvt = *find_valu("cvt_pk_u8_f32");
  constexpr std::size_t kLanes = 19;  // two full AVX2 vectors and a reference tail
  std::vector<std::uint32_t> s0(kLanes), s1(kLanes, 0), s2(kLanes, 0), d(kLanes, 0xDEAD);
  for (std::size_t l = 0; l < kLanes; ++l) s0[l] = l % 2 == 0 ? 0x40200000U : 0x40600000U;
  const std::uint32_t* src[3] = {s0.data(), s1.data(), s2.data()};
  for (fast::SimdLevel level : simd_levels()) {
    const fast::SimdLevelCap cap(level);
    const HostileEnv hostile;
    run_valu_lanes(cvt, ValuContext{ArchId::gfx1100, {}, {}}, src, d.data(), kLanes);
    CHECK(_mm_getcsr() == kHostileCsr);
    CHECK(std::fegetround() == FE_TOWARDZERO);
    for (std::size_t l = 0; l < kLanes; ++l) {
      CAPTURE(l, fast::simd_level_name(level));
      CHECK(d[l] == (l % 2 == 0 ? 2U : 4U));
    }
  }
}
#endif
