// The common case of the gfx1200 DOT4 chain with a binary32 or bf16 accumulator (docs/rdna4.md §3.1, §3.2):
// the accumulator kept decoded between steps, run on the panels of kernels/gfx12_dot4_chain.inl.
//
// Used while no factor of the block is NaN or infinite, every C is normal or zero and every step's result
// is normal and nonzero: each step is then "D = RNE24(S) * 2^g", so the accumulator is kept decoded
// (significand << 3 and a biased exponent t~) and one unsigned maximum per block, against the block
// frame's bound, tells whether every lane stayed in the case (the derivation: docs/fast-kernels.md §1).
// Returns false, with the tile untouched, if any lane left the case (or a C is subnormal, infinite or
// NaN, or a factor special); the chain's step-by-step micro-kernel then redoes the block. Rows run two
// at a time (docs/fast-kernels.md §2).

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
    const VI mf = to_f32_bits(s) & kept;         // RNE24(S), sign included (bf16: truncated to the top 16 bits)
    const VI fm = srli<23>(mf) & vi_set1(0xFF);  // one shift: the shift pipes are the busiest
    t[r] = fm + (g - vi_set1(153));
    t_max = vmax_unsigned(t_max, t[r]);
    sig[r] = f32_bits_to_i32((mf & vi_set1(static_cast<std::int32_t>(0x807FFFFFU))) | vi_set1(153 << 23));
  };
  // Rows in groups of kRows, each row one dependency chain of steps (the measured choice: docs/fast-kernels.md §2).
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
    vi_store(tile + r * NR,
             narrow((neg & vi_set1(INT32_MIN)) | slli<23>(field) | (srli<3>(magnitude) & vi_set1(0x7FFFFF))));
  }
  return true;
}
