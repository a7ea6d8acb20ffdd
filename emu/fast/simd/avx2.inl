// The SIMD vocabulary of the fast kernels on AVX2 + FMA + F16C: 8 x int32, 8 x float, 4 x double.
// Included inside the per-ISA namespace by isa_avx2.cpp only (see kernel_table.hpp for why).
// Needs <immintrin.h> and <cstdint> included before the namespace is opened.

inline constexpr int kLanes = 8;                // int32 / float lanes of VI / VF
inline constexpr int kLanesD = 4;               // double lanes of VD
inline constexpr bool kHostFlushesTiny = true;  // MXCSR.FTZ does the CDNA2 flush (FloatEnv below)

struct VI {
  __m256i v;
};
struct VF {
  __m256 v;
};
struct VD {
  __m256d v;
};

// ---- int32 lanes ----
inline VI vi_load(const std::int32_t* p) { return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))}; }
inline void vi_store(std::int32_t* p, VI a) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), a.v); }
inline VI vi_set1(std::int32_t x) { return {_mm256_set1_epi32(x)}; }
inline VI operator+(VI a, VI b) { return {_mm256_add_epi32(a.v, b.v)}; }
inline VI operator-(VI a, VI b) { return {_mm256_sub_epi32(a.v, b.v)}; }
inline VI operator&(VI a, VI b) { return {_mm256_and_si256(a.v, b.v)}; }
inline VI operator|(VI a, VI b) { return {_mm256_or_si256(a.v, b.v)}; }
inline VI operator^(VI a, VI b) { return {_mm256_xor_si256(a.v, b.v)}; }
inline VI operator~(VI a) { return {_mm256_xor_si256(a.v, _mm256_set1_epi32(-1))}; }
inline VI and_not(VI mask, VI a) { return {_mm256_andnot_si256(mask.v, a.v)}; }  // ~mask & a
inline VI vmax(VI a, VI b) { return {_mm256_max_epi32(a.v, b.v)}; }
inline VI vmin(VI a, VI b) { return {_mm256_min_epi32(a.v, b.v)}; }
inline VI vmin_unsigned(VI a, VI b) { return {_mm256_min_epu32(a.v, b.v)}; }
inline VI vmax_unsigned(VI a, VI b) { return {_mm256_max_epu32(a.v, b.v)}; }
inline VI cmpeq(VI a, VI b) { return {_mm256_cmpeq_epi32(a.v, b.v)}; }
inline VI cmpgt(VI a, VI b) { return {_mm256_cmpgt_epi32(a.v, b.v)}; }  // signed
template <int N>
inline VI srli(VI a) {
  return {_mm256_srli_epi32(a.v, N)};
}
template <int N>
inline VI slli(VI a) {
  return {_mm256_slli_epi32(a.v, N)};
}
template <int N>
inline VI srai(VI a) {
  return {_mm256_srai_epi32(a.v, N)};
}
// Per-lane logical shifts; a count outside 0..31 (negative counts included) gives 0.
inline VI srlv(VI a, VI n) { return {_mm256_srlv_epi32(a.v, n.v)}; }
inline VI sllv(VI a, VI n) { return {_mm256_sllv_epi32(a.v, n.v)}; }
// lo16(a)*lo16(b) + hi16(a)*hi16(b), signed 16-bit halves, per 32-bit lane (vpmaddwd).
inline VI madd16(VI a, VI b) { return {_mm256_madd_epi16(a.v, b.v)}; }
inline VI vabs(VI a) { return {_mm256_abs_epi32(a.v)}; }
inline VI select(VI mask, VI if_set, VI if_clear) { return {_mm256_blendv_epi8(if_clear.v, if_set.v, mask.v)}; }
inline bool any(VI mask) { return !_mm256_testz_si256(mask.v, mask.v); }
inline unsigned lane_bits(VI mask) { return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(mask.v))); }
// The binary32 bit pattern of each lane's value rounded to nearest even (MXCSR.RC, set by the guard).
inline VI to_f32_bits(VI a) { return {_mm256_castps_si256(_mm256_cvtepi32_ps(a.v))}; }
// The int32 value of binary32 bits holding an integer of magnitude below 2^31 (exact: the truncation
// drops nothing).
inline VI f32_bits_to_i32(VI a) { return {_mm256_cvttps_epi32(_mm256_castsi256_ps(a.v))}; }

