// CDNA2 FP16 / BF16_1K / legacy-BF16 MFMA (docs/spec/numerics.md §B.2, §C.1) in host binary32 arithmetic.
//
// The reference: inputs (A, B, and C at every instruction) subnormal or zero read as +0; leaf
// products ftz(round32(a*b + (+0))); a pairwise tree over each group of G = 4 (2 for legacy BF16)
// consecutive k; acc = ftz(round32(acc + tree)) for groups in ascending k; every binary32 result
// rounded RNE, then flushed to zero of its sign if subnormal ("flush after rounding").
//
// Why the host computes the same bits (default switches only; emu/api/gemm.cpp checks that):
//  * Inputs are flushed while packing, with integer operations on their bits, and widened to
//    binary32 exactly (f16 -> f32 and bf16 -> f32 are exact; NaN stays NaN).
//  * Leaf: fma(a, b, +0.0f) is one IEEE operation with the reference's operands: an exact-zero
//    product becomes +0 (x + (+0) = +0 for x = -0 under RNE), others round once.
//  * Tree and accumulator: plain IEEE binary32 additions, RNE.
//  * Flush after rounding. Scalar: flush_tiny() applies the reference's rule literally. AVX2:
//    MXCSR.FTZ flushes a result that is tiny after rounding to 24 bits with unbounded exponent
//    (x86 detects tininess after rounding). The two rules differ only for an exact value v with
//    2^-126 - 2^-150 <= |v| < 2^-126, which rounds to 2^-126 on the subnormal grid but not at 24
//    bits. No such v occurs here: a sum of two binary32 values is a multiple of 2^-149 and so
//    exactly representable when below 2^-126, and a product of two 16-bit inputs has at most 16
//    significant bits, so below 2^-126 it is at most 2^-126 - 2^-142. Subnormals therefore never
//    reach an operation (inputs are flushed, results are flushed), and DAZ is irrelevant.
//  * NaN: the reference's cdna2_nan=canonical makes every NaN result 0x7FC00000; a NaN stays NaN,
//    so store_d() writes 0x7FC00000 for any NaN.
//  * Instruction boundaries: every k_step values of k the accumulator becomes the next
//    instruction's C and is read through the input flush. It is never subnormal, so the flush can
//    only turn -0 into +0, which acc + (+0) does (and leaves every other value unchanged).
//
// gfx908 (TreeSubnormals::keep; docs/cdna1.md, its default cdna1_subnormals=keep): the same trees
// with gradual underflow everywhere, so nothing above is flushed: A and B are widened exactly
// (an f16 subnormal becomes a binary32 normal, a bf16 subnormal a binary32 subnormal), C is read as
// is (-0 and subnormals kept, also at instruction boundaries), and every operation is the host's
// IEEE binary32 operation under the guard's environment (RNE, FTZ and DAZ off: KernelEnv{}), whose
// gradual underflow is the reference's. The leaf still adds +0 (the reference's zero addend at the
// default cdna2_flushed_input_sign).

enum class TreeSubnormals { flush, keep };

template <bool Bf16, TreeSubnormals Subnormals = TreeSubnormals::flush>
struct PairwiseTreeFamily {
  static constexpr bool kFlush = Subnormals == TreeSubnormals::flush;
  using Acc = float;
  static constexpr int MR = 6;
  static constexpr int NR = kLanes;

  static int kc(const GemmProblem& p) { return (256 / p.k_step > 0 ? 256 / p.k_step : 1) * p.k_step; }
  static std::size_t a_panel_bytes(int kc) { return sizeof(float) * MR * static_cast<std::size_t>(kc); }
  static std::size_t b_panel_bytes(int kc) { return sizeof(float) * NR * static_cast<std::size_t>(kc); }

  // A 16-bit input as the instruction reads it (flushed on gfx90a), widened exactly to binary32.
  static float widen_flushed(std::uint16_t x) {
    std::uint32_t bits;
    if (!kFlush) {
      const std::uint32_t sign = std::uint32_t{x & 0x8000U} << 16;
      if (Bf16) return bits_as<float>(std::uint32_t{x} << 16);
      const std::uint32_t e = (x >> 10) & 0x1FU, frac = x & 0x3FFU;
      if (e == 0x1F)
        bits = sign | 0x7F800000U | (frac << 13);  // inf / NaN
      else if (e != 0)
        bits = sign | ((e + 112) << 23) | (frac << 13);
      else if (frac == 0)
        bits = sign;  // a signed zero
      else {          // subnormal frac * 2^-24: normalize, its leading bit at position p of frac
        const int p = 31 - std::countl_zero(frac);
        bits = sign | (static_cast<std::uint32_t>(p + 103) << 23) | ((frac << (23 - p)) & 0x7FFFFFU);
      }
      return bits_as<float>(bits);
    }
    if (Bf16) {
      bits = (x & 0x7F80U) == 0 ? 0U : std::uint32_t{x} << 16;
    } else {
      const std::uint32_t sign = std::uint32_t{x & 0x8000U} << 16, e = (x >> 10) & 0x1FU, frac = x & 0x3FFU;
      if (e == 0)
        bits = 0;  // zero or subnormal: +0
      else if (e == 0x1F)
        bits = sign | 0x7F800000U | (frac << 13);  // inf / NaN
      else
        bits = sign | ((e + 112) << 23) | (frac << 13);
    }
    return bits_as<float>(bits);
  }

