// The VALU builtins on 8 lanes at a time with AVX2 intrinsics (this level only; valu_portable.inl
// has the kernels every level shares, and the fallback for the kinds not written here). Each
// kernel is the semantics function named in emu/isa/valu_fast_path.hpp, lane for lane; the
// exactness argument of each is next to it. Included by isa_avx2.cpp after simd/avx2.inl,
// rdna3_dot2.inl and valu_portable.inl.

// ---- SAD (docs/spec/valu.md §3): unsigned byte/halfword differences, sums modulo 2^32 ----------
// |x - y| of unsigned bytes = max - min; the four bytes of a dword are summed exactly by two
// widening pair additions (maddubs with 1s: at most 2*255; madd with 1s: at most 4*255).
inline VI byte_sums(__m256i bytes) {
  const __m256i pairs = _mm256_maddubs_epi16(bytes, _mm256_set1_epi8(1));
  return {_mm256_madd_epi16(pairs, _mm256_set1_epi16(1))};
}
inline __m256i byte_absdiff(VI x, VI y) {
  return _mm256_sub_epi8(_mm256_max_epu8(x.v, y.v), _mm256_min_epu8(x.v, y.v));
}
// The byte SAD of each dword (at most 4 * 255); masked (MSAD): bytes where y is 0 contribute nothing.
template <bool Masked>
inline VI byte_sad(VI x, VI y) {
  if constexpr (Masked)
    return byte_sums(_mm256_andnot_si256(_mm256_cmpeq_epi8(y.v, _mm256_setzero_si256()), byte_absdiff(x, y)));
  else
    return byte_sums(byte_absdiff(x, y));
}

std::size_t sad_u8_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    return load_lanes(b.src[2], l) + byte_sad<false>(load_lanes(b.src[0], l), load_lanes(b.src[1], l));
  });
}
std::size_t sad_hi_u8_lanes(const ValuLanes& b) {  // (byte SAD << 16) + S2: carries reach the top
  return for_each_vector(b, [&](std::size_t l) {
    return load_lanes(b.src[2], l) + slli<16>(byte_sad<false>(load_lanes(b.src[0], l), load_lanes(b.src[1], l)));
  });
}
std::size_t msad_u8_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    return load_lanes(b.src[2], l) + byte_sad<true>(load_lanes(b.src[0], l), load_lanes(b.src[1], l));
  });
}

// Operands of several dwords per lane (lane-major, low word first), transposed to one vector per
// word: two-dword operands keep the lane order; four-dword ones are transposed within 128-bit
// halves (its own inverse), which leaves the lanes in the order kQuadOrder, so the single-dword
// operands of those kernels are permuted to match.
struct Words2 {
  VI w[2];
};
inline Words2 load_words2(const std::uint32_t* p, std::size_t l) {
  const __m256 v0 = _mm256_loadu_ps(reinterpret_cast<const float*>(p + 2 * l));
  const __m256 v1 = _mm256_loadu_ps(reinterpret_cast<const float*>(p + 2 * l + 8));
  // shuffle: lanes 0,1,4,5 | 2,3,6,7 of each word; permute4x64 puts them in order
  const auto word = [](__m256 x) { return VI{_mm256_permute4x64_epi64(_mm256_castps_si256(x), 0xD8)}; };
  return {{word(_mm256_shuffle_ps(v0, v1, 0x88)), word(_mm256_shuffle_ps(v0, v1, 0xDD))}};
}
inline void store_words2(std::uint32_t* p, std::size_t l, VI w0, VI w1) {
  const __m256i lo = _mm256_permute4x64_epi64(w0.v, 0xD8), hi = _mm256_permute4x64_epi64(w1.v, 0xD8);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 2 * l), _mm256_unpacklo_epi32(lo, hi));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 2 * l + 8), _mm256_unpackhi_epi32(lo, hi));
}
inline void transpose4(__m256i (&r)[4]) {  // per 128-bit half: a 4 x 4 transpose of dwords
  const __m256i t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
  const __m256i t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
  r[0] = _mm256_unpacklo_epi64(t0, t2);
  r[1] = _mm256_unpackhi_epi64(t0, t2);
  r[2] = _mm256_unpacklo_epi64(t1, t3);
  r[3] = _mm256_unpackhi_epi64(t1, t3);
}
inline VI quad_order(VI single) {
  return {_mm256_permutevar8x32_epi32(single.v, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7))};
}
inline void load_words4(const std::uint32_t* p, std::size_t l, VI (&w)[4]) {
  __m256i r[4];
  for (int i = 0; i < 4; ++i)
    r[i] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 4 * l + 8 * static_cast<std::size_t>(i)));
  transpose4(r);
  for (int i = 0; i < 4; ++i) w[i] = VI{r[i]};
}
inline void store_words4(std::uint32_t* p, std::size_t l, const VI (&w)[4]) {
  __m256i r[4] = {w[0].v, w[1].v, w[2].v, w[3].v};
  transpose4(r);
  for (int i = 0; i < 4; ++i)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 4 * l + 8 * static_cast<std::size_t>(i)), r[i]);
}
// The four byte SADs of S0's windows (bytes k..k+3 of the 64-bit S0 = hi:lo, k = 0..3) against S1.
template <bool Masked>
inline void window_sads(VI lo, VI hi, VI s1, VI (&sad)[4]) {
  sad[0] = byte_sad<Masked>(lo, s1);
  sad[1] = byte_sad<Masked>(srli<8>(lo) | slli<24>(hi), s1);
  sad[2] = byte_sad<Masked>(srli<16>(lo) | slli<16>(hi), s1);
  sad[3] = byte_sad<Masked>(srli<24>(lo) | slli<8>(hi), s1);
}

