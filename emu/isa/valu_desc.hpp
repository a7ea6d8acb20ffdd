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
#include "emu/isa/valu_fast_path.hpp"
#include "emu/isa/valu_signature.hpp"  // ValuSignature, ValuShape and their traits

namespace mxlane {

struct ValuDesc {
  std::string_view builtin;         // without __builtin_amdgcn_
  std::string_view mnemonic;        // as LLVM prints it on gfx9/gfx10
  std::string_view gfx11_mnemonic;  // as LLVM prints it on gfx11/gfx12
  ValuSignature signature;
  std::string_view feature;  // the LLVM target feature it needs
  ArchMask archs;            // architectures that have it (docs/spec/valu.md §1.2)
  ValuFastPath fast;         // its fast lane-array kernel (kind none: the reference only)

  bool available_on(ArchId arch) const { return (archs & arch_bit(arch)) != 0; }
  ValuShape shape() const { return valu_shape(signature); }
  std::string_view mnemonic_on(ArchId arch) const {
    return arch_info(arch).gfx11_valu_mnemonics ? gfx11_mnemonic : mnemonic;
  }
};

// A second spelling of a builtin's instruction (instructions.def MXLANE_VALU_TIED): the VOP2 form whose
// accumulator is its destination, which LLVM encodes only on `archs` [LLVM].
struct ValuTiedSpelling {
  std::string_view builtin;   // the ValuDesc it computes, without __builtin_amdgcn_
  std::string_view mnemonic;  // as LLVM 22 prints it (llvm-objdump-22 adds _e32 on gfx9)
  ArchMask archs;             // where llvm-mc-22 encodes it

  bool available_on(ArchId arch) const { return (archs & arch_bit(arch)) != 0; }
};

std::span<const ValuDesc> valu_table();
std::span<const ValuTiedSpelling> valu_tied_table();
// The tied spellings of `desc` that LLVM encodes on `arch`, in table order.
std::vector<const ValuTiedSpelling*> valu_tied_spellings(const ValuDesc& desc, ArchId arch);
// The tied spelling of `desc` that `name` is (any case, with or without an encoding suffix), or nullptr when
// `name` is the builtin's name or one of its own mnemonics.
const ValuTiedSpelling* valu_tied_spelling(const ValuDesc& desc, std::string_view name);
// Throws InvalidArgument when `name` is a tied spelling of `desc` that LLVM does not encode on `arch`.
void require_valu_spelling(const ValuDesc& desc, std::string_view name, ArchId arch);
std::vector<const ValuDesc*> valu_builtins_for_arch(ArchId arch);

// A VALU builtin by mnemonic (either spelling, or a tied spelling) or builtin name (with or without
// __builtin_amdgcn_), case-insensitive; a mnemonic may carry the encoding suffix llvm-objdump prints
// (_e32, _e64, _sdwa: the same operation in another encoding [LLVM]); nullptr when the name is not a
// VALU builtin. A name that is both a row's mnemonic and another row's tied spelling
// (v_dot2c_f32_bf16) is the row whose mnemonic it is.
const ValuDesc* find_valu(std::string_view name);

// The constant arguments `desc` takes, with every legal value.
std::vector<ModifierRange> legal_valu_modifiers(const ValuDesc& desc);
// The same under its tied spelling `tied` on `arch`: clamp only where that spelling has its VOP3
// encoding (ArchInfo::valu_tied_e64); the VOP2 encoding has no clamp bit [LLVM].
std::vector<ModifierRange> legal_valu_modifiers(const ValuDesc& desc, const ValuTiedSpelling& tied, ArchId arch);
// Throws InvalidArgument naming the field when `mods` holds a constant the builtin (under the tied
// spelling `tied` on `arch`, when not null) does not take or an illegal value.
void validate_valu_modifiers(const ValuDesc& desc, const Modifiers& mods);
void validate_valu_modifiers(const ValuDesc& desc, const Modifiers& mods, const ValuTiedSpelling* tied, ArchId arch);

}  // namespace mxlane
