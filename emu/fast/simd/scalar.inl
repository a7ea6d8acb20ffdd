// The SIMD vocabulary of the fast kernels in portable C++: one lane of each type. Included inside
// the per-ISA namespace by isa_scalar.cpp only. Needs <cmath>, <cstdint>, <cstring> included first.

inline constexpr int kLanes = 1;
inline constexpr int kLanesD = 1;
inline constexpr bool kHostFlushesTiny = false;  // flush_tiny() does the CDNA2 flush explicitly

struct VI {
  std::int32_t v;
};
struct VF {
  float v;
};
struct VD {
  double v;
};

// Wrapping arithmetic without signed overflow: compute on uint32_t.
inline std::int32_t wrap(std::uint32_t x) { return static_cast<std::int32_t>(x); }
inline std::uint32_t u(std::int32_t x) { return static_cast<std::uint32_t>(x); }

// ---- int32 lanes ----
inline VI vi_load(const std::int32_t* p) { return {*p}; }
inline void vi_store(std::int32_t* p, VI a) { *p = a.v; }
inline VI vi_set1(std::int32_t x) { return {x}; }
inline VI operator+(VI a, VI b) { return {wrap(u(a.v) + u(b.v))}; }
inline VI operator-(VI a, VI b) { return {wrap(u(a.v) - u(b.v))}; }
inline VI operator&(VI a, VI b) { return {a.v & b.v}; }
inline VI operator|(VI a, VI b) { return {a.v | b.v}; }
inline VI operator^(VI a, VI b) { return {a.v ^ b.v}; }
inline VI operator~(VI a) { return {~a.v}; }
inline VI and_not(VI mask, VI a) { return {~mask.v & a.v}; }
inline VI vmax(VI a, VI b) { return {a.v > b.v ? a.v : b.v}; }
inline VI vmin(VI a, VI b) { return {a.v < b.v ? a.v : b.v}; }
inline VI vmin_unsigned(VI a, VI b) { return {u(a.v) < u(b.v) ? a.v : b.v}; }
inline VI vmax_unsigned(VI a, VI b) { return {u(a.v) > u(b.v) ? a.v : b.v}; }
inline VI cmpeq(VI a, VI b) { return {a.v == b.v ? -1 : 0}; }
inline VI cmpgt(VI a, VI b) { return {a.v > b.v ? -1 : 0}; }
template <int N>
inline VI srli(VI a) {
  return {wrap(u(a.v) >> N)};
}
template <int N>
inline VI slli(VI a) {
  return {wrap(u(a.v) << N)};
}
template <int N>
inline VI srai(VI a) {
  return {a.v >> N};
}  // arithmetic (C++20)
inline VI srlv(VI a, VI n) { return {u(n.v) > 31 ? 0 : wrap(u(a.v) >> n.v)}; }
inline VI sllv(VI a, VI n) { return {u(n.v) > 31 ? 0 : wrap(u(a.v) << n.v)}; }
inline VI madd16(VI a, VI b) {
  const auto lo = [](std::int32_t x) { return static_cast<std::int32_t>(static_cast<std::int16_t>(u(x) & 0xFFFF)); };
  const auto hi = [](std::int32_t x) { return static_cast<std::int32_t>(static_cast<std::int16_t>(u(x) >> 16)); };
  return {wrap(u(lo(a.v) * lo(b.v)) + u(hi(a.v) * hi(b.v)))};
}
inline VI vabs(VI a) { return {a.v < 0 ? wrap(0U - u(a.v)) : a.v}; }
inline VI select(VI mask, VI if_set, VI if_clear) { return mask.v != 0 ? if_set : if_clear; }
inline bool any(VI mask) { return mask.v != 0; }
inline unsigned lane_bits(VI mask) { return mask.v != 0 ? 1U : 0U; }
inline VI to_f32_bits(VI a) {
  const float f = static_cast<float>(a.v);  // rounds by the current mode: nearest even under the guard
  std::uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return {wrap(bits)};
}
// The int32 value of binary32 bits holding an integer of magnitude below 2^31 (exact: the truncation
// drops nothing).
inline VI f32_bits_to_i32(VI a) {
  float f;
  const std::uint32_t bits = u(a.v);
  std::memcpy(&f, &bits, sizeof f);
  return {static_cast<std::int32_t>(f)};
}

