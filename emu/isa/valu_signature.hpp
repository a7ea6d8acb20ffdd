// One traits entry per VALU builtin signature (docs/spec/valu.md §1.3): operand sizes, the HIP C
// types, and how the constant arguments (clamp, signedness, byte_sel, word_sel) sit among the
// builtin's arguments and show in LLVM's disassembly. valu_shape(), the device HIP source and the
// device kernel catalog read these entries instead of switching over the signature themselves.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "emu/isa/modifiers.hpp"

namespace mxlane {

// Builtin signature shapes: result_arg0_arg1[_arg2][_constants] with the builtins' own types
// (docs/spec/valu.md §1.3). sN = signed N-bit, uN = unsigned, xK = vector of K.
enum class ValuSignature : std::uint8_t {
  u32_u32_u32_u32,                      // sad_u8(uint, uint, uint)
  u64_u64_u32_u64,                      // qsad_pk_u16_u8(uint64, uint, uint64)
  u32x4_u64_u32_u32x4,                  // mqsad_u32_u8(uint64, uint, uint4)
  i32_s16x2_s16x2_i32_clamp,            // sdot2(short2, short2, int, clamp)
  u32_u16x2_u16x2_u32_clamp,            // udot2(ushort2, ushort2, uint, clamp)
  i32_i32_i32_i32_clamp,                // sdot4(int, int, int, clamp)
  u32_u32_u32_u32_clamp,                // udot4(uint, uint, uint, clamp)
  i32_signed_i32_signed_i32_i32_clamp,  // sudot4(a_signed, int, b_signed, int, int, clamp)
  f32_f16x2_f16x2_f32_clamp,            // fdot2(half2, half2, float, clamp)
  f16_f16x2_f16x2_f16,                  // fdot2_f16_f16(half2, half2, _Float16)
  i16_s16x2_s16x2_i16,                  // fdot2_bf16_bf16(short2, short2, short)
  f32_s16x2_s16x2_f32_clamp,            // fdot2_f32_bf16(short2, short2, float, clamp)
  f32_bf16x2_bf16x2_f32_clamp,          // fdot2c_f32_bf16(bf16x2, bf16x2, float, clamp)
  f32_u32_u32_f32,                      // dot4_f32_fp8_bf8(uint, uint, float)
  f16x2_f32_f32,                        // cvt_pkrtz(float, float)
  s16x2_f32_f32,                        // cvt_pknorm_i16(float, float)
  u16x2_f32_f32,                        // cvt_pknorm_u16(float, float)
  s16x2_i32_i32,                        // cvt_pk_i16(int, int)
  u16x2_u32_u32,                        // cvt_pk_u16(uint, uint)
  u32_f32_u32_u32,                      // cvt_pk_u8_f32(float, uint byte_sel, uint old)
  f32_i32_bytesel,                      // cvt_f32_fp8(int, const byte_sel)
  f32x2_i32_wordsel,                    // cvt_pk_f32_fp8(int, const word_sel)
  i32_f32_f32_i32_wordsel,              // cvt_pk_fp8_f32(float, float, int old, const word_sel)
  i32_f32_i32_i32_bytesel,              // cvt_sr_fp8_f32(float, int rng, int old, const byte_sel)
  count
};

// Operand sizes in 32-bit VGPRs (0: the operand does not exist) and the constant arguments.
struct ValuShape {
  int src[3];
  int dst;
  bool clamp = false;
  bool signedness = false;  // a_signed / b_signed (NEG[0] / NEG[1])
  bool byte_sel = false;
  bool word_sel = false;
};

// One argument of the builtin call, in the builtin's order: a source operand (s0, s1, s2) or a
// constant that sets a modifier field.
enum class ValuArg : std::uint8_t {
  s0,
  s1,
  s2,
  a_signed,  // bool: NEG[0] (neg bit 0)
  b_signed,  // bool: NEG[1] (neg bit 1)
  clamp,     // bool
  byte_sel,  // int 0..3
  word_sel,  // bool
};

struct ValuSignatureTraits {
  ValuSignature signature;
  ValuShape shape;
  std::array<std::string_view, 3> hip_args;  // the HIP C type of each source operand ("" = none)
  std::string_view hip_result;               // the HIP C type of the result
  std::array<ValuArg, 6> call;               // the builtin's arguments in order, `arity` of them
  int arity;
  // The fields of each source operand word the device tests draw (device/cases.cpp: "u8", "i16",
  // "f32", "fp8", ...; the 8-product integer dots, which share a signature with the 4-product ones,
  // draw 4-bit fields there), and the float format of the result's fields for the NaN rule
  // (device/runner.cpp; "" for integer results).
  std::array<std::string_view, 3> draw;
  std::string_view result_float;
};

const ValuSignatureTraits& valu_signature_traits(ValuSignature signature);
std::span<const ValuSignatureTraits> valu_signatures();
ValuShape valu_shape(ValuSignature signature);

// The builtin call with literal constants from `mods`: "name(s0, s1, s2, true)" (HIP source).
std::string valu_call_expression(const ValuSignatureTraits& traits, std::string_view name, const Modifiers& mods);

// The constant argument named as the builtin's parameter ("a_signed", "b_signed", "clamp", "byte_sel",
// "word_sel"), or nullopt; whether the signature takes it; and the modifier field it sets
// (a_signed / b_signed are bits 0 / 1 of neg, docs/spec/valu.md §4.1).
std::optional<ValuArg> valu_constant_named(std::string_view name);
bool valu_takes(const ValuSignatureTraits& traits, ValuArg arg);
void set_valu_constant(Modifiers& mods, ValuArg arg, int value);

// The modifier tokens llvm-objdump prints for these constant arguments (what the device
// disassembly check expects): "neg_lo:[a,b,0]" for a signedness other than unsigned x unsigned,
// "clamp" for clamp = 1; the byte/word selections are part of the operands' op_sel and have no
// token of their own here.
std::vector<std::string> valu_asm_tokens(const ValuSignatureTraits& traits, const Modifiers& mods);

// The modifier fields of the signature's constant arguments with their values in `mods`, in the
// builtin's order: ("neg", n) for the signedness pair, ("clamp", c), ("byte", b), ("word", w).
std::vector<std::pair<std::string, int>> valu_constant_fields(const ValuSignatureTraits& traits, const Modifiers& mods);

}  // namespace mxlane
