// The RDNA3 DOT2 step (docs/spec/numerics.md §B.4): three terms on a truncating integer grid, opposite-sign
// terms in one's complement, one rounding. Source: bjacob/goc src/gfx11_dot2.h (ported from AMD's
// rocjitsu, "hardware-characterized ... on gfx1100"), reproduced here from the spec's pseudo-code.
#include "emu/semantics/rdna3_dot2.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "emu/formats/round_pack.hpp"
#include "emu/formats/widen.hpp"
#include "emu/semantics/dot_specials.hpp"

namespace mxlane {

const FormatSpec& output_format(Dot2Output output) {
  switch (output) {
    case Dot2Output::f16: return kBinary16;
    case Dot2Output::bf16: return kBfloat16;
    case Dot2Output::f32: break;
  }
  return kBinary32;
}

// The narrowing of a special binary32 result to a 16-bit accumulator (docs/spec/numerics.md §B.5;
// the same on RDNA4, docs/rdna4.md §3.2).
std::uint32_t narrow_special(std::uint32_t bits, Dot2Output out) {
  const bool is_nan = (bits & 0x7F800000U) == 0x7F800000U && (bits & 0x007FFFFFU) != 0;
  switch (out) {
    case Dot2Output::f32: return bits;
    case Dot2Output::f16:
      if (bits == kDotFactorNan) return 0xFE3D;
      return ((bits >> 16) & 0x8000U) | 0x7C00U | (is_nan ? ((bits >> 13) & 0x3FFU) : 0U);
    case Dot2Output::bf16:
      if (bits == kDotFactorNan) return 0xFFFD;
      return bits >> 16;
  }
  return bits;
}
namespace {

struct GridTerm {
  bool neg = false;
  std::int64_t sig = 0;
  int exp = 0;
  int lead() const { return exp + bit_length(static_cast<u128>(sig)) - 1; }
};

// floor(sig * 2^(exp - g)) for sig >= 0, without undefined shifts.
std::int64_t on_grid(const GridTerm& t, int g) {
  if (t.sig == 0) return 0;
  const int s = t.exp - g;
  if (s >= 0) return t.sig << s;  // < 2^27 by the choice of g (docs/spec/numerics.md §B.4)
  return -s >= 63 ? 0 : t.sig >> -s;
}

// ROUND_F32 / ROUND_F16 / ROUND_BF16 of (-1)^cneg * S * 2^g (docs/spec/numerics.md §B.4).
std::uint32_t round_out(std::int64_t s, int g, bool cneg, Dot2Output out, const Dot2Options& o) {
  if (s == 0) return 0;  // +0, also for all-zero terms of either sign
  const bool neg = cneg != (s < 0);
  const u128 m = static_cast<u128>(s < 0 ? -s : s);
  RoundingOptions r;
  r.underflow = Underflow::flush_unbounded;  // below 2^-126 after rounding: +0 [HW]
  r.flush_to_positive_zero = true;
  if (o.honour_denorm_mode && o.denorm_f32) r.underflow = Underflow::gradual;
  switch (out) {
    case Dot2Output::f32: return static_cast<std::uint32_t>(round_pack(kBinary32, neg, g, m, false, r));
    case Dot2Output::bf16: {
      const auto f32 = static_cast<std::uint32_t>(round_pack(kBinary32, neg, g, m, false, r));
      if (!o.bf16_round || (f32 & 0x7FFFFFFFU) == 0 || (f32 & 0x7F800000U) == 0x7F800000U) return f32 >> 16;
      const Unpacked u = decode(kBinary32, f32);
      return static_cast<std::uint32_t>(round_pack(kBfloat16, u.neg, u.exp, u.sig, false, RoundingOptions{}));
    }
    case Dot2Output::f16: {
      RoundingOptions h;  // gradual underflow onto the 2^-24 grid [HW]
      if (o.fp16_overflow_to_max) h.overflow = Overflow::to_max;
      if (o.honour_denorm_mode && !o.denorm_f16) h.underflow = Underflow::flush_after_rounding;
      const auto bits = static_cast<std::uint32_t>(round_pack(kBinary16, neg, g, m, false, h));
      return (bits & 0x7FFFU) == 0 ? 0U : bits;  // an underflow to zero is +0
    }
  }
  return 0;
}

}  // namespace

Dot2Options Dot2Options::from(const Switches& s) {
  Dot2Options o;
  o.f16_c_floor = s.rdna3_grid() == Rdna3Grid::published;
  o.fp16_overflow_to_max = s.fp16_ovfl() == ModeBit::on;
  o.bf16_round = s.rdna3_bf16_output() == Bf16Output::round;
  o.honour_denorm_mode = s.rdna3_mode() == ModeEffect::honoured;
  o.denorm_f32 = s.mode_denorm_f32() == DenormMode::preserve;
  o.denorm_f16 = s.mode_denorm_f16_f64() == DenormMode::preserve;
  return o;
}

namespace {

// The DOT2 step; `grid` (never null) receives the value that is rounded, or why there is none.
std::uint32_t dot2_step(Dot2Input input, std::uint16_t a0, std::uint16_t b0, std::uint16_t a1, std::uint16_t b1,
                        std::uint32_t c, Dot2Output output, const Dot2Options& o, Dot2Grid& grid) {
  // f16 subnormals are honoured; bf16 subnormals read as zero [HW] (docs/spec/numerics.md §C.2).
  const bool f16 = input == Dot2Input::f16;
  const FormatSpec& format = f16 ? kBinary16 : kBfloat16;
  const bool keep_subnormal = o.honour_denorm_mode ? (f16 ? o.denorm_f16 : o.denorm_f32) : f16;
  const DotFactor fa0 = decode_dot_factor(format, a0, keep_subnormal),
                  fb0 = decode_dot_factor(format, b0, keep_subnormal);
  const DotFactor fa1 = decode_dot_factor(format, a1, keep_subnormal),
                  fb1 = decode_dot_factor(format, b1, keep_subnormal);

  // ---- special values, in this precedence order (docs/spec/numerics.md §B.4, §C.2) ----
  const FactorPair products[] = {{fa0, fb0}, {fa1, fb1}};
  if (const auto sp = dot_special_result(products, c)) {
    grid.path = Dot2Grid::Path::special;
    return narrow_special(*sp, output);
  }
  const unsigned ec = (c >> 23) & 0xFF;
  const std::uint32_t fc = c & 0x7FFFFF;
  const bool c_neg = (c >> 31) != 0;

  // ---- finite path ----
  const int f = format.man_bits;
  GridTerm tc{c_neg, 0, static_cast<int>(ec) - 150};
  if (ec != 0)
    tc.sig = (1 << 23) | fc;  // binary32 subnormal C reads as zero; its sign still frames
  else if (o.honour_denorm_mode && o.denorm_f32)
    tc = GridTerm{c_neg, fc, -149};
  const GridTerm tp0{fa0.neg != fb0.neg, fa0.sig * fb0.sig, fa0.aexp + fb0.aexp - 2 * f};
  const GridTerm tp1{fa1.neg != fb1.neg, fa1.sig * fb1.sig, fa1.aexp + fb1.aexp - 2 * f};
  if (tc.sig == 0 && tp0.sig == 0 && tp1.sig == 0) {  // +0 even for -0 inputs
    grid.path = Dot2Grid::Path::all_zero;
    return 0;
  }

  std::optional<int> lead_c;
  if (tc.sig != 0) lead_c = tc.lead();
  if (output == Dot2Output::f16 && o.f16_c_floor) lead_c = std::max(-14, lead_c.value_or(-14));
  std::optional<int> gp;  // operand-exponent-sum term
  std::optional<int> gl;  // leading-bit term
  const auto consider = [](std::optional<int>& best, int v) { best = best ? std::max(*best, v) : v; };
  if (tp0.sig != 0) consider(gp, fa0.aexp + fb0.aexp - 24);
  if (tp1.sig != 0) consider(gp, fa1.aexp + fb1.aexp - 24);
  if (lead_c) consider(gl, *lead_c - 26);
  if (tp0.sig != 0) consider(gl, tp0.lead() - 26);
  if (tp1.sig != 0) consider(gl, tp1.lead() - 26);
  int g = *gl;
  if (gp) g = std::max(g, *gp);

  // One's complement: an opposite-sign term (relative to C's sign) contributes -m-1, even when
  // m is 0, i.e. for +-0 products [HW] (docs/spec/numerics.md §C.2).
  std::int64_t s = 0;
  std::uint8_t truncated = 0, complemented = 0, term = 1;
  for (const GridTerm* t : {&std::as_const(tc), &tp0, &tp1}) {
    const std::int64_t m = on_grid(*t, g);
    s += t->neg == tc.neg ? m : -m - 1;
    if (t->neg != tc.neg) complemented |= term;
    if (t->sig != 0 && t->exp < g && (g - t->exp >= 63 || (t->sig & ((std::int64_t{1} << (g - t->exp)) - 1)) != 0))
      truncated |= term;
    term = static_cast<std::uint8_t>(term << 1);
  }
  grid = Dot2Grid{Dot2Grid::Path::grid, s, g, tc.neg, truncated, complemented};
  return round_out(s, g, tc.neg, output, o);
}

// How round_out() rounds, for the observer.
std::string rounding_text(Dot2Output output, const Dot2Options& o) {
  switch (output) {
    case Dot2Output::f32: return "one RNE rounding to binary32, result below 2^-126 flushed to +0";
    case Dot2Output::f16:
      return std::string("one RNE rounding straight to f16, gradual underflow") +
             (o.fp16_overflow_to_max ? ", overflow to 0x7BFF (FP16_OVFL)" : "");
    case Dot2Output::bf16:
      return o.bf16_round ? "RNE to binary32 (flush to +0), then RNE to bf16 (rdna3_bf16_output=round)"
                          : "RNE to binary32 (flush to +0), then truncated to the top 16 bits";
  }
  return "";
}

}  // namespace

std::uint32_t rdna3_dot2(Dot2Input input, std::uint16_t a0, std::uint16_t b0, std::uint16_t a1, std::uint16_t b1,
                         std::uint32_t c, Dot2Output output, const Dot2Options& o, AccumulationObserver* observer) {
  Dot2Grid grid;
  const std::uint32_t d = dot2_step(input, a0, b0, a1, b1, c, output, o, grid);
  const Trace trace(observer);
  if (trace.on()) {
    const FormatSpec& in = input == Dot2Input::f16 ? kBinary16 : kBfloat16;
    trace.op(OpKind::dot2, "acc", -1,
             {TracedNumber::fp(in, a0), TracedNumber::fp(in, b0), TracedNumber::fp(in, a1), TracedNumber::fp(in, b1),
              TracedNumber::fp(kBinary32, c)},
             TracedNumber::fp(output_format(output), d), rounding_text(output, o), grid);
  }
  return d;
}

std::uint32_t rdna3_widen_accumulator(Dot2Output output, std::uint16_t acc16) {
  const FormatSpec& format = output == Dot2Output::bf16 ? kBfloat16 : kBinary16;
  return widen_to_f32(format, acc16, WidenNan::move_payload);  // a signalling NaN stays signalling
}

}  // namespace mxlane
