// gfx1200 float WMMA (docs/rdna4.md §3.1, §3.2): the DOT4 chain over every factor format (f16, bf16,
// OCP E4M3, OCP E5M2) and accumulator (binary32, or f16 / bf16 read exactly as binary32 before each
// step and rounded straight back to 16 bits), step by step. Integer lanes for the grid; exact
// binary64 lanes for the binary32 rounding; integer lanes for the f16 rounding. With a binary32
// accumulator a block first tries the decoded common case (kernels/gfx12_dot4_finite.inl; an f16 one
// kernels/gfx12_dot4_finite_f16.inl).
//
// The reference step (emu/semantics/gfx12_dot4.cpp, default switches: gfx12_fp8_wmma=dot4, MODE
// defaults): factors (sig, aexp) with aexp = max(E, 1) - bias (subnormals kept, every format);
// C as (sig, lsb) with lsb = max(Ec, 1) - bias - f of its own format (exact: the 16-bit widening to
// binary32 changes neither). pgrid_t = aexp_a + aexp_b - 24 for a nonzero product; each pair (k, k+1)
// floored onto g2 = max(pgrid) and added; g = max(max pgrid, max(FLOOR, lead(C)) - 26) with FLOOR
// -126 for binary32 and bf16 outputs, -14 for f16; S = floor(C on g) (a negative C with no bit left
// on the grid is 0, except with f16 output and g <= -14, where it is the plain floor -1) + the pair
// sums floored onto g. Rounding: binary32: RNE(S * 2^g), gradual underflow, a zero is +0; bf16: that
// binary32 result (zero made +0 first) truncated to its top 16 bits; f16: RNE straight to f16,
// gradual underflow, overflow to infinity, a zero is +0.
//
// Why the lanes compute the same bits:
//  * Packing: a signed significand << (12 - f) in a 16-bit half (f = fraction bits: f16 10, bf16 7,
//    E4M3 3, E5M2 2; the largest is 2047 << 2 < 2^15), so that madd16 gives P' = +-sa*sb *
//    2^(24-fa-fb), the product on its own grid pgrid_t (|P'| < 2^26); exponent aexp - 12 (the two
//    add up to pgrid_t), or kZeroExp for a zero factor (zero products never define a grid). A's
//    significands of k and k+1 share one 32-bit value (k in the low half, k + 1 in the high half),
//    B's significand sits in the half of its k's parity and the other half is 0: madd16 of the pair
//    with B's k gives exactly A_k * B_k, one broadcast for two products.
//  * floor onto a coarser grid is an arithmetic right shift (srav: counts of 32 or more give the
//    sign fill, the floor of a tiny value). |pair| < 2^27; the C term < 2^27 (g >= lead(C) - 26);
//    |S| < 2^29.
//  * C term: floor(csig * 2^(lsb - g)) by a left shift (lsb - g <= 3 for binary32, <= 16 for f16:
//    csig < 2^11 there, so < 2^27, exact) or srav. lead(C) from the binary32 conversion of the
//    magnitude (< 2^24, exact): its exponent field - 127 is the bit length - 1.
//  * binary32: S * 2^g is an exact binary64 (g >= -152); its conversion rounds once to nearest even
//    with gradual underflow and overflow to infinity (MXCSR under the guard, FTZ/DAZ off).
//  * f16: the LSB exponent of the result is max(lead(S) + g - 10, -24); q = RNE(|S| / 2^shift) in
//    integers ((m + 2^(shift-1) - 1 + lsb-of-quotient) >> shift; shift <= 18 since g >= -40), or an
//    exact left shift; the bits are (LSB exponent + 24) << 10 plus q (whose bit 10, when set, moves
//    the field to the normal exponent; a carry to 2^11 moves it once more: the next power of two).
//    lead(S) from the binary32 conversion of |S| may be one too high when that conversion rounds up
//    to a power of two; the f16 rounding then lands on the same power of two. Above 0x7BFF: inf.
//  * Special lanes (a NaN or infinite factor in the step, a NaN or infinite C) take the reference
//    step (reference_hooks.hpp, gfx12_reference_dot4).