// ---- float lanes ----
inline VF vf_load(const float* p) { return {_mm256_loadu_ps(p)}; }
inline void vf_store(float* p, VF a) { _mm256_storeu_ps(p, a.v); }
inline VF vf_set1(float x) { return {_mm256_set1_ps(x)}; }
inline VF operator+(VF a, VF b) { return {_mm256_add_ps(a.v, b.v)}; }
inline VF operator*(VF a, VF b) { return {_mm256_mul_ps(a.v, b.v)}; }  // rounds by MXCSR: callers prove exactness
// Each lane truncated toward zero to int32; a NaN or a magnitude of 2^31 or more gives INT32_MIN.
inline VI truncate_to_i32(VF a) { return {_mm256_cvttps_epi32(a.v)}; }
inline VF fma(VF a, VF b, VF c) { return {_mm256_fmadd_ps(a.v, b.v, c.v)}; }  // one rounding
// A binary32 result that is subnormal becomes zero of its sign. Here MXCSR.FTZ does it in the
// arithmetic itself (x86 detects tininess after rounding; the argument in
// kernels/pairwise_tree.inl shows the two rules agree on every value these kernels produce).
inline VF flush_tiny(VF a) { return a; }

// ---- double lanes ----
inline VD vd_load(const double* p) { return {_mm256_loadu_pd(p)}; }
inline void vd_store(double* p, VD a) { _mm256_storeu_pd(p, a.v); }
inline VD vd_set1(double x) { return {_mm256_set1_pd(x)}; }
inline VD fma(VD a, VD b, VD c) { return {_mm256_fmadd_pd(a.v, b.v, c.v)}; }

// ---- used by the VALU lane kernels (kernels/valu_portable.inl) ----
inline VI vi_mullo(VI a, VI b) { return {_mm256_mullo_epi32(a.v, b.v)}; }  // the low 32 bits of the product
// table[index] per lane (index 0..255 in the VALU kernels).
inline VI vi_lookup(const std::int32_t* table, VI index) { return {_mm256_i32gather_epi32(table, index.v, 4)}; }
inline VF as_vf(VI a) { return {_mm256_castsi256_ps(a.v)}; }
inline VI as_vi(VF a) { return {_mm256_castps_si256(a.v)}; }

// ---- used by the CDNA3 fused-group kernel (kernels/cdna3_fused.inl) ----
// Arithmetic per-lane right shift; a count above 31 gives the sign fill (0 or -1).
inline VI srav(VI a, VI n) { return {_mm256_srav_epi32(a.v, n.v)}; }
inline constexpr int kHalves = kLanes / kLanesD;  // VD values per VI
// The int32 lanes [4H, 4H + 4) as exact binary64 values.
template <int H>
inline VD vd_from_i32(VI a) {
  return {_mm256_cvtepi32_pd(_mm256_extracti128_si256(a.v, H))};
}
// 2^n for the int32 lanes [4H, 4H + 4), exact for n in [-1022, 1023] (built from the bits).
template <int H>
inline VD vd_pow2(VI n) {
  const __m256i wide = _mm256_cvtepi32_epi64(_mm256_extracti128_si256(n.v, H));
  return {_mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(wide, _mm256_set1_epi64x(1023)), 52))};
}
inline VD operator*(VD a, VD b) { return {_mm256_mul_pd(a.v, b.v)}; }
inline VD operator+(VD a, VD b) { return {_mm256_add_pd(a.v, b.v)}; }
inline VD vd_floor(VD a) { return {_mm256_round_pd(a.v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)}; }  // exact
// The binary32 bits of each binary64 lane rounded to nearest even (MXCSR.RC, set by the guard;
// gradual underflow with FTZ off, overflow to infinity), lanes of halves[0] first.
inline VI f32_bits_rne(const VD (&halves)[kHalves]) {
  return {_mm256_castps_si256(_mm256_set_m128(_mm256_cvtpd_ps(halves[1].v), _mm256_cvtpd_ps(halves[0].v)))};
}
