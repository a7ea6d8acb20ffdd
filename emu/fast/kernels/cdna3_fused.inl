// gfx942 / gfx950 f16, bf16 and xf32 MFMA (docs/cdna3-numerics.md §2; gfx950's K-doubled shapes
// at their default group of 8, docs/cdna4-numerics.md §4) and gfx950's unscaled f8f6f4 MFMA with
// fp8 A and B (docs/cdna4-numerics.md §3.3: the same step on one group per 32-k block, the block's
// scale 2^0), which gfx1250's FP8/BF8 WMMA also run with any pairing of E4M3 and E5M2 (docs/cdna5.md
// §3.5; InputB is B's format), and the f8f6f4 forms with FP6 E2M3, BF6 E3M2 or FP4 E2M1 in A and B (gfx950 and
// gfx1250, and gfx1250's 32x16x128 FP4): fused groups of G products, in integer lanes for the group sum and exact
// binary64 lanes for the last step. The sub-byte formats are finite, their values binary32 normals with at most
// 4 significant bits (the E4M3 argument below covers them: products of at most 8 bits, exponents within [-6, 6]).
//
// The reference (emu/semantics/cdna3_fused_dot.cpp), per group of G consecutive k, from acc = C:
//   products (sa*sb, ea+eb) with ea, eb the leading-place exponents (a subnormal keeps its format's
//   minimum normal exponent, a zero is (0, -126) whatever the format); E = max(ea+eb) over the
//   group, zero products included; sum24 = sum of trunc(p * 2^(24 + e - E)) (each product
//   truncated toward zero on the grid 2^(E-24)); f = max(E, ec); s31 = floor(sum24 * 2^(7+E-f)),
//   c24 = floor(csig * 2^(1+ec-f)) (csig the signed 24-bit significand of acc, ec its exponent);
//   acc = RNE_binary32((s31 + 128*c24) * 2^(f-31)), gradual underflow, overflow to inf, 0 as +0.
//
// Why the lanes compute the same bits (default switches only; emu/api/gemm.cpp checks that):
//  * Packing: each factor becomes (its value as binary32 bits, exponent). Every f16, bf16, xf32 and
//    E4M3 value is a binary32 value: bf16 is the top half of binary32, xf32 is binary32 with the low
//    13 bits cleared, f16 and E4M3 (subnormals too) are binary32 normals (the field assembled from
//    the significand's leading bit). An infinite or NaN factor is packed as 0 (its lanes are special).
//  * The group's term trunc(p * 2^(24 + e - E)) is the exact product value a*b scaled by 2^(24-E),
//    truncated toward zero: vcvttps2dq of (a * b) * 2^(24-E) in binary32. Both products are exact:
//    a*b has at most 22 significant bits (11 x 11 for f16/xf32, 8 x 8 bf16, 4 x 4 E4M3) and
//    |a*b| < 2^(ea+eb+2) <= 2^(E+2) <= 2^127 (E >= 126 is a special lane, below), so it overflows
//    never and is exact whenever it is a binary32 normal; the scale 2^(24-E) is a power of two and
//    a normal binary32 for E in [-100, 125], and |a*b * 2^(24-E)| < 2^26, so that product is exact
//    whenever it is normal. When a*b is subnormal (only bf16/xf32, ea+eb < -126) or a*b*2^(24-E)
//    is, the exact value is below 2^-125 * 2^(24-E) <= 2^-1 for E >= -100 (and below 2^-126), so
//    the exact and the rounded value both truncate to 0 (whatever MXCSR.FTZ says). For f16 and
//    E4M3 every nonzero product has ea+eb >= -28, so E < -100 means all products are zero: the
//    scale is taken at max(E, -100), harmless; for bf16 and xf32 a lane with E < -100 is special.
//    |sum24| < G * 2^26 <= 2^29 for G <= 8: exact in int32; for E4M3's groups of 32 each term is at
//    most 15 * 15 * 2^18 < 2^25.82, so |sum24| < 2^30.82: exact too.
//  * Last step in binary64 (exact): sum24, csig and 2^n (n in [-372, 127], built from bits) are
//    exact doubles; the products by powers of two stay exact (no under- or overflow in binary64);
//    floor is roundpd toward -inf (an immediate mode, not MXCSR); |s31 + 128*c24| < 2^38 is exact;
//    the product by 2^(f-31) (f >= -126: ec >= -126 always) is exact; the one binary64 -> binary32
//    conversion rounds to nearest even with gradual underflow and overflow to infinity exactly as
//    round_pack does, under the guard's MXCSR (RNE, FTZ and DAZ off: KernelEnv{}). A zero total is
//    +0 (s31 and c24 are floors of +0 or of nonzero values, and x + (-x) is +0 under RNE).
//  * Special lanes go to the reference group step (reference_hooks.hpp; for E4M3 the instruction's
//    own block step, emu/semantics/cdna4_f8f6f4.cpp): an infinite or NaN factor (E4M3: NaN only)
//    is packed with a huge exponent so that its lanes' E exceeds 125; a product that may reach
//    2^128 (|sig product| < 4, so only when E >= 126) likewise; an infinite or NaN acc by its field;
//    for bf16 and xf32 a group with E < -100 (above). A special lane's scale may be any bits; its
//    sum is discarded, and truncate_to_i32 and the integer adds are defined for every input.
//  * Instruction boundaries: the next instruction reads acc as its C unchanged (read as is), so the
//    chain of groups simply continues across k_step.

