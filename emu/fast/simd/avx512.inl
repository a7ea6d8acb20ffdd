// The SIMD vocabulary of the fast kernels on AVX-512 F/BW/DQ/VL (x86-64-v4): 16 x int32, 16 x float,
// 8 x double. Included inside the per-ISA namespace by isa_avx512.cpp only (see kernel_table.hpp
// for why). Needs <immintrin.h> and <cstdint> included before the namespace is opened.
//
// Every operation has the meaning the AVX2 vocabulary (simd/avx2.inl) gives it, on twice the lanes;
// the kernels are the same source. Where the two instruction sets differ, the difference is named:
// - Masks stay vectors of all-ones / all-zeros lanes (the kernels combine them with &, |, and_not),
//   so a comparison turns its k-mask into such a vector (vpmovm2d, AVX512DQ) and select() is one
//   bitwise ternary operation (vpternlogd 0xCA: mask ? if_set : if_clear, bit by bit).
// - The conversions and arithmetic below take no embedded rounding, so they round by MXCSR.RC and
//   flush by MXCSR.FTZ / DAZ exactly as the VEX forms do (Intel SDM vol. 1, 15.8: EVEX instructions
//   without static rounding use MXCSR), which the kernels' FloatEnvGuard sets.
// - Shifts by a vector count: vpsrlvd / vpsllvd give 0 and vpsravd the sign fill for a count above
//   31, as their AVX2 forms do (the count is read as unsigned, so negative counts are above 31).
// - vcvttps2dq gives the integer indefinite 0x80000000 for NaN or out-of-range lanes, as in AVX2.

inline constexpr int kLanes = 16;               // int32 / float lanes of VI / VF
inline constexpr int kLanesD = 8;               // double lanes of VD
inline constexpr bool kHostFlushesTiny = true;  // MXCSR.FTZ does the CDNA2 flush (FloatEnv below)

struct VI {
  __m512i v;
};
struct VF {
  __m512 v;
};
struct VD {
  __m512d v;
};

// A k-mask as the all-ones / all-zeros lanes the kernels use.
inline VI mask_lanes(__mmask16 m) { return {_mm512_movm_epi32(m)}; }

// ---- int32 lanes ----
inline VI vi_load(const std::int32_t* p) { return {_mm512_loadu_si512(p)}; }
inline void vi_store(std::int32_t* p, VI a) { _mm512_storeu_si512(p, a.v); }
inline VI vi_set1(std::int32_t x) { return {_mm512_set1_epi32(x)}; }
inline VI operator+(VI a, VI b) { return {_mm512_add_epi32(a.v, b.v)}; }
inline VI operator-(VI a, VI b) { return {_mm512_sub_epi32(a.v, b.v)}; }
inline VI operator&(VI a, VI b) { return {_mm512_and_si512(a.v, b.v)}; }
inline VI operator|(VI a, VI b) { return {_mm512_or_si512(a.v, b.v)}; }
inline VI operator^(VI a, VI b) { return {_mm512_xor_si512(a.v, b.v)}; }
inline VI operator~(VI a) { return {_mm512_ternarylogic_epi32(a.v, a.v, a.v, 0x55)}; }  // NOT of the first operand
inline VI and_not(VI mask, VI a) { return {_mm512_andnot_si512(mask.v, a.v)}; }        // ~mask & a
inline VI vmax(VI a, VI b) { return {_mm512_max_epi32(a.v, b.v)}; }
inline VI vmin(VI a, VI b) { return {_mm512_min_epi32(a.v, b.v)}; }
inline VI vmin_unsigned(VI a, VI b) { return {_mm512_min_epu32(a.v, b.v)}; }
inline VI vmax_unsigned(VI a, VI b) { return {_mm512_max_epu32(a.v, b.v)}; }
inline VI cmpeq(VI a, VI b) { return mask_lanes(_mm512_cmpeq_epi32_mask(a.v, b.v)); }
inline VI cmpgt(VI a, VI b) { return mask_lanes(_mm512_cmpgt_epi32_mask(a.v, b.v)); }  // signed
template <int N>
inline VI srli(VI a) {
  return {_mm512_srli_epi32(a.v, N)};
}
template <int N>
inline VI slli(VI a) {
  return {_mm512_slli_epi32(a.v, N)};
}
template <int N>
inline VI srai(VI a) {
  return {_mm512_srai_epi32(a.v, N)};
}
// Per-lane logical shifts; a count outside 0..31 (negative counts included) gives 0.
inline VI srlv(VI a, VI n) { return {_mm512_srlv_epi32(a.v, n.v)}; }
inline VI sllv(VI a, VI n) { return {_mm512_sllv_epi32(a.v, n.v)}; }
// lo16(a)*lo16(b) + hi16(a)*hi16(b), signed 16-bit halves, per 32-bit lane (vpmaddwd, AVX512BW).
inline VI madd16(VI a, VI b) { return {_mm512_madd_epi16(a.v, b.v)}; }
inline VI vabs(VI a) { return {_mm512_abs_epi32(a.v)}; }
// mask ? if_set : if_clear, bit by bit (the masks are whole lanes, so lane by lane).
inline VI select(VI mask, VI if_set, VI if_clear) {
  return {_mm512_ternarylogic_epi32(mask.v, if_set.v, if_clear.v, 0xCA)};
}
inline bool any(VI mask) { return _mm512_test_epi32_mask(mask.v, mask.v) != 0; }
// One bit per lane: the lane's sign bit (a mask lane is all ones or all zeros), lane 0 lowest.
inline unsigned lane_bits(VI mask) { return static_cast<unsigned>(_mm512_movepi32_mask(mask.v)); }
// The binary32 bit pattern of each lane's value rounded to nearest even (MXCSR.RC, set by the guard).
inline VI to_f32_bits(VI a) { return {_mm512_castps_si512(_mm512_cvtepi32_ps(a.v))}; }
// The int32 value of binary32 bits holding an integer of magnitude below 2^31 (exact: the truncation
// drops nothing).
inline VI f32_bits_to_i32(VI a) { return {_mm512_cvttps_epi32(_mm512_castsi512_ps(a.v))}; }