template <Gfx12Factor InA, Gfx12Factor InB, Gfx12Output Out>
struct Gfx12Dot4ChainFamily {
  using Acc = std::int32_t;  // binary32 bits, or the 16-bit accumulator in the low half
  static constexpr int MR = 4;
  // One vector of columns (the measured choice: docs/fast-kernels.md §2).
  static constexpr int NR = kLanes;
  // Panel planes (plane q, k, lane -> [(q * kc + k) * width + lane]): the significand (A: the pair at
  // even k, see above), exponent, raw bits, special flag, and for the common cases the exponent in
  // the block's local frame (kLocalExp, kernels/gfx12_dot4_finite.inl; next to the significands: the
  // two planes those loops read). After the planes, the block frame of each row (A) or lane (B), then
  // one value nonzero when any factor is special (both computed once when packing, not per micro-tile).
  static constexpr int kSig = 0, kLocalExp = 1, kExp = 2, kRaw = 3, kSpecial = 4;
  static constexpr int kAPlanes = 5, kBPlanes = 5;
  static constexpr std::int32_t kZeroExp = -(1 << 22);
  static constexpr std::int32_t kFrame = 152;
  // The block frames (kernels/gfx12_dot4_finite.inl): a row's is max(its largest factor exponent +
  // kFrame, kRowFrameFloor), a lane's max(its largest exponent, kLaneFrameFloor) - 26, so that the
  // two add up to at least the largest product grid of the block (+ kFrame) - 26 and to at least 0
  // (kRowFrameFloor + kLaneFrameFloor = 26). The floors are below every f16 and FP8/BF8 exponent
  // (aexp - 12 >= -26), so for those formats the frames are exactly the block's largest exponents.
  static constexpr std::int32_t kRowFrameFloor = kFrame - 26, kLaneFrameFloor = 26 - kRowFrameFloor;
  static constexpr Gfx12Output kOutput = Out;

  struct Format {
    int fraction_bits, exponent_mask, bias;
  };
  static constexpr Format format(Gfx12Factor f) {
    switch (f) {
      case Gfx12Factor::f16: return {10, 0x1F, 15};
      case Gfx12Factor::bf16: return {7, 0xFF, 127};
      case Gfx12Factor::fp8: return {3, 0xF, 7};  // OCP E4M3: no infinity, NaN only at S.1111.111
      case Gfx12Factor::bf8: break;
    }
    return {2, 0x1F, 15};  // OCP E5M2: IEEE-style specials
  }
  static constexpr bool sixteen_bit(Gfx12Factor f) { return f == Gfx12Factor::f16 || f == Gfx12Factor::bf16; }

  static int kc(const GemmProblem&) { return 128; }  // a multiple of K = 16
  static std::ptrdiff_t a_frames(int kc) { return static_cast<std::ptrdiff_t>(kAPlanes) * MR * kc; }
  static std::ptrdiff_t b_frames(int kc) { return static_cast<std::ptrdiff_t>(kBPlanes) * NR * kc; }
  static std::ptrdiff_t a_summary(int kc) { return a_frames(kc) + MR; }
  static std::ptrdiff_t b_summary(int kc) { return b_frames(kc) + NR; }
  static std::size_t a_panel_bytes(int kc) { return 4 * static_cast<std::size_t>(a_summary(kc) + 1); }
  static std::size_t b_panel_bytes(int kc) { return 4 * static_cast<std::size_t>(b_summary(kc) + 1); }

