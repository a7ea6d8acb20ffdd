// Shared by the [fast] tests: every SIMD level this CPU has, seeded matrices biased to the edge
// cases of each element type, and a bit-for-bit matrix comparison that names the first mismatches.
#pragma once

#include "support/catch_compat.hpp"
#include "support/sanitized.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "emu/api/gemm.hpp"
#include "emu/fast/gemm_family.hpp"
#include "emu/fast/simd_level.hpp"
#include "reference/reference_generators.hpp"

namespace mxlane_test {

// Every level the CPU supports, lowest first (a test loops over them under a SimdLevelCap).
inline std::vector<mxlane::fast::SimdLevel> simd_levels() {
  std::vector<mxlane::fast::SimdLevel> out;
  for (auto l : mxlane::fast::kAllSimdLevels)
    if (l <= mxlane::fast::detected_simd_level()) out.push_back(l);
  return out;
}

// The levels a random sweep's case number `turn` runs: every level the CPU has in the optimised
// build; under the sanitizers one of them, in turn (all of them across the sweep's cases), since
// there the job is memory and undefined-behaviour errors on every kernel's code path, and each level's
// kernels still run on many cases (tests/support/sanitized.hpp).
inline std::vector<mxlane::fast::SimdLevel> simd_levels_in_turn(std::size_t turn) {
  std::vector<mxlane::fast::SimdLevel> all = simd_levels();
  if (!mxlane_test::kSanitized) return all;
  return {all[turn % all.size()]};
}

// How a matrix's values are drawn.
enum class Mix {
  moderate,        // finite values with exponents near 0: long chains of ordinary arithmetic
  sparse_special,  // moderate, with 2% zeros, subnormals, infinities and NaNs
  edge,            // the reference tests' edge classes: 25% uniform bits, 75% edges
  tiny,            // exponents near the bottom of the format (flushing, subnormals, grid sentinels)
  huge,            // exponents near the top (overflow of products and sums)
  cancelling,      // pairs of k that cancel exactly or almost (signed zeros, one's complement units)
};
inline constexpr Mix kAllMixes[] = {Mix::moderate, Mix::sparse_special, Mix::edge,
                                    Mix::tiny,     Mix::huge,           Mix::cancelling};
inline const char* mix_name(Mix m) {
  static const char* names[] = {"moderate", "sparse-special", "edge", "tiny", "huge", "cancelling"};
  return names[static_cast<int>(m)];
}

inline const mxref::Fmt* float_format(mxlane::ElemType t) {
  switch (t) {
    case mxlane::ElemType::f64: return &mxref::kRefF64;
    case mxlane::ElemType::f32:
    case mxlane::ElemType::xf32: return &mxref::kRefF32;  // xf32: binary32 registers (the low 13 bits ignored)
    case mxlane::ElemType::f16: return &mxref::kRefF16;
    case mxlane::ElemType::bf16: return &mxref::kRefBF16;
    default: return nullptr;
  }
}

// One element of type t.
inline std::uint64_t draw(mxref::Gen& g, mxlane::ElemType t, Mix mix) {
  const mxref::Fmt* f = float_format(t);
  const int bits = mxlane::elem_bits(t);
  if (f == nullptr) {  // integers: uniform, or the extremes of the signed and unsigned ranges
    if (mix == Mix::moderate || g.coin(50)) return g.bits(bits);
    const std::uint64_t extremes[] = {0, 1, (std::uint64_t{1} << (bits - 1)) - 1, std::uint64_t{1} << (bits - 1),
                                      (std::uint64_t{1} << bits) - 1};
    return extremes[g.range(0, 4)];
  }
  switch (mix) {
    case Mix::moderate:
    case Mix::cancelling: return g.with_exp(*f, g.sign(), g.range(-4, 4), g.frac(*f));
    case Mix::sparse_special:
      return g.coin(2) ? g.edge(*f, true) : g.with_exp(*f, g.sign(), g.range(-4, 4), g.frac(*f));
    case Mix::edge: return g.any(*f);
    case Mix::tiny:
      return g.coin(10) ? g.edge(*f, false)
                        : g.with_exp(*f, g.sign(), g.range(f->emin() - 4, f->emin() / 2 + 2), g.frac(*f));
    case Mix::huge:
      return g.coin(10) ? g.edge(*f, false)
                        : g.with_exp(*f, g.sign(), g.range(f->emax() / 2 - 2, f->emax()), g.frac(*f));
  }
  return 0;
}

template <class T>
mxlane::GemmMatrix<T> random_matrix(mxref::Gen& g, mxlane::ElemType t, Mix mix, int rows, int cols) {
  mxlane::GemmMatrix<T> m(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) m(i, j) = static_cast<T>(draw(g, t, mix));
  return m;
}

// For Mix::cancelling: B's odd rows repeat the even rows negated (the sign bit flipped), and A's
// odd columns repeat the even ones, so products cancel in pairs (exactly, or nearly where a
// sign flip meets an edge value); integers use two's complement negation.
template <class T>
void make_cancelling(mxlane::GemmMatrix<T>& a, mxlane::GemmMatrix<T>& b, mxlane::ElemType t, mxref::Gen& g) {
  const int bits = mxlane::elem_bits(t);
  const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  const bool is_float = float_format(t) != nullptr;
  for (int k = 0; k + 1 < a.cols(); k += 2) {
    if (g.coin(25)) continue;
    a.col(k + 1) = a.col(k);
    for (int j = 0; j < b.cols(); ++j) {
      const std::uint64_t x = b(k, j);
      b(k + 1, j) = static_cast<T>((is_float ? x ^ (std::uint64_t{1} << (bits - 1)) : (0 - x)) & mask);
    }
  }
}

// GemmOptions without designated initializers (GCC's -Wextra flags omitted class-type members).
inline mxlane::GemmOptions options(mxlane::GemmPath path, const mxlane::Modifiers& mods = {}, int threads = 1,
                                   const mxlane::Switches& switches = {}) {
  mxlane::GemmOptions o;
  o.path = path;
  o.mods = mods;
  o.threads = threads;
  o.switches = switches;
  return o;
}

template <class T>
void check_equal(const mxlane::GemmMatrix<T>& expected, const mxlane::GemmMatrix<T>& got, const std::string& what) {
  REQUIRE(expected.rows() == got.rows());
  REQUIRE(expected.cols() == got.cols());
  int mismatches = 0;
  std::ostringstream first;
  for (int j = 0; j < got.cols(); ++j)
    for (int i = 0; i < got.rows(); ++i)
      if (expected(i, j) != got(i, j) && mismatches++ < 6)
        first << "\n  D[" << i << "][" << j << "]: expected " << mxref::hex(expected(i, j), 2 * sizeof(T)) << ", got "
              << mxref::hex(got(i, j), 2 * sizeof(T));
  INFO(what << ": " << mismatches << " of " << got.size() << " elements differ" << first.str());
  CHECK(mismatches == 0);
}

// A matrix whose elements come 60% from `pool` (values chosen for a kernel's special paths) and
// otherwise are moderate random values of type t.
template <class T, class PoolValue>
mxlane::GemmMatrix<T> pool_matrix(mxref::Gen& g, const std::vector<PoolValue>& pool, mxlane::ElemType t, int rows,
                                  int cols) {
  mxlane::GemmMatrix<T> m(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i)
      m(i, j) =
          static_cast<T>(g.coin(60) ? pool[static_cast<std::size_t>(g.range(0, static_cast<int>(pool.size()) - 1))]
                                    : draw(g, t, Mix::moderate));
  return m;
}

// f16 and bf16 factors that lead to each path of the 16-bit fast kernels: signed zeros, subnormals,
// the smallest normal, 1 and its neighbours, the largest finite, infinities, a quiet NaN, and
// magnitudes whose products overflow or underflow. Word: the pool's type (a 16-bit value or a VGPR word).
template <class Word>
inline const std::vector<Word> kF16SpecialFactors = {0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x83FF, 0x0400,
                                                     0x3C00, 0xBC00, 0x3C01, 0xBC01, 0x7BFF, 0xFBFF, 0x7C00,
                                                     0xFC00, 0x7E00, 0x1400, 0x9400, 0x6800, 0xE800, 0x7800};
template <class Word>
inline const std::vector<Word> kBf16SpecialFactors = {0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x0080, 0x3F80,
                                                      0xBF80, 0x3F81, 0xBF81, 0x7F7F, 0xFF7F, 0x7F00, 0x5F80,
                                                      0xDF80, 0x7F80, 0xFF80, 0x7FC0, 0x0C00, 0x8C00};

// 12 rounds of m x n x k GEMMs over pool matrices (factors for A and B, accumulators for C): the
// fast path equals the element reference at every SIMD level.
template <class In, class Acc, class PoolValue>
void check_pools(const mxlane::InstrDesc& d, const std::vector<PoolValue>& factors,
                 const std::vector<PoolValue>& accumulators, std::uint64_t seed, int m, int n, int k) {
  using namespace mxlane;
  REQUIRE(fast::gemm_family(d).has_value());
  mxref::Gen g(seed);
  // Under the sanitizers half the rounds, each at one SIMD level in turn.
  const int rounds = mxlane_test::kSanitized ? 6 : 12;
  for (int round = 0; round < rounds; ++round) {
    const auto a = pool_matrix<In>(g, factors, d.a_type, m, k);
    const auto b = pool_matrix<In>(g, factors, d.b_type, k, n);
    const auto c = pool_matrix<Acc>(g, accumulators, d.c_type, m, n);
    const auto expected = gemm(d, a, b, c, options(GemmPath::reference_elements));
    for (fast::SimdLevel level : simd_levels_in_turn(static_cast<std::size_t>(round))) {
      const fast::SimdLevelCap cap(level);
      check_equal(expected, gemm(d, a, b, c, options(GemmPath::fast)),
                  std::string(d.mnemonic) + " round " + std::to_string(round) + " " +
                      std::string(fast::simd_level_name(level)));
    }
  }
}

}  // namespace mxlane_test
