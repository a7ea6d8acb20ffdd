// gfx1200 f16 / bf16 WMMA with a binary32 accumulator (docs/rdna4.md §3.1, §3.2): a chain of DOT4
// steps over k in fours, each step rounded once. Integer lanes for the grid, exact binary64 lanes
// for the rounding.
//
// The reference step (emu/semantics/gfx12_dot4.cpp, default switches), factors (sig, aexp) with
// aexp = max(E, 1) - bias (subnormals kept, f16 and bf16 alike), C (sig24, lsb = max(Ec,1) - 150):
//   pgrid_t = aexp_a + aexp_b - 24 for a nonzero product; in each pair (k, k+1) the products are
//   floored onto the pair grid g2 = max(pgrid) and added; g = max(max pgrid, max(-126, lead(C)) - 26);
//   S = floor(C on g) (a negative C with no bit left on the grid is 0, not -1) + sum of the pair
//   sums floored onto g; D = RNE_binary32(S * 2^g), gradual underflow, a zero (also -0) is +0.
//
// Why the lanes compute the same bits:
//  * Packing as kernels/cdna3_fused.inl: a signed 16-bit significand << pre (A: f16 4, bf16 5; B:
//    f16 0, bf16 5) so that madd16 gives P' = +-sa*sb * 2^(24-2f), the product on its own grid
//    pgrid_t (|P'| < 2^26); exponent aexp - 12 (so the two add up to pgrid_t), or kZeroExp for a
//    zero factor (zero products never define a grid; their P' is 0, so any shift gives 0).
//  * floor onto a coarser grid is an arithmetic right shift of the signed value (srav; counts of
//    32 or more give the sign fill, the floor of a tiny value). |pair| < 2^27, |S| < 2^29.
//  * C: floor(csig * 2^(lsb - g)) by a left shift (lsb - g <= 3, exact) or srav; lanes whose
//    magnitude shifts to 0 give 0 (the vanishing negative C). lead(C) from the binary32 conversion
//    of the 24-bit magnitude (exact): its exponent field - 127 is the bit length - 1 (a zero C
//    gives a field of 0 and so a lead below -126).
//  * S * 2^g is an exact binary64 (g >= -152); its conversion to binary32 rounds once to nearest
//    even with gradual underflow and overflow to infinity (MXCSR under the guard, FTZ/DAZ off).
//  * Special lanes (a NaN or infinite factor in the step, a NaN or infinite C) take the reference
//    step (reference_hooks.hpp).

template <bool Bf16>
struct Gfx12Dot4Family {
  using Acc = std::int32_t;  // binary32 bits
  static constexpr int MR = 4;
  static constexpr int NR = kLanes;
  static constexpr int kPlanes = 4;  // signed significand << pre, exponent, raw bits, special flag
  static constexpr std::int32_t kZeroExp = -(1 << 22);

  static int kc(const GemmProblem&) { return 128; }  // a multiple of K = 16
  // Each panel ends with one more value: nonzero when any of its factors is NaN or infinite (the OR
  // of the flag plane, computed once when packing instead of once per micro-tile).
  static std::size_t a_panel_bytes(int kc) { return 4 * (kPlanes * MR * static_cast<std::size_t>(kc) + 1); }
  static std::size_t b_panel_bytes(int kc) { return 4 * (kPlanes * NR * static_cast<std::size_t>(kc) + 1); }
  static void summarize(std::int32_t* panel_values, int width, int kc) {
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(width) * kc;
    store_flag_summary(panel_values, 3 * n, n, kPlanes * n);
  }