// qsad_pk_u16_u8 / mqsad_pk_u16_u8 (§3.5): 16-bit slot k = S2's slot k + SAD k, modulo 2^16 (the
// low half masked, the high half's carry shifted out).
template <bool Masked>
std::size_t qsad_pk_lanes(const ValuLanes& b) {
  const std::size_t full = b.lanes / kLanes * kLanes;
  for (std::size_t l = 0; l < full; l += kLanes) {
    VI sad[4];
    const Words2 s0 = load_words2(b.src[0], l), acc = load_words2(b.src[2], l);
    window_sads<Masked>(s0.w[0], s0.w[1], load_lanes(b.src[1], l), sad);
    VI d[2];
    for (int w = 0; w < 2; ++w)
      d[w] = ((acc.w[w] + sad[2 * w]) & vi_set1(0xFFFF)) | slli<16>(srli<16>(acc.w[w]) + sad[2 * w + 1]);
    store_words2(b.dst, l, d[0], d[1]);
  }
  return full;
}

// mqsad_u32_u8 (§3.6, default mqsad_u32_overflow = wrap): D[k] = S2[k] + masked SAD k, modulo 2^32.
// S0 is read with the lanes in the quad order of S2 and D (see transpose4).
std::size_t mqsad_u32_lanes(const ValuLanes& b) {
  const std::size_t full = b.lanes / kLanes * kLanes;
  for (std::size_t l = 0; l < full; l += kLanes) {
    VI sad[4], acc[4];
    const Words2 s0 = load_words2(b.src[0], l);
    window_sads<true>(quad_order(s0.w[0]), quad_order(s0.w[1]), quad_order(load_lanes(b.src[1], l)), sad);
    load_words4(b.src[2], l, acc);
    for (int k = 0; k < 4; ++k) acc[k] = acc[k] + sad[k];
    store_words4(b.dst, l, acc);
  }
  return full;
}

std::size_t sad_u16_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    const VI x = load_lanes(b.src[0], l), y = load_lanes(b.src[1], l);
    const VI d{_mm256_sub_epi16(_mm256_max_epu16(x.v, y.v), _mm256_min_epu16(x.v, y.v))};  // two |differences|
    return load_lanes(b.src[2], l) + (d & vi_set1(0xFFFF)) + srli<16>(d);
  });
}

// ---- integer dots (§4.1) ----------------------------------------------------------------------
// Elements of 8 or 4 bits, extended to 16 and multiplied in pairs by madd16: every product and
// the whole dot fit in int32 (at most 8 * 255^2 < 2^20 in magnitude), so the dot is exact. Then
// C is added: without clamp modulo 2^32 (= the reference's exact sum mod 2^32); with clamp,
// saturated to the result's range: signed results (sdot, sudot; C signed) by the two's complement
// overflow test, unsigned ones (udot; C unsigned, dot >= 0) by the carry test.
template <int Width>
inline VI element(VI x, int k, bool is_signed) {
  // element k of the dword moved to the top, then shifted down arithmetically or logically
  const int up = 32 - Width * (k + 1);
  const VI top = up == 0 ? x : sllv(x, vi_set1(up));
  return is_signed ? VI{_mm256_srai_epi32(top.v, 32 - Width)} : srli<32 - Width>(top);
}

