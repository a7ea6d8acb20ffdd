// RDNA3 float WMMA (docs/spec/numerics.md §B.4, §B.5): eight chained DOT2 steps per instruction, each step
// three terms (C and two exact products) truncated onto one integer grid, opposite signs in one's
// complement, one RNE rounding. Here the grid lives in 32-bit integer lanes: |S| < 2^29 always
// (docs/spec/numerics.md §B.4), so every quantity below fits, and every operation is exact integer
// arithmetic except the int -> binary32 conversion, which rounds to nearest even exactly as
// ROUND_F32 does (MXCSR.RC = RNE, set by the guard; |S| < 2^31 is exact as an int32).
//
// Derivation of the lane formulas from §B.4 (f = fraction bits, 10 for f16, 7 for bf16):
//  * Factor x: sig (subnormal f16 keeps its fraction, bf16 subnormal reads 0), aexp = max(E,1)-bias.
//    Packed: sig << pre (A: f16 4, bf16 5; B: f16 0, bf16 5, so a product carries 2^(24-2f)) and
//    e = aexp - 12 (so a product's e0 = aexp_a + aexp_b - 24 is its Gp term), or kZeroExp when
//    sig is 0 so that zero products never define the grid.
//  * lead(p) - 26 < aexp_a + aexp_b - 24 for every nonzero product (a product of two (f+1)-bit
//    significands has at most 2f+2 bits), so G = max(Gp0, Gp1, lead(C) - 26) with lead(C) - 26 =
//    Ec - 153 for a normal binary32 C (Ec its exponent field); a C with Ec = 0 reads as zero.
//  * Product term floor(P * 2^(aexp_a + aexp_b - 2f - G)) = (P << (24 - 2f)) >> (G - e0): a
//    logical right shift by a count >= 0 (G >= e0); counts of 32 or more give 0, like the
//    reference's truncation of a term below the grid.
//  * C term floor(sig24 * 2^(Ec - 150 - G)) = (sig24 << 8) >> (G + 158 - Ec), a count >= 5.
//  * One's complement: an opposite-sign term contributes -m-1 = ~m = m ^ (-1): XOR with the mask
//    (neg_a ^ neg_b ^ neg_C), which also makes a +-0 product of opposite sign cost one unit.
//  * ROUND_F32: M = |S| converted to binary32 (RNE to 24 bits); the exponent field then moves by
//    G; a field below 1 is the flush to +0 (sign not kept), above 254 the overflow to inf. S = 0
//    and all-zero terms give +0 (all-zero terms leave G at the far-negative sentinels, so the
//    field is below 1).
//  * ROUND_F16 (f16 accumulator): RNE of M * 2^G onto the f16 grid, LSB max(lead - 10, -24)
//    (gradual underflow), with C's lead floored at -14 (§B.4 "for OUT = F16 only").
//  * ROUND_BF16: ROUND_F32, then the top 16 bits.
// Special values (a NaN or infinite factor, a NaN or infinite accumulator) leave the vector path:
// those lanes are recomputed with the reference step rdna3_dot2() (the rare case).

template <bool Bf16, int AccBits>  // AccBits: 32 (f32 D), 16 (f16 D, or bf16 D when Bf16)
struct Rdna3Dot2Family {
  using Acc = std::int32_t;  // accumulator bits, 16-bit ones in the low half
  static constexpr int MR = 4;
  static constexpr int NR = kLanes;
  // Planes per k: sig, e, neg, raw; the special flag per k-pair; then the two planes of the
  // binary32/bf16 common case (micro_finite()): the signed word and A's framed exponent.
  static constexpr int kPlanes = 7;
  static constexpr int kWord = 5, kFramedExp = 6;
  static constexpr std::int32_t kFrame = 151;  // added to A's exponent in plane kFramedExp (B's holds its e)
  static constexpr int kWordPreA = Bf16 ? 6 : 3, kWordPreB = Bf16 ? 5 : 2;  // put_decoded()
  static_assert(((Bf16 ? 0xFF : 0x7FF) << kWordPreA) < (1 << 14) && ((Bf16 ? 0xFF : 0x7FF) << kWordPreB) < (1 << 14),
                "a word's low half must hold its signed significand");
  static constexpr std::int32_t kZeroExp = -(1 << 22);
  static constexpr std::int32_t kFar = -(1 << 24);

