// The VALU rows of the instruction table, their operand shapes and constant arguments.
#include <algorithm>
#include <array>

#include "emu/isa/errors.hpp"
#include "emu/isa/valu_desc.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "fmt/ranges.h"

namespace mxlane {
namespace {

// Architecture sets of the LLVM features, from instructions.def.
namespace feature_archs {
constexpr ArchMask gfx908 = arch_bit(ArchId::gfx908), gfx90a = arch_bit(ArchId::gfx90a),
                   gfx942 = arch_bit(ArchId::gfx942), gfx950 = arch_bit(ArchId::gfx950),
                   gfx1030 = arch_bit(ArchId::gfx1030), gfx1100 = arch_bit(ArchId::gfx1100),
                   gfx1200 = arch_bit(ArchId::gfx1200);
#define MXLANE_FEATURE(id, llvm_name, archs) constexpr ArchMask id = archs;
#include "emu/isa/instructions.def"
#undef MXLANE_FEATURE
}  // namespace feature_archs

namespace feature_names {
#define MXLANE_FEATURE(id, llvm_name, archs) constexpr std::string_view id = llvm_name;
#include "emu/isa/instructions.def"
#undef MXLANE_FEATURE
}  // namespace feature_names

constexpr ValuDesc kValu[] = {
#define MXLANE_VALU(builtin, mnemonic, gfx11_mnemonic, signature, feature)                     \
  {#builtin, #mnemonic, #gfx11_mnemonic, ValuSignature::signature, feature_names::feature,     \
   feature_archs::feature},
#include "emu/isa/instructions.def"
#undef MXLANE_VALU
};

std::vector<int> range(int lo, int hi) {
  std::vector<int> v;
  for (int x = lo; x <= hi; ++x) v.push_back(x);
  return v;
}

}  // namespace

ValuShape valu_shape(ValuSignature s) {
  using S = ValuSignature;
  switch (s) {
    case S::u32_u32_u32_u32: return {{1, 1, 1}, 1, false, false, false, false};
    case S::u64_u64_u32_u64: return {{2, 1, 2}, 2, false, false, false, false};
    case S::u32x4_u64_u32_u32x4: return {{2, 1, 4}, 4, false, false, false, false};
    case S::i32_s16x2_s16x2_i32_clamp:
    case S::u32_u16x2_u16x2_u32_clamp:
    case S::i32_i32_i32_i32_clamp:
    case S::u32_u32_u32_u32_clamp:
    case S::f32_f16x2_f16x2_f32_clamp:
    case S::f32_s16x2_s16x2_f32_clamp:
    case S::f32_bf16x2_bf16x2_f32_clamp: return {{1, 1, 1}, 1, true, false, false, false};
    case S::i32_signed_i32_signed_i32_i32_clamp: return {{1, 1, 1}, 1, true, true, false, false};
    case S::f16_f16x2_f16x2_f16:
    case S::i16_s16x2_s16x2_i16:
    case S::f32_u32_u32_f32:
    case S::u32_f32_u32_u32: return {{1, 1, 1}, 1, false, false, false, false};
    case S::f16x2_f32_f32:
    case S::s16x2_f32_f32:
    case S::u16x2_f32_f32:
    case S::s16x2_i32_i32:
    case S::u16x2_u32_u32: return {{1, 1, 0}, 1, false, false, false, false};
    case S::f32_i32_bytesel: return {{1, 0, 0}, 1, false, false, true, false};
    case S::f32x2_i32_wordsel: return {{1, 0, 0}, 2, false, false, false, true};
    case S::i32_f32_f32_i32_wordsel: return {{1, 1, 1}, 1, false, false, false, true};
    case S::i32_f32_i32_i32_bytesel: return {{1, 1, 1}, 1, false, false, true, false};
  }
  return {};
}

std::span<const ValuDesc> valu_table() { return kValu; }

std::vector<const ValuDesc*> valu_builtins_for_arch(ArchId arch) {
  std::vector<const ValuDesc*> out;
  for (const ValuDesc& d : kValu)
    if (d.available_on(arch)) out.push_back(&d);
  return out;
}

const ValuDesc* find_valu(std::string_view name) {
  std::string key = lowercase(name);
  if (key.starts_with("__builtin_amdgcn_")) key = key.substr(17);
  for (const ValuDesc& d : kValu)
    if (key == d.builtin || key == d.mnemonic || key == d.gfx11_mnemonic) return &d;
  return nullptr;
}

std::vector<ModifierRange> legal_valu_modifiers(const ValuDesc& d) {
  const ValuShape s = d.shape();
  std::vector<ModifierRange> out;
  if (s.signedness)
    out.push_back({"neg", range(0, 3), "",
                   "bit 0: A is signed, bit 1: B is signed (the builtin's a_signed / b_signed; VOP3P NEG_LO) [ISA]"});
  if (s.clamp)
    out.push_back({"clamp", {0, 1}, "", "saturate the result (integer range, or [0, 1] for float dots) [LLVM]"});
  if (s.byte_sel) out.push_back({"byte_sel", range(0, 3), "", "which byte (op_sel) [ISA]"});
  if (s.word_sel) out.push_back({"word_sel", {0, 1}, "", "which 16-bit word (op_sel) [ISA]"});
  return out;
}

void validate_valu_modifiers(const ValuDesc& d, const Modifiers& mods) {
  const std::vector<ModifierRange> legal = legal_valu_modifiers(d);
  const auto v = first_violation(legal, mods);
  if (!v) return;
  if (v->range == nullptr) {
    std::string takes;
    for (const ModifierRange& x : legal) append_item(takes, x.name);
    throw InvalidArgument(fmt::format("{}={} is not allowed: {} takes {}", v->name, v->value, d.builtin,
                                      takes.empty() ? std::string("no constant arguments") : "only " + takes));
  }
  throw InvalidArgument(fmt::format("{}={} is not allowed on {}: legal values {}", v->name, v->value, d.builtin,
                                    fmt::join(v->range->values, ", ")));
}

}  // namespace mxlane