template <int Width>
VI int_dot_products(VI a, VI b, const IntDotSpec& s) {
  VI sum = vi_set1(0);
  for (int k = 0; k < 32 / Width; k += 2) {
    // two elements per dword: low 16 bits element k, high 16 bits element k+1
    const VI a2 = (element<Width>(a, k, s.a_signed) & vi_set1(0xFFFF)) | slli<16>(element<Width>(a, k + 1, s.a_signed));
    const VI b2 = (element<Width>(b, k, s.b_signed) & vi_set1(0xFFFF)) | slli<16>(element<Width>(b, k + 1, s.b_signed));
    sum = sum + madd16(a2, b2);
  }
  return sum;
}

// x < y as unsigned 32-bit values (all-ones lanes).
inline VI less_unsigned(VI x, VI y) { return cmpeq(vmin_unsigned(x, y), x) & ~cmpeq(x, y); }

inline VI add_saturating(VI c, VI dot, bool result_signed) {
  const VI sum = c + dot;
  if (result_signed) {
    const VI overflow = srai<31>((c ^ sum) & (dot ^ sum));
    return select(overflow, srai<31>(c) ^ vi_set1(0x7FFFFFFF), sum);
  }
  return sum | less_unsigned(sum, c);  // a carry out (dot >= 0): saturate to 0xFFFFFFFF
}

// 16-bit elements (sdot2, udot2). Signed: madd16 is exact except for the one dot that reaches
// 2^31 (both pairs -32768 * -32768), which it wraps to INT32_MIN; modulo 2^32 that is still right,
// and under clamp that lane (the only one whose dot reads as INT32_MIN, since every other signed
// dot is above -2^31) goes to the reference. Unsigned: each 32-bit product a_k * b_k exactly from
// its low and high 16 bits (vpmullw, vpmulhuw); then C + p0 + p1 modulo 2^32, and under clamp
// saturated when either addition carries (the exact sum is >= 2^32 exactly then).
std::size_t int_dot16_lanes(const ValuLanes& b) {
  const IntDotSpec& s = b.int_dot;
  if (s.a_signed != s.b_signed || s.a_signed != s.result_signed) return 0;  // not a builtin's combination
  return for_each_vector(b, [&](std::size_t l) {
    const VI a = load_lanes(b.src[0], l), bb = load_lanes(b.src[1], l), c = load_lanes(b.src[2], l);
    if (s.a_signed) {
      const VI dot = madd16(a, bb);
      if (!b.clamp) return c + dot;
      const VI wrapped = cmpeq(dot, vi_set1(INT32_MIN));
      mark_for_reference(b, l, wrapped);
      return add_saturating(c, dot, true);
    }
    const VI low{_mm256_mullo_epi16(a.v, bb.v)}, high{_mm256_mulhi_epu16(a.v, bb.v)};
    const VI p0 = (low & vi_set1(0xFFFF)) | slli<16>(high),
             p1 = srli<16>(low) | (high & vi_set1(static_cast<std::int32_t>(0xFFFF0000U)));
    const VI s1 = c + p0, s2 = s1 + p1;
    if (!b.clamp) return s2;
    return s2 | less_unsigned(s1, c) | less_unsigned(s2, s1);
  });
}

std::size_t int_dot_lanes(const ValuLanes& b) {
  const IntDotSpec& s = b.int_dot;
  if (s.width == 16) return int_dot16_lanes(b);
  if (s.width != 8 && s.width != 4) return 0;
  if (!s.result_signed && (s.a_signed || s.b_signed)) return 0;  // not a builtin's combination
  return for_each_vector(b, [&](std::size_t l) {
    const VI a = load_lanes(b.src[0], l), bb = load_lanes(b.src[1], l), c = load_lanes(b.src[2], l);
    const VI dot = s.width == 8 ? int_dot_products<8>(a, bb, s) : int_dot_products<4>(a, bb, s);
    return b.clamp ? add_saturating(c, dot, s.result_signed) : c + dot;
  });
}