template <FusedInput Input = FusedInput::f16, FusedInput InputB = Input>
struct Cdna3FusedFamily {
  using Acc = std::int32_t;  // binary32 bits
  static constexpr int MR = 4;
  static constexpr int NR = kLanes;
  static constexpr int kPlanes = 3;                  // value as binary32 bits, exponent, raw bits
  static constexpr std::int32_t kSpecialExp = 4096;  // an inf/NaN factor: E >= 126 in its lanes
  static constexpr std::int32_t kFirstSpecialE = 126;
  static constexpr std::int32_t kLowestScaledE =
      -100;  // the scale 2^(24 - E) is built from E >= this (top of the file)
  static constexpr bool kWide = Input == FusedInput::xf32;  // binary32 storage
  static constexpr bool kByte = Input == FusedInput::fp8_ocp || Input == FusedInput::bf8_ocp ||
                                Input == FusedInput::fp6 || Input == FusedInput::bf6 || Input == FusedInput::fp4 ||
                                Input == FusedInput::f8f6f4_pair;                             // one byte per element
  static constexpr bool kWideRange = Input == FusedInput::bf16 || Input == FusedInput::xf32;  // binary32's exponents

  static int kc(const GemmProblem& p) { return (256 / p.k_step > 0 ? 256 / p.k_step : 1) * p.k_step; }
  static std::size_t a_panel_bytes(int kc) { return 4 * kPlanes * MR * static_cast<std::size_t>(kc); }
  static std::size_t b_panel_bytes(int kc) { return 4 * kPlanes * NR * static_cast<std::size_t>(kc); }

