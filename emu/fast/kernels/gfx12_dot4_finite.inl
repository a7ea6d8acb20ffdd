// The common case of the gfx1200 DOT4 chain with a binary32 or bf16 accumulator (docs/rdna4.md §3.1, §3.2):
// the accumulator kept decoded between steps, run on the panels of kernels/gfx12_dot4_chain.inl.
//
// Used while no factor of the block is NaN or infinite, every C is normal or zero and every step's
// result is normal and nonzero. Then the chain's step() reduces to "D = RNE24(S) * 2^g" (a binary32
// normal has 24 significant bits, so rounding S to 24 bits and scaling by 2^g is the binary32 RNE; a
// result whose 24-bit rounding is normal also rounds to that value at subnormal precision, as in
// kernels/rdna3_dot2.inl's micro_finite()), and the next step decodes exactly those bits again. So
// the accumulator stays decoded between steps:
//   sig = the signed 24-bit significand << 3 (|sig| in [2^26, 2^27), or 0 for a zero C),
//   t~  = low + 152, where low = lead(C) - 26 = field - 153 is the exponent of sig's unit (so t~ is
//         field - 1, in 0..253 exactly while the field is in 1..254), and t~ = 0 for a zero C
//         (low = max(-126, lead(0)) - 26 = -152 in step()).
// Per step: the exact sum S on the step grid g (kernels/gfx12_dot4_framed_sum.inl: C's term, the
// pairs, and the vanishing negative C) is rounded to 24 bits by the binary32 conversion of S
// (to_f32_bits: RNE under the guard's MXCSR; |S| < 2^29 converts with that one rounding, sign
// included), whose field fm gives the new t~ = fm + g - 153 + 152 = fm + g~ - 153 (g~ = g + 152)
// and whose fraction the new sig (cvttps2dq of the significand with its field set to 127 + 26: the
// integer +-1.f * 2^26, converted exactly).
//
// The block frame. A lane leaves the case when S = 0 (step() gives +0), when t~ leaves 0..253
// (flush to a subnormal, or overflow) or when a negative C vanishes (c_shift = g~ - t~ > 26,
// kernels/gfx12_dot4_framed_sum.inl). One unsigned maximum, checked once at the end, catches all
// three, in this frame: each row r and lane l of the block get L = RA_r + RB_l (the panels' block
// frames, F::a_frames / F::b_frames) with L >= 0 and L >= Emax - 26, where Emax is the largest
// product grid (+ 152) of the block at (r, l); the exponent planes F::kLocalExp hold the exponents
// minus those frames, so every grid and t' = t~ - L come out - L (shifts unchanged).
//  * t' >= 0 before a step means no vanishing: c_shift = max(Gmax - t~, 0) <= max(Emax - L, 0) <= 26.
//  * S = 0 gives fm = 0, so t~ = g~ - 153 < L, i.e. t' < 0. If g~ is a pair grid, g~ <= Emax <=
//    L + 26. Else g~ = t~ before the step: for a zero C (first step) t~ = 0 and t' < 0 again; for a
//    nonzero C its term has |sig| >= 2^26 (c_shift = 0), so some pair term has magnitude >= 2^25
//    on g while a pair is < 2^27 on its own grid G (two products < 2^26): G >= g - 2 and g~ <=
//    Emax + 2 <= L + 28.
//  * t' >= 0 gives t~ >= L >= 0 (no subnormal); t' <= 253 - L gives t~ <= 253 (no overflow).
// So the lanes stayed in the case when every t' after a step lies in 0..253 - L: one unsigned
// maximum (a negative t' is huge) against the smallest 253 - L of the lane's rows. The test is
// stricter than the rule needs in two corners, where the block is redone, correctly, by the
// step-by-step kernel: a result near overflow whose own row's bound would pass, and an accumulator
// whose lead falls below the block's largest product grid (t~ < L although the next products are
// small enough to keep it: an accumulator more than about 2^24 below the largest product of the
// block, e.g. a first step far smaller than the rest of the row). Returns false, with the tile
// untouched, if any lane left the case (or a C is subnormal, infinite or NaN, or a factor
// special); the chain's step-by-step micro-kernel then redoes the block.
//
// Cost (docs/performance.md): the loop is bound by the vector pipes, so every operation counts (the
// step sum's economies are in kernels/gfx12_dot4_framed_sum.inl; the block frame saves two
// trackers and their registers); rows run two at a time (below).