// ---- RDNA3 V_DOT2_F32_F16 / _BF16 on gfx1100 (§5.4): the WMMA family's DOT2 step -------------
// The factors are decoded in lanes exactly as Rdna3Dot2Family::pack() decodes them (its comment
// derives the formulas); special lanes (NaN or inf anywhere) go to the reference.
template <bool Bf16>
struct Dot2Lanes {
  using Family = Rdna3Dot2Family<Bf16, 32>;
  static typename Family::Factor factor(VI half, int pre, VI& special) {
    const int f = Bf16 ? 7 : 10, bias = Bf16 ? 127 : 15, emax = Bf16 ? 0xFF : 0x1F;
    const VI e = srlv(half, vi_set1(f)) & vi_set1(emax);
    const VI frac = half & vi_set1((1 << f) - 1);
    const VI normal = ~cmpeq(e, vi_set1(0));
    const VI sig = Bf16 ? (normal & (frac | vi_set1(1 << f))) : (frac | (normal & vi_set1(1 << f)));
    const VI zero = cmpeq(sig, vi_set1(0));
    special = special | cmpeq(e, vi_set1(emax));
    const VI aexp = vmax(e, vi_set1(1)) - vi_set1(bias + 12);
    return {sllv(sig, vi_set1(pre)), select(zero, vi_set1(Family::kZeroExp), aexp), srai<31>(slli<16>(half))};
  }
  static std::size_t run(const ValuLanes& b) {
    return for_each_vector(b, [&](std::size_t l) {
      const VI a = load_lanes(b.src[0], l), bb = load_lanes(b.src[1], l), c = load_lanes(b.src[2], l);
      VI special = vi_set1(0);
      const int pre_a = Bf16 ? 5 : 4, pre_b = Bf16 ? 5 : 0;
      const auto a0 = factor(a & vi_set1(0xFFFF), pre_a, special), a1 = factor(srli<16>(a), pre_a, special);
      const auto b0 = factor(bb & vi_set1(0xFFFF), pre_b, special), b1 = factor(srli<16>(bb), pre_b, special);
      VI c_special;
      VI r = Family::step_f32(c, a0, a1, b0, b1, c_special);
      special = special | c_special;
      if (b.clamp) {                  // [0, 1] after rounding (valu_float_dot.cpp clamp_unit; no NaN here)
        r = and_not(srai<31>(r), r);  // negative and -0 -> +0
        r = vmin_unsigned(r, vi_set1(0x3F800000));  // positive patterns order like values
      }
      mark_for_reference(b, l, special);
      return r;
    });
  }
};

