// Builtin-level calls: one C++ function per clang builtin, named after it, taking the builtin's own
// vector types for every lane of the wave and returning every lane's result, so host code shaped
// like device code can call it. Generated from the instruction table (instructions.def).
//
//   auto d = mxlane::builtins::wmma_f32_16x16x16_f16_w32(a, b, c);  // a, b: 32 lanes of v16half
//
// Element types are bit containers: F16/F32/F64 (from format.hpp), bfloat16 as std::int16_t (the
// builtins' `short`), packed 8/4-bit integers as std::int32_t. A lane value with one element is a
// scalar (float, double, int), otherwise a std::array, as in the builtin signatures.
// The untied 16-bit-output WMMA builtins leave the unselected half of each result VGPR undefined
// (LLVM BuiltinsAMDGPUDocs.td); mxlane returns 0 there. The _tied ones return C's half, as the
// hardware keeps it (LLVM PR #69903).
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "emu/formats/format.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane::builtins {

namespace detail {
template <ElemType T> struct Element;
template <> struct Element<ElemType::f64> { using type = F64; static constexpr int per_vgpr_x2 = 1; };
template <> struct Element<ElemType::f32> { using type = F32; static constexpr int per_vgpr_x2 = 2; };
template <> struct Element<ElemType::f16> { using type = F16; static constexpr int per_vgpr_x2 = 4; };
template <> struct Element<ElemType::bf16> { using type = std::int16_t; static constexpr int per_vgpr_x2 = 4; };
template <> struct Element<ElemType::i32> { using type = std::int32_t; static constexpr int per_vgpr_x2 = 2; };
template <> struct Element<ElemType::i8> { using type = std::int32_t; static constexpr int per_vgpr_x2 = 2; };
template <> struct Element<ElemType::iu8> { using type = std::int32_t; static constexpr int per_vgpr_x2 = 2; };
template <> struct Element<ElemType::iu4> { using type = std::int32_t; static constexpr int per_vgpr_x2 = 2; };

template <class E, int N> using Vector = std::conditional_t<N == 1, E, std::array<E, N>>;
}  // namespace detail

// The per-lane value of an operand of type T occupying `Vgprs` VGPRs.
template <ElemType T, int Vgprs>
using LaneValue = detail::Vector<typename detail::Element<T>::type, Vgprs * detail::Element<T>::per_vgpr_x2 / 2>;

template <class T, int Wave> using PerLane = std::array<T, Wave>;
template <ElemType T, int Vgprs, int Wave> using LaneArg = PerLane<LaneValue<T, Vgprs>, Wave>;

// Each builtin's argument list, by its table's modifier set (the builtins' own order).
#define MXLANE_ABC(at, va, bt, vb, ct, vc, w)                                               \
  const LaneArg<ElemType::at, va, w>& a, const LaneArg<ElemType::bt, vb, w>& b,             \
      const LaneArg<ElemType::ct, vc, w>& c
#define MXLANE_BUILTIN_PARAMS_mfma(...) MXLANE_ABC(__VA_ARGS__), int cbsz, int abid, int blgp
#define MXLANE_BUILTIN_PARAMS_mfma_blgp MXLANE_BUILTIN_PARAMS_mfma
#define MXLANE_BUILTIN_PARAMS_mfma_cbsz_abid_blgp MXLANE_BUILTIN_PARAMS_mfma
#define MXLANE_BUILTIN_PARAMS_mfma_none MXLANE_BUILTIN_PARAMS_mfma
#define MXLANE_BUILTIN_PARAMS_wmma_neg(...) MXLANE_ABC(__VA_ARGS__)
#define MXLANE_BUILTIN_PARAMS_wmma_neg_opsel(...) MXLANE_ABC(__VA_ARGS__), bool opsel
#define MXLANE_BUILTIN_PARAMS_wmma_int(at, va, bt, vb, ct, vc, w)                           \
  bool a_neg, const LaneArg<ElemType::at, va, w>& a, bool b_neg, const LaneArg<ElemType::bt, vb, w>& b, \
      const LaneArg<ElemType::ct, vc, w>& c, bool clamp

#define MXLANE_MATRIX(arch, builtin, mnemonic, opcode, wave, tied, m, n, k, blocks, a_t, b_t, c_t, d_t, va, vb, \
                      vcd, mods, ...)                                                                            \
  LaneArg<ElemType::d_t, vcd, wave> builtin(MXLANE_BUILTIN_PARAMS_##mods(a_t, va, b_t, vb, c_t, vcd, wave),      \
                                            const Switches& switches = {});
#include "emu/isa/instructions.def"
#undef MXLANE_MATRIX

}  // namespace mxlane::builtins
