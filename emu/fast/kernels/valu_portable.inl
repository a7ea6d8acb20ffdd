// The VALU lane kernels written over the SIMD vocabulary (simd/*.inl), so that every level has them:
// the portable level runs them one lane at a time, AVX2 eight at a time (where valu_lanes.inl has
// no hand-written AVX2 kernel for the kind). Each kernel is the reference semantics function named
// in emu/isa/valu_fast_path.hpp, lane for lane, with integer operations on the bit patterns (the
// FP8 dots' additions excepted: their argument is next to them). Included by isa_scalar.cpp and
// isa_avx2.cpp after the level's vocabulary.

inline VI load_lanes(const std::uint32_t* p, std::size_t l) {
  return vi_load(reinterpret_cast<const std::int32_t*>(p + l));
}
inline void store_lanes(std::uint32_t* p, std::size_t l, VI v) { vi_store(reinterpret_cast<std::int32_t*>(p + l), v); }

template <class Body>
std::size_t for_each_vector(const ValuLanes& b, Body&& body) {
  const std::size_t full = b.lanes / kLanes * kLanes;
  for (std::size_t l = 0; l < full; l += kLanes) store_lanes(b.dst, l, body(l));
  return full;
}

// The lanes of `mask` in the vector at lane l are left to the reference lane kernel.
inline void mark_for_reference(const ValuLanes& b, std::size_t l, VI mask) {
  if (!any(mask)) return;
  const unsigned lanes = lane_bits(mask);
  for (int i = 0; i < kLanes; ++i) b.needs_reference[l + static_cast<std::size_t>(i)] = (lanes >> i) & 1U;
}

namespace portable {

// Word w of lanes l .. l + kLanes - 1 of an operand with `words` dwords per lane, and back.
inline VI load_word(const std::uint32_t* p, int words, int w, std::size_t l) {
  static constexpr std::int32_t kLaneIndex[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  static_assert(kLanes <= 16);
  const VI index = vi_mullo(vi_load(kLaneIndex), vi_set1(words));
  return vi_lookup(
      reinterpret_cast<const std::int32_t*>(p + l * static_cast<std::size_t>(words) + static_cast<std::size_t>(w)),
      index);
}
inline void store_word(std::uint32_t* p, int words, int w, std::size_t l, VI v) {
  std::int32_t lanes[kLanes];
  vi_store(lanes, v);
  for (int i = 0; i < kLanes; ++i)
    p[(l + static_cast<std::size_t>(i)) * static_cast<std::size_t>(words) + static_cast<std::size_t>(w)] =
        static_cast<std::uint32_t>(lanes[i]);
}

inline VI byte_of(VI x, int k) { return srlv(x, vi_set1(8 * k)) & vi_set1(0xFF); }

// ---- SAD (docs/spec/valu.md §3): unsigned byte/halfword differences, sums modulo 2^32 ----------
// The byte SAD of each dword (at most 4 * 255, exact); masked (MSAD): bytes where y is 0 add nothing.
template <bool Masked>
inline VI bytes_sad(VI x, VI y) {
  VI sum = vi_set1(0);
  for (int k = 0; k < 4; ++k) {
    const VI yk = byte_of(y, k), d = vabs(byte_of(x, k) - yk);
    sum = sum + (Masked ? and_not(cmpeq(yk, vi_set1(0)), d) : d);
  }
  return sum;
}

std::size_t sad_u8_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    return load_lanes(b.src[2], l) + bytes_sad<false>(load_lanes(b.src[0], l), load_lanes(b.src[1], l));
  });
}
std::size_t sad_hi_u8_lanes(const ValuLanes& b) {  // (byte SAD << 16) + S2: carries reach the top
  return for_each_vector(b, [&](std::size_t l) {
    return load_lanes(b.src[2], l) + slli<16>(bytes_sad<false>(load_lanes(b.src[0], l), load_lanes(b.src[1], l)));
  });
}
std::size_t msad_u8_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    return load_lanes(b.src[2], l) + bytes_sad<true>(load_lanes(b.src[0], l), load_lanes(b.src[1], l));
  });
}
std::size_t sad_u16_lanes(const ValuLanes& b) {
  return for_each_vector(b, [&](std::size_t l) {
    const VI x = load_lanes(b.src[0], l), y = load_lanes(b.src[1], l), low = vi_set1(0xFFFF);
    return load_lanes(b.src[2], l) + vabs((x & low) - (y & low)) + vabs(srli<16>(x) - srli<16>(y));
  });
}

