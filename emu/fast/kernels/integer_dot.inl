// Integer MFMA / WMMA (docs/spec/numerics.md §A.1 INT8 [INF], §B.7 IU8/IU4 [INF]): exact integer products
// summed into a 32-bit accumulator. Exactness: elements are sign- or zero-extended to 16 bits
// (|x| <= 255) and multiplied in pairs by madd16 (lo*lo + hi*hi, exact: at most 2 * 255^2 < 2^31).
//  * Without CLAMP (CDNA2 INT8 with cdna2_int8_overflow=wrap, RDNA3 without CLAMP) the result is
//    the exact sum modulo 2^32; addition modulo 2^32 is associative, so 32-bit wrapping adds in
//    any order give it.
//  * With CLAMP (RDNA3), each instruction saturates C + (its 16 products) to the int32 range: the
//    16 products are summed exactly (|sum| < 2^21) and added to the accumulator with saturation,
//    once per instruction (every k_step values of k).
//  * gfx1200 (docs/rdna4.md §3.2) saturates twice per instruction: after C + the products of the
//    first half of K and after adding the second half (p.clamp_stages = 2, FamilyChoice trait). The
//    same saturating add runs once per k_step / clamp_stages values of k; K/2 is even (8 or 16), so
//    a stage never splits a packed pair of k.

struct IntegerDotFamily {
  using Acc = std::int32_t;
  static constexpr int MR = 6;
  static constexpr int NR = 2 * kLanes;

  static int kc(const GemmProblem& p) { return (512 / p.k_step > 0 ? 512 / p.k_step : 1) * p.k_step; }
  // Pairs of k: one 32-bit word holds two 16-bit extended elements (k even low, k odd high).
  static std::size_t a_panel_bytes(int kc) { return 4 * MR * static_cast<std::size_t>(kc / 2); }
  static std::size_t b_panel_bytes(int kc) { return 4 * NR * static_cast<std::size_t>(kc / 2); }

  // Branch-free (random signs would defeat a branch): with `sign` the element's sign bit, or 0 for
  // an unsigned element, (v ^ sign) - sign sign-extends v.
  static std::uint32_t extend(std::uint8_t x, int bits, std::uint32_t sign) {
    const std::uint32_t v = x & ((1U << bits) - 1);
    return ((v ^ sign) - sign) & 0xFFFFU;  // as a 16-bit two's complement half
  }
  static std::uint32_t sign_bit(int bits, bool is_signed) { return is_signed ? 1U << (bits - 1) : 0U; }
  static int bits(const GemmProblem& p) { return p.family == GemmFamily::cdna2_int8 ? 8 : p.element_bits; }

  static void pack_a(const GemmProblem& p, int i0, int rows, int k0, int kc, void* dst, std::size_t panel_stride) {
    const int w = bits(p);
    const std::uint32_t sign = sign_bit(w, p.a_signed);
    const int padded = (rows + MR - 1) / MR * MR;
    for (int k = 0; k < kc; k += 2)  // one word per pair of k (kc is even)
      for (int r = 0; r < padded; ++r) {
        std::uint32_t word = 0;
        if (r < rows)
          word = extend(element<std::uint8_t>(p.a, i0 + r, k0 + k), w, sign) |
                 (extend(element<std::uint8_t>(p.a, i0 + r, k0 + k + 1), w, sign) << 16);
        panel<std::int32_t>(dst, panel_stride, r / MR)[(k / 2) * MR + r % MR] = static_cast<std::int32_t>(word);
      }
  }
  static void pack_b(const GemmProblem& p, int k0, int kc, int j0, int cols, void* dst) {
    std::int32_t* out = static_cast<std::int32_t*>(dst);
    const int w = bits(p);
    const std::uint32_t sign = sign_bit(w, p.b_signed);
    for (int c = 0; c < NR; ++c)
      for (int k = 0; k < kc; k += 2) {
        std::uint32_t word = 0;
        if (c < cols)
          word = extend(element<std::uint8_t>(p.b, k0 + k, j0 + c), w, sign) |
                 (extend(element<std::uint8_t>(p.b, k0 + k + 1, j0 + c), w, sign) << 16);
        out[(k / 2) * NR + c] = static_cast<std::int32_t>(word);
      }
  }
  static std::int32_t load_c(const GemmProblem& p, int i, int j) {
    return static_cast<std::int32_t>(element<std::uint32_t>(p.c, i, j));
  }
  static void store_d(const GemmProblem& p, int i, int j, std::int32_t v) {
    put<std::uint32_t>(p, i, j, static_cast<std::uint32_t>(v));
  }

  // a + b saturated to the int32 range (two's complement overflow test on the wrapped sum).
  static VI add_saturated(VI a, VI b) {
    const VI sum = a + b;
    const VI overflow = srai<31>((a ^ sum) & (b ^ sum));
    const VI limit = srai<31>(a) ^ vi_set1(0x7FFFFFFF);  // INT32_MAX, or INT32_MIN for negative a
    return select(overflow, limit, sum);
  }

  static void micro(const GemmProblem& p, int, int kc, const void* a_panel, const void* b_panel, std::int32_t* tile,
                    int, int) {
    constexpr int NV = NR / kLanes;
    const std::int32_t* a = static_cast<const std::int32_t*>(a_panel);
    const std::int32_t* b = static_cast<const std::int32_t*>(b_panel);
    VI acc[MR][NV];
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r)
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[r][v] = vi_load(tile + r * NR + v * kLanes);
    const auto dot = [&](int kp_begin, int kp_end, VI(&sum)[MR][NV]) {
      for (int kp = kp_begin; kp < kp_end; ++kp) {
        VI bv[NV];
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) bv[v] = vi_load(b + kp * NR + v * kLanes);
#pragma GCC unroll 8
        for (int r = 0; r < MR; ++r) {
          const VI av = vi_set1(a[kp * MR + r]);
#pragma GCC unroll 4
          for (int v = 0; v < NV; ++v) sum[r][v] = sum[r][v] + madd16(av, bv[v]);
        }
      }
    };
    if (!p.clamp) {
      dot(0, kc / 2, acc);
    } else {
      const int stage = p.k_step / p.clamp_stages;  // k values per saturation
      for (int k_inst = 0; k_inst < kc; k_inst += stage) {
        VI products[MR][NV];
#pragma GCC unroll 8
        for (int r = 0; r < MR; ++r)
#pragma GCC unroll 4
          for (int v = 0; v < NV; ++v) products[r][v] = vi_set1(0);
        dot(k_inst / 2, (k_inst + stage) / 2, products);
#pragma GCC unroll 8
        for (int r = 0; r < MR; ++r)
#pragma GCC unroll 4
          for (int v = 0; v < NV; ++v) acc[r][v] = add_saturated(acc[r][v], products[r][v]);
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r)
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) vi_store(tile + r * NR + v * kLanes, acc[r][v]);
  }
};
