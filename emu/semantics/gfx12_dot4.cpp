// The gfx12 DOT4 step (docs/rdna4.md §3.1): products pre-aligned in pairs to the pair's grid with floor
// truncation, the pair sums and C floor-aligned to the step grid, one RNE rounding. Own formulation of the
// model published in bjacob/goc src/dot.h (adapted by AMD from rocjitsu, characterised on gfx1201).
#include "emu/semantics/gfx12_dot4.hpp"
#include "emu/semantics/widened_fma_chain.hpp"

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "emu/formats/ieee_ops.hpp"
#include "emu/formats/nan_select.hpp"
#include "emu/formats/round_pack.hpp"
#include "emu/formats/widen.hpp"
#include "emu/semantics/dot_specials.hpp"

namespace mxlane {
namespace {

// sig * 2^lsb, the sign apart.
struct Term {
  bool neg = false;
  std::int64_t sig = 0;
  int lsb = 0;
};

int lead(const Term& t) { return t.sig == 0 ? INT_MIN : t.lsb + bit_length(static_cast<u128>(t.sig)) - 1; }

// The signed multiple of 2^g at or below the term (floor), or, for an accumulator read with
// `negative_c_vanishes`, 0 when a negative C keeps no bit on the grid (docs/rdna4.md §3.1).
std::int64_t floor_align(const Term& t, int g, bool negative_c_vanishes = false) {
  if (t.sig == 0) return 0;
  const int shift = t.lsb - g;
  std::int64_t m = 0;
  bool lost = false;
  if (shift >= 0) {
    m = t.sig << shift;  // < 2^27: the grid is at most 26 bits below every lead (docs/rdna4.md §3.1)
  } else if (-shift >= 63) {
    lost = true;
  } else {
    m = t.sig >> -shift;
    lost = (t.sig & ((std::int64_t{1} << -shift) - 1)) != 0;
  }
  if (!t.neg) return m;
  if (lost && (!negative_c_vanishes || m != 0)) return -m - 1;
  return -m;
}

Term signed_term(std::int64_t v, int lsb) { return Term{v < 0, v < 0 ? -v : v, lsb}; }

// One RNE rounding of S * 2^g (docs/rdna4.md §3.1): gradual underflow, an exact or underflowed zero is +0;
// bf16 output is the binary32 rounding truncated to its top 16 bits.
std::uint32_t round_step(std::int64_t s, int g, Dot2Output out, const Dot4Options& o) {
  if (s == 0) return 0;
  const bool neg = s < 0;
  const u128 m = static_cast<u128>(neg ? -s : s);
  RoundingOptions r;
  if (o.flush_denorms) {
    r.underflow = Underflow::flush_after_rounding;
    r.flush_to_positive_zero = true;
  }
  if (out == Dot2Output::f16) {
    if (o.fp16_overflow_to_max) r.overflow = Overflow::to_max;
    const auto bits = static_cast<std::uint32_t>(round_pack(kBinary16, neg, g, m, false, r));
    return (bits & 0x7FFFU) == 0 ? 0U : bits;
  }
  const auto f32 = static_cast<std::uint32_t>(round_pack(kBinary32, neg, g, m, false, r));
  const std::uint32_t bits = (f32 & 0x7FFFFFFFU) == 0 ? 0U : f32;
  return out == Dot2Output::bf16 ? bits >> 16 : bits;
}

std::string rounding_text(Dot2Output output, const Dot4Options& o) {
  switch (output) {
    case Dot2Output::f32: return "one RNE rounding to binary32, gradual underflow, zero is +0";
    case Dot2Output::f16:
      return std::string("one RNE rounding straight to f16, gradual underflow") +
             (o.fp16_overflow_to_max ? ", overflow to 0x7BFF (FP16_OVFL)" : "");
    case Dot2Output::bf16: return "RNE to binary32, then truncated to the top 16 bits";
  }
  return "";
}

// The step; `grid` receives the value that is rounded, or why there is none.
std::uint32_t dot4_step(const FormatSpec& fa, const FormatSpec& fb, std::span<const std::uint16_t> a,
                        std::span<const std::uint16_t> b, std::uint32_t c, Dot2Output output, const Dot4Options& o,
                        Dot2Grid& grid) {
  const std::size_t n = std::min(a.size(), b.size());
  std::vector<FactorPair> factors(n);
  for (std::size_t t = 0; t < n; ++t)  // subnormal factors are used, f16 and bf16 alike [HW]
    factors[t] = {decode_dot_factor(fa, a[t], !o.flush_denorms), decode_dot_factor(fb, b[t], !o.flush_denorms)};
  if (const auto sp = dot_special_result(factors, c)) {  // precedence: docs/rdna4.md §3.1 [HW]
    grid.path = Dot2Grid::Path::special;
    return narrow_special(*sp, output);
  }
  // C as sig * 2^lsb; a subnormal C is honoured [HW] (read as zero only under gfx12_mode=honoured + flush).
  const unsigned ec = (c >> 23) & 0xFF;
  const std::uint32_t frac = c & 0x7FFFFF;
  Term tc{(c >> 31) != 0, ec != 0 ? (std::int64_t{1} << 23) | frac : frac, static_cast<int>(std::max(ec, 1U)) - 150};
  if (ec == 0 && o.flush_denorms) tc.sig = 0;

  std::vector<Term> products(n);
  std::vector<int> pgrid(n, INT_MIN);  // ea + eb - 24 for a nonzero product
  int max_pgrid = INT_MIN;
  for (std::size_t t = 0; t < n; ++t) {
    const DotFactor& x = factors[t].a;
    const DotFactor& y = factors[t].b;
    products[t] = Term{x.neg != y.neg, x.sig * y.sig, x.aexp - fa.man_bits + y.aexp - fb.man_bits};
    if (products[t].sig != 0) max_pgrid = std::max(max_pgrid, pgrid[t] = x.aexp + y.aexp - 24);
  }
  const int floor_exp = output == Dot2Output::f16 ? -14 : -126;
  const int g = std::max(max_pgrid, std::max(floor_exp, lead(tc)) - 26);
  // f16 output on a grid at or below 2^-14 truncates a negative C toward -inf like a product [MODEL].
  const bool c_vanishes = !(output == Dot2Output::f16 && g <= -14);
  std::int64_t s = floor_align(tc, g, c_vanishes);
  std::uint8_t truncated = 0;
  if (tc.sig != 0 && tc.lsb < g && (g - tc.lsb >= 63 || (tc.sig & ((std::int64_t{1} << (g - tc.lsb)) - 1)) != 0))
    truncated |= 1;  // C lost bits below the grid (the trace's flag)
  for (std::size_t t = 0; t < n; t += 2) {
    const std::size_t u = std::min(t + 1, n - 1);
    const int g2 = std::max(pgrid[t], u != t ? pgrid[u] : INT_MIN);
    if (g2 == INT_MIN) continue;  // both products zero
    std::int64_t pair = floor_align(products[t], g2);
    if (u != t) pair += floor_align(products[u], g2);
    s += floor_align(signed_term(pair, g2), g);
  }
  grid = Dot2Grid{s == 0 && tc.sig == 0 && max_pgrid == INT_MIN ? Dot2Grid::Path::all_zero : Dot2Grid::Path::grid,
                  s,
                  g,
                  false,
                  truncated,
                  0};
  return round_step(s, g, output, o);
}

}  // namespace

Dot4Options Dot4Options::from(const Switches& s) {
  Dot4Options o;
  o.fp16_overflow_to_max = s.fp16_ovfl() == ModeBit::on;
  o.flush_denorms = s.gfx12_mode() == ModeEffect::honoured && s.mode_denorm_f32() == DenormMode::flush;
  return o;
}

std::uint32_t gfx12_dot4(const FormatSpec& fa, const FormatSpec& fb, std::span<const std::uint16_t> a,
                         std::span<const std::uint16_t> b, std::uint32_t c, Dot2Output output, const Dot4Options& o,
                         AccumulationObserver* observer) {
  Dot2Grid grid;
  const std::uint32_t d = dot4_step(fa, fb, a, b, c, output, o, grid);
  if (observer != nullptr) {  // one operation: C and the factor pairs, the value on the grid, the rounding
    TraceOp op;
    op.kind = OpKind::exact_dot;
    op.role = "acc";
    op.operands.push_back(TracedNumber::fp(kBinary32, c));
    for (std::size_t t = 0; t < a.size() && t < b.size(); ++t) {
      op.operands.push_back(TracedNumber::fp(fa, a[t]));
      op.operands.push_back(TracedNumber::fp(fb, b[t]));
    }
    op.result = TracedNumber::fp(output_format(output), d);
    op.grid = grid;
    op.rule = rounding_text(output, o);
    observer->op(std::move(op));
  }
  return d;
}

std::uint64_t gfx12_wmma_chain(const FormatSpec& fa, const FormatSpec& fb, Dot2Output output, const DotInputs& in,
                               const NumericsContext& ctx) {
  const Trace trace(ctx.observer);
  const bool wide = output == Dot2Output::f32;
  const FormatSpec& acc_format = output_format(output);
  std::uint64_t acc = wide ? static_cast<std::uint32_t>(in.c) : static_cast<std::uint16_t>(in.c);
  trace.read_c(acc_format, acc, acc, "read as is (a subnormal C is honoured)");
  if (ctx.switches.gfx12_fp8_wmma() == Gfx12Fp8Wmma::fma_chain && fa.man_bits < 7) {
    // E1 alternative: binary32 fused multiply-adds in K order (GoC's loose FP8 model).
    return widened_fma_chain(fa, fb, static_cast<std::uint32_t>(acc), in, ctx.observer,
                             "binary32 RNE (gfx12_fp8_wmma=fma-chain)");
  }
  const Dot4Options options = Dot4Options::from(ctx.switches);
  std::uint16_t a4[4], b4[4];
  for (std::size_t k = 0; k < in.a.size(); k += 4) {
    const std::size_t count = std::min<std::size_t>(4, in.a.size() - k);
    trace.step_range(StepKind::dot4, k, count);
    for (std::size_t t = 0; t < count; ++t) {
      a4[t] = static_cast<std::uint16_t>(in.a[k + t]);
      b4[t] = static_cast<std::uint16_t>(in.b[k + t]);
    }
    std::uint32_t c32 = static_cast<std::uint32_t>(acc);
    if (!wide) {  // the 16-bit accumulator widened exactly (a NaN keeps its payload, not quieted)
      c32 = widen_to_f32(acc_format, acc, WidenNan::move_payload);
      trace.op(OpKind::read, "acc", -1, {TracedNumber::fp(acc_format, acc)}, TracedNumber::fp(kBinary32, c32),
               "16-bit accumulator widened exactly to binary32");
    }
    acc = gfx12_dot4(fa, fb, std::span(a4, count), std::span(b4, count), c32, output, options, ctx.observer);
  }
  return acc;
}

namespace {

std::int64_t extend(std::uint64_t x, int bits, bool is_signed) {
  const std::uint64_t v = x & ((std::uint64_t{1} << bits) - 1);
  if (!is_signed || ((v >> (bits - 1)) & 1) == 0) return static_cast<std::int64_t>(v);
  return static_cast<std::int64_t>(v) - (std::int64_t{1} << bits);
}

std::int64_t saturate32(std::int64_t v) { return std::clamp<std::int64_t>(v, INT32_MIN, INT32_MAX); }

}  // namespace

std::uint64_t gfx12_integer_dot(int bits, const DotInputs& in, const NumericsContext& ctx) {
  const Trace trace(ctx.observer);
  const bool staged = ctx.switches.gfx12_int_clamp() == Gfx12IntClamp::two_stage;
  const std::size_t k_size = in.a.size(), half = staged ? k_size / 2 : k_size;
  std::int64_t acc = extend(in.c, 32, true);
  for (std::size_t first = 0; first < k_size; first += half) {
    const std::size_t last = std::min(k_size, first + half);
    trace.step_range(StepKind::integer_sum, first, last - first);
    std::int64_t products = 0;  // |sum| <= 16 * 2^16: no overflow
    for (std::size_t k = first; k < last; ++k) {
      const std::int64_t x = extend(in.a[k], bits, ctx.a_signed), y = extend(in.b[k], bits, ctx.b_signed);
      products += x * y;
      trace.op(OpKind::int_product, {"p", static_cast<int>(k)}, static_cast<int>(k),
               {TracedNumber::int_value(x), TracedNumber::int_value(y)}, TracedNumber::int_value(x * y), "exact");
    }
    const std::int64_t before = acc;
    acc += products;
    if (ctx.clamp) acc = saturate32(acc);
    // The result as the D register holds it: 32 bits (saturated, or wrapped; wrapping per stage or at
    // the end gives the same bits), with its int32 value.
    const auto word = static_cast<std::uint32_t>(static_cast<std::uint64_t>(acc));
    trace.op(OpKind::int_sum, "C+sum", -1, {TracedNumber::int_value(before), TracedNumber::int_value(products)},
             TracedNumber{nullptr, word, static_cast<std::int32_t>(word)},
             ctx.clamp ? (staged ? "exact, then saturated to int32 (CLAMP, one stage per half of K)"
                                 : "exact, then saturated to int32 (CLAMP, gfx12_int_clamp=final)")
                       : "exact, wrapped mod 2^32 at the end (no CLAMP)");
  }
  return static_cast<std::uint32_t>(static_cast<std::uint64_t>(acc));
}

}  // namespace mxlane