// The four byte SADs of S0's windows (bytes k..k+3 of the 64-bit S0 = hi:lo, k = 0..3) against S1.
template <bool Masked>
inline void window_bytes_sads(VI lo, VI hi, VI s1, VI (&sad)[4]) {
  sad[0] = bytes_sad<Masked>(lo, s1);
  sad[1] = bytes_sad<Masked>(srli<8>(lo) | slli<24>(hi), s1);
  sad[2] = bytes_sad<Masked>(srli<16>(lo) | slli<16>(hi), s1);
  sad[3] = bytes_sad<Masked>(srli<24>(lo) | slli<8>(hi), s1);
}
// qsad_pk_u16_u8 / mqsad_pk_u16_u8 (§3.5): 16-bit slot k = S2's slot k + SAD k, modulo 2^16.
template <bool Masked>
std::size_t qsad_pk_lanes(const ValuLanes& b) {
  const std::size_t full = b.lanes / kLanes * kLanes;
  for (std::size_t l = 0; l < full; l += kLanes) {
    VI sad[4];
    window_bytes_sads<Masked>(load_word(b.src[0], 2, 0, l), load_word(b.src[0], 2, 1, l), load_lanes(b.src[1], l), sad);
    for (int w = 0; w < 2; ++w) {
      const VI acc = load_word(b.src[2], 2, w, l);
      store_word(b.dst, 2, w, l, ((acc + sad[2 * w]) & vi_set1(0xFFFF)) | slli<16>(srli<16>(acc) + sad[2 * w + 1]));
    }
  }
  return full;
}
// mqsad_u32_u8 (§3.6, default mqsad_u32_overflow = wrap): D[k] = S2[k] + masked SAD k, modulo 2^32.
std::size_t mqsad_u32_lanes(const ValuLanes& b) {
  const std::size_t full = b.lanes / kLanes * kLanes;
  for (std::size_t l = 0; l < full; l += kLanes) {
    VI sad[4];
    window_bytes_sads<true>(load_word(b.src[0], 2, 0, l), load_word(b.src[0], 2, 1, l), load_lanes(b.src[1], l), sad);
    for (int k = 0; k < 4; ++k) store_word(b.dst, 4, k, l, load_word(b.src[2], 4, k, l) + sad[k]);
  }
  return full;
}

