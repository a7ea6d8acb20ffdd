// [fast] The fast GEMM kernels against the reference, bit for bit: every instruction of the table
// at every SIMD level this CPU has, on random and edge-biased inputs (NaN, inf, +-0, subnormals,
// max finite, tiny and huge exponents, cancellation), every modifier the fast path claims, across
// the kernels' block boundaries and with 1, 2 and 3 threads.
#include <algorithm>
#include <numeric>
#include <set>
#include <tuple>

#include "emu/api/gemm_internal.hpp"
#include "emu/fast/gemm_family.hpp"
#include "emu/fast/kernel_table.hpp"
#include "fast/fast_test_support.hpp"
#include "fmt/format.h"
#include "support/sanitized.hpp"

using namespace mxlane;
using namespace mxlane_test;

namespace {

// The modifiers the fast path takes, for each instruction (gemm.hpp): none on MFMA, OPSEL on the
// 16-bit-output WMMAs, NEG[1:0] (signedness) and CLAMP on the integer WMMAs.
std::vector<Modifiers> fast_modifier_sets(const InstrDesc& d) {
  if (d.modifiers == ModifierSet::wmma_int)
    return {{}, {.neg = 3}, {.neg = 1, .clamp = 1}, {.neg = 2}, {.neg = 3, .clamp = 1}};
  if (d.modifiers == ModifierSet::wmma_neg_opsel) return {{}, {.opsel = 4}};
  if (d.formats_from_modifiers()) {  // every f8f6f4 format pair (A's format 0-4, B's 0-4)
    std::vector<Modifiers> sets;
    for (int fa = 0; fa < 5; ++fa)
      for (int fb = 0; fb < 5; ++fb) {
        Modifiers m;
        set_modifier(m, d.format_modifier(Operand::A), fa);
        set_modifier(m, d.format_modifier(Operand::B), fb);
        sets.push_back(m);
      }
    return sets;
  }
  return {{}};
}

// The f8f6f4 forms' A and B for `mods`: each byte cut to the width of the format its modifier names (every
// 6- and 4-bit pattern is a finite value).
template <class T>
GemmMatrix<T> in_format(const InstrDesc& d, Operand op, const Modifiers& mods, GemmMatrix<T> m) {
  if (!d.formats_from_modifiers()) return m;
  const auto mask = static_cast<T>((1u << elem_bits(operand_type(d, op, mods))) - 1);
  for (int j = 0; j < m.cols(); ++j)
    for (int i = 0; i < m.rows(); ++i) m(i, j) = static_cast<T>(m(i, j) & mask);
  return m;
}

template <class In, class Acc>
struct Inputs {
  GemmMatrix<In> a, b;
  GemmMatrix<Acc> c;
};

template <class In, class Acc>
Inputs<In, Acc> make_inputs(const InstrDesc& d, Mix mix, std::uint64_t seed, int m, int n, int k) {
  mxref::Gen g(seed);
  Inputs<In, Acc> x{random_matrix<In>(g, d.a_type, mix, m, k), random_matrix<In>(g, d.b_type, mix, k, n),
                    random_matrix<Acc>(g, d.c_type, mix == Mix::cancelling ? Mix::moderate : mix, m, n)};
  if (mix == Mix::cancelling) make_cancelling(x.a, x.b, d.a_type, g);
  return x;
}

std::string describe(const InstrDesc& d, Mix mix, const Modifiers& mods, fast::SimdLevel level) {
  return std::string(d.builtin) + " " + mix_name(mix) + " [" + format_modifiers(d, mods) + "] " +
         std::string(fast::simd_level_name(level));
}

// A GEMM by hand from run_matrix, independent of gemm(): tiles of D from C, k tiles ascending.
template <class In, class Acc>
GemmMatrix<Acc> tiles_by_hand(const InstrDesc& d, const Inputs<In, Acc>& x, const Modifiers& mods, const Switches& s) {
  GemmMatrix<Acc> out(x.c.rows(), x.c.cols());
  for (int i0 = 0; i0 < x.c.rows(); i0 += d.m)
    for (int j0 = 0; j0 < x.c.cols(); j0 += d.n) {
      BitMatrix acc = x.c.block(i0, j0, d.m, d.n).template cast<std::uint64_t>();
      for (int k0 = 0; k0 < x.a.cols(); k0 += d.k) {
        const BitMatrix a = x.a.block(i0, k0, d.m, d.k).template cast<std::uint64_t>();
        const BitMatrix b = x.b.block(k0, j0, d.k, d.n).template cast<std::uint64_t>();
        const auto copies = [&](const BitMatrix& t) {
          return std::vector<BitMatrix>(static_cast<std::size_t>(d.blocks), t);
        };
        acc = run_matrix(d, copies(a), copies(b), copies(acc), mods, s)[0];
      }
      out.block(i0, j0, d.m, d.n) = acc.cast<Acc>();
    }
  return out;
}

}  // namespace

