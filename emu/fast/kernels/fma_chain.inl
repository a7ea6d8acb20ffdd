// CDNA2 FP32 / FP64 MFMA (docs/spec/numerics.md §B.1): acc = C; acc = fma(A[k], B[k], acc) for k ascending,
// RNE, no flushing. Exactness: the host FMA is the IEEE fused multiply-add, so with MXCSR at RNE
// and FTZ/DAZ clear (FloatEnv{}) every step equals the reference's ieee_fma() bit for bit, signed
// zeros included; only NaN bits differ, and the reference's cdna2_nan=canonical makes every NaN
// 0x7FC00000 / 0x7FF8000000000000, which store_d() writes for any NaN (a NaN stays NaN through
// every later fma, so a final NaN means exactly that the reference produced a NaN).
// The chain's order is the GEMM's: an outer-product micro-kernel adds A[i][k]*B[k][j] into the
// accumulator for k = k0, k0+1, ... one k at a time, which is the instruction sequence of the GPU
// kernel (the K loop of MFMAs accumulating into the same C tile).

template <class T, class V, int Lanes, class Bits>
struct FmaChainFamily {
  using Acc = T;
  static constexpr int MR = 6;
  static constexpr int NV = 2;  // vectors per row of a micro-tile
  static constexpr int NR = NV * Lanes;

  static int kc(const GemmProblem& p) { return (256 / p.k_step > 0 ? 256 / p.k_step : 1) * p.k_step; }
  static std::size_t a_panel_bytes(int kc) { return sizeof(T) * MR * static_cast<std::size_t>(kc); }
  static std::size_t b_panel_bytes(int kc) { return sizeof(T) * NR * static_cast<std::size_t>(kc); }

  static void pack_a(const GemmProblem& p, int i0, int rows, int k0, int kc, void* dst, std::size_t panel_stride) {
    for_each_a_element(rows, kc, MR, [&](int r, int k, bool inside) {
      panel<T>(dst, panel_stride, r / MR)[k * MR + r % MR] =
          inside ? bits_as<T>(element<Bits>(p.a, i0 + r, k0 + k)) : T{};
    });
  }
  static void pack_b(const GemmProblem& p, int k0, int kc, int j0, int cols, void* dst) {
    T* out = static_cast<T*>(dst);
    for (int c = 0; c < NR; ++c)
      for (int k = 0; k < kc; ++k) out[k * NR + c] = c < cols ? bits_as<T>(element<Bits>(p.b, k0 + k, j0 + c)) : T{};
  }
  static T load_c(const GemmProblem& p, int i, int j) { return bits_as<T>(element<Bits>(p.c, i, j)); }
  static void store_d(const GemmProblem& p, int i, int j, T value) {
    Bits bits = bits_as<Bits>(value);
    if (value != value)
      bits = sizeof(Bits) == 4 ? Bits(0x7FC00000U) : Bits(0x7FF8000000000000ULL);  // cdna2_nan=canonical
    put<Bits>(p, i, j, bits);
  }

  static void micro(const GemmProblem&, int, int kc, const void* a_panel, const void* b_panel, T* tile, int, int) {
    const T* a = static_cast<const T*>(a_panel);
    const T* b = static_cast<const T*>(b_panel);
    V acc[MR][NV];
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r)
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[r][v] = load(tile + r * NR + v * Lanes);
    for (int k = 0; k < kc; ++k) {
      V bv[NV];
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) bv[v] = load(b + k * NR + v * Lanes);
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r) {
        const V av = set1(a[k * MR + r]);
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) acc[r][v] = fma(av, bv[v], acc[r][v]);
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r)
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) store(tile + r * NR + v * Lanes, acc[r][v]);
  }

 private:
  static V load(const T* p) {
    if constexpr (sizeof(T) == 4)
      return vf_load(p);
    else
      return vd_load(p);
  }
  static void store(T* p, V v) {
    if constexpr (sizeof(T) == 4)
      vf_store(p, v);
    else
      vd_store(p, v);
  }
  static V set1(T x) {
    if constexpr (sizeof(T) == 4)
      return vf_set1(x);
    else
      return vd_set1(x);
  }
};

using FmaChainF32 = FmaChainFamily<float, VF, kLanes, std::uint32_t>;
using FmaChainF64 = FmaChainFamily<double, VD, kLanesD, std::uint64_t>;