  struct Decoded {  // the first two planes: the value as binary32 bits and the exponent
    std::int32_t value_bits, exp;
  };
  template <FusedInput In>
  static Decoded decode(std::uint32_t x) {
    int efield, frac, frac_bits, bias, min_exp, max_field;
    bool neg;
    if constexpr (In == FusedInput::f16) {
      efield = (x >> 10) & 0x1F, frac = x & 0x3FF, frac_bits = 10, bias = 15, min_exp = -14, max_field = 0x1F;
      neg = (x & 0x8000U) != 0;
    } else if constexpr (In == FusedInput::bf16) {
      efield = (x >> 7) & 0xFF, frac = x & 0x7F, frac_bits = 7, bias = 127, min_exp = -126, max_field = 0xFF;
      neg = (x & 0x8000U) != 0;
    } else if constexpr (In == FusedInput::xf32) {  // the low 13 bits cleared first (docs/cdna3-numerics.md §2)
      efield = (x >> 23) & 0xFF, frac = (x >> 13) & 0x3FF, frac_bits = 10, bias = 127, min_exp = -126, max_field = 0xFF;
      neg = (x & 0x80000000U) != 0;
    } else if constexpr (In == FusedInput::fp6 || In == FusedInput::bf6 || In == FusedInput::fp4) {
      // The finite OCP MX formats (docs/cdna4-numerics.md §3.1): FP6 E2M3 (bias 1), BF6 E3M2 (bias 3), FP4 E2M1
      // (bias 1); no infinity or NaN, so no field is special (max_field past the widest exponent field).
      frac_bits = In == FusedInput::bf6 ? 2 : In == FusedInput::fp6 ? 3 : 1;
      const int ebits = In == FusedInput::bf6 ? 3 : 2, width = 1 + ebits + frac_bits;
      bias = In == FusedInput::bf6 ? 3 : 1, min_exp = 1 - bias, max_field = 1 << ebits;
      efield = static_cast<int>((x >> frac_bits) & ((1U << ebits) - 1)),
      frac = static_cast<int>(x & ((1U << frac_bits) - 1));
      neg = ((x >> (width - 1)) & 1U) != 0;
    } else if constexpr (In == FusedInput::bf8_ocp) {  // OCP E5M2: IEEE-like, infinities and NaNs at field 31
      efield = (x >> 2) & 0x1F, frac = x & 0x3, frac_bits = 2, bias = 15, min_exp = -14, max_field = 0x1F;
      neg = (x & 0x80U) != 0;
    } else {  // OCP E4M3 (docs/cdna4-numerics.md §3.1): no infinity, NaN only at S.1111.111
      efield = (x >> 3) & 0xF, frac = x & 0x7, frac_bits = 3, bias = 7, min_exp = -6, max_field = 0x10;  // never equal
      neg = (x & 0x80U) != 0;
      if ((x & 0x7FU) == 0x7FU) return {0, kSpecialExp};
    }
    if (efield == max_field) return {0, kSpecialExp};
    const int sig = efield != 0 ? (frac | (1 << frac_bits)) : frac;
    if (sig == 0) return {0, -126};  // a zero's exponent, whatever the format (§2)
    const int exp = efield != 0 ? efield - bias : min_exp;
    std::uint32_t bits;
    if constexpr (In == FusedInput::bf16) {
      bits = x << 16;  // bf16 is the top half of binary32, subnormals included
    } else if constexpr (In == FusedInput::xf32) {
      bits = x & 0xFFFFE000U;
    } else {
      bits = binary32_normal_bits(neg, sig, exp, frac_bits);
    }
    return {static_cast<std::int32_t>(bits), exp};
  }
  // The value (-1)^neg * sig * 2^(exp - frac_bits), sig > 0, as binary32 bits when it is a binary32
  // normal (every f16, E4M3, E5M2 and FNUZ value, subnormals included): the leading bit of sig
  // sets the field.
  static std::uint32_t binary32_normal_bits(bool neg, int sig, int exp, int frac_bits) {
    const int lead = std::bit_width(static_cast<unsigned>(sig)) - 1;
    const std::uint32_t bits = (static_cast<std::uint32_t>(exp - frac_bits + lead + 127) << 23) |
                               ((static_cast<std::uint32_t>(sig) << (23 - lead)) & 0x7FFFFFU);
    return neg ? bits | 0x80000000U : bits;
  }