// ---- CDNA V_DOT2_F32_F16 / _BF16, V_DOT2C_F32_BF16, default fdot2_cdna = exact (§5.1) ------------
// The reference (valu_float_dot.cpp cdna_fdot2): factors widened exactly (f16 subnormals read as +0
// on gfx908/gfx90a), T = C + a0*b0 + a1*b1 exactly, rounded once to binary32 with RNE, gradual
// underflow (gfx908/gfx90a: a subnormal result flushed to zero of its sign, after rounding); NaN/inf
// by IEEE rules; T = 0 a zero whose sign depends on the terms.
// Here, per lane: the products are exact in binary64 (at most 11 x 11 significant bits, exponents
// far inside binary64's range), x = RN64(p0 + p1), z = RN64(x + C), so |T - z| <= 2^-53 (|x| + |z|)
// (two roundings, no underflow); B = 2^-52 (|x| + |z|), twice that, also covers the rounding of the
// tests' own sums. f = RN32(z) (VCVTPD2PS under the guard's RNE, gradual underflow). f is RN32(T)
// when T cannot lie beyond a rounding boundary next to z:
//  * f normal, f = m * 2^e (1 <= m < 2): the values rounding to f reach 2^(e-24) on both sides, or
//    2^(e-25) below a power of two; so |z - f| + B below that suffices (z - f is exact: z and f are
//    within a factor 2 of each other).
//  * f subnormal or zero: the spacing is 2^-149, so |z - f| + B < 2^-150 suffices, and |z| > B gives
//    T the sign of z (which f keeps, also when it is a zero). With the gfx908/gfx90a flush, any T
//    with |T| < 2^-126 - 2^-150 rounds to a subnormal or zero and so becomes zero of its sign:
//    |z| + B below that and |z| > B give the result: f's sign bit alone.
//  * |z| >= 2^128: T is beyond the overflow threshold 2^128 - 2^103 (B < 2^78 there): f = inf.
//  * Both additions exact (TwoSum errors zero, common with 16-bit factors): T = z, so f = RN32(T)
//    also on a rounding boundary (a tie), for f normal, or subnormal without the flush (z != 0,
//    since |z| > B, keeps the exact zero with its sign rules for the reference).
// Infinite and NaN inputs: the reference's rules (any NaN, inf * 0, or infinities of both signs give
// the default NaN; otherwise the infinity) are IEEE's for a*b and the two additions, so z is that NaN
// or infinity (finite inputs never make z infinite); NaN becomes 0x7FC00000 (and +0 under clamp,
// fdot_clamp_nan's default). Every other lane goes to the reference.
inline __m256 widen_f16(VI h) {  // h: one f16 in the low half of each lane
  const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(h.v, h.v), 0x08);  // 8 x u16 in the low 128 bits
  return _mm256_cvtph_ps(_mm256_castsi256_si128(packed));
}
struct CdnaDot2Half {
  __m128 f;    // RN32(T) of 4 lanes where ok
  __m128i ok;  // all-ones where the lane is done
};
inline CdnaDot2Half cdna_dot2_half(__m128 a0, __m128 b0, __m128 a1, __m128 b1, __m128 c, bool flush) {
  const __m256d p0 = _mm256_mul_pd(_mm256_cvtps_pd(a0), _mm256_cvtps_pd(b0));
  const __m256d p1 = _mm256_mul_pd(_mm256_cvtps_pd(a1), _mm256_cvtps_pd(b1));
  const __m256d cd = _mm256_cvtps_pd(c);
  const __m256d x = _mm256_add_pd(p0, p1);
  const __m256d z = _mm256_add_pd(x, cd);
  // Knuth's TwoSum: the rounding error of u + v = s, exactly (binary64, RNE, no overflow).
  const auto two_sum_error = [](__m256d u, __m256d v, __m256d sum) {
    const __m256d v_part = _mm256_sub_pd(sum, u), u_part = _mm256_sub_pd(sum, v_part);
    return _mm256_add_pd(_mm256_sub_pd(u, u_part), _mm256_sub_pd(v, v_part));
  };
  const __m256d zero = _mm256_setzero_pd();
  const __m256d exact = _mm256_and_pd(_mm256_cmp_pd(two_sum_error(p0, p1, x), zero, _CMP_EQ_OQ),
                                      _mm256_cmp_pd(two_sum_error(x, cd, z), zero, _CMP_EQ_OQ));
  __m128 f = _mm256_cvtpd_ps(z);
  const __m256d fd = _mm256_cvtps_pd(f);
  const __m256d magnitude = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF));
  const __m256d infinity = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FF0000000000000));
  const auto abs_pd = [&](__m256d v) { return _mm256_and_pd(v, magnitude); };
  const auto less = [](__m256d u, __m256d v) { return _mm256_cmp_pd(u, v, _CMP_LT_OQ); };
  const __m256d bound = _mm256_mul_pd(_mm256_add_pd(abs_pd(x), abs_pd(z)), _mm256_set1_pd(0x1p-52));
  const __m256d error = _mm256_add_pd(abs_pd(_mm256_sub_pd(z, fd)), bound);
  // Half the binary32 spacing at a normal f, 2^(e - 24), from f's binary64 bits; a quarter below a
  // power of two (where the spacing below is half the spacing above).
  const __m256i fd_bits = _mm256_castpd_si256(fd);
  const __m256i power_of_two =
      _mm256_cmpeq_epi64(_mm256_and_si256(fd_bits, _mm256_set1_epi64x(0x000FFFFFFFFFFFFF)), _mm256_setzero_si256());
  const __m256i half_spacing =
      _mm256_sub_epi64(_mm256_sub_epi64(_mm256_and_si256(fd_bits, _mm256_set1_epi64x(0x7FF0000000000000)),
                                        _mm256_set1_epi64x(std::int64_t{24} << 52)),
                       _mm256_and_si256(power_of_two, _mm256_set1_epi64x(std::int64_t{1} << 52)));
  const __m256d normal =
      _mm256_and_pd(_mm256_cmp_pd(abs_pd(fd), _mm256_set1_pd(0x1p-126), _CMP_GE_OQ), less(abs_pd(fd), infinity));
  const __m256d ok_normal = _mm256_and_pd(normal, _mm256_or_pd(exact, less(error, _mm256_castsi256_pd(half_spacing))));
  const __m256d tiny = less(abs_pd(fd), _mm256_set1_pd(0x1p-126));
  const __m256d sign_known = less(bound, abs_pd(z));
  __m256d ok_tiny;
  if (flush) {
    ok_tiny = _mm256_and_pd(_mm256_and_pd(tiny, sign_known),
                            less(_mm256_add_pd(abs_pd(z), bound), _mm256_set1_pd(0x1p-126 - 0x1p-150)));
    f = _mm_and_ps(f, _mm_castsi128_ps(_mm_set1_epi32(INT32_MIN)));  // only the tiny lanes keep this (below)
  } else {
    ok_tiny =
        _mm256_and_pd(_mm256_and_pd(tiny, sign_known), _mm256_or_pd(exact, less(error, _mm256_set1_pd(0x1p-150))));
  }
  const __m256d overflow =
      _mm256_and_pd(_mm256_cmp_pd(abs_pd(z), _mm256_set1_pd(0x1p128), _CMP_GE_OQ), less(abs_pd(z), infinity));
  const __m256d not_finite = _mm256_cmp_pd(abs_pd(z), infinity, _CMP_NLT_UQ);  // inf or NaN (from inf or NaN inputs)
  const __m256d ok64 = _mm256_or_pd(_mm256_or_pd(ok_normal, ok_tiny), _mm256_or_pd(overflow, not_finite));
  // the low dword of each 64-bit mask, four of them in 128 bits
  const auto dwords = [](__m256d m) {
    return _mm256_castsi256_si128(
        _mm256_permutevar8x32_epi32(_mm256_castpd_si256(m), _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
  };
  const __m128 rounded = _mm256_cvtpd_ps(z);
  if (flush)
    f = _mm_blendv_ps(rounded, f, _mm_castsi128_ps(dwords(tiny)));  // tiny lanes: the flushed zero
  else
    f = rounded;
  return {f, dwords(ok64)};
}

std::size_t cdna_fdot2_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    const VI a = load_lanes(b.src[0], l), bb = load_lanes(b.src[1], l), c = load_lanes(b.src[2], l);
    const VI exponent = vi_set1(b.bf16 ? 0x7F80 : 0x7C00);
    const auto widen = [&](VI h) -> __m256 {
      if (b.bf16) return _mm256_castsi256_ps(slli<16>(h).v);
      // gfx908/gfx90a: subnormal -> +0 (and -0 -> +0, which changes no nonzero T; T = 0 goes to the reference)
      return widen_f16(b.flush ? and_not(cmpeq(h & exponent, vi_set1(0)), h) : h);
    };
    const VI low = vi_set1(0xFFFF);
    const __m256 a0 = widen(a & low), a1 = widen(srli<16>(a)), b0 = widen(bb & low), b1 = widen(srli<16>(bb));
    const __m256 cf = _mm256_castsi256_ps(c.v);
    const auto half = [](__m256 v, int h) { return h == 0 ? _mm256_castps256_ps128(v) : _mm256_extractf128_ps(v, 1); };
    const CdnaDot2Half lo = cdna_dot2_half(half(a0, 0), half(b0, 0), half(a1, 0), half(b1, 0), half(cf, 0), b.flush);
    const CdnaDot2Half hi = cdna_dot2_half(half(a0, 1), half(b0, 1), half(a1, 1), half(b1, 1), half(cf, 1), b.flush);
    const __m256 f = _mm256_set_m128(hi.f, lo.f);
    const VI nan{_mm256_castps_si256(_mm256_cmp_ps(f, f, _CMP_UNORD_Q))};
    VI r = select(nan, vi_set1(0x7FC00000), VI{_mm256_castps_si256(f)});
    const VI ok{_mm256_set_m128i(hi.ok, lo.ok)};
    if (b.clamp) {  // [0, 1] after rounding, as Dot2Lanes; NaN -> +0 (clamp_unit with DX10_CLAMP)
      r = and_not(srai<31>(r) | nan, r);
      r = vmin_unsigned(r, vi_set1(0x3F800000));
    }
    mark_for_reference(b, l, ~ok);
    return r;
  });
}