TEST_CASE("Every instruction of the table has a fast family, and the fast path is the default", "[fast][gemm]") {
  // gfx950's unscaled f8f6f4 rows have the fused kernel for their default formats (fp8 A and B);
  // gfx1200's dense WMMA all have kernels (DOT4 chains, integer);
  // gfx942/gfx950 f16, bf16, xf32 and fp8/bf8 the fused-group kernels; gfx908's FP16/BF16 MFMA the
  // pairwise trees with gradual underflow (docs/cdna1.md).
  int reference_only = 0;
  for (const InstrDesc& d : instruction_table()) {
    CAPTURE(d.arch_traits().name, d.builtin);
    if (d.family().sparse_a) {  // SMFMAC: gemm() takes dense matrices and refuses them, naming why
      CHECK_FALSE(fast::gemm_family(d).has_value());
      CHECK_THROWS_WITH(gemm_path(d), Catch::Contains("is sparse"));
      continue;
    }
    // gfx1250 (docs/cdna5.md §3.5): no kernel for the f32-C, bf16-D form; it runs the reference.
    const bool cdna5_reference_only = d.family_id == MatrixFamilyId::wmma_gfx1250 && d.c_type != d.d_type;
    if (cdna5_reference_only) {
      CHECK_FALSE(fast::gemm_family(d).has_value());
      if (d.c_type != d.d_type)  // bf16f32: an f32 C and a bf16 D cannot share gemm()'s accumulator
        CHECK_THROWS_WITH(gemm_path(d), Catch::Contains("one type for C and D"));
      else
        CHECK(gemm_path(d) == GemmPath::reference_elements);
      ++reference_only;
      continue;
    }
    const bool kept_subnormal_pairwise = d.arch_traits().matrix_subnormals == MatrixSubnormals::keep &&
                                         d.arch_traits().mfma_float_model == MfmaFloatModel::rounded_tree &&
                                         d.family_id == MatrixFamilyId::mfma &&
                                         (d.a_type == ElemType::f16 || d.a_type == ElemType::bf16);
    if (kept_subnormal_pairwise) {
      REQUIRE(fast::gemm_family(d).has_value());
      const fast::GemmFamily f = fast::gemm_family(d)->family;
      CHECK((f == fast::GemmFamily::cdna1_pairwise_f16 || f == fast::GemmFamily::cdna1_pairwise_bf16));
    }
    // gfx950 f8f6f4: the scaled rows are refused (gemm() takes no scales); the unscaled ones have the
    // fused kernel for fp8 A and B (CBSZ = BLGP = 0, the default), other formats run the reference.
    if (d.has(Operand::SA)) {
      CHECK_FALSE(fast::gemm_family(d).has_value());
      CHECK_THROWS_WITH(gemm_path(d), Catch::Contains("block-scaled"));
      continue;
    }
    if (d.formats_from_modifiers()) {  // gfx950's CBSZ / BLGP, gfx1250's matrix_a_fmt / matrix_b_fmt
      // Every FP8/BF8 pair and each sub-byte format with itself have a kernel of their own; the other pairs share
      // one that takes both formats from the problem.
      using fast::FusedInput;
      using fast::GemmFamily;
      constexpr GemmFamily kSame[] = {GemmFamily::cdna4_f8f6f4_fp8, GemmFamily::cdna4_f8f6f4_bf8_bf8,
                                      GemmFamily::cdna4_f8f6f4_fp6, GemmFamily::cdna4_f8f6f4_bf6,
                                      GemmFamily::cdna4_f8f6f4_fp4};
      constexpr FusedInput kInput[] = {FusedInput::fp8_ocp, FusedInput::bf8_ocp, FusedInput::fp6, FusedInput::bf6,
                                       FusedInput::fp4};
      for (int fa = 0; fa < 5; ++fa)
        for (int fb = 0; fb < 5; ++fb) {
          CAPTURE(fa, fb);
          GemmOptions o;
          set_modifier(o.mods, d.format_modifier(Operand::A), fa);
          set_modifier(o.mods, d.format_modifier(Operand::B), fb);
          const auto choice = fast::gemm_family(d, o.mods);
          REQUIRE(choice.has_value());
          if (fa == fb) {
            CHECK(choice->family == kSame[fa]);
          } else if (fa <= 1 && fb <= 1) {
            CHECK(choice->family == (fa == 0 ? GemmFamily::cdna4_f8f6f4_fp8_bf8 : GemmFamily::cdna4_f8f6f4_bf8_fp8));
          } else {
            CHECK(choice->family == GemmFamily::cdna4_f8f6f4_pair);
            CHECK(choice->a_fp8 == static_cast<std::uint8_t>(kInput[fa]));
            CHECK(choice->b_fp8 == static_cast<std::uint8_t>(kInput[fb]));
          }
          CHECK(gemm_path(d, o) == GemmPath::fast);
        }
    }
    CHECK(fast::gemm_family(d).has_value());
    CHECK(gemm_path(d) == GemmPath::fast);
    reference_only += fast::gemm_family(d).has_value() ? 0 : 1;
  }
  // Exactly gfx1250's bf16f32 row (docs/cdna5.md §3.5), and the same on gfx1251.
  WARN("gfx1250/gfx1251 instructions without a fast kernel (reference elements): " << reference_only);
  CHECK(reference_only == 2);
}