  static void put_factor(std::int32_t* out, int width, int kc, int k, int lane, std::uint16_t x, int pre) {
    const int f = Bf16 ? 7 : 10, bias = Bf16 ? 127 : 15, max_field = Bf16 ? 0xFF : 0x1F;
    const int e = (x >> f) & max_field, frac = x & ((1 << f) - 1);
    const int sig = e != 0 ? (frac | (1 << f)) : frac;
    std::int32_t packed_sig = 0, exp = kZeroExp;
    if (e != max_field && sig != 0) {
      const int shifted = ((x & 0x8000) != 0 ? -sig : sig) * (1 << pre);
      packed_sig = static_cast<std::uint16_t>(shifted);
      exp = (e > 1 ? e : 1) - bias - 12;
    }
    const auto at = [&](int q) -> std::int32_t& { return out[(static_cast<std::ptrdiff_t>(q) * kc + k) * width + lane]; };
    at(0) = packed_sig;
    at(1) = exp;
    at(2) = x;
    at(3) = e == max_field ? -1 : 0;
  }
  static void pack_a(const GemmProblem& p, int i0, int rows, int k0, int kc, void* dst, std::size_t panel_stride) {
    for_each_a_element(rows, kc, MR, [&](int r, int k, bool inside) {
      put_factor(panel<std::int32_t>(dst, panel_stride, r / MR), MR, kc, k, r % MR,
                 inside ? element<std::uint16_t>(p.a, i0 + r, k0 + k) : std::uint16_t{0}, Bf16 ? 5 : 4);
    });
    for (int q = 0; q < (rows + MR - 1) / MR; ++q) summarize(panel<std::int32_t>(dst, panel_stride, q), MR, kc);
  }
  static void pack_b(const GemmProblem& p, int k0, int kc, int j0, int cols, void* dst) {
    for (int c = 0; c < NR; ++c)
      for (int k = 0; k < kc; ++k)
        put_factor(static_cast<std::int32_t*>(dst), NR, kc, k, c, c < cols ? element<std::uint16_t>(p.b, k0 + k, j0 + c) : std::uint16_t{0},
                   Bf16 ? 5 : 0);
    summarize(static_cast<std::int32_t*>(dst), NR, kc);
  }
  static std::int32_t load_c(const GemmProblem& p, int i, int j) { return static_cast<std::int32_t>(element<std::uint32_t>(p.c, i, j)); }
  static void store_d(const GemmProblem& p, int i, int j, std::int32_t v) { put<std::uint32_t>(p, i, j, static_cast<std::uint32_t>(v)); }

  template <int H>
  static VD scaled(VI s, VI g) { return vd_from_i32<H>(s) * vd_pow2<H>(g); }

  // One DOT4 step on finite lanes: factors of k..k+3 (A broadcast from row r), accumulator c.
  static VI step(VI c, const std::int32_t* const a_sig, const std::int32_t* const a_exp, const std::int32_t* const* b_sig,
                 const std::int32_t* const* b_exp) {
    VI pair_sum[2], pair_grid[2];
#pragma GCC unroll 2
    for (int q = 0; q < 2; ++q) {
      const VI p0 = madd16(vi_set1(a_sig[2 * q]), vi_load(b_sig[2 * q]));
      const VI p1 = madd16(vi_set1(a_sig[2 * q + 1]), vi_load(b_sig[2 * q + 1]));
      const VI e0 = vi_set1(a_exp[2 * q]) + vi_load(b_exp[2 * q]);
      const VI e1 = vi_set1(a_exp[2 * q + 1]) + vi_load(b_exp[2 * q + 1]);
      const VI g2 = vmax(e0, e1);
      pair_grid[q] = g2;
      pair_sum[q] = srav(p0, g2 - e0) + srav(p1, g2 - e1);
    }
    const VI field = srli<23>(c) & vi_set1(0xFF);
    const VI magnitude = (c & vi_set1(0x7FFFFF)) | and_not(cmpeq(field, vi_set1(0)), vi_set1(0x800000));
    const VI lsb = vmax(field, vi_set1(1)) - vi_set1(150);
    const VI lead = (srli<23>(to_f32_bits(magnitude)) - vi_set1(127)) + lsb;
    const VI g = vmax(vmax(pair_grid[0], pair_grid[1]), vmax(lead, vi_set1(-126)) - vi_set1(26));
    const VI sign = srai<31>(c);
    const VI csig = (magnitude ^ sign) - sign;
    const VI shift = lsb - g;
    const VI zero = vi_set1(0);
    const VI right = vmax(zero - shift, zero);
    const VI c_term = and_not(cmpeq(srlv(magnitude, right), zero), srav(sllv(csig, vmax(shift, zero)), right));
    const VI s = c_term + srav(pair_sum[0], g - pair_grid[0]) + srav(pair_sum[1], g - pair_grid[1]);
    VD halves[kHalves];
    halves[0] = scaled<0>(s, g);
    if constexpr (kHalves > 1) halves[1] = scaled<1>(s, g);
    const VI bits = f32_bits_rne(halves);
    return and_not(cmpeq(bits & vi_set1(0x7FFFFFFF), zero), bits);  // a zero, also -0, is +0
  }

  static void micro(const GemmProblem&, int, int kc, const void* a_panel, const void* b_panel, std::int32_t* tile, int, int) {
    const auto* a = static_cast<const std::int32_t*>(a_panel);
    const auto* b = static_cast<const std::int32_t*>(b_panel);
    if (micro_finite(kc, a, b, tile)) return;
    micro_careful(kc, a, b, tile);
  }