// ---- float lanes ----
inline VF vf_load(const float* p) { return {_mm512_loadu_ps(p)}; }
inline void vf_store(float* p, VF a) { _mm512_storeu_ps(p, a.v); }
inline VF vf_set1(float x) { return {_mm512_set1_ps(x)}; }
inline VF operator+(VF a, VF b) { return {_mm512_add_ps(a.v, b.v)}; }
inline VF operator*(VF a, VF b) { return {_mm512_mul_ps(a.v, b.v)}; }  // rounds by MXCSR: callers prove exactness
// Each lane truncated toward zero to int32; a NaN or a magnitude of 2^31 or more gives INT32_MIN.
inline VI truncate_to_i32(VF a) { return {_mm512_cvttps_epi32(a.v)}; }
inline VF fma(VF a, VF b, VF c) { return {_mm512_fmadd_ps(a.v, b.v, c.v)}; }  // one rounding
// A binary32 result that is subnormal becomes zero of its sign: MXCSR.FTZ does it in the arithmetic
// itself, as for AVX2 (simd/avx2.inl; the argument is in kernels/pairwise_tree.inl).
inline VF flush_tiny(VF a) { return a; }

// ---- double lanes ----
inline VD vd_load(const double* p) { return {_mm512_loadu_pd(p)}; }
inline void vd_store(double* p, VD a) { _mm512_storeu_pd(p, a.v); }
inline VD vd_set1(double x) { return {_mm512_set1_pd(x)}; }
inline VD fma(VD a, VD b, VD c) { return {_mm512_fmadd_pd(a.v, b.v, c.v)}; }

// ---- used by the VALU lane kernels (kernels/valu_portable.inl) ----
inline VI vi_mullo(VI a, VI b) { return {_mm512_mullo_epi32(a.v, b.v)}; }  // the low 32 bits of the product
// table[index] per lane (index 0..255 in the VALU kernels).
inline VI vi_lookup(const std::int32_t* table, VI index) { return {_mm512_i32gather_epi32(index.v, table, 4)}; }
inline VF as_vf(VI a) { return {_mm512_castsi512_ps(a.v)}; }
inline VI as_vi(VF a) { return {_mm512_castps_si512(a.v)}; }

// ---- used by the CDNA3 fused-group kernel (kernels/cdna3_fused.inl) ----
// Arithmetic per-lane right shift; a count above 31 gives the sign fill (0 or -1).
inline VI srav(VI a, VI n) { return {_mm512_srav_epi32(a.v, n.v)}; }
inline constexpr int kHalves = kLanes / kLanesD;  // VD values per VI
// The int32 lanes [8H, 8H + 8).
template <int H>
inline __m256i half_lanes(VI a) {
  if constexpr (H == 0)
    return _mm512_castsi512_si256(a.v);
  else
    return _mm512_extracti64x4_epi64(a.v, 1);
}
// The int32 lanes [8H, 8H + 8) as exact binary64 values.
template <int H>
inline VD vd_from_i32(VI a) {
  return {_mm512_cvtepi32_pd(half_lanes<H>(a))};
}
// 2^n for the int32 lanes [8H, 8H + 8), exact for n in [-1022, 1023] (built from the bits).
template <int H>
inline VD vd_pow2(VI n) {
  const __m512i wide = _mm512_cvtepi32_epi64(half_lanes<H>(n));
  return {_mm512_castsi512_pd(_mm512_slli_epi64(_mm512_add_epi64(wide, _mm512_set1_epi64(1023)), 52))};
}
inline VD operator*(VD a, VD b) { return {_mm512_mul_pd(a.v, b.v)}; }
inline VD operator+(VD a, VD b) { return {_mm512_add_pd(a.v, b.v)}; }
// Exact: vrndscalepd with scale 0 rounds toward -inf to an integer (imm 0x09: no precision exception).
inline VD vd_floor(VD a) { return {_mm512_roundscale_pd(a.v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)}; }
// The binary32 bits of each binary64 lane rounded to nearest even (MXCSR.RC, set by the guard;
// gradual underflow with FTZ off, overflow to infinity), lanes of halves[0] first.
inline VI f32_bits_rne(const VD (&halves)[kHalves]) {
  const __m512 low = _mm512_castps256_ps512(_mm512_cvtpd_ps(halves[0].v));
  return {_mm512_castps_si512(_mm512_insertf32x8(low, _mm512_cvtpd_ps(halves[1].v), 1))};
}