  // The planes' values of kLanes factors from their raw bits (zero-extended): the signed significand
  // << (12 - f) in the low 16 bits and the exponent aexp - 12, or 0 and kZeroExp for a zero or
  // special factor; the special flag (all ones).
  struct Factors {
    VI sig, exp, special;
  };
  template <Gfx12Factor F>
  static Factors decode_factors(VI x) {
    constexpr Format fmt = format(F);
    constexpr int sign_bit = sixteen_bit(F) ? 15 : 7;
    const VI zero = vi_set1(0);
    const VI e = srli<fmt.fraction_bits>(x) & vi_set1(fmt.exponent_mask);
    const VI special =
        F == Gfx12Factor::fp8 ? cmpeq(x & vi_set1(0x7F), vi_set1(0x7F)) : cmpeq(e, vi_set1(fmt.exponent_mask));
    const VI sig =
        (x & vi_set1((1 << fmt.fraction_bits) - 1)) | and_not(cmpeq(e, zero), vi_set1(1 << fmt.fraction_bits));
    const VI empty = special | cmpeq(sig, zero);
    const VI neg = srai<31>(slli<31 - sign_bit>(x));
    const VI shifted = slli<12 - fmt.fraction_bits>((sig ^ neg) - neg);
    return {and_not(empty, shifted & vi_set1(0xFFFF)),
            select(empty, vi_set1(kZeroExp), vmax(e, vi_set1(1)) - vi_set1(fmt.bias + 12)), special};
  }
  // Fills the planes of one panel (`width` lanes, kc values of k) from its raw plane, kLanes values
  // at a time, its summary and its block frames. A's significand plane holds the pairs (the value at
  // k and at k + 1 both sig_k | sig_k+1 << 16), B's the significand in the half of its k's parity. A
  // zero factor's kZeroExp stays far below every grid in the local frame.
  template <Gfx12Factor F, bool ASide>
  static void decode_panel(std::int32_t* values, int width, int kc) {
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(width) * kc;
    const auto plane = [&](int q) { return values + q * n; };
    VI some_special = vi_set1(0);
    for (std::ptrdiff_t x = 0; x < n; x += kLanes) {
      const Factors f = decode_factors<F>(vi_load(plane(kRaw) + x));
      vi_store(plane(kSig) + x, f.sig);
      vi_store(plane(kExp) + x, f.exp);
      vi_store(plane(kSpecial) + x, f.special);
      some_special = some_special | f.special;
    }
    values[ASide ? a_summary(kc) : b_summary(kc)] = any(some_special) ? -1 : 0;
    std::int32_t* sig = plane(kSig);
    for (std::ptrdiff_t x = 0; x < n; x += 2 * width)
      for (int l = 0; l < width; ++l) {
        const auto high = static_cast<std::int32_t>(static_cast<std::uint32_t>(sig[x + width + l]) << 16);
        if constexpr (ASide)
          sig[x + l] = sig[x + width + l] = sig[x + l] | high;
        else
          sig[x + width + l] = high;
      }
    // The block frames: the largest exponent of each row / lane (with AVX2 a vector spans
    // kLanes / width values of k, all lanes of the panel), then the local plane.
    std::int32_t* frames = values + (ASide ? a_frames(kc) : b_frames(kc));
    const std::int32_t* exp = plane(kExp);
    std::int32_t* local = plane(kLocalExp);
    const auto frame_of = [](std::int32_t largest) {
      return ASide ? std::max(largest + kFrame, kRowFrameFloor) : std::max(largest, kLaneFrameFloor) - 26;
    };
    constexpr std::int32_t kOffset = ASide ? kFrame : 0;  // local = exp (+ kFrame for A) - frame
    if (kLanes % width == 0) {
      VI largest = vi_set1(kZeroExp);
      for (std::ptrdiff_t x = 0; x < n; x += kLanes) largest = vmax(largest, vi_load(exp + x));
      std::int32_t lanes[kLanes], offsets[kLanes];
      vi_store(lanes, largest);
      for (int l = 0; l < width; ++l) {
        std::int32_t lane_largest = kZeroExp;
        for (int x = l; x < kLanes; x += width) lane_largest = std::max(lane_largest, lanes[x]);
        frames[l] = frame_of(lane_largest);
      }
      for (int x = 0; x < kLanes; ++x) offsets[x] = kOffset - frames[x % width];
      const VI offset = vi_load(offsets);
      for (std::ptrdiff_t x = 0; x < n; x += kLanes) vi_store(local + x, vi_load(exp + x) + offset);
    } else {  // the scalar level
      for (int l = 0; l < width; ++l) {
        std::int32_t lane_largest = kZeroExp;
        for (int k = 0; k < kc; ++k) lane_largest = std::max(lane_largest, exp[k * width + l]);
        frames[l] = frame_of(lane_largest);
        for (int k = 0; k < kc; ++k) local[k * width + l] = exp[k * width + l] + kOffset - frames[l];
      }
    }
  }
  template <Gfx12Factor F>
  using Storage = std::conditional_t<sixteen_bit(F), std::uint16_t, std::uint8_t>;  // a factor's element
  // The raw plane first (A column by column, B k-contiguous per column), then each panel decoded.
  static void pack_a(const GemmProblem& p, int i0, int rows, int k0, int kc, void* dst, std::size_t panel_stride) {
    pack_a_raw<Storage<InA>, MR>(p.a, i0, rows, k0, kc, kRaw, dst, panel_stride);
    for (int q = 0; q < (rows + MR - 1) / MR; ++q)
      decode_panel<InA, true>(panel<std::int32_t>(dst, panel_stride, q), MR, kc);
  }
  static void pack_b(const GemmProblem& p, int k0, int kc, int j0, int cols, void* dst) {
    auto* values = static_cast<std::int32_t*>(dst);
    pack_b_raw<Storage<InB>, NR>(p.b, k0, kc, j0, cols, kRaw, values);
    decode_panel<InB, false>(values, NR, kc);
  }
  static std::int32_t load_c(const GemmProblem& p, int i, int j) {
    if constexpr (Out == Gfx12Output::f32)
      return static_cast<std::int32_t>(element<std::uint32_t>(p.c, i, j));
    else
      return element<std::uint16_t>(p.c, i, j);
  }
  static void store_d(const GemmProblem& p, int i, int j, std::int32_t v) {
    if constexpr (Out == Gfx12Output::f32)
      put<std::uint32_t>(p, i, j, static_cast<std::uint32_t>(v));
    else
      put<std::uint16_t>(p, i, j, static_cast<std::uint16_t>(v));
  }