  // The common case, cheaper (docs/performance.md): no NaN or infinite factor in the panels, every C
  // normal or zero, and every step's result normal and nonzero. Then step() reduces to
  // "D = RNE24(S) * 2^g" (a binary32 normal has 24 significant bits, so rounding S to 24 bits and
  // scaling by 2^g is the binary32 RNE; a result whose 24-bit rounding is normal also rounds to that
  // value at subnormal precision, as in kernels/rdna3_dot2.inl's micro_finite()), and the next step
  // decodes exactly those bits again. So the accumulator stays decoded between steps:
  //   sig = the signed 24-bit significand << 3 (|sig| in [2^26, 2^27), or 0 for a zero C),
  //   low = the exponent of sig's unit = field - 153 = lead(c) - 26 (lead(c) >= -126 for a normal),
  //         and -152 for a zero C (max(-126, lead(0)) - 26 in step()).
  // Per step: g = max(pair grids, low); C on g is sig >> (g - low) (floor), except that a negative C
  // with no whole unit on g adds 0 (|sig| >> (g - low) = 0 exactly when g - low >= 27); the sum S is
  // rounded to 24 bits by the binary32 conversion of |S| (to_f32_bits: RNE under the guard's MXCSR,
  // |S| < 2^29 converts with that one rounding), whose field fm gives the new low = fm + g - 153 and
  // whose fraction the new sig. A lane left the case when fm = 0 (S = 0: step() gives +0) or the
  // true field low + 153 leaves 1..254 (flush to a subnormal, or overflow): the extremes are tracked
  // and checked once at the end. Returns false, with the tile untouched, if any lane left the case
  // (or a C is subnormal, infinite or NaN, or a factor special); micro_careful() then redoes the
  // block step by step.
  static bool micro_finite(int kc, const std::int32_t* a, const std::int32_t* b, std::int32_t* tile) {
    const auto a_at = [&](int q, int k, int r) { return a[(static_cast<std::ptrdiff_t>(q) * kc + k) * MR + r]; };
    const auto b_ptr = [&](int q, int k) { return b + (static_cast<std::ptrdiff_t>(q) * kc + k) * NR; };
    if ((a[kPlanes * static_cast<std::ptrdiff_t>(kc) * MR] | b[kPlanes * static_cast<std::ptrdiff_t>(kc) * NR]) != 0) return false;
    VI special = vi_set1(0);
    VI sig[MR], low[MR];
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) {
      const VI c = vi_load(tile + r * NR);
      const VI field = srli<23>(c) & vi_set1(0xFF);
      const VI zero = cmpeq(c & vi_set1(0x7FFFFFFF), vi_set1(0));
      special = special | and_not(zero, cmpeq(field, vi_set1(0))) | cmpeq(field, vi_set1(0xFF));
      const VI magnitude = and_not(zero, slli<3>((c & vi_set1(0x7FFFFF)) | vi_set1(0x800000)));
      const VI neg = srai<31>(c);
      sig[r] = (magnitude ^ neg) - neg;
      low[r] = select(zero, vi_set1(-152), field - vi_set1(153));
    }
    if (any(special)) return false;
    // Tracked extremes (checked once at the end): the smallest field of |RNE24(S)| (0: S = 0), the
    // true field range through low, and after the first step the largest C shift (below).
    VI low_min = vi_set1(1 - 153), low_max = vi_set1(254 - 153), fm_min = vi_set1(1), c_shift_max = vi_set1(0);
    // One step of row r over k..k+3. On the first step a C may be zero (low = -152, sig = 0) and the
    // vanishing negative C is masked as in step(); after it every sig is nonzero with |sig| in
    // [2^26, 2^27), so C vanishes only when g - low >= 27: rare (the products 2^27 times larger than
    // the accumulator), so instead of masking it the lanes leave the case (c_shift_max).
    const auto run_step = [&](auto first, int k, int r) {
      VI pair_sum[2], pair_grid[2];
#pragma GCC unroll 2
      for (int q = 0; q < 2; ++q) {
        // B's factors straight from the panel (L1): memory operands, no registers held across rows
        const VI p0 = madd16(vi_set1(a_at(0, k + 2 * q, r)), vi_load(b_ptr(0, k + 2 * q)));
        const VI p1 = madd16(vi_set1(a_at(0, k + 2 * q + 1, r)), vi_load(b_ptr(0, k + 2 * q + 1)));
        const VI e0 = vi_set1(a_at(1, k + 2 * q, r)) + vi_load(b_ptr(1, k + 2 * q));
        const VI e1 = vi_set1(a_at(1, k + 2 * q + 1, r)) + vi_load(b_ptr(1, k + 2 * q + 1));
        pair_grid[q] = vmax(e0, e1);
        pair_sum[q] = srav(p0, pair_grid[q] - e0) + srav(p1, pair_grid[q] - e1);
      }
      const VI g = vmax(vmax(pair_grid[0], pair_grid[1]), low[r]);
      const VI c_shift = g - low[r];
      VI c_term = srav(sig[r], c_shift);
      if constexpr (decltype(first)::value) c_term = and_not(cmpgt(c_shift, vi_set1(26)), c_term);
      else c_shift_max = vmax(c_shift_max, c_shift);
      const VI s = c_term + srav(pair_sum[0], g - pair_grid[0]) + srav(pair_sum[1], g - pair_grid[1]);
      // RNE24(S) as binary32 bits (sign included); its significand with the exponent field set to
      // 127 + 26 is the value sig = +-1.f * 2^26, an integer that the truncating conversion gives exactly.
      const VI mf = to_f32_bits(s);
      const VI fm = srli<24>(slli<1>(mf));
      fm_min = vmin(fm_min, fm);
      low[r] = fm + (g - vi_set1(153));
      low_min = vmin(low_min, low[r]);
      low_max = vmax(low_max, low[r]);
      sig[r] = f32_bits_to_i32((mf & vi_set1(static_cast<std::int32_t>(0x807FFFFFU))) | vi_set1(153 << 23));
    };
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) run_step(std::true_type{}, 0, r);
    for (int k = 4; k < kc; k += 4) {
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r) run_step(std::false_type{}, k, r);
    }
    const VI left = cmpgt(vi_set1(1), fm_min) | cmpgt(vi_set1(1 - 153), low_min) | cmpgt(low_max, vi_set1(254 - 153)) |
                    cmpgt(c_shift_max, vi_set1(26));
    if (any(left)) return false;
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) {
      const VI neg = srai<31>(sig[r]);
      const VI magnitude = (sig[r] ^ neg) - neg;
      vi_store(tile + r * NR, (neg & vi_set1(INT32_MIN)) | slli<23>(low[r] + vi_set1(153)) | (srli<3>(magnitude) & vi_set1(0x7FFFFF)));
    }
    return true;
  }

  static void micro_careful(int kc, const std::int32_t* a, const std::int32_t* b, std::int32_t* tile) {
    const auto a_ptr = [&](int q, int k) { return a + (static_cast<std::ptrdiff_t>(q) * kc + k) * MR; };
    const auto b_ptr = [&](int q, int k) { return b + (static_cast<std::ptrdiff_t>(q) * kc + k) * NR; };
    VI acc[MR];
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) acc[r] = vi_load(tile + r * NR);
    for (int k = 0; k < kc; k += 4) {
      const std::int32_t* b_sig[4] = {b_ptr(0, k), b_ptr(0, k + 1), b_ptr(0, k + 2), b_ptr(0, k + 3)};
      const std::int32_t* b_exp[4] = {b_ptr(1, k), b_ptr(1, k + 1), b_ptr(1, k + 2), b_ptr(1, k + 3)};
      const VI b_special = vi_load(b_ptr(3, k)) | vi_load(b_ptr(3, k + 1)) | vi_load(b_ptr(3, k + 2)) | vi_load(b_ptr(3, k + 3));
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r) {
        std::int32_t a_sig[4], a_exp[4], a_special = 0;
        for (int t = 0; t < 4; ++t) {
          a_sig[t] = a_ptr(0, k + t)[r];
          a_exp[t] = a_ptr(1, k + t)[r];
          a_special |= a_ptr(3, k + t)[r];
        }
        const VI next = step(acc[r], a_sig, a_exp, b_sig, b_exp);
        const VI special = b_special | vi_set1(a_special) | cmpeq(acc[r] & vi_set1(0x7F800000), vi_set1(0x7F800000));
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
          std::uint16_t a_raw[4], b_raw[4];
          for (int t = 0; t < 4; ++t) {
            a_raw[t] = static_cast<std::uint16_t>(a_ptr(2, k + t)[r]);
            b_raw[t] = static_cast<std::uint16_t>(b_ptr(2, k + t)[l]);
          }
          after[l] = static_cast<std::int32_t>(gfx12_reference_step(Bf16, static_cast<std::uint32_t>(before[l]), a_raw, b_raw));
        }
        acc[r] = vi_load(after);
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) vi_store(tile + r * NR, acc[r]);
  }
};
