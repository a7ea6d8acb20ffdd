// gfx942 / gfx950 f16, bf16 and xf32 MFMA (docs/cdna3-numerics.md §2; gfx950's K-doubled shapes
// at their default group of 8, docs/cdna4-numerics.md §4) and gfx950's unscaled f8f6f4 MFMA with
// fp8 A and B (docs/cdna4-numerics.md §3.3: the same step on one group per 32-k block, the block's
// scale 2^0): fused groups of G products, in integer lanes for the group sum and exact binary64
// lanes for the last step.
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
//  * Packing: each factor becomes (signed significand << pre, exponent); pre makes a product carry
//    2^(24 - 2f) (f fraction bits: f16/xf32 10, bf16 7): A << 4 for f16/xf32, A << 5 and B << 5
//    for bf16; for OCP E4M3 (f = 3) A << 9 and B << 9. The significand is stored as a signed 16-bit
//    value (|sig << pre| <= 0x7FF0) in the low half of the lane with the high half 0, so madd16
//    (vpmaddwd) gives the exact signed product P, |P| < 2^26.
//  * Truncation toward zero of P * 2^-d (d = E - e >= 0): for P >= 0 an arithmetic shift; for
//    P < 0, ~((|P|) >> d) = (P - 1) >>arith d (= (P + m) >> d with m = -1 the sign mask), which is
//    one less than the truncated term; adding the group's count of negative products (-sum of m)
//    once restores it. Shift counts >= 32 give the sign fill: a term below the grid is 0.
//    |sum24| < G * 2^26 <= 2^29 for G <= 8: exact in int32; for E4M3's groups of 32 each |P| <=
//    15 * 15 * 2^18 < 2^25.82, so |sum24| < 2^30.82: exact too.
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
//    2^128 (|sig product| < 4, so only when E >= 126) likewise; an infinite or NaN acc by its field.
//  * Instruction boundaries: the next instruction reads acc as its C unchanged (read as is), so the
//    chain of groups simply continues across k_step.

template <FusedInput Input = FusedInput::f16>
struct Cdna3FusedFamily {
  using Acc = std::int32_t;  // binary32 bits
  static constexpr int MR = 4;
  static constexpr int NR = kLanes;
  static constexpr int kPlanes = 3;               // signed significand << pre, exponent, raw bits
  static constexpr std::int32_t kSpecialExp = 4096;  // an inf/NaN factor: E >= 126 in its lanes
  static constexpr std::int32_t kFirstSpecialE = 126;
  static constexpr bool kWide = Input == FusedInput::xf32;      // binary32 storage
  static constexpr bool kByte = Input == FusedInput::fp8_ocp;  // one byte per element

  static int kc(const GemmProblem& p) { return (256 / p.k_step > 0 ? 256 / p.k_step : 1) * p.k_step; }
  static std::size_t a_panel_bytes(int kc) { return 4 * kPlanes * MR * static_cast<std::size_t>(kc); }
  static std::size_t b_panel_bytes(int kc) { return 4 * kPlanes * NR * static_cast<std::size_t>(kc); }

  struct Factor {
    std::int32_t sig, exp;
  };
  static Factor decode(std::uint32_t x, int pre) {
    int efield, frac, frac_bits, bias, min_exp, max_field;
    bool neg;
    if constexpr (Input == FusedInput::f16) {
      efield = (x >> 10) & 0x1F, frac = x & 0x3FF, frac_bits = 10, bias = 15, min_exp = -14, max_field = 0x1F;
      neg = (x & 0x8000U) != 0;
    } else if constexpr (Input == FusedInput::bf16) {
      efield = (x >> 7) & 0xFF, frac = x & 0x7F, frac_bits = 7, bias = 127, min_exp = -126, max_field = 0xFF;
      neg = (x & 0x8000U) != 0;
    } else if constexpr (Input == FusedInput::xf32) {  // the low 13 bits cleared first (docs/cdna3-numerics.md §2)
      efield = (x >> 23) & 0xFF, frac = (x >> 13) & 0x3FF, frac_bits = 10, bias = 127, min_exp = -126, max_field = 0xFF;
      neg = (x & 0x80000000U) != 0;
    } else {  // OCP E4M3 (docs/cdna4-numerics.md §3.1): no infinity, NaN only at S.1111.111
      efield = (x >> 3) & 0xF, frac = x & 0x7, frac_bits = 3, bias = 7, min_exp = -6, max_field = 0x10;  // never equal
      neg = (x & 0x80U) != 0;
      if ((x & 0x7FU) == 0x7FU) return {0, kSpecialExp};
    }
    if (efield == max_field) return {0, kSpecialExp};
    const int sig = efield != 0 ? (frac | (1 << frac_bits)) : frac;
    if (sig == 0) return {0, -126};  // a zero's exponent, whatever the format (§2)
    const int shifted = (neg ? -sig : sig) * (1 << pre);
    return {static_cast<std::int32_t>(static_cast<std::uint16_t>(shifted)), efield != 0 ? efield - bias : min_exp};
  }
  static constexpr int a_pre() { return Input == FusedInput::fp8_ocp ? 9 : Input == FusedInput::bf16 ? 5 : 4; }
  static constexpr int b_pre() { return Input == FusedInput::fp8_ocp ? 9 : Input == FusedInput::bf16 ? 5 : 0; }

