// ValuDesc: what one SAD / dot / conversion builtin is (name, instruction, operands, constant
// arguments, the architectures that have it), never how it computes. Rows come from
// instructions.def (MXLANE_VALU), next to the matrix instructions.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "emu/isa/arch.hpp"
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
};

// Operand sizes in 32-bit VGPRs (0: the operand does not exist) and the constant arguments.
struct ValuShape {
  int src[3];
  int dst;
  bool clamp;
  bool signedness;  // a_signed / b_signed (NEG[0] / NEG[1])
  bool byte_sel;
  bool word_sel;
};
ValuShape valu_shape(ValuSignature signature);

struct ValuDesc {
  std::string_view builtin;         // without __builtin_amdgcn_
  std::string_view mnemonic;        // as LLVM prints it on gfx9/gfx10
  std::string_view gfx11_mnemonic;  // as LLVM prints it on gfx11/gfx12
  ValuSignature signature;
  std::string_view feature;         // the LLVM target feature it needs
  ArchMask archs;                   // architectures that have it (docs/spec/valu.md §1.2)

  bool available_on(ArchId arch) const { return (archs & arch_bit(arch)) != 0; }
  ValuShape shape() const { return valu_shape(signature); }
  std::string_view mnemonic_on(ArchId arch) const {
    return arch_info(arch).gfx11_valu_mnemonics ? gfx11_mnemonic : mnemonic;
  }
};

std::span<const ValuDesc> valu_table();
std::vector<const ValuDesc*> valu_builtins_for_arch(ArchId arch);

// A VALU builtin by mnemonic (either spelling) or builtin name (with or without
// __builtin_amdgcn_), case-insensitive; nullptr when the name is not a VALU builtin.
const ValuDesc* find_valu(std::string_view name);

// The constant arguments `desc` takes, with every legal value.
std::vector<ModifierRange> legal_valu_modifiers(const ValuDesc& desc);
// Throws InvalidArgument naming the field when `mods` holds a constant the builtin does not take or
// an illegal value.
void validate_valu_modifiers(const ValuDesc& desc, const Modifiers& mods);

}  // namespace mxlane