TEST_CASE("Fast GEMM equals the reference instruction tile by tile, every instruction, every SIMD level",
          "[fast][gemm]") {
  std::uint64_t seed = 0xFA57;
  std::vector<std::string> seen;
  std::size_t row = 0;
  for (const InstrDesc& d : instruction_table()) {
    if (!fast::gemm_family(d)) continue;  // reference only (the test above)
    // Under the sanitizers each instruction takes one of the mixes and one of the SIMD levels in turn
    // (all of them across the table), every modifier set still (tests/support/sanitized.hpp).
    const std::size_t turn = row++;
    const Mix sanitized_mix = kAllMixes[turn % std::size(kAllMixes)];
    // Rows that differ only in wave size or tying compute the same numbers: fewer mixes for those.
    const std::string key = std::string(d.mnemonic);
    const bool repeat = std::find(seen.begin(), seen.end(), key) != seen.end();
    seen.push_back(key);
    // Under the sanitizers a repeat runs nothing new: the same kernels on the same numbers (the optimised
    // run keeps its edge mix).
    if (mxlane_test::kSanitized && repeat) continue;
    // Sizes: several tiles each way, partial micro-tiles at the edges, several instructions along K.
    const int m = d.m * (d.m == 4 ? 3 : 2), n = d.n * (d.n == 4 ? 5 : 2), k = 3 * d.k;
    mxlane::with_gemm_storage(d, [&](auto in, auto acc) {
      using In = decltype(in);
      using Acc = decltype(acc);
      for (Mix mix : kAllMixes) {
        if (repeat && mix != Mix::edge) continue;
        if (mxlane_test::kSanitized && mix != sanitized_mix) continue;
        const auto x = make_inputs<In, Acc>(d, mix, ++seed, m, n, k);
        for (const Modifiers& mods : fast_modifier_sets(d)) {
          // The f8f6f4 format pairs beyond the default: one mix each (their A/B are uniform bits of the format in
          // every mix; the mixes differ in C).
          if (d.formats_from_modifiers() && !(mods == Modifiers{}) && mix != Mix::edge) continue;
          const GemmMatrix<In> a = in_format(d, Operand::A, mods, x.a), b = in_format(d, Operand::B, mods, x.b);
          const GemmMatrix<Acc> expected = gemm(d, a, b, x.c, options(GemmPath::reference_tiles, mods));
          for (fast::SimdLevel level : simd_levels_in_turn(turn)) {
            const fast::SimdLevelCap cap(level);
            check_equal(expected, gemm(d, a, b, x.c, options(GemmPath::fast, mods)), describe(d, mix, mods, level));
          }
        }
      }
    });
  }
}

