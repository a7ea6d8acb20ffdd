// The common case of the gfx1200 DOT4 chain with an f16 accumulator (docs/rdna4.md §3.1): the
// accumulator kept decoded between steps, on the panels of kernels/gfx12_dot4_chain.inl.
//
// Used while no factor of the block is NaN or infinite, every C is normal or zero, and every step's
// result is a normal f16 reached by a right shift. From the chain's step() for the f16 output:
//  * a normal f16 C is +-sig * 2^U with sig in [2^10, 2^11) and lead(C) = U + 10 >= -14, so the
//    C grid candidate is max(-14, lead) - 26 = U - 16 =: low, and C on the step grid g (>= low) is
//    floor(+-sig * 2^(U - g)) = srav(+-sig << 16, g - low). The state is that signed sig << 16
//    (|sig << 16| in [2^26, 2^27), 0 for a zero C) and t = low + 152 - L in the block frame (below;
//    products' grids come out in the same frame, so shifts are differences). A zero C (of either
//    sign) is sig 0 with lead floored at -14: low = -40, t = 112 - L.
//  * the step's sum S and grid g: kernels/gfx12_dot4_framed_sum.inl, shared with the binary32 loop
//    (with why a vanishing negative C adds 0 here too).
//  * the rounding of S: shift = lead(|S|) - 10 (from the binary32 conversion of |S|, as round_f16()
//    does, with the same argument for a conversion that rounds up to a power of two), required
//    >= 1; the LSB exponent U' = g + shift, required >= -24 (not clamped: a normal result or the
//    smallest normal); q = RNE(|S| / 2^shift) in [2^10, 2^11] by round_f16()'s integer formula. A
//    carry (q = 2^11) is the next power of two: sig 2^10, U' + 1. The result overflows exactly
//    when its lead (low + 26) exceeds 15. S = 0 (+0 in step()) has shift < 1.
//  * the block frame of kernels/gfx12_dot4_finite.inl: the local exponent planes (F::kLocalExp) put
//    every grid, t and U' in the frame + 152 - L of the row and lane, L >= 0 and L >= the block's
//    largest product grid (+ 152) - 26. As there, t' = t - L >= 0 before a step means that no C can
//    vanish at it (c_shift <= 26), so one unsigned maximum of t' checks that and the overflow
//    (t' <= -11 + 152 - L); the bounds that depend on L are the strictest of the lane's rows.
// Returns false, with the tile untouched, if any lane leaves the case; the step-by-step
// micro-kernel then redoes the block.

template <class F>
bool gfx12_dot4_finite_f16(int kc, const std::int32_t* a, const std::int32_t* b, std::int32_t* tile) {
  constexpr int MR = F::MR, NR = F::NR;
  static_assert(NR == kLanes, "one vector of columns per row");
  constexpr std::int32_t kFrame = F::kFrame;
  if ((a[F::a_summary(kc)] | b[F::b_summary(kc)]) != 0) return false;
  // The block frame of each row (lanes: its columns), the largest t' and smallest U' every row of a
  // lane allows (U' + 152 - L >= -24 + 152; t' <= -11 + 152 - L).
  const VI lane_frames = vi_load(b + F::b_frames(kc));
  const std::int32_t* row_frames = a + F::a_frames(kc);
  VI t_bound = vi_set1(INT32_MAX), unit_bound = vi_set1(INT32_MIN);
  VI special = vi_set1(0);
  VI sig[MR], t[MR];
#pragma GCC unroll 8
  for (int r = 0; r < MR; ++r) {
    const VI frame = vi_set1(row_frames[r]) + lane_frames;
    t_bound = vmin(t_bound, vi_set1(-11 + kFrame) - frame);
    unit_bound = vmax(unit_bound, vi_set1(-24 + kFrame) - frame);
    const VI h = vi_load(tile + r * NR);
    const VI field = srli<10>(h) & vi_set1(0x1F);
    const VI zero = cmpeq(h & vi_set1(0x7FFF), vi_set1(0));
    special = special | and_not(zero, cmpeq(field, vi_set1(0))) | cmpeq(field, vi_set1(0x1F));
    const VI magnitude = and_not(zero, slli<16>((h & vi_set1(0x3FF)) | vi_set1(0x400)));
    const VI neg = srai<31>(slli<16>(h));
    sig[r] = (magnitude ^ neg) - neg;
    // low = U - 16 = field - 41 (a normal f16 is sig * 2^(field - 25)); a zero C: -40
    t[r] = select(zero, vi_set1(-40 + kFrame), field + vi_set1(kFrame - 41)) - frame;
  }
  if (any(special)) return false;
  // Tracked extremes, checked once at the end: the smallest rounding shift (>= 1), the smallest U'
  // (>= unit_bound) and the largest t' as unsigned (0..t_bound: no vanishing C, no overflow).
  VI shift_min = vi_set1(1), unit_min = vi_set1(INT32_MAX), t_max = vi_set1(0);
  const VI one = vi_set1(1);
  const auto run_step = [&](auto first, int k, int r) {  // kernels/gfx12_dot4_framed_sum.inl
    VI g;                                                // (C's shift g - t <= 26 by the block frame, above)
    const VI s = gfx12_framed_step_sum<F, decltype(first)::value>(a, b, kc, k, r, sig[r], t[r], g);
    const VI m = vabs(s);
    const VI shift = srli<23>(to_f32_bits(m)) - vi_set1(127 + 10);  // lead(|S|) - 10
    const VI unit = g + shift;                                      // U' + kFrame - L
    shift_min = vmin(shift_min, shift);
    unit_min = vmin(unit_min, unit);
    const VI q = srlv(m + (sllv(one, shift - one) - one) + (srlv(m, shift) & one), shift);
    const VI carry = srli<11>(q);
    t[r] = unit - vi_set1(16) + carry;
    t_max = vmax_unsigned(t_max, t[r]);
    const VI neg = srai<31>(s);
    sig[r] = (slli<16>(srlv(q, carry)) ^ neg) - neg;
  };
  // Rows two at a time, as gfx12_dot4_finite() (each row is one dependency chain of steps).
  constexpr int kRows = 2;
  static_assert(MR % kRows == 0);
#pragma GCC unroll 8
  for (int r0 = 0; r0 < MR; r0 += kRows) {
#pragma GCC unroll 8
    for (int r = r0; r < r0 + kRows; ++r) run_step(std::true_type{}, 0, r);
    for (int k = 4; k < kc; k += 4) {
#pragma GCC unroll 8
      for (int r = r0; r < r0 + kRows; ++r) run_step(std::false_type{}, k, r);
    }
  }
  // (t_max <= t_bound as unsigned, with t_bound >= 0)
  const VI left = cmpgt(one, shift_min) | cmpgt(unit_bound, unit_min) | cmpgt(vi_set1(0), t_bound) |
                  and_not(cmpeq(vmax_unsigned(t_max, t_bound), t_bound), vi_set1(-1));
  if (any(left)) return false;
#pragma GCC unroll 8
  for (int r = 0; r < MR; ++r) {  // the f16 bits: field low + 41, fraction sig - 2^10, the sign
    const VI neg = srai<31>(sig[r]);
    const VI magnitude = srli<16>((sig[r] ^ neg) - neg);
    const VI low_field = t[r] + (vi_set1(row_frames[r] - (kFrame - 40)) + lane_frames);  // t' + L - kFrame + 40
    vi_store(tile + r * NR, (slli<10>(low_field) + magnitude) | (neg & vi_set1(0x8000)));
  }
  return true;
}