// ---- integer dots (§4.1) ----------------------------------------------------------------------
// Elements of 8 or 4 bits: every product and their sum fit in int32 (at most 8 * 255^2 < 2^20 in
// magnitude), so the dot is exact. Then C is added: without clamp modulo 2^32 (= the reference's
// exact sum mod 2^32); with clamp, saturated to the result's range: signed results (sdot, sudot;
// C signed) by the two's complement overflow test, unsigned ones (udot; C unsigned, dot >= 0) by
// the carry test.
template <int Width>
inline VI element_at(VI x, int k, bool is_signed) {  // element k moved to the top, then shifted down
  const VI top = sllv(x, vi_set1(32 - Width * (k + 1)));
  return is_signed ? srai<32 - Width>(top) : srli<32 - Width>(top);
}
template <int Width>
VI int_dot_sum(VI a, VI b, const IntDotSpec& s) {
  VI sum = vi_set1(0);
  for (int k = 0; k < 32 / Width; ++k)
    sum = sum + vi_mullo(element_at<Width>(a, k, s.a_signed), element_at<Width>(b, k, s.b_signed));
  return sum;
}
inline VI below_unsigned(VI x, VI y) { return cmpeq(vmin_unsigned(x, y), x) & ~cmpeq(x, y); }  // x < y, all-ones lanes
inline VI add_clamped(VI c, VI dot, bool result_signed) {
  const VI sum = c + dot;
  if (result_signed) {
    const VI overflow = srai<31>((c ^ sum) & (dot ^ sum));
    return select(overflow, srai<31>(c) ^ vi_set1(0x7FFFFFFF), sum);
  }
  return sum | below_unsigned(sum, c);  // a carry out (dot >= 0): saturate to 0xFFFFFFFF
}
// 16-bit elements (sdot2, udot2). Signed: the two products are exact in int32 and so is their sum
// except for the one dot that reaches 2^31 (both pairs -32768 * -32768), which wraps to INT32_MIN;
// modulo 2^32 that is still right, and under clamp that lane (the only one whose dot reads as
// INT32_MIN, since every other signed dot is above -2^31) goes to the reference. Unsigned: each
// product a_k * b_k < 2^32 is exact in uint32; then C + p0 + p1 modulo 2^32, and under clamp
// saturated when either addition carries (the exact sum is >= 2^32 exactly then).
std::size_t int_dot16_lanes(const ValuLanes& b) {
  const IntDotSpec& s = b.int_dot;
  if (s.a_signed != s.b_signed || s.a_signed != s.result_signed) return 0;  // not a builtin's combination
  return for_each_vector(b, [&](std::size_t l) {
    const VI a = load_lanes(b.src[0], l), bb = load_lanes(b.src[1], l), c = load_lanes(b.src[2], l);
    if (s.a_signed) {
      const VI dot = vi_mullo(srai<16>(slli<16>(a)), srai<16>(slli<16>(bb))) + vi_mullo(srai<16>(a), srai<16>(bb));
      if (!b.clamp) return c + dot;
      mark_for_reference(b, l, cmpeq(dot, vi_set1(INT32_MIN)));
      return add_clamped(c, dot, true);
    }
    const VI low = vi_set1(0xFFFF);
    const VI p0 = vi_mullo(a & low, bb & low), p1 = vi_mullo(srli<16>(a), srli<16>(bb));
    const VI s1 = c + p0, s2 = s1 + p1;
    if (!b.clamp) return s2;
    return s2 | below_unsigned(s1, c) | below_unsigned(s2, s1);
  });
}
std::size_t int_dot_lanes(const ValuLanes& b) {
  const IntDotSpec& s = b.int_dot;
  if (s.width == 16) return int_dot16_lanes(b);
  if (s.width != 8 && s.width != 4) return 0;
  if (!s.result_signed && (s.a_signed || s.b_signed)) return 0;  // not a builtin's combination
  return for_each_vector(b, [&](std::size_t l) {
    const VI a = load_lanes(b.src[0], l), bb = load_lanes(b.src[1], l), c = load_lanes(b.src[2], l);
    const VI dot = s.width == 8 ? int_dot_sum<8>(a, bb, s) : int_dot_sum<4>(a, bb, s);
    return b.clamp ? add_clamped(c, dot, s.result_signed) : c + dot;
  });
}

// ---- V_DOT4_F32_{FP8,BF8}_{FP8,BF8} (gfx1200; §5.5), default dot4_fp8_rounding = sequential -----
// The reference (valu_float_dot.cpp dot4_f32_fp8): a NaN or infinite factor or C gives §5.2's
// special result (dot_specials.cpp dot_special_result); otherwise acc = C, then acc =
// ieee_fma(x_k, y_k, acc) for k = 0..3: one IEEE binary32 fused multiply-add each, RNE, gradual
// underflow. Here: the factors' exact binary32 values from the driver's tables (the reference's own
// fp8_to_f32, ocp_fp8_values() in valu_fast.cpp: zeros keep their sign, NaN bytes read as NaN,
// BF8 infinities as infinities), the same four fused multiply-adds on the host (std::fma, correctly
// rounded, or VFMADD under the guard's MXCSR: RNE, FTZ and DAZ off); without NaN or infinite
// inputs no NaN can arise (an overflowed acc is an infinity plus finite products), so NaN rules
// never matter there. Lanes with such inputs take §5.2's result, decided on the same bits in the
// reference's order: a NaN factor, then inf * 0, then infinite products of both signs, then a NaN
// C (quieted), then C's infinity joining them (both signs: the invalid NaN), else the infinity
// (the two NaN patterns come from the driver: kDotFactorNan, kDotInvalidNan of dot_specials.hpp).
std::size_t dot4_f32_fp8_lanes(const ValuLanes& b) {
  const auto* table_a = reinterpret_cast<const std::int32_t*>(b.fp8_table);
  const auto* table_b = reinterpret_cast<const std::int32_t*>(b.fp8_table_b);
  const VI magnitude = vi_set1(0x7FFFFFFF), inf = vi_set1(0x7F800000), zero = vi_set1(0);
  return for_each_vector(b, [&](std::size_t l) {
    const VI a = load_lanes(b.src[0], l), bb = load_lanes(b.src[1], l), c = load_lanes(b.src[2], l);
    VI factor_nan = zero, invalid = zero, pos_inf = zero, neg_inf = zero;
    VF acc = as_vf(c);
    for (int k = 0; k < 4; ++k) {
      const VI x = vi_lookup(table_a, byte_of(a, k)), y = vi_lookup(table_b, byte_of(bb, k));
      const VI mx = x & magnitude, my = y & magnitude;
      const VI inf_x = cmpeq(mx, inf), inf_y = cmpeq(my, inf);
      factor_nan = factor_nan | cmpgt(mx, inf) | cmpgt(my, inf);
      invalid = invalid | (inf_x & cmpeq(my, zero)) | (inf_y & cmpeq(mx, zero));
      const VI infinite = inf_x | inf_y, negative = srai<31>(x ^ y);
      neg_inf = neg_inf | (infinite & negative);
      pos_inf = pos_inf | and_not(negative, infinite);
      acc = fma(as_vf(x), as_vf(y), acc);
    }
    invalid = invalid | (pos_inf & neg_inf);
    const VI mc = c & magnitude, c_inf = cmpeq(mc, inf), c_negative = srai<31>(c);
    neg_inf = neg_inf | (c_inf & c_negative);
    pos_inf = pos_inf | and_not(c_negative, c_inf);
    VI r = as_vi(acc);
    r = select(pos_inf | neg_inf, select(neg_inf, vi_set1(static_cast<std::int32_t>(0xFF800000U)), inf), r);
    r = select(pos_inf & neg_inf, vi_set1(static_cast<std::int32_t>(b.invalid_nan)), r);
    r = select(cmpgt(mc, inf), c | vi_set1(0x00400000), r);
    r = select(invalid, vi_set1(static_cast<std::int32_t>(b.invalid_nan)), r);
    return select(factor_nan, vi_set1(static_cast<std::int32_t>(b.factor_nan)), r);
  });
}