std::size_t fdot2_f32_lanes(const ValuLanes& b) {
  if (b.cdna_model) return cdna_fdot2_lanes(b);
  return b.bf16 ? Dot2Lanes<true>::run(b) : Dot2Lanes<false>::run(b);
}

// ---- 16-bit-output dots, the loose model (§5.5; valu_float_dot.cpp fdot2_16) -----------------
// The reference: inputs widened exactly to binary32 (bf16 subnormals read as +0), p_k =
// ieee_fma(a_k, b_k, +0), t = (p0 + p1) + C, each one IEEE binary32 operation with RNE and gradual
// underflow; then a NaN gives the default NaN, and t is rounded to the output format (f16: RNE,
// gradual underflow, overflow to inf; bf16: RNE, then a subnormal result flushed to zero of its
// sign). Here: the same three IEEE operations on the host (MXCSR RNE, FTZ/DAZ off: the guard);
// f16 widening by VCVTPH2PS and narrowing by VCVTPS2PH (RNE, exact IEEE conversions: subnormals,
// signed zeros and infinities as the reference; NaN replaced below); bf16 by integer operations on
// the bits (RNE at bit 16 of a finite binary32 carries into the exponent exactly as rounding does,
// and overflows to the infinity pattern).
inline __m256 widen_bf16(VI h) {  // subnormal (and zero) bf16 read as +0
  const VI bits = slli<16>(h);
  return _mm256_castsi256_ps(and_not(cmpeq(bits & vi_set1(0x7F800000), vi_set1(0)), bits).v);
}
template <bool Bf16>
std::size_t fdot2_16_lanes(const ValuLanes& b) {
  const auto widen = [](VI h) { return Bf16 ? widen_bf16(h) : widen_f16(h); };
  return for_each_vector(b, [&](std::size_t l) {
    const VI a = load_lanes(b.src[0], l), bb = load_lanes(b.src[1], l), c = load_lanes(b.src[2], l);
    const VI low = vi_set1(0xFFFF);
    const __m256 zero = _mm256_setzero_ps();
    const __m256 p0 = _mm256_fmadd_ps(widen(a & low), widen(bb & low), zero);
    const __m256 p1 = _mm256_fmadd_ps(widen(srli<16>(a)), widen(srli<16>(bb)), zero);
    const __m256 t = _mm256_add_ps(_mm256_add_ps(p0, p1), widen(c & low));
    const VI nan{_mm256_castps_si256(_mm256_cmp_ps(t, t, _CMP_UNORD_Q))};
    VI out;
    if constexpr (Bf16) {
      const VI bits{_mm256_castps_si256(t)};
      VI r = srli<16>(bits + vi_set1(0x7FFF) + (srli<16>(bits) & vi_set1(1)));
      r = select(cmpeq(r & vi_set1(0x7F80), vi_set1(0)), r & vi_set1(0x8000), r);
      out = select(nan, vi_set1(0x7FC0), r);
    } else {
      const VI r{_mm256_cvtepu16_epi32(_mm256_cvtps_ph(t, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC))};
      out = select(nan, vi_set1(0x7E00), r);
    }
    return out;
  });
}