  static void pack_a(const GemmProblem& p, int i0, int rows, int k0, int kc, void* dst, std::size_t panel_stride) {
    for_each_a_element(rows, kc, MR, [&](int r, int k, bool inside) {
      panel<float>(dst, panel_stride, r / MR)[k * MR + r % MR] =
          inside ? widen_flushed(element<std::uint16_t>(p.a, i0 + r, k0 + k)) : 0.0f;
    });
  }
  static void pack_b(const GemmProblem& p, int k0, int kc, int j0, int cols, void* dst) {
    float* out = static_cast<float*>(dst);
    for (int c = 0; c < NR; ++c)
      for (int k = 0; k < kc; ++k)
        out[k * NR + c] = c < cols ? widen_flushed(element<std::uint16_t>(p.b, k0 + k, j0 + c)) : 0.0f;
  }
  static float load_c(const GemmProblem& p, int i, int j) {
    const std::uint32_t c = element<std::uint32_t>(p.c, i, j);
    if constexpr (!kFlush) return bits_as<float>(c);
    return bits_as<float>((c & 0x7F800000U) == 0 ? 0U : c);  // subnormal or zero C reads as +0
  }
  static void store_d(const GemmProblem& p, int i, int j, float value) {
    put<std::uint32_t>(p, i, j, value != value ? 0x7FC00000U : bits_as<std::uint32_t>(value));
  }

  static VF flushed(VF x) {
    if constexpr (kFlush) return flush_tiny(x);
    return x;
  }
  static VF leaf(VF a, VF b) { return flushed(fma(a, b, vf_set1(0.0f))); }
  static VF add(VF x, VF y) { return flushed(x + y); }

  static void micro(const GemmProblem& p, int, int kc, const void* a_panel, const void* b_panel, float* tile, int,
                    int) {
    const float* a = static_cast<const float*>(a_panel);
    const float* b = static_cast<const float*>(b_panel);
    [[maybe_unused]] const VF zero = vf_set1(0.0f);
    VF acc[MR];
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) acc[r] = vf_load(tile + r * NR);
    for (int k_inst = 0; k_inst < kc; k_inst += p.k_step) {
#pragma GCC unroll 8
      for (int r = 0; r < MR; ++r)
        if constexpr (kFlush) acc[r] = acc[r] + zero;  // the next instruction reads acc as C (flushed)
      if (p.group == 4) {
        for (int k = k_inst; k < k_inst + p.k_step; k += 4) {
          const VF b0 = vf_load(b + (k + 0) * NR), b1 = vf_load(b + (k + 1) * NR);
          const VF b2 = vf_load(b + (k + 2) * NR), b3 = vf_load(b + (k + 3) * NR);
#pragma GCC unroll 8
          for (int r = 0; r < MR; ++r) {
            const float* ak = a + k * MR + r;
            const VF t0 = add(leaf(vf_set1(ak[0]), b0), leaf(vf_set1(ak[MR]), b1));
            const VF t1 = add(leaf(vf_set1(ak[2 * MR]), b2), leaf(vf_set1(ak[3 * MR]), b3));
            acc[r] = add(acc[r], add(t0, t1));  // ((p0 + p1) + (p2 + p3)), then into acc
          }
        }
      } else {
        for (int k = k_inst; k < k_inst + p.k_step; k += 2) {
          const VF b0 = vf_load(b + k * NR), b1 = vf_load(b + (k + 1) * NR);
#pragma GCC unroll 8
          for (int r = 0; r < MR; ++r) {
            const float* ak = a + k * MR + r;
            acc[r] = add(acc[r], add(leaf(vf_set1(ak[0]), b0), leaf(vf_set1(ak[MR]), b1)));
          }
        }
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) vf_store(tile + r * NR, acc[r]);
  }
};
