// gfx1200 SWMMAC against independent re-derivations: every integer SWMMAC (both waves) runs through
// run_matrix (layouts, IDX with index_key, execute) on random compressed tiles, and each D element is
// re-derived here as an exact integer sum from the rule text of docs/rdna4.md §3.2 (the dense row rebuilt
// by this file's own code, C plus the first half of K, saturated with CLAMP, then the second half); every
// float SWMMAC is checked against its stated default (switch gfx12_swmmac_grouping=dense-k): two chained
// dense gfx12 WMMAs of K/2 on the rebuilt A, which shares the DOT4 step but none of the sparse plumbing.
#include "support/catch_compat.hpp"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "emu/api/matrix.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"

using namespace mxlane;

namespace {

// The six valid position pairs of a group (first < second), as the capture inputs use them.
constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

struct Tile {
  BitMatrix a, idx, b, c;
};

Tile random_tile(const InstrDesc& d, std::mt19937_64& rng) {
  const int stored = d.k / 2, bits_a = elem_bits(d.a_type), bits_b = elem_bits(d.b_type);
  Tile t{BitMatrix(16, stored), BitMatrix(16, stored), BitMatrix(d.k, 16), BitMatrix(16, 16)};
  for (int i = 0; i < 16; ++i)
    for (int g = 0; g < stored / 2; ++g) {
      const auto* pair = kPairs[rng() % 6];
      t.idx(i, 2 * g) = static_cast<std::uint64_t>(pair[0]);
      t.idx(i, 2 * g + 1) = static_cast<std::uint64_t>(pair[1]);
    }
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < stored; ++c) t.a(i, c) = rng() & ((1ULL << bits_a) - 1);
  for (int k = 0; k < d.k; ++k)
    for (int j = 0; j < 16; ++j) t.b(k, j) = rng() & ((1ULL << bits_b) - 1);
  const std::uint32_t near_limits[] = {0, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x7FFFFF00, 0x80000100};
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      t.c(i, j) = d.d_type == ElemType::i32   ? near_limits[rng() % 6]
                  : d.d_type == ElemType::f32 ? (rng() & 0x807FFFFF) | ((125 + rng() % 6) << 23)  // ordinary binary32
                                              : rng() & 0xBFFF;                                   // 16-bit, no NaN/inf
  return t;
}

// Dense A row of the rebuilt tile: stored value c at k = 4*floor(c/2) + index, +0 elsewhere.
BitMatrix rebuild(const Tile& t, int k_size) {
  BitMatrix dense = BitMatrix::Zero(16, k_size);
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < k_size / 2; ++c) dense(i, 4 * (c / 2) + static_cast<int>(t.idx(i, c))) = t.a(i, c);
  return dense;
}

std::int64_t extend(std::uint64_t v, int bits, bool is_signed) {
  const auto x = static_cast<std::int64_t>(v & ((1ULL << bits) - 1));
  return is_signed && x >= (1LL << (bits - 1)) ? x - (1LL << bits) : x;
}

std::int64_t saturate(std::int64_t x) {
  return std::min<std::int64_t>(std::max<std::int64_t>(x, INT32_MIN), INT32_MAX);
}

}  // namespace

TEST_CASE("integer SWMMAC equals the exact two-stage sum of the rebuilt row", "[reference][gfx1200][swmmac]") {
  std::mt19937_64 rng(20261202);
  int checked = 0;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1200)) {
    if (!d->family().sparse_a || d->d_type != ElemType::i32) continue;
    CAPTURE(d->builtin);
    const int bits = elem_bits(d->a_type);
    for (int trial = 0; trial < 6; ++trial) {
      const Tile t = random_tile(*d, rng);
      Modifiers mods;
      mods.neg = trial % 4;
      mods.clamp = trial >= 2 ? 1 : 0;
      mods.index_key = trial % swmmac_index_keys(*d);
      const BitMatrix got = run_matrix(*d, {t.a}, {t.b}, {t.c}, mods, {}, {t.idx})[0];
      const BitMatrix a = rebuild(t, d->k);
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          std::int64_t acc = extend(t.c(i, j), 32, true);
          for (int half = 0; half < 2; ++half) {
            for (int k = half * d->k / 2; k < (half + 1) * d->k / 2; ++k)
              acc += extend(a(i, k), bits, mods.neg & 1) * extend(t.b(k, j), bits, (mods.neg & 2) != 0);
            if (mods.clamp) acc = saturate(acc);
          }
          CHECK(got(i, j) == static_cast<std::uint32_t>(acc));
          ++checked;
        }
    }
  }
  CHECK(checked == 6 * 6 * 256);
}

TEST_CASE("float SWMMAC (dense-k default) equals two chained dense gfx12 WMMAs on the rebuilt A",
          "[reference][gfx1200][swmmac]") {
  std::mt19937_64 rng(7);
  int checked = 0;
  for (const InstrDesc* d : instructions_for_arch(ArchId::gfx1200)) {
    if (!d->family().sparse_a || d->d_type == ElemType::i32) continue;
    CAPTURE(d->builtin);
    // The dense WMMA of the same types and wave: v_swmmac_X_16x16x32_Y pairs with v_wmma_X_16x16x16_Y.
    std::string dense_name = std::string(d->mnemonic).replace(0, 8, "v_wmma");
    dense_name.replace(dense_name.find("16x16x32"), 8, "16x16x16");
    const InstrDesc& dense = resolve_instruction(arch_info(ArchId::gfx1200), dense_name, d->wave);
    for (int trial = 0; trial < 3; ++trial) {
      Tile t = random_tile(*d, rng);
      if (elem_bits(d->a_type) == 16)  // ordinary magnitudes: exponents near 1, so the chain's grids matter
        for (BitMatrix* m : {&t.a, &t.b})
          for (auto& x : m->reshaped()) x = (x & 0x83FF) | ((13 + rng() % 4) << (d->a_type == ElemType::f16 ? 10 : 7));
      Modifiers mods;
      mods.index_key = trial % swmmac_index_keys(*d);
      const BitMatrix got = run_matrix(*d, {t.a}, {t.b}, {t.c}, mods, {}, {t.idx})[0];
      const BitMatrix a = rebuild(t, d->k);
      const BitMatrix first = run_matrix(dense, {a.leftCols(16)}, {t.b.topRows(16)}, {t.c})[0];
      const BitMatrix both = run_matrix(dense, {a.rightCols(16)}, {t.b.bottomRows(16)}, {first})[0];
      CHECK((got.array() == both.array()).all());
      ++checked;
    }
  }
  CHECK(checked == 16 * 3);  // 8 float instructions x 2 waves x 3 tiles
}