// ---- conversions (§6) ------------------------------------------------------------------------
// cvt_pkrtz: VCVTPS2PH with rounding toward zero is the IEEE conversion (MXCSR.DAZ clear, set by
// the guard): RTZ overflow gives the largest finite 0x7BFF, f16 subnormals are produced, zeros
// keep their sign, infinities stay; a NaN becomes sign | 0x7E00 | frac >> 13 (quieted, top payload
// bits kept), which is §6.1's rule.
std::size_t cvt_pkrtz_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    const __m128i lo =
        _mm256_cvtps_ph(_mm256_castsi256_ps(load_lanes(b.src[0], l).v), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m128i hi =
        _mm256_cvtps_ph(_mm256_castsi256_ps(load_lanes(b.src[1], l).v), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    return VI{_mm256_or_si256(_mm256_cvtepu16_epi32(lo), _mm256_slli_epi32(_mm256_cvtepu16_epi32(hi), 16))};
  });
}

// cvt_pknorm: NaN -> 0, clamp to [-1, 1] ([0, 1]), then x * 32767 (65535) in binary64, which is
// exact (24-bit by 16-bit significands), rounded once to an integer, nearest even (MXCSR.RC).
inline __m128i norm16(__m128 x, bool is_signed) {
  const __m128 not_nan = _mm_cmpord_ps(x, x);
  __m128 v = _mm_and_ps(x, not_nan);
  v = _mm_min_ps(_mm_max_ps(v, _mm_set1_ps(is_signed ? -1.0f : 0.0f)), _mm_set1_ps(1.0f));
  const __m256d scaled = _mm256_mul_pd(_mm256_cvtps_pd(v), _mm256_set1_pd(is_signed ? 32767.0 : 65535.0));
  return _mm_and_si128(_mm256_cvtpd_epi32(scaled), _mm_set1_epi32(0xFFFF));
}
template <bool Signed>
std::size_t cvt_pknorm_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    const __m256 x = _mm256_castsi256_ps(load_lanes(b.src[0], l).v), y = _mm256_castsi256_ps(load_lanes(b.src[1], l).v);
    const __m256i lo =
        _mm256_set_m128i(norm16(_mm256_extractf128_ps(x, 1), Signed), norm16(_mm256_castps256_ps128(x), Signed));
    const __m256i hi =
        _mm256_set_m128i(norm16(_mm256_extractf128_ps(y, 1), Signed), norm16(_mm256_castps256_ps128(y), Signed));
    return VI{_mm256_or_si256(lo, _mm256_slli_epi32(hi, 16))};
  });
}