  static std::uint32_t raw(const MatrixView& v, int i, int j) {
    if constexpr (kWide)
      return element<std::uint32_t>(v, i, j);
    else if constexpr (kByte)
      return element<std::uint8_t>(v, i, j);
    else
      return element<std::uint16_t>(v, i, j);
  }
  // Byte formats: decode() of every byte, once (a small problem, one instruction's tile, spends more time
  // packing than multiplying); any of the five f8f6f4 formats, chosen at run time for f8f6f4_pair.
  template <FusedInput In>
  static const std::array<Decoded, 256>& byte_decodes() {
    static const std::array<Decoded, 256> table = [] {
      std::array<Decoded, 256> t{};
      for (std::uint32_t x = 0; x < 256; ++x) t[x] = decode<In>(x);
      return t;
    }();
    return table;
  }
  static const std::array<Decoded, 256>& byte_decodes(FusedInput f) {
    switch (f) {
      case FusedInput::bf8_ocp: return byte_decodes<FusedInput::bf8_ocp>();
      case FusedInput::fp6: return byte_decodes<FusedInput::fp6>();
      case FusedInput::bf6: return byte_decodes<FusedInput::bf6>();
      case FusedInput::fp4: return byte_decodes<FusedInput::fp4>();
      default: return byte_decodes<FusedInput::fp8_ocp>();
    }
  }
  // A's and B's formats: the template's, or for f8f6f4_pair the problem's (GemmProblem::a_fp8 / b_fp8).
  static FusedInput a_format(const GemmProblem& p) {
    return Input == FusedInput::f8f6f4_pair ? static_cast<FusedInput>(p.a_fp8) : Input;
  }
  static FusedInput b_format(const GemmProblem& p) {
    return InputB == FusedInput::f8f6f4_pair ? static_cast<FusedInput>(p.b_fp8) : InputB;
  }
  // `table`: byte_decodes() of the operand's format (byte formats only).
  template <FusedInput In>
  static Decoded decoded(std::uint32_t x, const std::array<Decoded, 256>* table) {
    if constexpr (kByte)
      return (*table)[x & 0xFFU];  // raw() of a byte format is one byte
    else
      return decode<In>(x);
  }
  static void put_factor(std::int32_t* out, int width, int kc, int k, int lane, std::uint32_t x, Decoded f) {
    out[(0 * static_cast<std::ptrdiff_t>(kc) + k) * width + lane] = f.value_bits;
    out[(1 * static_cast<std::ptrdiff_t>(kc) + k) * width + lane] = f.exp;
    out[(2 * static_cast<std::ptrdiff_t>(kc) + k) * width + lane] = static_cast<std::int32_t>(x);
  }
  static void pack_a(const GemmProblem& p, int i0, int rows, int k0, int kc, void* dst, std::size_t panel_stride) {
    const std::array<Decoded, 256>* table = kByte ? &byte_decodes(a_format(p)) : nullptr;
    for_each_a_element(rows, kc, MR, [&](int r, int k, bool inside) {
      const std::uint32_t x = inside ? raw(p.a, i0 + r, k0 + k) : 0U;
      put_factor(panel<std::int32_t>(dst, panel_stride, r / MR), MR, kc, k, r % MR, x, decoded<Input>(x, table));
    });
  }
  static void pack_b(const GemmProblem& p, int k0, int kc, int j0, int cols, void* dst) {
    const std::array<Decoded, 256>* table = kByte ? &byte_decodes(b_format(p)) : nullptr;
    for (int c = 0; c < NR; ++c)
      for (int k = 0; k < kc; ++k) {
        const std::uint32_t x = c < cols ? raw(p.b, k0 + k, j0 + c) : 0U;
        put_factor(static_cast<std::int32_t*>(dst), NR, kc, k, c, x, decoded<InputB>(x, table));
      }
  }
  static std::int32_t load_c(const GemmProblem& p, int i, int j) {
    return static_cast<std::int32_t>(element<std::uint32_t>(p.c, i, j));
  }
  static void store_d(const GemmProblem& p, int i, int j, std::int32_t v) {
    put<std::uint32_t>(p, i, j, static_cast<std::uint32_t>(v));
  }

  // (s31 + 128 * c24) * 2^(f - 31) for the lanes of half H, exactly (see the top of the file).
  template <int H>
  static VD exact_total(VI sum24, VI csig, VI shift_s, VI shift_c, VI shift_out) {
    const VD s31 = vd_floor(vd_from_i32<H>(sum24) * vd_pow2<H>(shift_s));
    const VD c24 = vd_floor(vd_from_i32<H>(csig) * vd_pow2<H>(shift_c));
    return (s31 + c24 * vd_set1(128.0)) * vd_pow2<H>(shift_out);
  }