TEST_CASE("The GEMM's reference paths agree: per tile by hand, per tile, per element", "[fast][gemm]") {
  std::uint64_t seed = 0x7E57;
  // Under the sanitizers one instruction per layout family and element types (the same reference code
  // on other shapes adds no code path; tests/support/sanitized.hpp).
  std::set<std::tuple<const void*, ElemType, ElemType>> sanitized_seen;
  for (const InstrDesc& d : instruction_table()) {
    if (mxlane_test::kSanitized && !sanitized_seen.insert({&d.family(), d.a_type, d.c_type}).second) continue;
    if (d.tied || (d.family().builtin_suffix_chooses_wave && d.wave == 64))
      continue;                          // same numbers as the untied wave32 row
    if (d.family().sparse_a) continue;   // SMFMAC: no gemm() (tests/isa/test_gfx942_smfmac.cpp)
    if (d.has(Operand::SA)) continue;    // scaled f8f6f4: no gemm() (tests/isa/test_gfx950_f8f6f4.cpp)
    if (d.c_type != d.d_type) continue;  // gfx1250 bf16f32: no gemm() (the first test)
    mxlane::with_gemm_storage(d, [&](auto in, auto acc) {
      using In = decltype(in);
      using Acc = decltype(acc);
      const auto x = make_inputs<In, Acc>(d, Mix::edge, ++seed, d.m, 2 * d.n, 2 * d.k);
      for (const Modifiers& mods : fast_modifier_sets(d)) {
        CAPTURE(d.builtin, format_modifiers(d, mods));
        const GemmMatrix<Acc> by_hand = tiles_by_hand(d, x, mods, {});
        check_equal(by_hand, gemm(d, x.a, x.b, x.c, options(GemmPath::reference_tiles, mods)), "tiles");
        check_equal(by_hand, gemm(d, x.a, x.b, x.c, options(GemmPath::reference_elements, mods)), "elements");
      }
    });
  }
}

TEST_CASE("Fast GEMM across packing blocks (K > kc, many micro-tiles) equals the element reference", "[fast][gemm]") {
  // One instruction per family; K = 288 crosses the kernels' k blocks (256 and 128 values of k).
  std::uint64_t seed = 0xB10C;
  std::vector<std::pair<fast::GemmFamily, int>> done;  // (family, accumulator width)
  for (const InstrDesc& d : instruction_table()) {
    if (!fast::gemm_family(d)) continue;  // reference only (the first test)
    const fast::FamilyChoice f = *fast::gemm_family(d);
    const std::pair<fast::GemmFamily, int> key{f.family, f.acc_bits};
    if (std::find(done.begin(), done.end(), key) != done.end()) continue;
    done.push_back(key);
    mxlane::with_gemm_storage(d, [&](auto in, auto acc) {
      using In = decltype(in);
      using Acc = decltype(acc);
      const int m = std::max(d.m, 48) / d.m * d.m + d.m, n = std::max(d.n, 40) / d.n * d.n + d.n;
      constexpr Mix kMixes[] = {Mix::moderate, Mix::sparse_special, Mix::tiny, Mix::cancelling};
      for (Mix mix : kMixes) {
        // Under the sanitizers one mix per family, in turn.
        if (mxlane_test::kSanitized && mix != kMixes[done.size() % std::size(kMixes)]) continue;
        const auto x = make_inputs<In, Acc>(d, mix, ++seed, m, n, mxref::cases(288) / d.k * d.k + d.k);
        const GemmMatrix<Acc> expected = gemm(d, x.a, x.b, x.c, options(GemmPath::reference_elements));
        for (fast::SimdLevel level : simd_levels()) {
          const fast::SimdLevelCap cap(level);
          check_equal(expected, gemm(d, x.a, x.b, x.c, options(GemmPath::fast)), describe(d, mix, {}, level));
        }
      }
    });
  }
}