// cvt_pk_i16 / cvt_pk_u16: saturation to the 16-bit range (signed inputs / unsigned inputs).
std::size_t cvt_pk_i16_lanes(const ValuLanes& b) {
  const auto sat = [](VI x) { return vmin(vmax(x, vi_set1(-32768)), vi_set1(32767)); };
  return for_each_vector(b, [&](std::size_t l) {
    return (sat(load_lanes(b.src[0], l)) & vi_set1(0xFFFF)) | slli<16>(sat(load_lanes(b.src[1], l)));
  });
}
std::size_t cvt_pk_u16_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    return vmin_unsigned(load_lanes(b.src[0], l), vi_set1(0xFFFF)) |
           slli<16>(vmin_unsigned(load_lanes(b.src[1], l), vi_set1(0xFFFF)));
  });
}

// cvt_pk_u8_f32 (MODE round = RNE): NaN and negatives (-0 included) -> 0, +inf and >= 255 -> 255,
// else rounded to an integer, nearest even: clamping to [0, 255] in binary32 changes no in-range
// value, and VCVTPS2DQ rounds by MXCSR.RC exactly. The byte S1 & 3 of S2 is replaced.
std::size_t cvt_pk_u8_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    const __m256 x = _mm256_castsi256_ps(load_lanes(b.src[0], l).v);
    const __m256 clamped = _mm256_min_ps(
        _mm256_max_ps(_mm256_and_ps(x, _mm256_cmp_ps(x, x, _CMP_ORD_Q)), _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
    const VI v{_mm256_cvtps_epi32(clamped)};
    const VI shift = slli<3>(load_lanes(b.src[1], l) & vi_set1(3));
    return and_not(sllv(vi_set1(0xFF), shift), load_lanes(b.src[2], l)) | sllv(v, shift);
  });
}

// FP8/BF8 to binary32 (§6.6): each byte's result read from the table the driver filled with the
// reference's own results for all 256 bytes (valu_fast.cpp), so every lane is the reference's.
std::size_t fp8_to_f32_lanes(const ValuLanes& b) {
  const std::size_t full = b.lanes / kLanes * kLanes;
  const auto lookup = [&](VI bytes) {
    return VI{_mm256_i32gather_epi32(reinterpret_cast<const int*>(b.fp8_table), (bytes & vi_set1(0xFF)).v, 4)};
  };
  for (std::size_t l = 0; l < full; l += kLanes) {
    const VI s = srlv(load_lanes(b.src[0], l), vi_set1(b.byte_shift));
    if (b.packed)
      store_words2(b.dst, l, lookup(s), lookup(srli<8>(s)));
    else
      store_lanes(b.dst, l, lookup(s));
  }
  return full;
}

// The kinds written here with AVX2 intrinsics; nullptr for the others (the AVX-512 level reuses
// these: isa_avx512.cpp).
ValuLanesKernel intrinsic_valu_kernel(ValuKind kind) {
  switch (kind) {
    case ValuKind::sad_u8: return &sad_u8_lanes;
    case ValuKind::sad_hi_u8: return &sad_hi_u8_lanes;
    case ValuKind::sad_u16: return &sad_u16_lanes;
    case ValuKind::msad_u8: return &msad_u8_lanes;
    case ValuKind::qsad_pk_u16_u8: return &qsad_pk_lanes<false>;
    case ValuKind::mqsad_pk_u16_u8: return &qsad_pk_lanes<true>;
    case ValuKind::mqsad_u32_u8: return &mqsad_u32_lanes;
    case ValuKind::int_dot: return &int_dot_lanes;
    case ValuKind::fdot2_f32: return &fdot2_f32_lanes;
    case ValuKind::fdot2_f16: return &fdot2_16_lanes<false>;
    case ValuKind::fdot2_bf16: return &fdot2_16_lanes<true>;
    case ValuKind::cvt_pkrtz: return &cvt_pkrtz_lanes;
    case ValuKind::cvt_pknorm_i16: return &cvt_pknorm_lanes<true>;
    case ValuKind::cvt_pknorm_u16: return &cvt_pknorm_lanes<false>;
    case ValuKind::cvt_pk_i16: return &cvt_pk_i16_lanes;
    case ValuKind::cvt_pk_u16: return &cvt_pk_u16_lanes;
    case ValuKind::cvt_pk_u8_f32: return &cvt_pk_u8_lanes;
    case ValuKind::fp8_to_f32: return &fp8_to_f32_lanes;
    default: return nullptr;  // the FP8 dots, binary32 to FP8/BF8: valu_portable.inl's kernels
  }
}

ValuLanesKernel valu_kernel(ValuKind kind) {
  const ValuLanesKernel k = intrinsic_valu_kernel(kind);
  return k != nullptr ? k : portable::valu_kernel(kind);
}