  // The accumulator as sig * 2^lsb with its sign, and whether it is NaN or infinite.
  struct DecodedC {
    VI magnitude, lsb, sign, special;
  };
  static DecodedC decode_c(VI acc) {
    if constexpr (Out == Gfx12Output::f16) {
      const VI field = srli<10>(acc) & vi_set1(0x1F);
      return {(acc & vi_set1(0x3FF)) | and_not(cmpeq(field, vi_set1(0)), vi_set1(0x400)),
              vmax(field, vi_set1(1)) - vi_set1(25), srai<31>(slli<16>(acc)), cmpeq(field, vi_set1(0x1F))};
    } else {
      const VI c = Out == Gfx12Output::bf16 ? slli<16>(acc) : acc;  // bf16: its binary32 widening is exact
      const VI field = srli<23>(c) & vi_set1(0xFF);
      return {(c & vi_set1(0x7FFFFF)) | and_not(cmpeq(field, vi_set1(0)), vi_set1(0x800000)),
              vmax(field, vi_set1(1)) - vi_set1(150), srai<31>(c), cmpeq(field, vi_set1(0xFF))};
    }
  }

  template <int H>
  static VD scaled(VI s, VI g) {
    return vd_from_i32<H>(s) * vd_pow2<H>(g);
  }

  // RNE of S * 2^g straight to f16 (see the file comment), the bits in the low half.
  static VI round_f16(VI s, VI g) {
    const VI one = vi_set1(1), zero = vi_set1(0);
    const VI m = vabs(s);
    const VI lead = srli<23>(to_f32_bits(m)) - vi_set1(127);
    const VI shift = vmax(lead - vi_set1(10), vi_set1(-24) - g);
    const VI right = vmax(shift, one);
    const VI q_right = srlv(m + (sllv(one, right - one) - one) + (srlv(m, right) & one), right);
    const VI q = select(cmpgt(shift, zero), q_right, sllv(m, zero - shift));
    const VI bits = slli<10>(g + shift + vi_set1(24)) + q;
    const VI sign = srli<16>(s & vi_set1(INT32_MIN));
    const VI out = select(cmpgt(bits, vi_set1(0x7BFF)), vi_set1(0x7C00), bits) | sign;
    return and_not(cmpeq(q, zero), out);  // an underflow to zero is +0
  }

