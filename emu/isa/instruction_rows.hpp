// The matrix rows of instructions.def as compile-time arrays, and the builtin table joined with its
// instructions (InstrDesc, derived columns computed) at compile time, so the C++ builtin API can take
// its argument types from it.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "emu/isa/instr_desc.hpp"

namespace mxlane {
namespace table_rows {

// One instruction as the table types it; the builtins that run it refer to it by (arch, mnemonic).
struct InstructionRow {
  ArchId arch;
  MatrixFamilyId family;
  std::string_view mnemonic, semantics;
  int opcode, m, n, k, blocks;
  ElemType a, b, c, d;
  ModifierSet modifiers;
  int cycles, coexec;
};

struct BuiltinRow {
  ArchId arch;
  std::string_view builtin, mnemonic;
  int wave;
  bool tied;
  bool zero_scale_form = false;  // MXLANE_BUILTIN_ZERO_SCALE_FORM: the builtin with constant zero scales
};

// The rows in the order of the struct's fields (the macro parameters have the fields' names, so
// designated initializers cannot be written inside the macros); one row per line, as the table has them.
// clang-format off
inline constexpr InstructionRow kInstructions[] = {
#define MXLANE_INSTRUCTION(arch, family, mnemonic, semantics, opcode, m, n, k, blocks, a, b, c, d, mods, cycles, coexec) \
  {ArchId::arch, MatrixFamilyId::family, #mnemonic, #semantics, opcode, m, n, k, blocks,                                 \
   ElemType::a, ElemType::b, ElemType::c, ElemType::d, ModifierSet::mods, cycles, coexec},
#include "emu/isa/instructions.def"
#undef MXLANE_INSTRUCTION
};

inline constexpr BuiltinRow kBuiltins[] = {
#define MXLANE_BUILTIN(arch, builtin, mnemonic, wave, tied) {ArchId::arch, #builtin, #mnemonic, wave, tied != 0},
#define MXLANE_BUILTIN_ZERO_SCALE_FORM(arch, builtin, mnemonic, wave) {ArchId::arch, #builtin, #mnemonic, wave, false, true},
#include "emu/isa/instructions.def"
#undef MXLANE_BUILTIN
#undef MXLANE_BUILTIN_ZERO_SCALE_FORM
};
// clang-format on

// An architecture that has every matrix row of another besides its own: gfx1251 runs each gfx1250 WMMA and
// SWMMAC (clang-22 compiles every gfx1250 matrix builtin for it, docs/cdna5.md §1) [LLVM].
struct RowInheritance {
  ArchId arch, from;
};
inline constexpr RowInheritance kInheritedRows[] = {{ArchId::gfx1251, ArchId::gfx1250}};

// The architecture whose instruction rows `arch`'s builtins also name (itself where it inherits none).
constexpr ArchId inherited_from(ArchId arch) {
  for (const RowInheritance& r : kInheritedRows)
    if (r.arch == arch) return r.from;
  return arch;
}

// Every builtin row: the table's, then a copy of each inherited one under the inheriting architecture.
inline constexpr auto kAllBuiltins = [] {
  constexpr std::size_t inherited = [] {
    std::size_t n = 0;
    for (const RowInheritance& r : kInheritedRows)
      for (const BuiltinRow& b : kBuiltins) n += b.arch == r.from ? 1 : 0;
    return n;
  }();
  std::array<BuiltinRow, std::size(kBuiltins) + inherited> out{};
  std::size_t at = 0;
  for (const BuiltinRow& b : kBuiltins) out[at++] = b;
  for (const RowInheritance& r : kInheritedRows)
    for (const BuiltinRow& b : kBuiltins)
      if (b.arch == r.from) {
        out[at] = b;
        out[at++].arch = r.arch;
      }
  return out;
}();

// The builtin joined with its instruction; ops, VGPR counts and per-wave cycles derived.
constexpr InstrDesc join(const BuiltinRow& b) {
  // By index, not by pointer: a pointer compared with nullptr is not a constant expression under
  // -fsanitize=undefined.
  constexpr std::size_t none = std::size(kInstructions);
  std::size_t found = none;
  for (std::size_t n = 0; n < none; ++n)
    if ((kInstructions[n].arch == b.arch || kInstructions[n].arch == inherited_from(b.arch)) &&
        kInstructions[n].mnemonic == b.mnemonic)
      found = n;
  if (found == none) throw "instructions.def: a builtin names no instruction of its architecture";  // a compile error
  const InstructionRow& i = kInstructions[found];
  const MatrixFamily& f = matrix_family(i.family);
  const bool cycles_published = f.cycles_published_wave == 0 || f.cycles_published_wave == b.wave;
  return InstrDesc{
      .arch = b.arch,
      .family_id = i.family,
      .builtin = b.builtin,
      .mnemonic = i.mnemonic,
      .semantics = i.semantics,
      .opcode = i.opcode,
      .wave = b.wave,
      .tied = b.tied,
      .zero_scale_form = b.zero_scale_form,
      .m = i.m,
      .n = i.n,
      .k = i.k,
      .blocks = i.blocks,
      .a_type = i.a,
      .b_type = i.b,
      .c_type = i.c,
      .d_type = i.d,
      .vgprs_a = family_input_vgprs(i.family, i.m, f.sparse_a ? i.k / 2 : i.k, i.blocks, elem_bits(i.a), b.wave),
      .vgprs_b = family_input_vgprs(i.family, i.n, i.k, i.blocks, elem_bits(i.b), b.wave),
      .vgprs_cd = family_output_vgprs(i.family, i.m, i.n, i.blocks, elem_bits(i.d), b.wave),
      .vgprs_c = family_output_vgprs(i.family, i.m, i.n, i.blocks, elem_bits(i.c), b.wave),
      .modifiers = i.modifiers,
      .ops = 2 * i.m * i.n * i.k * i.blocks,
      .cycles = cycles_published ? i.cycles : -1,
      .coexec_cycles = i.coexec,
  };
}

}  // namespace table_rows

// Every builtin joined with its instruction, in table order.
inline constexpr auto kInstrTable = [] {
  std::array<InstrDesc, table_rows::kAllBuiltins.size()> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = table_rows::join(table_rows::kAllBuiltins[i]);
  return out;
}();

// Index of builtin `name` of `arch` in kInstrTable (compile time).
constexpr std::size_t builtin_index(ArchId arch, std::string_view name) {
  for (std::size_t i = 0; i < kInstrTable.size(); ++i)
    if (kInstrTable[i].arch == arch && kInstrTable[i].builtin == name) return i;
  throw "no such builtin";  // a compile error
}

}  // namespace mxlane
