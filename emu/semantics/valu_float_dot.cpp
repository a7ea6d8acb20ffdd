// VALU float dots: the RDNA4 window model, the CDNA/RDNA2 policies, the 16-bit-output and FP8 dots.
#include "emu/semantics/valu_float_dot.hpp"

#include <algorithm>
#include <climits>

#include "emu/formats/ieee_ops.hpp"
#include "emu/formats/widen.hpp"
#include "emu/semantics/dot_specials.hpp"

namespace mxlane {
namespace {

const FormatSpec& format_of(Dot2Input input) { return input == Dot2Input::f16 ? kBinary16 : kBfloat16; }

// A 16-bit or FP8 value as an exactly equal binary32 pattern (NaN: default NaN, sign kept).
std::uint32_t widen_exact(const FormatSpec& f, std::uint64_t bits) {
  return widen_to_f32(f, bits, WidenNan::quiet_keep_sign);
}

std::uint32_t clamp_unit(std::uint32_t r, bool nan_to_zero) {
  if ((r & 0x7F800000U) == 0x7F800000U && (r & 0x7FFFFFU) != 0) return nan_to_zero ? 0 : r;  // DX10_CLAMP
  if ((r >> 31) != 0) return 0;                                                              // negative (and -0) -> +0
  return std::min(r, 0x3F800000U);  // > 1.0 -> 1.0 (positive patterns order like values)
}

// ---- RDNA4 window model (docs/spec/valu.md §5.3) ----------------------------------------------
struct WindowTerm {
  bool neg = false;
  std::int64_t sig = 0;
  int lsb = 0;
};

int lead(const WindowTerm& t) { return t.sig == 0 ? INT_MIN : t.lsb + bit_length(static_cast<u128>(t.sig)) - 1; }

std::int64_t floor_align(const WindowTerm& t, int g, bool is_acc) {
  if (t.sig == 0) return 0;
  const int shift = t.lsb - g;
  std::int64_t m;
  bool lost = false;
  if (shift >= 0) {
    m = t.sig << shift;
  } else if (-shift >= 63) {
    m = 0;
    lost = true;
  } else {
    m = t.sig >> -shift;
    lost = (t.sig & ((std::int64_t{1} << -shift) - 1)) != 0;
  }
  if (!t.neg) return m;
  if (lost && (!is_acc || m != 0)) return -m - 1;  // floor toward -inf
  return -m;                                       // accumulator entirely below the grid -> 0
}

// ---- CDNA / RDNA2 policies (switch fdot2_cdna) -------------------------------------------------
std::uint32_t cdna_fdot2(ArchId arch, Dot2Input input, std::uint32_t a, std::uint32_t b, std::uint32_t c,
                         const Switches& s) {
  const FormatSpec& f = format_of(input);
  const bool flush_inputs = cdna_fdot2_flushes(arch);
  const bool flush_output = flush_inputs && s.gfx90a_fdot2_output_flush() == OutputFlush::flush;
  const auto operand = [&](std::uint32_t x16) -> std::uint32_t {
    if (flush_inputs && input == Dot2Input::f16 && is_subnormal(f, x16)) return 0;  // "subnormal x 1.0 gives +0"
    return widen_exact(f, x16);
  };
  const std::uint32_t a0 = operand(a & 0xFFFF), a1 = operand(a >> 16), b0 = operand(b & 0xFFFF), b1 = operand(b >> 16);
  RoundingOptions r;
  if (flush_output) r.underflow = Underflow::flush_after_rounding;
  const Fdot2Cdna model = s.fdot2_cdna();
  if (model == Fdot2Cdna::sequential) {  // sequential: the ISA's tmp = S2; tmp += a0*b0; tmp += a1*b1
    const std::uint64_t t = ieee_fma(kBinary32, a0, b0, c, r, NanPolicy::canonical);
    return static_cast<std::uint32_t>(ieee_fma(kBinary32, a1, b1, t, r, NanPolicy::canonical));
  }
  if (model == Fdot2Cdna::gfx12_window) {
    // The gfx12 window's adder behind the same flushes: they are the architecture's [HW]/[DOC] facts
    // (docs/spec/valu.md §5.1), not part of the adder question, so the output-flush question stays
    // observable whichever adder the GPU has.
    const auto flushed_halves = [&](std::uint32_t x) {
      if (!flush_inputs || input != Dot2Input::f16) return x;
      const std::uint32_t lo = is_subnormal(f, x & 0xFFFF) ? 0 : x & 0xFFFF,
                          hi = is_subnormal(f, x >> 16) ? 0 : x >> 16;
      return lo | hi << 16;
    };
    const std::uint32_t d = rdna4_dot2(input, flushed_halves(a), flushed_halves(b), c);
    return flush_output && is_subnormal(kBinary32, d)
               ? static_cast<std::uint32_t>(signed_zero(kBinary32, (d >> 31) != 0))
               : d;
  }
  // exact: C + a0*b0 + a1*b1 rounded once (IEEE specials, default NaN) [ASSUMED]
  const std::uint64_t as[] = {a0, a1}, bs[] = {b0, b1};
  return static_cast<std::uint32_t>(ieee_exact_dot(kBinary32, as, bs, c, r, NanPolicy::canonical));
}

}  // namespace

std::uint32_t rdna4_dot2(Dot2Input input, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  const FormatSpec& f = format_of(input);
  const DotFactor fa0 = decode_dot_factor(f, a & 0xFFFF, true), fb0 = decode_dot_factor(f, b & 0xFFFF, true);
  const DotFactor fa1 = decode_dot_factor(f, a >> 16, true), fb1 = decode_dot_factor(f, b >> 16, true);
  const FactorPair pairs[] = {{fa0, fb0}, {fa1, fb1}};
  if (const auto sp = dot_special_result(pairs, c)) return *sp;

  const int fb = f.man_bits;
  const WindowTerm p0{fa0.neg != fb0.neg, fa0.sig * fb0.sig, fa0.aexp + fb0.aexp - 2 * fb};
  const WindowTerm p1{fa1.neg != fb1.neg, fa1.sig * fb1.sig, fa1.aexp + fb1.aexp - 2 * fb};
  const unsigned ec = (c >> 23) & 0xFF;
  const std::uint32_t frac = c & 0x7FFFFF;
  const WindowTerm tc{(c >> 31) != 0, ec != 0 ? (std::int64_t{1} << 23) | frac : frac,
                      static_cast<int>(std::max(ec, 1U)) - 150};  // a subnormal C is kept
  const int pg0 = p0.sig != 0 ? fa0.aexp + fb0.aexp - 24 : INT_MIN;
  const int pg1 = p1.sig != 0 ? fa1.aexp + fb1.aexp - 24 : INT_MIN;
  const int gp = std::max(pg0, pg1);
  const int grid = std::max(gp, std::max(-126, lead(tc)) - 26);  // C == 0: -152
  std::int64_t pair = 0;
  if (gp != INT_MIN) pair = floor_align(p0, gp, false) + floor_align(p1, gp, false);
  const std::int64_t pair_term =
      pair == 0 ? 0 : floor_align(WindowTerm{pair < 0, pair < 0 ? -pair : pair, gp}, grid, false);
  const std::int64_t total = floor_align(tc, grid, true) + pair_term;
  if (total == 0) return 0;  // exact zero is +0 whatever the signs
  const bool neg = total < 0;
  const u128 mag = static_cast<u128>(neg ? -total : total);
  const auto bits = static_cast<std::uint32_t>(round_pack(kBinary32, neg, grid, mag, false, RoundingOptions{}));
  return (bits & 0x7FFFFFFFU) == 0 ? 0 : bits;  // gradual underflow, RNE; an underflow to zero is +0
}

// Both from the architecture's traits (emu/isa/arch.cpp).
Fdot2Model fdot2_model(ArchId arch) { return arch_info(arch).fdot2_model; }
bool cdna_fdot2_flushes(ArchId arch) { return arch_info(arch).fdot2_flushes; }

std::uint32_t fdot2_f32(ArchId arch, Dot2Input input, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp,
                        const Switches& s) {
  std::uint32_t r;
  switch (fdot2_model(arch)) {
    case Fdot2Model::rdna3_grid:
      r = rdna3_dot2(input, static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b),
                     static_cast<std::uint16_t>(a >> 16), static_cast<std::uint16_t>(b >> 16), c, Dot2Output::f32,
                     Dot2Options::from(s));
      break;
    case Fdot2Model::rdna4_window: r = rdna4_dot2(input, a, b, c); break;
    default: r = cdna_fdot2(arch, input, a, b, c, s); break;
  }
  return clamp ? clamp_unit(r, s.fdot_clamp_nan() == ClampNan::zero) : r;
}

