// gfx942 (FNUZ) and gfx950 (OCP) fp8/bf8 MFMA (docs/cdna3-numerics.md §3, docs/cdna4-numerics.md
// §2): fused groups of 16 k with the even/odd split, on the lanes of kernels/cdna3_fused.inl.
//
// The reference per group: the products at even k and at odd k are each truncated toward zero on
// the grid 2^(E_half - 24) of their own largest exponent (zero products included, a zero factor
// being (0, -126)) and summed; each half sum is floored onto 2^(E - 24), E = max(E_even, E_odd),
// and the two added; then as §2 step 4 and 5, except that C contributes 0 when ec < F - 25.
//
// Why the lanes compute the same bits: as kernels/cdna3_fused.inl, with these differences.
//  * Packing: each factor's value as binary32 bits (every fp8/bf8 value of either encoding is a
//    binary32 normal) and its exponent. The format of A and of B comes from the row (fp8/bf8 and
//    the architecture's FP8 encoding, GemmProblem::a_fp8 / b_fp8).
//  * Each half's terms are (a * b) * 2^(24 - E_half) truncated toward zero (vcvttps2dq), exact as
//    in kernels/cdna3_fused.inl: a*b has at most 8 significant bits and stays below 2^33, nonzero
//    products have ea+eb >= -30, so E_half < -100 means all of that half's products are zero and
//    the scale is taken at max(E_half, -100). Two sums of 8 terms each (|sum| < 2^29), each
//    floored onto E's grid by an arithmetic shift (srav: exact floor), |sum24| < 2^30.
//  * Specials: a NaN factor (FNUZ 0x80; OCP E4M3 S.1111.111; OCP E5M2 exponent all ones, which is
//    also the infinity) is packed with a huge exponent (value 0) and its lanes take the reference
//    group step; fp8 products stay far below 2^128, so no overflow case.

struct Cdna3Fp8Family : Cdna3FusedFamily<> {
  static constexpr int kGroup = 16;

  static Decoded decode_fp8(std::uint32_t x, Fp8Input format) {
    const bool e5m2 = format == Fp8Input::e5m2_ocp || format == Fp8Input::e5m2_fnuz;
    const bool fnuz = format == Fp8Input::e4m3_fnuz || format == Fp8Input::e5m2_fnuz;
    const int frac_bits = e5m2 ? 2 : 3;
    const int bias = fnuz ? (e5m2 ? 16 : 8) : (e5m2 ? 15 : 7);
    const int efield = static_cast<int>(x >> frac_bits) & (e5m2 ? 0x1F : 0xF);
    const int frac = static_cast<int>(x) & ((1 << frac_bits) - 1);
    const bool special = fnuz ? x == 0x80 : e5m2 ? efield == 0x1F : (x & 0x7F) == 0x7F;
    if (special) return {0, kSpecialExp};
    const int sig = efield != 0 ? (frac | (1 << frac_bits)) : frac;
    if (sig == 0) return {0, -126};  // a zero's exponent, whatever the format (§2)
    const int exp = (efield != 0 ? efield : 1) - bias;
    return {static_cast<std::int32_t>(binary32_normal_bits((x & 0x80) != 0, sig, exp, frac_bits)), exp};
  }
  static void put_fp8(std::int32_t* out, int width, int kc, int k, int lane, std::uint32_t x, Fp8Input format) {
    const Decoded f = decode_fp8(x, format);
    out[(0 * static_cast<std::ptrdiff_t>(kc) + k) * width + lane] = f.value_bits;
    out[(1 * static_cast<std::ptrdiff_t>(kc) + k) * width + lane] = f.exp;
    out[(2 * static_cast<std::ptrdiff_t>(kc) + k) * width + lane] = static_cast<std::int32_t>(x);
  }
  static void pack_a(const GemmProblem& p, int i0, int rows, int k0, int kc, void* dst, std::size_t panel_stride) {
    for_each_a_element(rows, kc, MR, [&](int r, int k, bool inside) {
      put_fp8(panel<std::int32_t>(dst, panel_stride, r / MR), MR, kc, k, r % MR,
              inside ? element<std::uint8_t>(p.a, i0 + r, k0 + k) : 0U, static_cast<Fp8Input>(p.a_fp8));
    });
  }
  static void pack_b(const GemmProblem& p, int k0, int kc, int j0, int cols, void* dst) {
    for (int c = 0; c < NR; ++c)
      for (int k = 0; k < kc; ++k)
        put_fp8(static_cast<std::int32_t*>(dst), NR, kc, k, c,
                c < cols ? element<std::uint8_t>(p.b, k0 + k, j0 + c) : 0U, static_cast<Fp8Input>(p.b_fp8));
  }

  static void micro(const GemmProblem& p, int, int kc, const void* a_panel, const void* b_panel, std::int32_t* tile,
                    int, int) {
    const auto* a = static_cast<const std::int32_t*>(a_panel);
    const auto* b = static_cast<const std::int32_t*>(b_panel);
    const auto a_at = [&](int q, int k, int r) { return a[(static_cast<std::ptrdiff_t>(q) * kc + k) * MR + r]; };
    const auto b_ptr = [&](int q, int k) { return b + (static_cast<std::ptrdiff_t>(q) * kc + k) * NR; };
    VI acc[MR];
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) acc[r] = vi_load(tile + r * NR);
    for (int g0 = 0; g0 < kc; g0 += kGroup) {
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r) {
        VI e_half[2] = {vi_set1(-1000), vi_set1(-1000)};
#pragma GCC unroll 16
        for (int k = g0; k < g0 + kGroup; ++k)
          e_half[k & 1] = vmax(e_half[k & 1], vi_set1(a_at(1, k, r)) + vi_load(b_ptr(1, k)));
        VF scale[2];
        for (int h = 0; h < 2; ++h)
          scale[h] = as_vf(slli<23>(vi_set1(127 + 24) - vmax(e_half[h], vi_set1(kLowestScaledE))));
        VI sum[2] = {vi_set1(0), vi_set1(0)};
#pragma GCC unroll 16
        for (int k = g0; k < g0 + kGroup; ++k)
          sum[k & 1] = sum[k & 1] +
                       truncate_to_i32((as_vf(vi_set1(a_at(0, k, r))) * as_vf(vi_load(b_ptr(0, k)))) * scale[k & 1]);
        const VI e_max = vmax(e_half[0], e_half[1]);
        const VI sum24 = srav(sum[0], e_max - e_half[0]) + srav(sum[1], e_max - e_half[1]);
        const VI special =
            cmpgt(e_max, vi_set1(kFirstSpecialE - 1)) | cmpeq(acc[r] & vi_set1(0x7F800000), vi_set1(0x7F800000));
        const VI next = round_group<true>(acc[r], sum24, e_max);
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
          std::uint32_t a_raw[kGroup], b_raw[kGroup];
          for (int t = 0; t < kGroup; ++t) {
            a_raw[t] = static_cast<std::uint32_t>(a_at(2, g0 + t, r));
            b_raw[t] = static_cast<std::uint32_t>(b_ptr(2, g0 + t)[l]);
          }
          after[l] = static_cast<std::int32_t>(
              cdna3_fp8_reference_group(static_cast<Fp8Input>(p.a_fp8), static_cast<Fp8Input>(p.b_fp8),
                                        static_cast<std::uint32_t>(before[l]), a_raw, b_raw));
        }
        acc[r] = vi_load(after);
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) vi_store(tile + r * NR, acc[r]);
  }
};