  // The group's new accumulator from the old one, the sum24 and E (finite lanes). DropSmallC: the
  // fp8 structure (docs/cdna3-numerics.md §3 step 3), where C below 2^(F-25) contributes 0.
  template <bool DropSmallC = false>
  static VI round_group(VI acc, VI sum24, VI e) {
    const VI field = srli<23>(acc) & vi_set1(0xFF);
    const VI subnormal = cmpeq(field, vi_set1(0));
    const VI ec = select(subnormal, vi_set1(-126), field - vi_set1(127));
    VI magnitude = (acc & vi_set1(0x7FFFFF)) | and_not(subnormal, vi_set1(0x800000));
    const VI f = vmax(e, ec);
    if constexpr (DropSmallC) magnitude = and_not(cmpgt(f - vi_set1(25), ec), magnitude);
    const VI sign = srai<31>(acc);
    const VI csig = (magnitude ^ sign) - sign;
    const VI shift_s = vi_set1(7) + e - f, shift_c = vi_set1(1) + ec - f, shift_out = f - vi_set1(31);
    VD halves[kHalves];
    halves[0] = exact_total<0>(sum24, csig, shift_s, shift_c, shift_out);
    if constexpr (kHalves > 1) halves[1] = exact_total<1>(sum24, csig, shift_s, shift_c, shift_out);
    return f32_bits_rne(halves);
  }

  template <int G>
  static void micro_groups(int kc, const std::int32_t* a, const std::int32_t* b, std::int32_t* tile, FusedInput a_in,
                           FusedInput b_in) {
    const auto a_at = [&](int q, int k, int r) { return a[(static_cast<std::ptrdiff_t>(q) * kc + k) * MR + r]; };
    const auto b_ptr = [&](int q, int k) { return b + (static_cast<std::ptrdiff_t>(q) * kc + k) * NR; };
    VI acc[MR];
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) acc[r] = vi_load(tile + r * NR);
    for (int g0 = 0; g0 < kc; g0 += G) {
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r) {
        VI e_max = vi_set1(-1000);
#pragma GCC unroll 16
        for (int k = g0; k < g0 + G; ++k) e_max = vmax(e_max, vi_set1(a_at(1, k, r)) + vi_load(b_ptr(1, k)));
        // 2^(24 - E), a binary32 normal for E in [-100, 125]; E >= 126 is a special lane (any bits)
        const VF scale = as_vf(slli<23>(vi_set1(127 + 24) - vmax(e_max, vi_set1(kLowestScaledE))));
        VI sum = vi_set1(0);
#pragma GCC unroll 16
        for (int k = g0; k < g0 + G; ++k)
          sum = sum + truncate_to_i32((as_vf(vi_set1(a_at(0, k, r))) * as_vf(vi_load(b_ptr(0, k)))) * scale);
        VI special =
            cmpgt(e_max, vi_set1(kFirstSpecialE - 1)) | cmpeq(acc[r] & vi_set1(0x7F800000), vi_set1(0x7F800000));
        if constexpr (kWideRange) special = special | cmpgt(vi_set1(kLowestScaledE), e_max);
        const VI next = round_group(acc[r], sum, e_max);
        if (!any(special)) {
          acc[r] = next;
          continue;
        }
        std::int32_t before[kLanes], after[kLanes];
        vi_store(before, acc[r]);
        vi_store(after, next);
        const unsigned lanes = lane_bits(special);
        for (int l = 0; l < kLanes; ++l) {
          if (((lanes >> l) & 1U) == 0) continue;
          std::uint32_t a_raw[G], b_raw[G];
          for (int t = 0; t < G; ++t) {
            a_raw[t] = static_cast<std::uint32_t>(a_at(2, g0 + t, r));
            b_raw[t] = static_cast<std::uint32_t>(b_ptr(2, g0 + t)[l]);
          }
          after[l] = static_cast<std::int32_t>(
              cdna3_reference_group(a_in, b_in, G, static_cast<std::uint32_t>(before[l]), a_raw, b_raw));
        }
        acc[r] = vi_load(after);
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) vi_store(tile + r * NR, acc[r]);
  }

  static void micro(const GemmProblem& p, int, int kc, const void* a_panel, const void* b_panel, std::int32_t* tile,
                    int, int) {
    const auto* a = static_cast<const std::int32_t*>(a_panel);
    const auto* b = static_cast<const std::int32_t*>(b_panel);
    if constexpr (kByte) {
      micro_groups<32>(kc, a, b, tile, a_format(p), b_format(p));
    } else {
      if (p.group == 8)
        micro_groups<8>(kc, a, b, tile, Input, InputB);
      else
        micro_groups<4>(kc, a, b, tile, Input, InputB);
    }
  }
};