  // One DOT4 step on finite lanes: factors of k..k+3 (A broadcast from row r: a_sig[q] the pair
  // k + 2q, k + 2q + 1), accumulator acc.
  static VI step(const DecodedC& c, const std::int32_t* const a_sig, const std::int32_t* const a_exp,
                 const std::int32_t* const* b_sig, const std::int32_t* const* b_exp) {
    VI pair_sum[2], pair_grid[2];
#pragma GCC unroll 2
    for (int q = 0; q < 2; ++q) {
      const VI a_pair = vi_set1(a_sig[q]);
      const VI p0 = madd16(a_pair, vi_load(b_sig[2 * q]));
      const VI p1 = madd16(a_pair, vi_load(b_sig[2 * q + 1]));
      const VI e0 = vi_set1(a_exp[2 * q]) + vi_load(b_exp[2 * q]);
      const VI e1 = vi_set1(a_exp[2 * q + 1]) + vi_load(b_exp[2 * q + 1]);
      const VI g2 = vmax(e0, e1);
      pair_grid[q] = g2;
      pair_sum[q] = srav(p0, g2 - e0) + srav(p1, g2 - e1);
    }
    constexpr std::int32_t kFloor = Out == Gfx12Output::f16 ? -14 : -126;
    const VI zero = vi_set1(0);
    const VI lead = (srli<23>(to_f32_bits(c.magnitude)) - vi_set1(127)) + c.lsb;
    const VI g = vmax(vmax(pair_grid[0], pair_grid[1]), vmax(lead, vi_set1(kFloor)) - vi_set1(26));
    const VI csig = (c.magnitude ^ c.sign) - c.sign;
    const VI shift = c.lsb - g;
    const VI right = vmax(zero - shift, zero);
    VI vanishes = cmpeq(srlv(c.magnitude, right), zero);  // no bit of C left on the grid
    if constexpr (Out == Gfx12Output::f16) vanishes = vanishes & cmpgt(g, vi_set1(-14));  // else the floor
    const VI c_term = and_not(vanishes, srav(sllv(csig, vmax(shift, zero)), right));
    const VI s = c_term + srav(pair_sum[0], g - pair_grid[0]) + srav(pair_sum[1], g - pair_grid[1]);
    if constexpr (Out == Gfx12Output::f16) {
      return round_f16(s, g);
    } else {
      VD halves[kHalves];
      halves[0] = scaled<0>(s, g);
      if constexpr (kHalves > 1) halves[1] = scaled<1>(s, g);
      const VI raw = f32_bits_rne(halves);
      const VI bits = and_not(cmpeq(raw & vi_set1(0x7FFFFFFF), zero), raw);  // a zero, also -0, is +0
      return Out == Gfx12Output::bf16 ? srli<16>(bits) : bits;
    }
  }

  static void micro(const GemmProblem&, int, int kc, const void* a_panel, const void* b_panel, std::int32_t* tile, int,
                    int) {
    const auto* a = static_cast<const std::int32_t*>(a_panel);
    const auto* b = static_cast<const std::int32_t*>(b_panel);
    // The decoded common case first: binary32 and bf16 outputs (a bf16 result is the binary32 one
    // truncated) in one kernel, f16 (rounded straight to f16) in its own.
    if constexpr (Out == Gfx12Output::f16) {
      if (gfx12_dot4_finite_f16<Gfx12Dot4ChainFamily>(kc, a, b, tile)) return;
    } else {
      if (gfx12_dot4_finite<Gfx12Dot4ChainFamily>(kc, a, b, tile)) return;
    }
    const auto a_ptr = [&](int q, int k) { return a + (static_cast<std::ptrdiff_t>(q) * kc + k) * MR; };
    const auto b_ptr = [&](int q, int k) { return b + (static_cast<std::ptrdiff_t>(q) * kc + k) * NR; };
    VI acc[MR];
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) acc[r] = vi_load(tile + r * NR);
    for (int k = 0; k < kc; k += 4) {
      const std::int32_t* b_sig[4] = {b_ptr(kSig, k), b_ptr(kSig, k + 1), b_ptr(kSig, k + 2), b_ptr(kSig, k + 3)};
      const std::int32_t* b_exp[4] = {b_ptr(kExp, k), b_ptr(kExp, k + 1), b_ptr(kExp, k + 2), b_ptr(kExp, k + 3)};
      const VI b_special = vi_load(b_ptr(kSpecial, k)) | vi_load(b_ptr(kSpecial, k + 1)) |
                           vi_load(b_ptr(kSpecial, k + 2)) | vi_load(b_ptr(kSpecial, k + 3));
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r) {
        const std::int32_t a_sig[2] = {a_ptr(kSig, k)[r], a_ptr(kSig, k + 2)[r]};
        std::int32_t a_exp[4], a_special = 0;
        for (int t = 0; t < 4; ++t) {
          a_exp[t] = a_ptr(kExp, k + t)[r];
          a_special |= a_ptr(kSpecial, k + t)[r];
        }
        const DecodedC c = decode_c(acc[r]);
        const VI next = step(c, a_sig, a_exp, b_sig, b_exp);
        const VI special = b_special | vi_set1(a_special) | c.special;
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
            a_raw[t] = static_cast<std::uint16_t>(a_ptr(kRaw, k + t)[r]);
            b_raw[t] = static_cast<std::uint16_t>(b_ptr(kRaw, k + t)[l]);
          }
          const auto c_bits = static_cast<std::uint32_t>(before[l]);
          after[l] = static_cast<std::int32_t>(gfx12_reference_dot4(InA, InB, Out, c_bits, a_raw, b_raw));
        }
        acc[r] = vi_load(after);
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) vi_store(tile + r * NR, acc[r]);
  }
};
