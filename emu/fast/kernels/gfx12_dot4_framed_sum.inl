// One gfx1200 DOT4 step's exact sum S on its step grid g (docs/rdna4.md §3.1), in the frame of the
// decoded common cases (kernels/gfx12_dot4_finite.inl for binary32 and bf16 outputs,
// kernels/gfx12_dot4_finite_f16.inl for f16), which share it.
//
// The accumulator state: sig = C's signed significand scaled so that |sig| is in [2^26, 2^27) (0
// for a zero C), t = low + 152 - L where low = max(FLOOR, lead(C)) - 26 is the exponent of sig's
// unit and L the block frame of the row and lane (kernels/gfx12_dot4_finite.inl): the exponent
// planes F::kLocalExp of A and B add up to a product's grid + 152 - L, so the pair grids, g and t
// all carry the same frame and the shifts, differences, do not see it. C on g is sig >> (g - t)
// (floor); a negative C with no bit left on g adds 0, which a nonzero sig shows only at
// g - t >= 27. On the first step (`First`) a C may be zero and that vanishing term is masked, as
// the chain's step() does; after it every sig is nonzero and normal, and both callers prove
// g - t <= 26 by the block frame (t - L >= 0 after every step, checked at the end). For the f16
// output the rule's exception (the floor -1 when g <= -14) cannot apply: a normal C vanishes only
// at g >= lead(C) + 1 > -14.
// Cost (docs/performance.md): one broadcast of A's significand pair serves two products (F::kSig:
// A's pair k, k+1 in the two 16-bit halves, B's significand in the half of its k's parity, so
// madd16 multiplies the matching halves and the other product is 0); B's factors are memory
// operands straight from the panel (L1), so no registers are held across rows.

template <class F, bool First>
[[gnu::always_inline]] inline VI gfx12_framed_step_sum(const std::int32_t* a, const std::int32_t* b, int kc, int k,
                                                       int r, VI sig, VI t, VI& g) {
  constexpr int MR = F::MR, NR = F::NR;
  const auto a_at = [&](int q, int kk) { return a[(static_cast<std::ptrdiff_t>(q) * kc + kk) * MR + r]; };
  const auto b_ptr = [&](int q, int kk) { return b + (static_cast<std::ptrdiff_t>(q) * kc + kk) * NR; };
  const VI a_pair[2] = {vi_set1(a_at(F::kSig, k)), vi_set1(a_at(F::kSig, k + 2))};
  const VI a_exp[4] = {vi_set1(a_at(F::kLocalExp, k)), vi_set1(a_at(F::kLocalExp, k + 1)),
                       vi_set1(a_at(F::kLocalExp, k + 2)), vi_set1(a_at(F::kLocalExp, k + 3))};
  VI pair_sum[2], pair_grid[2];
#pragma GCC unroll 2
  for (int q = 0; q < 2; ++q) {
    const int k0 = k + 2 * q;
    const VI p0 = madd16(a_pair[q], vi_load(b_ptr(F::kSig, k0)));
    const VI p1 = madd16(a_pair[q], vi_load(b_ptr(F::kSig, k0 + 1)));
    const VI e0 = a_exp[2 * q] + vi_load(b_ptr(F::kLocalExp, k0));
    const VI e1 = a_exp[2 * q + 1] + vi_load(b_ptr(F::kLocalExp, k0 + 1));
    pair_grid[q] = vmax(e0, e1);
    pair_sum[q] = srav(p0, pair_grid[q] - e0) + srav(p1, pair_grid[q] - e1);
  }
  g = vmax(vmax(pair_grid[0], pair_grid[1]), t);
  const VI c_shift = g - t;
  VI c_term = srav(sig, c_shift);
  if constexpr (First) c_term = and_not(cmpgt(c_shift, vi_set1(26)), c_term);
  return c_term + srav(pair_sum[0], g - pair_grid[0]) + srav(pair_sum[1], g - pair_grid[1]);
}