  static int kc(const GemmProblem&) { return 128; }  // a multiple of K = 16
  // Each panel ends with one more value: nonzero when any factor is special (store_flag_summary).
  static std::size_t a_panel_bytes(int kc) { return 4 * (kPlanes * MR * static_cast<std::size_t>(kc) + 1); }
  static std::size_t b_panel_bytes(int kc) { return 4 * (kPlanes * NR * static_cast<std::size_t>(kc) + 1); }
  static void summarize(std::int32_t* panel_values, int width, int kc) {
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(width) * kc;
    store_flag_summary(panel_values, 4 * n, n / 2, kPlanes * n);  // the flag plane holds one flag per k-pair
  }

  struct Decoded {
    std::int32_t sig, e, neg, special, raw_sig;
  };
  static Decoded decode(std::uint16_t x, int pre) {
    const int f = Bf16 ? 7 : 10, bias = Bf16 ? 127 : 15;
    const int e = (x >> f) & (Bf16 ? 0xFF : 0x1F);
    const int frac = x & ((1 << f) - 1);
    Decoded d{0, kZeroExp, (x & 0x8000) != 0 ? -1 : 0, 0, 0};
    if (e == (Bf16 ? 0xFF : 0x1F)) {
      d.special = -1;
      return d;
    }
    const int sig = e != 0 ? (frac | (1 << f)) : (Bf16 ? 0 : frac);  // bf16 subnormals read as 0
    if (sig != 0) {
      d.raw_sig = sig;
      d.sig = sig << pre;
      d.e = (e > 1 ? e : 1) - bias - 12;
    }
    return d;
  }

  // Panel layout: plane q, k, lane -> [(q * kc + k) * width + lane]; the flag plane is per k-pair
  // (k must be packed in increasing order for each lane).
  // The word (micro_finite()): the significand << word_pre, negated for a negative factor, in the
  // low 16 bits and the sign as +1 or -1 in the high 16 bits, so that madd16 of A's word and B's
  // gives s * (2P + 1) for the product P = A's sig * B's sig of planes 0 and 1 and its sign s
  // (word_pre: A 3 and B 2 for f16, A 6 and B 5 for bf16, one more in all than the sig planes' pre;
  // every low half stays below 2^14 in magnitude).
  static void put_decoded(std::int32_t* out, int width, int kc, int k, int lane, std::uint16_t x, int pre, int word_pre,
                          std::int32_t frame) {
    const auto at = [&](int q, int kk) -> std::int32_t& {
      return out[(static_cast<std::ptrdiff_t>(q) * kc + kk) * width + lane];
    };
    const Decoded d = decode(x, pre);
    at(0, k) = d.sig;
    at(1, k) = d.e;
    at(2, k) = d.neg;
    at(3, k) = x;
    if (k % 2 == 0)
      at(4, k / 2) = d.special;
    else
      at(4, k / 2) |= d.special;
    const std::uint32_t low =
        static_cast<std::uint32_t>((d.raw_sig << word_pre) ^ d.neg) - static_cast<std::uint32_t>(d.neg);
    at(kWord, k) = static_cast<std::int32_t>(((d.neg != 0 ? 0xFFFFU : 0x0001U) << 16) | (low & 0xFFFFU));
    at(kFramedExp, k) = d.e + frame;
  }
  static void pack_a(const GemmProblem& p, int i0, int rows, int k0, int kc, void* dst, std::size_t panel_stride) {
    for_each_a_element(rows, kc, MR, [&](int r, int k, bool inside) {
      const std::uint16_t x = inside ? element<std::uint16_t>(p.a, i0 + r, k0 + k) : 0;
      put_decoded(static_cast<std::int32_t*>(panel<std::int32_t>(dst, panel_stride, r / MR)), MR, kc, k, r % MR, x,
                  Bf16 ? 5 : 4, kWordPreA, kFrame);
    });
    for (int q = 0; q < (rows + MR - 1) / MR; ++q) summarize(panel<std::int32_t>(dst, panel_stride, q), MR, kc);
  }
  static void pack_b(const GemmProblem& p, int k0, int kc, int j0, int cols, void* dst) {
    for (int c = 0; c < NR; ++c)
      for (int k = 0; k < kc; ++k)
        put_decoded(static_cast<std::int32_t*>(dst), NR, kc, k, c,
                    c < cols ? element<std::uint16_t>(p.b, k0 + k, j0 + c) : 0, Bf16 ? 5 : 0, kWordPreB, 0);
    summarize(static_cast<std::int32_t*>(dst), NR, kc);
  }
  static std::int32_t load_c(const GemmProblem& p, int i, int j) {
    if (AccBits == 32) return static_cast<std::int32_t>(element<std::uint32_t>(p.c, i, j));
    return element<std::uint16_t>(p.c, i, j);
  }
  static void store_d(const GemmProblem& p, int i, int j, std::int32_t v) {
    if (AccBits == 32)
      put<std::uint32_t>(p, i, j, static_cast<std::uint32_t>(v));
    else
      put<std::uint16_t>(p, i, j, static_cast<std::uint16_t>(v));
  }

