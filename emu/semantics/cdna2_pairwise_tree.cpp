// CDNA2 FP16/BF16 MFMA element (numerics.md §B.2): flushed inputs widened exactly to binary32,
// leaf products round32(a*b + (+0)), a pairwise tree per group, groups added to C in order; every
// binary32 result rounded RNE then flushed to signed zero.
#include "emu/semantics/cdna2_pairwise_tree.hpp"

#include <vector>

#include "emu/semantics/cdna2_rules.hpp"

namespace mxlane {
namespace {

// A 16-bit input as an exactly equal binary32 pattern (NaN payload moved, not quieted).
std::uint32_t widen(const FormatSpec& input, std::uint64_t x) {
  if (input.bits() == 16 && input.exp_bits == 8) return static_cast<std::uint32_t>(x << 16);  // bf16
  const Unpacked u = decode(input, x);
  const std::uint32_t sign = u.neg ? 0x80000000U : 0;
  switch (u.cls) {
    case FpClass::zero: return sign;
    case FpClass::infinity: return sign | 0x7F800000U;
    case FpClass::nan: return sign | 0x7F800000U | static_cast<std::uint32_t>((x & input.man_mask()) << (23 - input.man_bits));
    default: return static_cast<std::uint32_t>(round_pack(kBinary32, u.neg, u.exp, u.sig, false, {}));
  }
}

std::uint64_t tree(const std::vector<std::uint64_t>& p, std::size_t first, std::size_t count, const Cdna2Rules& r) {
  if (count == 1) return p[first];
  const std::size_t half = count / 2;
  return ieee_add(kBinary32, tree(p, first, half, r), tree(p, first + half, count - half, r), r.rounding, r.nan);
}

}  // namespace

std::uint64_t cdna2_pairwise_tree(const FormatSpec& input, int group, const DotInputs& in,
                                  const NumericsContext& ctx) {
  const Cdna2Rules r = Cdna2Rules::for_packed(ctx.switches);
  const bool saturate_products = ctx.switches.get(SwitchId::cdna2_bf16_product_overflow) == 1;
  // The leaf adds +0, which turns a -0 product into +0 [MODEL]; the E3 alternative keeps -0.
  const std::uint64_t zero_addend = r.positive_flush ? 0 : kBinary32.sign_bit();
  std::uint64_t acc = r.flush_input(kBinary32, in.c);
  std::vector<std::uint64_t> products(static_cast<std::size_t>(group));
  for (std::size_t g = 0; g < in.a.size(); g += static_cast<std::size_t>(group)) {
    for (std::size_t t = 0; t < products.size(); ++t) {
      const std::uint32_t a = widen(input, r.flush_input(input, in.a[g + t]));
      const std::uint32_t b = widen(input, r.flush_input(input, in.b[g + t]));
      std::uint64_t p = ieee_fma(kBinary32, a, b, zero_addend, r.rounding, r.nan);  // round32(a*b + (+0))
      const bool finite_inputs = decode(kBinary32, a).is_finite() && decode(kBinary32, b).is_finite();
      if (saturate_products && finite_inputs && decode(kBinary32, p).is_inf())  // switch (E5)
        p = (p & kBinary32.sign_bit()) | kBinary32.max_finite();
      products[t] = p;
    }
    acc = ieee_add(kBinary32, acc, tree(products, 0, products.size(), r), r.rounding, r.nan);
  }
  return acc;
}

}  // namespace mxlane