std::uint16_t fdot2_16(Dot2Input input, std::uint32_t a, std::uint32_t b, std::uint16_t c, const Switches& s) {
  const FormatSpec& f = format_of(input);
  const bool bf16 = input == Dot2Input::bf16;
  const auto operand = [&](std::uint32_t x16) -> std::uint32_t {
    if (bf16 && is_subnormal(f, x16)) return 0;  // the loose model flushes bf16 input subnormals
    return widen_exact(f, x16);
  };
  const RoundingOptions r;
  const std::uint64_t p0 = ieee_fma(kBinary32, operand(a & 0xFFFF), operand(b & 0xFFFF), 0, r, NanPolicy::canonical);
  const std::uint64_t p1 = ieee_fma(kBinary32, operand(a >> 16), operand(b >> 16), 0, r, NanPolicy::canonical);
  const std::uint64_t t =
      ieee_add(kBinary32, ieee_add(kBinary32, p0, p1, r, NanPolicy::canonical), operand(c), r, NanPolicy::canonical);
  const Unpacked u = decode(kBinary32, t);
  if (u.is_nan()) return static_cast<std::uint16_t>(default_nan(f));
  if (u.is_inf()) return static_cast<std::uint16_t>((u.neg ? f.sign_bit() : 0) | f.infinity());
  if (u.is_zero()) return static_cast<std::uint16_t>(u.neg ? f.sign_bit() : 0);
  RoundingOptions narrow;
  if (bf16) narrow.underflow = Underflow::flush_after_rounding;
  if (!bf16 && s.fp16_ovfl() == ModeBit::on) narrow.overflow = Overflow::to_max;
  return static_cast<std::uint16_t>(round_pack(f, u.neg, u.exp, u.sig, false, narrow));
}