  struct Factor {
    VI sig, e, neg;
  };

  // The three terms on the grid, summed: S and G (docs/spec/numerics.md §B.4 finite path).
  struct GridSum {
    VI s, g;
  };
  static GridSum grid_sum(const Factor& a0, const Factor& a1, const Factor& b0, const Factor& b1, VI c_sig_shifted,
                          VI c_lead, VI c_shift_base, VI c_neg) {
    const VI p0 = madd16(a0.sig, b0.sig), p1 = madd16(a1.sig, b1.sig);  // exact, < 2^27
    const VI e0 = a0.e + b0.e, e1 = a1.e + b1.e;
    const VI g = vmax(vmax(e0, e1), c_lead);
    const VI m_c = srlv(c_sig_shifted, g + c_shift_base);
    const VI t0 = srlv(p0, g - e0) ^ (a0.neg ^ b0.neg ^ c_neg);
    const VI t1 = srlv(p1, g - e1) ^ (a1.neg ^ b1.neg ^ c_neg);
    return {m_c + t0 + t1, g};
  }

  // One step on a binary32 accumulator (also the BF16 one, widened by << 16). `special` gets the
  // lanes whose accumulator is NaN or infinite.
  static VI step_f32(VI c, const Factor& a0, const Factor& a1, const Factor& b0, const Factor& b1, VI& special) {
    const VI ec = srli<23>(c) & vi_set1(0xFF);
    special = cmpeq(ec, vi_set1(0xFF));
    const VI c_zero = cmpeq(ec, vi_set1(0));  // zero or subnormal C reads as zero (its sign still frames)
    const VI c_lead = (ec - vi_set1(153)) + (c_zero & vi_set1(kFar));
    const VI c_sig = and_not(c_zero, slli<8>(c) | vi_set1(INT32_MIN));
    const GridSum t = grid_sum(a0, a1, b0, b1, c_sig, c_lead, vi_set1(158) - ec, srai<31>(c));
    // ROUND_F32
    const VI mf = to_f32_bits(vabs(t.s));
    const VI field = srli<23>(mf) + t.g;
    const VI sign = (c ^ t.s) & vi_set1(INT32_MIN);
    const VI flush = cmpgt(vi_set1(1), field) | cmpeq(mf, vi_set1(0));
    const VI rounded = select(cmpgt(field, vi_set1(254)), vi_set1(0x7F800000), mf + slli<23>(t.g)) | sign;
    return and_not(flush, rounded);
  }