// ---- conversions (§6) ------------------------------------------------------------------------
// cvt_pk_i16 / cvt_pk_u16 (§6.3): saturation to the 16-bit range (signed inputs / unsigned inputs).
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

// FP8/BF8 to binary32 (§6.6): each byte's result read from the table the driver filled with the
// reference's own results for all 256 bytes (valu_fast.cpp), so every lane is the reference's.
std::size_t fp8_to_f32_lanes(const ValuLanes& b) {
  const auto* table = reinterpret_cast<const std::int32_t*>(b.fp8_table);
  const std::size_t full = b.lanes / kLanes * kLanes;
  for (std::size_t l = 0; l < full; l += kLanes) {
    const VI s = srlv(load_lanes(b.src[0], l), vi_set1(b.byte_shift));
    if (b.packed) {
      store_word(b.dst, 2, 0, l, vi_lookup(table, s & vi_set1(0xFF)));
      store_word(b.dst, 2, 1, l, vi_lookup(table, srli<8>(s) & vi_set1(0xFF)));
    } else {
      store_lanes(b.dst, l, vi_lookup(table, s & vi_set1(0xFF)));
    }
  }
  return full;
}

// Binary32 to an OCP FP8 (E4M3) or BF8 (E5M2) byte, RNE (§6.7) or stochastic with the random bits
// S1[31:9+m] (§6.8), MODE.FP16_OVFL off (the default): conversions.cpp f32_to_fp8() step for step
// on the bit pattern. The target exponent e = x's exponent field - 127 + bias; NaN gives 0xFF / 0xFE
// (sign ignored), e >= 16 / 31 (infinities included) sign | 0x7F / 0x7C; otherwise the significand
// with its implicit bit (also for binary32 subnormals, whose e is far below the grid) is shifted
// by (23 - m) + max(0, 1 - e), rounded to nearest even (nothing left when the shift exceeds 24)
// or truncated after adding the random bits; a zero result is the signed zero; else
// (e - 1) << m is added when e > 0 (a significand carry bumps the exponent), capped at 0x7F / 0x7C.
template <bool Bf8, bool Stochastic>
inline VI to_ocp_fp8(VI x, VI seed) {
  constexpr int m = Bf8 ? 2 : 3, bias = Bf8 ? 15 : 7, far = Bf8 ? 31 : 16, top = Bf8 ? 0x7C : 0x7F;
  const VI sign = srli<24>(x) & vi_set1(0x80);
  const VI field = srli<23>(x) & vi_set1(0xFF);
  const VI nan = cmpeq(field, vi_set1(0xFF)) & ~cmpeq(x & vi_set1(0x7FFFFF), vi_set1(0));
  const VI e = field - vi_set1(127 - bias);
  const VI normal_e = cmpgt(e, vi_set1(0));
  const VI sig = (x & vi_set1(0x7FFFFF)) | vi_set1(1 << 23);
  const VI sh_sub = and_not(normal_e, vi_set1(1) - e);  // e < 1 ? 1 - e : 0
  VI r, zero;
  if constexpr (Stochastic) {
    r = srli<23 - m>(srlv(sig, sh_sub) + srli<9 + m>(seed));  // srlv: a count of 32 or more gives 0
    zero = cmpeq(r, vi_set1(0));
  } else {
    const VI sh = vi_set1(23 - m) + sh_sub;
    const VI q = srlv(sig, sh), rest = sig & (sllv(vi_set1(1), sh) - vi_set1(1)),
             half = sllv(vi_set1(1), sh - vi_set1(1));
    const VI up = cmpgt(rest, half) | (cmpeq(rest, half) & cmpeq(q & vi_set1(1), vi_set1(1)));
    r = q - up;  // up is -1 where the quotient rounds up
    zero = cmpgt(sh, vi_set1(24)) | cmpeq(r, vi_set1(0));
  }
  r = r + (normal_e & slli<m>(e - vi_set1(1)));
  VI out = sign | vmin(r, vi_set1(top));
  out = select(zero, sign, out);
  out = select(~cmpgt(vi_set1(far), e), sign | vi_set1(top), out);
  return select(nan, vi_set1(Bf8 ? 0xFE : 0xFF), out);
}
// cvt_pk_fp8_f32 / cvt_pk_bf8_f32 (RNE, word word_sel of S2 replaced by fp8(S1) << 8 | fp8(S0)) and
// cvt_sr_fp8_f32 / cvt_sr_bf8_f32 (stochastic with S1, byte byte_sel of S2 replaced).
template <bool Bf8>
std::size_t f32_to_fp8_lanes_of(const ValuLanes& b) {
  const VI shift = vi_set1(b.byte_shift);
  return for_each_vector(b, [&](std::size_t l) {
    const VI s0 = load_lanes(b.src[0], l), s1 = load_lanes(b.src[1], l), old = load_lanes(b.src[2], l);
    if (b.packed) {
      const VI v = to_ocp_fp8<Bf8, false>(s0, s0) | slli<8>(to_ocp_fp8<Bf8, false>(s1, s1));
      return and_not(sllv(vi_set1(0xFFFF), shift), old) | sllv(v, shift);
    }
    return and_not(sllv(vi_set1(0xFF), shift), old) | sllv(to_ocp_fp8<Bf8, true>(s0, s1), shift);
  });
}
std::size_t f32_to_fp8_lanes(const ValuLanes& b) {
  return b.bf8 ? f32_to_fp8_lanes_of<true>(b) : f32_to_fp8_lanes_of<false>(b);
}

