// The RDNA4 (gfx12) DOT4 step and the WMMA chains built from it: four factor pairs aligned in
// pairs with floor truncation, one rounding per step (docs/rdna4.md §3.1, §3.2), and the integer
// WMMA with its two CLAMP stages (docs/rdna4.md §3.2).
#pragma once

#include <cstdint>
#include <span>

#include "emu/formats/format.hpp"
#include "emu/semantics/accumulation_observer.hpp"
#include "emu/semantics/dot_inputs.hpp"
#include "emu/semantics/rdna3_dot2.hpp"

namespace mxlane {

struct Dot4Options {
  bool fp16_overflow_to_max = false;  // MODE.FP16_OVFL: f16 output overflow gives +-0x7BFF
  bool flush_denorms = false;         // switch gfx12_mode=honoured with MODE.FP_DENORM = flush (E5)

  static Dot4Options from(const Switches& switches);
};

// c + sum_t a[t]*b[t] (t < a.size() <= 4, factors of formats fa/fb, c a binary32 pattern) with the
// gfx12 DOT4 rule, rounded once to `output`. Returns a binary32 pattern, or a 16-bit pattern in the
// low bits for f16/bf16 output. With two factor pairs this is the gfx12 VALU DOT2 (docs/rdna4.md §3.1).
// [HW] F32 output: 24 gfx1201 fixtures x wave32/wave64 (docs/rdna4.md §5); 16-bit outputs [MODEL].
std::uint32_t gfx12_dot4(const FormatSpec& fa, const FormatSpec& fb, std::span<const std::uint16_t> a,
                         std::span<const std::uint16_t> b, std::uint32_t c, Dot2Output output,
                         const Dot4Options& options, AccumulationObserver* observer = nullptr);

// Float WMMA element: acc = C; acc = DOT4(A[4s..4s+3], B[4s..4s+3], acc) for s ascending, K in the
// calculator's numbering (docs/rdna4.md §3.2). For 16-bit outputs in.c holds the 16-bit C, widened
// exactly before every step. fa/fb: the A and B element formats (f16, bf16, or OCP FP8/BF8 under
// switch gfx12_fp8_wmma).
std::uint64_t gfx12_wmma_chain(const FormatSpec& fa, const FormatSpec& fb, Dot2Output output, const DotInputs& in,
                               const NumericsContext& ctx);

// Integer WMMA element: exact products of sign- or zero-extended `bits`-bit elements; C plus the
// products of the first half of K (the A elements held by lanes 0-15 in wave32), saturated with
// CLAMP, then plus the second half, saturated again; without CLAMP wrapped mod 2^32
// (docs/rdna4.md §3.2; [HW-digest] 384 gfx1201 wave32 register-image digests; wave64 staging: switch gfx12_int_clamp).
std::uint64_t gfx12_integer_dot(int bits, const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
