// gfx942 SMFMAC against the independent references: every one of the 14 instructions runs through
// run_matrix (layouts, IDX, execute) on random compressed tiles, and each D element is re-derived
// here from the rule text of docs/cdna3-numerics.md §4 — the dense row rebuilt by this file's own
// code, then the exact-rational fused-group reference (tests/reference/reference_cdna3.hpp) or an
// exact integer sum. Both values of switch smfmac_grouping, regular and irregular index pairs.
#include "support/catch_compat.hpp"

#include <array>
#include <vector>

#include "emu/api/matrix.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"
#include "reference/reference_cdna3.hpp"
#include "reference/reference_generators.hpp"
#include "tests/support/f32_bits.hpp"

using mxlane_test::is_f32_nan;

using namespace mxref;

namespace {

// One product term of a rebuilt row: a stored value (or none: +0) times B row k.
struct Term {
  int stored;  // compressed column, -1 for +0
  int k;
};

// docs/cdna3-numerics.md §4 in this file's words. Dense k: each group of four k holds its two
// stored values at their indices and +0 elsewhere; when both indices are equal the second value
// moves to the lowest free position and still multiplies the B row its index names. Compressed k:
// the stored values in order, each with B row 4*group + index.
std::vector<Term> rebuilt_row(const std::vector<int>& idx, bool dense) {
  std::vector<Term> out;
  for (std::size_t q = 0; q < idx.size() / 2; ++q) {
    const int base = 4 * static_cast<int>(q);
    const int i0 = idx[2 * q], i1 = idx[2 * q + 1];
    if (!dense) {
      out.push_back({static_cast<int>(2 * q), base + i0});
      out.push_back({static_cast<int>(2 * q + 1), base + i1});
      continue;
    }
    std::array<Term, 4> group{{{-1, base}, {-1, base + 1}, {-1, base + 2}, {-1, base + 3}}};
    group[static_cast<std::size_t>(i0)] = {static_cast<int>(2 * q), base + i0};
    int p1 = i1;
    if (p1 == i0) {
      p1 = 0;
      while (p1 == i0) ++p1;
    }
    group[static_cast<std::size_t>(p1)] = {static_cast<int>(2 * q + 1), base + i1};
    out.insert(out.end(), group.begin(), group.end());
  }
  return out;
}

enum class Kind { f16, bf16, fp8, bf8, i8 };

struct Sparse {
  const char* builtin;
  Kind a, b;
};

constexpr Sparse kSparse[] = {
    {"smfmac_f32_16x16x32_f16", Kind::f16, Kind::f16},     {"smfmac_f32_32x32x16_f16", Kind::f16, Kind::f16},
    {"smfmac_f32_16x16x32_bf16", Kind::bf16, Kind::bf16},  {"smfmac_f32_32x32x16_bf16", Kind::bf16, Kind::bf16},
    {"smfmac_i32_16x16x64_i8", Kind::i8, Kind::i8},        {"smfmac_i32_32x32x32_i8", Kind::i8, Kind::i8},
    {"smfmac_f32_16x16x64_bf8_bf8", Kind::bf8, Kind::bf8}, {"smfmac_f32_16x16x64_bf8_fp8", Kind::bf8, Kind::fp8},
    {"smfmac_f32_16x16x64_fp8_bf8", Kind::fp8, Kind::bf8}, {"smfmac_f32_16x16x64_fp8_fp8", Kind::fp8, Kind::fp8},
    {"smfmac_f32_32x32x32_bf8_bf8", Kind::bf8, Kind::bf8}, {"smfmac_f32_32x32x32_bf8_fp8", Kind::bf8, Kind::fp8},
    {"smfmac_f32_32x32x32_fp8_bf8", Kind::fp8, Kind::bf8}, {"smfmac_f32_32x32x32_fp8_fp8", Kind::fp8, Kind::fp8},
};

const Fmt& half_fmt(Kind k) { return k == Kind::f16 ? kRefF16 : kRefBF16; }
const Fp8Fmt& byte_fmt(Kind k) { return k == Kind::fp8 ? kRefFp8Fnuz : kRefBf8Fnuz; }  // gfx942: FNUZ

// An element: mostly values near 1 (so groups mix exponents), sometimes an edge value or special.
std::uint64_t element(Gen& g, Kind k) {
  switch (k) {
    case Kind::i8: return g.bits(8);
    case Kind::fp8:
    case Kind::bf8: {
      const Fp8Fmt& f = byte_fmt(k);
      if (g.coin(10)) return g.bits(8);
      const int bias_field = f.bias;
      const int e = bias_field + g.range(-3, 3);
      return (g.sign() ? 0x80u : 0u) | (static_cast<std::uint64_t>(e) << f.mbits) | g.bits(f.mbits);
    }
    default: {
      const Fmt& f = half_fmt(k);
      if (g.coin(6)) return g.edge(f, true);
      return g.with_exp(f, g.sign(), g.range(-6, 6), g.frac(f));
    }
  }
}

Cdna3Factor factor(Kind k, std::uint64_t bits) {
  if (k == Kind::fp8 || k == Kind::bf8) return {decode_fp8_ref(byte_fmt(k), bits), 1 - byte_fmt(k).bias};
  return {decode_ref(half_fmt(k), bits), half_fmt(k).emin()};
}

// A random index pair: regular (two different positions, increasing), or with `irregular` often an
// equal or a decreasing pair.
std::pair<int, int> index_pair(Gen& g, bool irregular) {
  static constexpr int kRegular[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  if (irregular && g.coin(50)) {
    const int first = g.range(0, 3);
    return {first, g.coin(50) || first == 0 ? first : g.range(0, first - 1)};
  }
  const auto* pair = kRegular[g.range(0, 5)];
  return {pair[0], pair[1]};
}

void run_instruction(const Sparse& s, bool dense, bool irregular, std::uint64_t seed) {
  const mxlane::InstrDesc& d = mxlane::resolve_instruction(mxlane::arch_info(mxlane::ArchId::gfx942), s.builtin);
  REQUIRE(d.family().sparse_a);
  const int stored = d.k / 2;
  Gen g(seed);
  using mxlane::BitMatrix;
  BitMatrix a(d.m, stored), idx(d.m, stored), b(d.k, d.n), c(d.m, d.n);
  for (int i = 0; i < d.m; ++i)
    for (int t = 0; t < stored; t += 2) {
      a(i, t) = element(g, s.a);
      a(i, t + 1) = element(g, s.a);
      const auto [first, second] = index_pair(g, irregular);
      idx(i, t) = static_cast<std::uint64_t>(first);
      idx(i, t + 1) = static_cast<std::uint64_t>(second);
    }
  for (int k = 0; k < d.k; ++k)
    for (int j = 0; j < d.n; ++j) b(k, j) = element(g, s.b);
  for (int i = 0; i < d.m; ++i)
    for (int j = 0; j < d.n; ++j)
      c(i, j) = s.a == Kind::i8 ? g.bits(32) : g.with_exp(kRefF32, g.sign(), g.range(-4, 4), g.frac(kRefF32));
  mxlane::Switches sw;
  mxlane::set_switch(sw, "smfmac_grouping", dense ? "dense-k" : "compressed-k");
  const BitMatrix dmat = mxlane::run_matrix(d, {a}, {b}, {c}, {}, sw, {idx})[0];

  Mismatches mm(std::string(s.builtin) + (dense ? " dense-k" : " compressed-k") + (irregular ? " irregular" : ""),
                seed);
  const int group = s.a == Kind::f16 || s.a == Kind::bf16 ? 8 : 16;
  for (int i = 0; i < d.m; ++i) {
    std::vector<int> row_idx;
    for (int t = 0; t < stored; ++t) row_idx.push_back(static_cast<int>(idx(i, t)));
    const std::vector<Term> terms = rebuilt_row(row_idx, dense);
    for (int j = 0; j < d.n; ++j) {
      std::uint64_t want = 0;
      if (s.a == Kind::i8) {
        long long sum = static_cast<std::int32_t>(c(i, j));
        for (const Term& t : terms)
          if (t.stored >= 0)
            sum +=
                static_cast<std::int8_t>(a(i, t.stored)) * static_cast<long long>(static_cast<std::int8_t>(b(t.k, j)));
        want = static_cast<std::uint32_t>(static_cast<unsigned long long>(sum));
      } else {
        std::vector<Cdna3Factor> fa, fb;
        for (const Term& t : terms) {
          fa.push_back(factor(s.a, t.stored < 0 ? 0 : a(i, t.stored)));
          fb.push_back(factor(s.b, b(t.k, j)));
        }
        want = ref_cdna3_dot(fa, fb, static_cast<std::uint32_t>(c(i, j)), group, group == 16);
      }
      const std::uint64_t got = dmat(i, j);
      // NaN payloads are not modelled (docs/cdna3-numerics.md §5).
      mm.check(is_f32_nan(want) && s.a != Kind::i8 ? is_f32_nan(got) : got == want, [&] {
        return "D[" + std::to_string(i) + "][" + std::to_string(j) + "] " + hex(got, 8) + ", reference " + hex(want, 8);
      });
    }
  }
  mm.finish();
}

}  // namespace

TEST_CASE("reference: gfx942 SMFMAC, all 14, dense-k and compressed-k, regular indices", "[reference][cdna3][smfmac]") {
  std::uint64_t seed = 0x5a0001;
  for (const Sparse& s : kSparse)
    for (bool dense : {true, false}) run_instruction(s, dense, false, seed++);
}

TEST_CASE("reference: gfx942 SMFMAC with equal and decreasing index pairs (undefined in the ISA)",
          "[reference][cdna3][smfmac]") {
  std::uint64_t seed = 0x5a1001;
  for (const Sparse& s : {kSparse[0], kSparse[4], kSparse[9]})
    for (bool dense : {true, false}) run_instruction(s, dense, true, seed++);
}

TEST_CASE("reference: the rebuilt row keeps both products of an equal index pair", "[reference][cdna3][smfmac]") {
  // Indices (2, 2): value 0 at k = 2, value 1 at the first free position 0 but multiplying B row 2.
  const std::vector<Term> terms = rebuilt_row({2, 2}, true);
  REQUIRE(terms.size() == 4);
  CHECK(terms[2].stored == 0);
  CHECK(terms[2].k == 2);
  CHECK(terms[0].stored == 1);
  CHECK(terms[0].k == 2);
  CHECK(terms[1].stored == -1);
  CHECK(terms[3].stored == -1);
}