  // One step on an f16 accumulator (bits in the low half of each lane).
  static VI step_f16(VI h, const Factor& a0, const Factor& a1, const Factor& b0, const Factor& b1, VI& special) {
    const VI eh = srli<10>(h) & vi_set1(0x1F);
    special = cmpeq(eh, vi_set1(0x1F));
    const VI eh1 = vmax(eh, vi_set1(1));
    const VI sig = (h & vi_set1(0x3FF)) | and_not(cmpeq(eh, vi_set1(0)), vi_set1(0x400));
    // value = sig * 2^(eh1 - 25); lead floored at -14: max(-14, lead) - 26 = eh1 - 41.
    const VI h32 = slli<16>(h);
    const GridSum t = grid_sum(a0, a1, b0, b1, slli<16>(sig), eh1 - vi_set1(41), vi_set1(41) - eh1, srai<31>(h32));
    // ROUND_F16: q = RNE(M / 2^shift) onto the LSB exponent G + shift = max(lead - 10, -24).
    const VI m = vabs(t.s);
    const VI lead = srli<23>(to_f32_bits(m)) - vi_set1(127);  // bit length - 1 (one more after a
    // rounding carry at >= 2^24, which lands on the same f16 value: the next power of two)
    const VI shift = vmax(lead - vi_set1(10), vi_set1(-24) - t.g);
    const VI right = vmax(shift, vi_set1(1));
    const VI one = vi_set1(1);
    const VI q_right = srlv(m + (sllv(one, right - one) - one) + (srlv(m, right) & one), right);
    const VI q = select(cmpgt(shift, vi_set1(0)), q_right, sllv(m, vi_set1(0) - shift));
    const VI bits = slli<10>(t.g + shift + vi_set1(24)) + q;  // normal: biased exponent; subnormal: q
    const VI sign = srli<16>((h32 ^ t.s) & vi_set1(INT32_MIN));
    const VI out = select(cmpgt(bits, vi_set1(0x7BFF)), vi_set1(0x7C00), bits) | sign;
    return and_not(cmpeq(q, vi_set1(0)), out);  // an underflow to zero is +0
  }

  static VI step(VI acc, const Factor& a0, const Factor& a1, const Factor& b0, const Factor& b1, VI& special) {
    if constexpr (AccBits == 32)
      return step_f32(acc, a0, a1, b0, b1, special);
    else if constexpr (Bf16)
      return srli<16>(step_f32(slli<16>(acc), a0, a1, b0, b1, special));
    else
      return step_f16(acc, a0, a1, b0, b1, special);
  }

  // The reference step for one lane (special values), through the portable hook.
  static std::int32_t reference_step(std::int32_t acc, std::uint16_t a0, std::uint16_t b0, std::uint16_t a1,
                                     std::uint16_t b1) {
    return static_cast<std::int32_t>(
        rdna3_reference_step(Bf16, AccBits, static_cast<std::uint32_t>(acc), a0, b0, a1, b1));
  }

  static void micro(const GemmProblem& p, int k0, int kc, const void* a_panel, const void* b_panel, std::int32_t* tile,
                    int i0, int j0) {
    const auto* a = static_cast<const std::int32_t*>(a_panel);
    const auto* b = static_cast<const std::int32_t*>(b_panel);
    if ((a[kPlanes * static_cast<std::ptrdiff_t>(kc) * MR] | b[kPlanes * static_cast<std::ptrdiff_t>(kc) * NR]) == 0) {
      if constexpr (AccBits == 16 && !Bf16) {
        if (micro_finite_f16(kc, a, b, tile)) return;
      } else {
        if (micro_finite(kc, a, b, tile)) return;
      }
    }
    micro_careful(p, k0, kc, a_panel, b_panel, tile, i0, j0);
  }

