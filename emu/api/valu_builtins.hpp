// Builtin-level calls of the VALU builtins: one C++ function per builtin, named after it, taking
// per-lane arrays of the builtin's own types (any number of lanes) and the constant arguments in the
// builtin's order, for the architecture given first. Generated from instructions.def.
//
//   std::vector<std::uint32_t> d = mxlane::builtins::sad_u8(mxlane::ArchId::gfx1100, a, b, c);
//   auto f = mxlane::builtins::fdot2(mxlane::ArchId::gfx90a, half2s, half2s, floats, /*clamp=*/false);
//
// Throws InvalidArgument when the architecture lacks the builtin or the arrays differ in length.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "emu/formats/format.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane::builtins {

template <class T> using Lanes = std::span<const T>;
using half2 = std::array<F16, 2>;
using bf16x2 = std::array<BF16, 2>;
using short2 = std::array<std::int16_t, 2>;
using ushort2 = std::array<std::uint16_t, 2>;
using float2 = std::array<F32, 2>;
using uint4 = std::array<std::uint32_t, 4>;

// Per signature (valu_desc.hpp): the result type, the parameters after `arch`.
#define MXLANE_VALU_RET_u32_u32_u32_u32 std::vector<std::uint32_t>
#define MXLANE_VALU_PARAMS_u32_u32_u32_u32 Lanes<std::uint32_t> src0, Lanes<std::uint32_t> src1, Lanes<std::uint32_t> src2
#define MXLANE_VALU_RET_u64_u64_u32_u64 std::vector<std::uint64_t>
#define MXLANE_VALU_PARAMS_u64_u64_u32_u64 Lanes<std::uint64_t> src0, Lanes<std::uint32_t> src1, Lanes<std::uint64_t> src2
#define MXLANE_VALU_RET_u32x4_u64_u32_u32x4 std::vector<uint4>
#define MXLANE_VALU_PARAMS_u32x4_u64_u32_u32x4 Lanes<std::uint64_t> src0, Lanes<std::uint32_t> src1, Lanes<uint4> src2
#define MXLANE_VALU_RET_i32_s16x2_s16x2_i32_clamp std::vector<std::int32_t>
#define MXLANE_VALU_PARAMS_i32_s16x2_s16x2_i32_clamp Lanes<short2> a, Lanes<short2> b, Lanes<std::int32_t> c, bool clamp
#define MXLANE_VALU_RET_u32_u16x2_u16x2_u32_clamp std::vector<std::uint32_t>
#define MXLANE_VALU_PARAMS_u32_u16x2_u16x2_u32_clamp Lanes<ushort2> a, Lanes<ushort2> b, Lanes<std::uint32_t> c, bool clamp
#define MXLANE_VALU_RET_i32_i32_i32_i32_clamp std::vector<std::int32_t>
#define MXLANE_VALU_PARAMS_i32_i32_i32_i32_clamp Lanes<std::int32_t> a, Lanes<std::int32_t> b, Lanes<std::int32_t> c, bool clamp
#define MXLANE_VALU_RET_u32_u32_u32_u32_clamp std::vector<std::uint32_t>
#define MXLANE_VALU_PARAMS_u32_u32_u32_u32_clamp Lanes<std::uint32_t> a, Lanes<std::uint32_t> b, Lanes<std::uint32_t> c, bool clamp
#define MXLANE_VALU_RET_i32_signed_i32_signed_i32_i32_clamp std::vector<std::int32_t>
#define MXLANE_VALU_PARAMS_i32_signed_i32_signed_i32_i32_clamp \
  bool a_signed, Lanes<std::int32_t> a, bool b_signed, Lanes<std::int32_t> b, Lanes<std::int32_t> c, bool clamp