  static std::uint32_t raw(const MatrixView& v, int i, int j) {
    if constexpr (kWide) return element<std::uint32_t>(v, i, j);
    else if constexpr (kByte) return element<std::uint8_t>(v, i, j);
    else return element<std::uint16_t>(v, i, j);
  }
  static void put_factor(std::int32_t* out, int width, int kc, int k, int lane, std::uint32_t x, int pre) {
    const Factor f = decode(x, pre);
    out[(0 * static_cast<std::ptrdiff_t>(kc) + k) * width + lane] = f.sig;
    out[(1 * static_cast<std::ptrdiff_t>(kc) + k) * width + lane] = f.exp;
    out[(2 * static_cast<std::ptrdiff_t>(kc) + k) * width + lane] = static_cast<std::int32_t>(x);
  }
  static void pack_a(const GemmProblem& p, int i0, int rows, int k0, int kc, void* dst, std::size_t panel_stride) {
    for_each_a_element(rows, kc, MR, [&](int r, int k, bool inside) {
      put_factor(panel<std::int32_t>(dst, panel_stride, r / MR), MR, kc, k, r % MR, inside ? raw(p.a, i0 + r, k0 + k) : 0U,
                 a_pre());
    });
  }
  static void pack_b(const GemmProblem& p, int k0, int kc, int j0, int cols, void* dst) {
    for (int c = 0; c < NR; ++c)
      for (int k = 0; k < kc; ++k)
        put_factor(static_cast<std::int32_t*>(dst), NR, kc, k, c, c < cols ? raw(p.b, k0 + k, j0 + c) : 0U, b_pre());
  }
  static std::int32_t load_c(const GemmProblem& p, int i, int j) { return static_cast<std::int32_t>(element<std::uint32_t>(p.c, i, j)); }
  static void store_d(const GemmProblem& p, int i, int j, std::int32_t v) { put<std::uint32_t>(p, i, j, static_cast<std::uint32_t>(v)); }

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
  static void micro_groups(int kc, const std::int32_t* a, const std::int32_t* b, std::int32_t* tile) {
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
        VI sum = vi_set1(0), negatives = vi_set1(0);
#pragma GCC unroll 16
        for (int k = g0; k < g0 + G; ++k) {
          const VI prod = madd16(vi_set1(a_at(0, k, r)), vi_load(b_ptr(0, k)));
          const VI m = srai<31>(prod);
          const VI d = e_max - (vi_set1(a_at(1, k, r)) + vi_load(b_ptr(1, k)));
          sum = sum + srav(prod + m, d);
          negatives = negatives + m;
        }
        const VI special = cmpgt(e_max, vi_set1(kFirstSpecialE - 1)) | cmpeq(acc[r] & vi_set1(0x7F800000), vi_set1(0x7F800000));
        const VI next = round_group(acc[r], sum - negatives, e_max);
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
          after[l] = static_cast<std::int32_t>(cdna3_reference_group(Input, G, static_cast<std::uint32_t>(before[l]), a_raw, b_raw));
        }
        acc[r] = vi_load(after);
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) vi_store(tile + r * NR, acc[r]);
  }

  static void micro(const GemmProblem& p, int, int kc, const void* a_panel, const void* b_panel, std::int32_t* tile, int, int) {
    const auto* a = static_cast<const std::int32_t*>(a_panel);
    const auto* b = static_cast<const std::int32_t*>(b_panel);
    if constexpr (Input == FusedInput::fp8_ocp) {
      micro_groups<32>(kc, a, b, tile);
    } else {
      if (p.group == 8) micro_groups<8>(kc, a, b, tile);
      else micro_groups<4>(kc, a, b, tile);
    }
  }
};