// ---- float lanes ----
inline VF vf_load(const float* p) { return {*p}; }
inline void vf_store(float* p, VF a) { *p = a.v; }
inline VF vf_set1(float x) { return {x}; }
inline VF operator+(VF a, VF b) { return {a.v + b.v}; }
inline VF operator*(VF a, VF b) { return {a.v * b.v}; }  // rounds by the current mode: callers prove exactness
// Truncated toward zero to int32; a NaN or a magnitude of 2^31 or more gives INT32_MIN (as cvttps2dq
// does; the C++ conversion would be undefined there).
inline VI truncate_to_i32(VF a) {
  return {std::fabs(a.v) < 2147483648.0f ? static_cast<std::int32_t>(a.v) : INT32_MIN};
}
inline VF fma(VF a, VF b, VF c) { return {std::fma(a.v, b.v, c.v)}; }  // libm: exact, one rounding
// A binary32 result that is subnormal becomes zero of its sign: exactly the reference's "round on
// the subnormal grid, then flush" (round_pack Underflow::flush_after_rounding).
inline VF flush_tiny(VF a) {
  std::uint32_t bits;
  std::memcpy(&bits, &a.v, sizeof bits);
  if ((bits & 0x7F800000U) == 0) bits &= 0x80000000U;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return {f};
}

// ---- double lanes ----
inline VD vd_load(const double* p) { return {*p}; }
inline void vd_store(double* p, VD a) { *p = a.v; }
inline VD vd_set1(double x) { return {x}; }
inline VD fma(VD a, VD b, VD c) { return {std::fma(a.v, b.v, c.v)}; }

// ---- used by the VALU lane kernels (kernels/valu_portable.inl) ----
inline VI vi_mullo(VI a, VI b) { return {wrap(u(a.v) * u(b.v))}; }  // the low 32 bits of the product
// table[index] per lane (index 0..255 in the VALU kernels).
inline VI vi_lookup(const std::int32_t* table, VI index) { return {table[index.v]}; }
inline VF as_vf(VI a) {
  float f;
  std::memcpy(&f, &a.v, sizeof f);
  return {f};
}
inline VI as_vi(VF a) {
  std::int32_t i;
  std::memcpy(&i, &a.v, sizeof i);
  return {i};
}

// ---- used by the CDNA3 fused-group kernel (kernels/cdna3_fused.inl) ----
// Arithmetic right shift; a count above 31 gives the sign fill (0 or -1).
inline VI srav(VI a, VI n) { return {u(n.v) > 31 ? (a.v < 0 ? -1 : 0) : a.v >> n.v}; }
inline constexpr int kHalves = 1;  // VD values per VI
template <int H>
inline VD vd_from_i32(VI a) {
  return {static_cast<double>(a.v)};
}  // exact
// 2^n, exact for n in [-1022, 1023] (built from the bits).
template <int H>
inline VD vd_pow2(VI n) {
  const std::uint64_t bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(n.v) + 1023) << 52;
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return {d};
}
inline VD operator*(VD a, VD b) { return {a.v * b.v}; }
inline VD operator+(VD a, VD b) { return {a.v + b.v}; }
inline VD vd_floor(VD a) { return {std::floor(a.v)}; }  // exact
// The binary32 bits of the binary64 value rounded by the current mode: nearest even under the guard.
inline VI f32_bits_rne(const VD (&halves)[kHalves]) {
  const float f = static_cast<float>(halves[0].v);
  std::int32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return {bits};
}