#define MXLANE_VALU_RET_f32_f16x2_f16x2_f32_clamp std::vector<F32>
#define MXLANE_VALU_PARAMS_f32_f16x2_f16x2_f32_clamp Lanes<half2> a, Lanes<half2> b, Lanes<F32> c, bool clamp
#define MXLANE_VALU_RET_f16_f16x2_f16x2_f16 std::vector<F16>
#define MXLANE_VALU_PARAMS_f16_f16x2_f16x2_f16 Lanes<half2> a, Lanes<half2> b, Lanes<F16> c
#define MXLANE_VALU_RET_i16_s16x2_s16x2_i16 std::vector<std::int16_t>
#define MXLANE_VALU_PARAMS_i16_s16x2_s16x2_i16 Lanes<short2> a, Lanes<short2> b, Lanes<std::int16_t> c
#define MXLANE_VALU_RET_f32_s16x2_s16x2_f32_clamp std::vector<F32>
#define MXLANE_VALU_PARAMS_f32_s16x2_s16x2_f32_clamp Lanes<short2> a, Lanes<short2> b, Lanes<F32> c, bool clamp
#define MXLANE_VALU_RET_f32_bf16x2_bf16x2_f32_clamp std::vector<F32>
#define MXLANE_VALU_PARAMS_f32_bf16x2_bf16x2_f32_clamp Lanes<bf16x2> a, Lanes<bf16x2> b, Lanes<F32> c, bool clamp
#define MXLANE_VALU_RET_f32_u32_u32_f32 std::vector<F32>
#define MXLANE_VALU_PARAMS_f32_u32_u32_f32 Lanes<std::uint32_t> a, Lanes<std::uint32_t> b, Lanes<F32> c
#define MXLANE_VALU_RET_f16x2_f32_f32 std::vector<half2>
#define MXLANE_VALU_PARAMS_f16x2_f32_f32 Lanes<F32> a, Lanes<F32> b
#define MXLANE_VALU_RET_s16x2_f32_f32 std::vector<short2>
#define MXLANE_VALU_PARAMS_s16x2_f32_f32 Lanes<F32> a, Lanes<F32> b
#define MXLANE_VALU_RET_u16x2_f32_f32 std::vector<ushort2>
#define MXLANE_VALU_PARAMS_u16x2_f32_f32 Lanes<F32> a, Lanes<F32> b
#define MXLANE_VALU_RET_s16x2_i32_i32 std::vector<short2>
#define MXLANE_VALU_PARAMS_s16x2_i32_i32 Lanes<std::int32_t> a, Lanes<std::int32_t> b
#define MXLANE_VALU_RET_u16x2_u32_u32 std::vector<ushort2>
#define MXLANE_VALU_PARAMS_u16x2_u32_u32 Lanes<std::uint32_t> a, Lanes<std::uint32_t> b
#define MXLANE_VALU_RET_u32_f32_u32_u32 std::vector<std::uint32_t>
#define MXLANE_VALU_PARAMS_u32_f32_u32_u32 Lanes<F32> src, Lanes<std::uint32_t> byte_sel, Lanes<std::uint32_t> old
#define MXLANE_VALU_RET_f32_i32_bytesel std::vector<F32>
#define MXLANE_VALU_PARAMS_f32_i32_bytesel Lanes<std::int32_t> src, int byte_sel
#define MXLANE_VALU_RET_f32x2_i32_wordsel std::vector<float2>
#define MXLANE_VALU_PARAMS_f32x2_i32_wordsel Lanes<std::int32_t> src, bool word_sel
#define MXLANE_VALU_RET_i32_f32_f32_i32_wordsel std::vector<std::int32_t>
#define MXLANE_VALU_PARAMS_i32_f32_f32_i32_wordsel Lanes<F32> a, Lanes<F32> b, Lanes<std::int32_t> old, bool word_sel
#define MXLANE_VALU_RET_i32_f32_i32_i32_bytesel std::vector<std::int32_t>
#define MXLANE_VALU_PARAMS_i32_f32_i32_i32_bytesel Lanes<F32> a, Lanes<std::int32_t> rng, Lanes<std::int32_t> old, int byte_sel

#define MXLANE_VALU(builtin, mnemonic, gfx11_mnemonic, signature, feature) \
  MXLANE_VALU_RET_##signature builtin(ArchId arch, MXLANE_VALU_PARAMS_##signature, const Switches& switches = {});
#include "emu/isa/instructions.def"
#undef MXLANE_VALU

}  // namespace mxlane::builtins