// The kinds written here. fdot2_*, cvt_pkrtz, cvt_pknorm_* and cvt_pk_u8_f32 have AVX2 kernels only
// (valu_lanes.inl: they lean on the host's F16C and binary64 conversions); at the portable level
// they run the reference lane kernel, and the tests say so.
ValuLanesKernel valu_kernel(ValuKind kind) {
  switch (kind) {
    case ValuKind::sad_u8: return &sad_u8_lanes;
    case ValuKind::sad_hi_u8: return &sad_hi_u8_lanes;
    case ValuKind::sad_u16: return &sad_u16_lanes;
    case ValuKind::msad_u8: return &msad_u8_lanes;
    case ValuKind::qsad_pk_u16_u8: return &qsad_pk_lanes<false>;
    case ValuKind::mqsad_pk_u16_u8: return &qsad_pk_lanes<true>;
    case ValuKind::mqsad_u32_u8: return &mqsad_u32_lanes;
    case ValuKind::int_dot: return &int_dot_lanes;
    case ValuKind::dot4_f32_fp8: return &dot4_f32_fp8_lanes;
    case ValuKind::cvt_pk_i16: return &cvt_pk_i16_lanes;
    case ValuKind::cvt_pk_u16: return &cvt_pk_u16_lanes;
    case ValuKind::fp8_to_f32: return &fp8_to_f32_lanes;
    case ValuKind::f32_to_fp8: return &f32_to_fp8_lanes;
    default: return nullptr;
  }
}

}  // namespace portable
