// Small integers as element bits, written by hand rather than by the emulator's encoders, and back: the
// model-independent end-to-end tests of the gfx1250 WMMA and SWMMAC (every partial sum exact).
#pragma once

#include <cstdint>

#include "emu/isa/element_type.hpp"

namespace mxlane_test {

// `v` as an element of `t`, exact in every format here: binary32/16, bf16, OCP E4M3 and E5M2 with |v| <= 15,
// FP6 E2M3 / E3M2 with |v| <= 7, FP4 E2M1 for 1, 2, 3, 4, 6; integers in two's complement.
inline std::uint64_t small_value_bits(mxlane::ElemType t, int v) {
  using mxlane::ElemType;
  if (v == 0) return 0;
  const bool neg = v < 0;
  const unsigned m = static_cast<unsigned>(neg ? -v : v);
  const int e = 31 - __builtin_clz(m);
  const auto field = [&](int man_bits, int bias, int width) {
    const std::uint64_t frac = (static_cast<std::uint64_t>(m) << man_bits >> e) & ((1ULL << man_bits) - 1);
    return (neg ? 1ULL << (width - 1) : 0) | (static_cast<std::uint64_t>(e + bias) << man_bits) | frac;
  };
  switch (t) {
    case ElemType::f32: return field(23, 127, 32);
    case ElemType::f16: return field(10, 15, 16);
    case ElemType::bf16: return field(7, 127, 16);
    case ElemType::fp8: return field(3, 7, 8);
    case ElemType::bf8: return field(2, 15, 8);
    case ElemType::fp6: return field(3, 1, 6);  // OCP FP6 E2M3
    case ElemType::bf6: return field(2, 3, 6);  // OCP FP6 E3M2
    case ElemType::fp4: return field(1, 1, 4);  // OCP FP4 E2M1
    default: return static_cast<std::uint64_t>(v) & ((1ULL << mxlane::elem_bits(t)) - 1);  // iu8, i32
  }
}

// The integer a result's bits stand for (binary32, f16, bf16 up to 2^24; i32).
inline long long small_value_of(mxlane::ElemType t, std::uint64_t bits) {
  using mxlane::ElemType;
  if (t == ElemType::i32) return static_cast<std::int32_t>(static_cast<std::uint32_t>(bits));
  const int width = mxlane::elem_bits(t), man = t == ElemType::f32 ? 23 : t == ElemType::f16 ? 10 : 7;
  const int bias = t == ElemType::f16 ? 15 : 127;
  const bool neg = (bits >> (width - 1)) & 1;
  const int e = static_cast<int>((bits >> man) & ((1ULL << (width - 1 - man)) - 1));
  if (e == 0) return 0;
  const long long sig = static_cast<long long>((bits & ((1ULL << man) - 1)) | (1ULL << man));
  const int shift = e - bias - man;
  const long long mag = shift >= 0 ? sig << shift : sig >> -shift;
  return neg ? -mag : mag;
}

}  // namespace mxlane_test
