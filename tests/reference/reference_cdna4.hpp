// Independent reference for the gfx950 f8f6f4 MFMA (docs/cdna4-numerics.md §3), written from the rule
// text with exact rationals and the gfx942 group helpers of reference_cdna3.hpp: no emu/ code.
#pragma once

#include <cstdint>
#include <vector>

#include "reference/reference_cdna3.hpp"

namespace mxref {

// An f8f6f4 element format by its definition: OCP E4M3 (NaN S.1111.111, no inf), OCP E5M2
// (IEEE-like), and the finite-only FP6 E2M3, BF6 E3M2, FP4 E2M1 (OCP MX formats, no inf, no NaN).
struct MxFmt {
  int width;
  int ebits;
  int mbits;
  int bias;
};
inline constexpr MxFmt kRefMxFormats[5] = {{8, 4, 3, 7}, {8, 5, 2, 15}, {6, 2, 3, 1}, {6, 3, 2, 3}, {4, 2, 1, 1}};

inline Val decode_mx_ref(const MxFmt& f, std::uint64_t bits) {
  bits &= (std::uint64_t{1} << f.width) - 1;
  Val v;
  v.neg = ((bits >> (f.width - 1)) & 1) != 0;
  const int e = static_cast<int>(bits >> f.mbits) & ((1 << f.ebits) - 1);
  const int m = static_cast<int>(bits) & ((1 << f.mbits) - 1);
  if (f.width == 8 && f.ebits == 4 && e == 15 && m == 7) {
    v.cls = Cls::nan;
    return v;
  }
  if (f.width == 8 && f.ebits == 5 && e == 31) {
    v.cls = m == 0 ? Cls::inf : Cls::nan;
    return v;
  }
  if (e == 0) {
    v.cls = m == 0 ? Cls::zero : Cls::subnormal;
    v.mag = Rat(m) * pow2(1 - f.bias - f.mbits);
  } else {
    v.cls = Cls::normal;
    v.mag = Rat(m + (1 << f.mbits)) * pow2(e - f.bias - f.mbits);
  }
  return v;
}

// The whole element: K/32 blocks with E8M0 scale bytes sa[b], sb[b]; zero_is_identity reads a 0x00
// byte as 2^0 (switch scale_zero_is_identity=identity).
inline std::uint32_t ref_cdna4_f8f6f4(const MxFmt& fa, const MxFmt& fb, const std::vector<std::uint64_t>& a,
                                      const std::vector<std::uint64_t>& b, std::uint32_t c,
                                      const std::vector<std::uint8_t>& sa, const std::vector<std::uint8_t>& sb,
                                      bool split16, bool zero_is_identity) {
  const auto scale_exp = [&](std::uint8_t x) { return zero_is_identity && x == 0 ? 0 : int{x} - 127; };
  const int group = split16 ? 16 : 32;
  std::uint32_t acc = c;
  for (std::size_t g = 0; g < a.size(); g += static_cast<std::size_t>(group)) {
    const std::size_t block = g / 32;
    std::vector<Cdna3Factor> ga, gb;
    for (std::size_t k = g; k < g + static_cast<std::size_t>(group); ++k) {
      ga.push_back({decode_mx_ref(fa, a[k]), 1 - fa.bias});
      gb.push_back({decode_mx_ref(fb, b[k]), 1 - fb.bias});
    }
    acc = ref_cdna3_group(acc, ga, gb, split16, scale_exp(sa[block]) + scale_exp(sb[block]),
                          sa[block] == 0xFF || sb[block] == 0xFF);
  }
  return acc;
}

}  // namespace mxref
