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