std::uint32_t dot4_f32_fp8(const FormatSpec& fa, const FormatSpec& fb, std::uint32_t a, std::uint32_t b,
                           std::uint32_t c, const Switches& s) {
  FactorPair pairs[4];
  for (int k = 0; k < 4; ++k)
    pairs[k] = {decode_dot_factor(fa, (a >> (8 * k)) & 0xFF, true), decode_dot_factor(fb, (b >> (8 * k)) & 0xFF, true)};
  if (const auto sp = dot_special_result(pairs, c)) return *sp;  // §5.2 applied to four products [ASSUMED]
  std::uint32_t x[4], y[4];
  for (int k = 0; k < 4; ++k) {
    x[k] = widen_exact(fa, (a >> (8 * k)) & 0xFF);
    y[k] = widen_exact(fb, (b >> (8 * k)) & 0xFF);
  }
  if (s.dot4_fp8_rounding() == Dot4Rounding::single) {  // one rounding of the exact sum
    const std::uint64_t xs[] = {x[0], x[1], x[2], x[3]}, ys[] = {y[0], y[1], y[2], y[3]};
    return static_cast<std::uint32_t>(ieee_exact_dot(kBinary32, xs, ys, c, RoundingOptions{}, NanPolicy::canonical));
  }
  std::uint64_t acc = c;  // the ISA read literally: C + p0 + p1 + p2 + p3, each add RNE (products exact)
  for (int k = 0; k < 4; ++k) acc = ieee_fma(kBinary32, x[k], y[k], acc, RoundingOptions{}, NanPolicy::canonical);
  return static_cast<std::uint32_t>(acc);
}

}  // namespace mxlane