template <class F>
bool gfx12_dot4_finite(int kc, const std::int32_t* a, const std::int32_t* b, std::int32_t* tile) {
  constexpr int MR = F::MR, NR = F::NR;
  static_assert(NR == kLanes, "one vector of columns per row");
  if ((a[F::a_summary(kc)] | b[F::b_summary(kc)]) != 0) return false;
  // A bf16 accumulator (docs/rdna4.md §3.1: the binary32 result truncated to its top 16 bits) as the
  // binary32 it widens to, exactly, and back; each step's result truncated (its field, and so the
  // range checks, unchanged).
  // (F::kOutput spelled out in the lambdas: clang does not let them use a local constexpr uncaptured)
  const auto widen = [](VI x) { return F::kOutput == Gfx12Output::bf16 ? slli<16>(x) : x; };
  const auto narrow = [](VI x) { return F::kOutput == Gfx12Output::bf16 ? srli<16>(x) : x; };
  const VI kept = vi_set1(F::kOutput == Gfx12Output::bf16 ? static_cast<std::int32_t>(0xFFFF0000U) : -1);
  // The block frame of each row (lanes: its columns) and the largest t' every row of a lane allows.
  const VI lane_frames = vi_load(b + F::b_frames(kc));
  const std::int32_t* row_frames = a + F::a_frames(kc);
  VI t_bound = vi_set1(INT32_MAX);
  VI special = vi_set1(0);
  VI sig[MR], t[MR];
#pragma GCC unroll 8
  for (int r = 0; r < MR; ++r) {
    const VI frame = vi_set1(row_frames[r]) + lane_frames;
    t_bound = vmin(t_bound, vi_set1(253) - frame);
    const VI c = widen(vi_load(tile + r * NR));
    const VI field = srli<23>(c) & vi_set1(0xFF);
    const VI zero = cmpeq(c & vi_set1(0x7FFFFFFF), vi_set1(0));
    special = special | and_not(zero, cmpeq(field, vi_set1(0))) | cmpeq(field, vi_set1(0xFF));
    const VI magnitude = and_not(zero, slli<3>((c & vi_set1(0x7FFFFF)) | vi_set1(0x800000)));
    const VI neg = srai<31>(c);
    sig[r] = (magnitude ^ neg) - neg;
    t[r] = and_not(zero, field - vi_set1(1)) - frame;
  }
  if (any(special)) return false;
  // The largest t' of every step's result, as unsigned (checked once at the end).
  VI t_max = vi_set1(0);
  // One step of row r over k..k+3 (kernels/gfx12_dot4_framed_sum.inl: the sum, and why the first
  // step differs).
  const auto run_step = [&](auto first, int k, int r) {
    VI g;  // (C's shift g - t <= 26 by the block frame, above)
    const VI s = gfx12_framed_step_sum<F, decltype(first)::value>(a, b, kc, k, r, sig[r], t[r], g);
    const VI mf = to_f32_bits(s) & kept;  // RNE24(S), sign included (bf16: truncated to the top 16 bits)
    const VI fm = srli<23>(mf) & vi_set1(0xFF);  // one shift: the shift pipes are the busiest
    t[r] = fm + (g - vi_set1(153));
    t_max = vmax_unsigned(t_max, t[r]);
    sig[r] = f32_bits_to_i32((mf & vi_set1(static_cast<std::int32_t>(0x807FFFFFU))) | vi_set1(153 << 23));
  };
  // Rows in groups of kRows (each row is one dependency chain of steps).
  // Measured on Zen 3 (docs/performance.md, 1024^3 f16, best of four): 2 rows 203-217 ms, 4 rows 218
  // (state and constants no longer fit the 16 registers: spills), 3 of 6 rows 219; one row over two
  // vectors of columns (sharing A's broadcasts) 170 against 161 (spills again). With two rows the
  // four vector pipes are the bound (llvm-mca), so it is the instruction count that matters.
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
  // t_max <= t_bound as unsigned, with t_bound >= 0
  const VI left = cmpgt(vi_set1(0), t_bound) | and_not(cmpeq(vmax_unsigned(t_max, t_bound), t_bound), vi_set1(-1));
  if (any(left)) return false;
#pragma GCC unroll 8
  for (int r = 0; r < MR; ++r) {
    const VI neg = srai<31>(sig[r]);
    const VI magnitude = (sig[r] ^ neg) - neg;
    const VI field = t[r] + (vi_set1(row_frames[r] + 1) + lane_frames);  // t~ + 1
    vi_store(tile + r * NR, narrow((neg & vi_set1(INT32_MIN)) | slli<23>(field) | (srli<3>(magnitude) & vi_set1(0x7FFFFF))));
  }
  return true;
}