TEST_CASE("Fast GEMM gives the same bits with 1, 2, 3 and all threads", "[fast][gemm]") {
  const ArchInfo& cdna2 = arch_info(ArchId::gfx90a);
  const ArchInfo& rdna3 = arch_info(ArchId::gfx1100);
  const ArchInfo& gfx1250 = arch_info(ArchId::gfx1250);
  std::uint64_t seed = 0x7A12;
  // D has at least 2 whole row units of the fast path's chunks (the kernels' blocks of packed rows: 64
  // rows where MR = 4, 96 where MR = 6) and part of another, so that 3 threads split rows as well as
  // columns, and the last row chunk is a short one; gfx1250's f16 result runs the narrowed-output
  // wrapper on each chunk.
  for (const InstrDesc* d :
       {&resolve_instruction(cdna2, "v_mfma_f32_32x32x8f16"), &resolve_instruction(cdna2, "v_mfma_f32_32x32x2f32"),
        &resolve_instruction(rdna3, "v_wmma_f32_16x16x16_f16"),
        &resolve_instruction(gfx1250, "v_wmma_f16_16x16x32_f16")})
    mxlane::with_gemm_storage(*d, [&](auto in, auto acc) {
      using In = decltype(in);
      using Acc = decltype(acc);
      const int m = 192 + d->m, n = 8 * d->n;
      const auto x = make_inputs<In, Acc>(*d, Mix::sparse_special, ++seed, m, n, 4 * d->k);
      // Under the sanitizers the fast path only: the chunk grid and its row slices are what they
      // guard here; the reference path's threads keep their check in the optimised run.
      for (GemmPath path : {GemmPath::fast, GemmPath::reference_elements}) {
        if (mxlane_test::kSanitized && path != GemmPath::fast) continue;
        const GemmMatrix<Acc> one = gemm(*d, x.a, x.b, x.c, options(path, {}, 1));
        for (int threads : {2, 3, 0}) {
          CAPTURE(d->builtin, threads, static_cast<int>(path));
          check_equal(one, gemm(*d, x.a, x.b, x.c, options(path, {}, threads)), "threads");
        }
      }
      // The case does reach a row split: the grid run_fast uses for 3 workers, at every level.
      const fast::FamilyChoice f = *fast::gemm_family(*d);
      for (fast::SimdLevel level : simd_levels()) {
        CAPTURE(fast::simd_level_name(level));
        const fast::GemmKernel* kernel = fast::gemm_kernel(level, f.family, f.acc_bits);
        REQUIRE(kernel != nullptr);
        CHECK(kernel->row_granule % 16 == 0);  // a whole block of packed rows (16 x MR), not a default of 1
        CHECK(gemm_detail::fast_chunk_grid(*d, *kernel, m, n, 3).row_chunks > 1);
      }
    });
}

TEST_CASE("The fast path's chunk grid covers D in even whole units with enough chunks and less repacking",
          "[fast][gemm]") {
  using gemm_detail::chunk_grid;
  const gemm_detail::ChunkGrid one = chunk_grid(4096, 4096, 64, 32, 1);
  CHECK((one.rows == 4096 && one.columns == 4096 && one.row_chunks == 1 && one.column_chunks == 1));
  // 16 workers on a square D: 32 chunks as 4 x 8 (or 8 x 4), not 32 column strips.
  const gemm_detail::ChunkGrid square = chunk_grid(4096, 4096, 64, 32, 16);
  CHECK(square.row_chunks * square.column_chunks == 32);
  CHECK(std::min(square.row_chunks, square.column_chunks) == 4);
  mxref::Gen g(0xC4A9);
  for (int round = 0; round < 2000; ++round) {
    const int row_unit = 16 << g.range(0, 2), column_unit = 16 << g.range(0, 1);
    const int m = row_unit * g.range(1, 40), n = column_unit * g.range(1, 40), workers = g.range(1, 24);
    const gemm_detail::ChunkGrid c = chunk_grid(m, n, row_unit, column_unit, workers);
    CAPTURE(m, n, row_unit, column_unit, workers, c.rows, c.columns, c.row_chunks, c.column_chunks);
    // Whole units, and the chunks cover D exactly: the last row / column of chunks is not empty.
    CHECK((c.rows % row_unit == 0 && c.columns % column_unit == 0));
    CHECK((c.row_chunks * c.rows >= m && (c.row_chunks - 1) * c.rows < m));
    CHECK((c.column_chunks * c.columns >= n && (c.column_chunks - 1) * c.columns < n));
    // Even chunks: a side less than one unit above the equal share (the work is balanced).
    CHECK(c.rows < (m + c.row_chunks - 1) / c.row_chunks + row_unit);
    CHECK(c.columns < (n + c.column_chunks - 1) / c.column_chunks + column_unit);
    if (workers == 1) {
      CHECK(c.row_chunks * c.column_chunks == 1);
      continue;
    }
    // About two chunks per worker where D has that many units, and never more packing than the
    // column strips that the fast path used before the grid (when they made that many chunks):
    // row_chunks * n + column_chunks * m per k.
    const int wanted = std::min(2 * workers, (m / row_unit) * (n / column_unit));
    CHECK(c.row_chunks * c.column_chunks >= wanted);
    const int strip = std::max(column_unit, (n / (2 * workers) + column_unit - 1) / column_unit * column_unit);
    const int strip_chunks = (n + strip - 1) / strip;
    if (strip_chunks >= wanted)
      CHECK(static_cast<double>(c.row_chunks) * n + static_cast<double>(c.column_chunks) * m <=
            static_cast<double>(n) + static_cast<double>(strip_chunks) * m);
  }
}