  // The packed panels of one block, read by the micro-kernels: plane q, k, row r of A (broadcast
  // by the caller) and plane q, k of B (kLanes columns); the layout of put_decoded().
  struct Panels {
    const std::int32_t* a;
    const std::int32_t* b;
    int kc;
    std::int32_t a_at(int q, int k, int r) const { return a[(static_cast<std::ptrdiff_t>(q) * kc + k) * MR + r]; }
    const std::int32_t* b_ptr(int q, int k) const { return b + (static_cast<std::ptrdiff_t>(q) * kc + k) * NR; }
  };

  // The loop of the f16 accumulator's common case (micro_finite_f16()): for each pair of k, B's
  // factors once and each row's A factors (broadcast), handed to row_step(r, a0, a1, b0, b1), one
  // DOT2 step of row r. All MR rows run together, each one dependency chain of steps (docs/fast-kernels.md §2).
  template <class RowStep>
  [[gnu::always_inline]] static void for_each_step(int kc, const std::int32_t* a, const std::int32_t* b,
                                                   RowStep&& row_step) {
    const Panels panels{a, b, kc};
    for (int kp = 0; kp < kc / 2; ++kp) {
      const int k = 2 * kp;
      const Factor b0{vi_load(panels.b_ptr(0, k)), vi_load(panels.b_ptr(1, k)), vi_load(panels.b_ptr(2, k))};
      const Factor b1{vi_load(panels.b_ptr(0, k + 1)), vi_load(panels.b_ptr(1, k + 1)),
                      vi_load(panels.b_ptr(2, k + 1))};
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r) {
        const Factor a0{vi_set1(panels.a_at(0, k, r)), vi_set1(panels.a_at(1, k, r)), vi_set1(panels.a_at(2, k, r))};
        const Factor a1{vi_set1(panels.a_at(0, k + 1, r)), vi_set1(panels.a_at(1, k + 1, r)),
                        vi_set1(panels.a_at(2, k + 1, r))};
        row_step(r, a0, a1, b0, b1);
      }
    }
  }

  // The common case of a binary32 or bf16 accumulator, cheaper (docs/performance.md): no special
  // factor in the panels (checked by micro()), a finite C, and every step's result normal and
  // nonzero. Then step_f32 reduces to "binary32 bits = mf + (G << 23) | sign" and the next step
  // decodes exactly those bits again, so the accumulator stays decoded between steps. A bf16
  // accumulator is the same chain with ROUND_BF16's truncation to the top 16 bits of the binary32
  // result (step()): mf with its low 16 bits cleared, the field and so the range checks unchanged.
  //
  // The step of grid_sum() and step_f32, rewritten with fewer operations (each one derived here):
  //  * Signs without masks. A term m floored on the grid with the opposite sign costs ~m; ~ commutes
  //    with the arithmetic right shift, and for P >= 0, d >= 0: (2P + 1) >> (d + 1) = P >> d and
  //    -(2P + 1) >> (d + 1) = ~(P >> d) (floor((P + 1/2) / 2^d): P + 1/2 is never a multiple of 2^d),
  //    counts of 32 or more giving 0 or -1 = ~0 like the reference's truncation to 0. madd16 of the
  //    words (plane kWord) is s * (2P + 1), s the product's sign, zero products included (a signed
  //    zero costs one unit when opposite, as in grid_sum). So srav(word product, d + 1) is the
  //    product's term taken with its own sign (one's complement when negative), and C's term the
  //    same way is srav(csig, count) with csig = C's significand, complemented when C < 0.
  //  * Signs relative to C. grid_sum complements the terms whose sign differs from C's; S_abs,
  //    the sum of the terms above, complements the negative ones instead. Each of the three terms
  //    is complemented in exactly one of the two when C < 0 (~m + m = -1), so then S = -S_abs - 3;
  //    step_f32's result, sign(C) ^ sign(S) with magnitude |S|, is then the signed value
  //    R = S_abs + 3 (and R = S_abs = S when C >= 0). That 3 is csig >> 30 (logical: |csig| <= 2^27,
  //    so the top two bits are 11 when C < 0 and 00 otherwise), and binary32 conversion of R
  //    (to_f32_bits) rounds |R| and keeps its sign: mf, the rounded result before the grid.
  //  * One frame. Plane kFramedExp holds A's e + 151, so a product's framed exponent sum is
  //    E = e0 + 151, and the accumulator's lead(C) - 26 = field - 153, framed field - 2, is kept as
  //    lead = field - 1 (0..253 exactly while the field is 1..254: one unsigned maximum checks both
  //    ends), or kFar for a zero C. Then g1 = max(E0 + 1, E1 + 1, lead) = G + 152 (step_f32's G),
  //    a product's count is g1 - E0 = d + 1, and C's count, g + 158 - field for the significand
  //    << 8 in step_f32, is g1 - lead = G + 153 - field (>= 0) for the significand << 3 (csig: the
  //    five bits dropped were always shifted out). The +1 sits on the products' side, off the
  //    chain from one step's lead to the next.
  //  * The next state: lead = field - 1 = fm + G - 1 = fm + (g1 - 153) with fm = mf's field; csig
  //    from mf's fraction and sign.
  // R = 0 (fm = 0) and a field outside 1..254 are tracked by their extremes and checked once at the
  // end. Returns false, with the tile untouched, if any lane left that case (or a C is NaN or
  // infinite); micro_careful() then redoes the whole block step by step.
  static bool micro_finite(int kc, const std::int32_t* a, const std::int32_t* b, std::int32_t* tile) {
    // a bf16 accumulator as the binary32 it widens to (its bits in the high half), and back
    const auto widen = [](VI x) { return AccBits == 32 ? x : slli<16>(x); };
    const auto narrow = [](VI x) { return AccBits == 32 ? x : srli<16>(x); };
    const VI kept = vi_set1(AccBits == 32 ? -1 : static_cast<std::int32_t>(0xFFFF0000U));
    // C's significand << 3 (with its leading bit), complemented when C < 0
    const auto signed_significand = [](VI c) { return srli<5>(slli<8>(c) | vi_set1(INT32_MIN)) ^ srai<31>(c); };
    VI lead[MR], csig[MR];
    VI finite = vi_set1(-1);  // lanes whose C is finite
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) {
      const VI c = widen(vi_load(tile + r * NR));
      const VI field = srli<23>(c) & vi_set1(0xFF);
      finite = and_not(cmpeq(field, vi_set1(0xFF)), finite);
      const VI c_zero = cmpeq(field, vi_set1(0));  // zero or subnormal C reads as zero (its sign still frames)
      lead[r] = select(c_zero, vi_set1(kFar), field - vi_set1(1));
      csig[r] = and_not(c_zero, signed_significand(c)) | (c_zero & srai<31>(c));
    }
    VI fm_min = vi_set1(1), lead_max = vi_set1(0);  // lead_max: as unsigned
    const Panels panels{a, b, kc};
    const auto run_step = [&](int k, int r) {
      const VI p0 = madd16(vi_set1(panels.a_at(kWord, k, r)), vi_load(panels.b_ptr(kWord, k)));
      const VI p1 = madd16(vi_set1(panels.a_at(kWord, k + 1, r)), vi_load(panels.b_ptr(kWord, k + 1)));
      const VI e0 = vi_set1(panels.a_at(kFramedExp, k, r)) + vi_load(panels.b_ptr(1, k));
      const VI e1 = vi_set1(panels.a_at(kFramedExp, k + 1, r)) + vi_load(panels.b_ptr(1, k + 1));
      const VI g1 = vmax(vmax(e0, e1) + vi_set1(1), lead[r]);
      const VI products = srav(p0, g1 - e0) + srav(p1, g1 - e1);
      const VI r_value = products + (srli<30>(csig[r]) + srav(csig[r], g1 - lead[r]));
      const VI mf = to_f32_bits(r_value) & kept;  // ROUND_F32 as in step_f32 (ROUND_BF16: truncated)
      const VI fm = srli<23>(mf) & vi_set1(0xFF);
      fm_min = vmin(fm_min, fm);
      lead[r] = fm + (g1 - vi_set1(153));
      lead_max = vmax_unsigned(lead_max, lead[r]);
      csig[r] = signed_significand(mf);
    };
    // All MR rows together: each row is one dependency chain of steps, and two rows at a time leave
    // the pipes idle (docs/performance.md).
    for (int k = 0; k < kc; k += 2) {
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r) run_step(k, r);
    }
    const VI left = cmpgt(vi_set1(1), fm_min) | cmpgt(vi_set1(0), lead_max) | cmpgt(lead_max, vi_set1(253));
    if (lane_bits(and_not(left, finite)) != (1U << kLanes) - 1) return false;
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) {
      const VI neg = srai<31>(csig[r]);
      vi_store(tile + r * NR, narrow((neg & vi_set1(INT32_MIN)) | slli<23>(lead[r] + vi_set1(1)) |
                                     (srli<3>(csig[r] ^ neg) & vi_set1(0x7FFFFF))));
    }
    return true;
  }

  // The common case of an f16 accumulator (docs/performance.md), the same idea as micro_finite():
  // while every step's result is a normal f16 and C is finite, the accumulator stays decoded as
  // (c_lead = lead(C) - 26, C's significand << 16, sign mask) instead of step_f16's f16 bits.
  // From step_f16 with a normal result: M = |S|, shift = lead(M) - 10 >= 1 (M has at least 12
  // bits, else ROUND_F16 would shift left: the lanes leave), the LSB exponent U = G + shift is not
  // clamped (U >= -24: the result is normal or the smallest normal), and q = RNE(M / 2^shift) is
  // in [2^10, 2^11] (2^11 after a rounding carry). The value is q * 2^U, which step_f16 encodes as
  // (U + 24) << 10 plus q and decodes to sig = q, eh1 = U + 25 (after a carry: sig = q / 2, eh1 one
  // more), so c_lead = eh1 - 41 = U - 16 and the next C term is (sig << 16) >> (G' - c_lead). The
  // result overflows exactly when its lead (c_lead + 26) exceeds 15. The rounding is step_f16's:
  // q = (M + 2^(shift-1) - 1 + bit shift of M) >> shift. The zero result (M = 0) has shift < 1.
  static bool micro_finite_f16(int kc, const std::int32_t* a, const std::int32_t* b, std::int32_t* tile) {
    VI c_lead[MR], c_sig[MR], neg[MR];
    VI finite = vi_set1(-1);  // lanes whose C is finite
    // Tracked extremes, checked once at the end: the smallest shift (>= 1), the smallest U
    // (>= -24) and the largest c_lead (<= -11).
    VI shift_min = vi_set1(1), unit_min = vi_set1(-24), c_lead_max = vi_set1(-11);
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) {  // step_f16's decode of C
      const VI h = vi_load(tile + r * NR);
      const VI eh = srli<10>(h) & vi_set1(0x1F);
      finite = and_not(cmpeq(eh, vi_set1(0x1F)), finite);
      c_lead[r] = vmax(eh, vi_set1(1)) - vi_set1(41);
      c_sig[r] = slli<16>((h & vi_set1(0x3FF)) | and_not(cmpeq(eh, vi_set1(0)), vi_set1(0x400)));
      neg[r] = srai<31>(slli<16>(h));
    }
    for_each_step(kc, a, b, [&](int r, const Factor& a0, const Factor& a1, const Factor& b0, const Factor& b1) {
      const GridSum t = grid_sum(a0, a1, b0, b1, c_sig[r], c_lead[r], vi_set1(0) - c_lead[r], neg[r]);
      const VI m = vabs(t.s);
      const VI shift = srli<23>(to_f32_bits(m)) - vi_set1(127 + 10);  // lead(M) - 10 (see step_f16)
      const VI unit = t.g + shift;
      shift_min = vmin(shift_min, shift);
      unit_min = vmin(unit_min, unit);
      const VI one = vi_set1(1);
      const VI q = srlv(m + (sllv(one, shift - one) - one) + (srlv(m, shift) & one), shift);
      const VI carry = srli<11>(q);
      c_lead[r] = unit - vi_set1(16) + carry;
      c_lead_max = vmax(c_lead_max, c_lead[r]);
      c_sig[r] = slli<16>(srlv(q, carry));
      neg[r] = neg[r] ^ srai<31>(t.s);
    });
    const VI left = cmpgt(vi_set1(1), shift_min) | cmpgt(vi_set1(-24), unit_min) | cmpgt(c_lead_max, vi_set1(-11));
    if (lane_bits(and_not(left, finite)) != (1U << kLanes) - 1) return false;
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r)  // step_f16's encoding: field eh1 = c_lead + 41, fraction sig - 2^10
      vi_store(tile + r * NR, (slli<10>(c_lead[r] + vi_set1(40)) + srli<16>(c_sig[r])) | (neg[r] & vi_set1(0x8000)));
    return true;
  }

  static void micro_careful(const GemmProblem&, int, int kc, const void* a_panel, const void* b_panel,
                            std::int32_t* tile, int, int) {
    const std::int32_t* a = static_cast<const std::int32_t*>(a_panel);
    const std::int32_t* b = static_cast<const std::int32_t*>(b_panel);
    const Panels panels{a, b, kc};
    VI acc[MR];
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) acc[r] = vi_load(tile + r * NR);
    for (int kp = 0; kp < kc / 2; ++kp) {
      const int k = 2 * kp;
      const Factor b0{vi_load(panels.b_ptr(0, k)), vi_load(panels.b_ptr(1, k)), vi_load(panels.b_ptr(2, k))};
      const Factor b1{vi_load(panels.b_ptr(0, k + 1)), vi_load(panels.b_ptr(1, k + 1)),
                      vi_load(panels.b_ptr(2, k + 1))};
      const VI b_special = vi_load(panels.b_ptr(4, kp));
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r) {
        const Factor a0{vi_set1(panels.a_at(0, k, r)), vi_set1(panels.a_at(1, k, r)), vi_set1(panels.a_at(2, k, r))};
        const Factor a1{vi_set1(panels.a_at(0, k + 1, r)), vi_set1(panels.a_at(1, k + 1, r)),
                        vi_set1(panels.a_at(2, k + 1, r))};
        VI acc_special;
        const VI next = step(acc[r], a0, a1, b0, b1, acc_special);
        const VI special = acc_special | b_special | vi_set1(panels.a_at(4, kp, r));
        if (!any(special)) {
          acc[r] = next;
          continue;
        }
        std::int32_t before[kLanes], after[kLanes];
        vi_store(before, acc[r]);
        vi_store(after, next);
        const unsigned lanes = lane_bits(special);
        for (int l = 0; l < kLanes; ++l)
          if ((lanes >> l) & 1U)
            after[l] = reference_step(before[l], static_cast<std::uint16_t>(panels.a_at(3, k, r)),
                                      static_cast<std::uint16_t>(panels.b_ptr(3, k)[l]),
                                      static_cast<std::uint16_t>(panels.a_at(3, k + 1, r)),
                                      static_cast<std::uint16_t>(panels.b_ptr(3, k + 1)[l]));
        acc[r] = vi_load(after);
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) vi_store(tile + r * NR, acc[r]);
  }
};
