// InstrDesc: what one builtin is (name, encoding, shape, types, modifiers, throughput), never how
// it computes: a builtin row of instructions.def joined with its instruction row, with the derived
// columns (ops, VGPR counts) computed from the family's rules.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "emu/isa/arch.hpp"
#include "emu/isa/element_type.hpp"
#include "emu/isa/matrix_family.hpp"
#include "emu/isa/modifiers.hpp"

namespace mxlane {

// The operands of a matrix instruction: srcA, srcB, srcC, the destination, and the sparsity index
// register of SMFMAC (ISA SRC2; the builtin's `idx` argument; docs/cdna3.md §3), and the E8M0 scale
// registers of the gfx950 scaled f8f6f4 MFMA (the builtin's scale_a / scale_b; docs/cdna4.md §2.3).
enum class Operand : std::uint8_t { A, B, C, D, IDX, SA, SB };
// The four every matrix instruction has; InstrDesc::operands() adds IDX where the family reads it.
inline constexpr Operand kAllOperands[] = {Operand::A, Operand::B, Operand::C, Operand::D};
std::string_view operand_name(Operand op);
std::optional<Operand> parse_operand(std::string_view name);  // "A".."D", "IDX", "SA", "SB", case-insensitive

struct InstrDesc {
  ArchId arch;
  MatrixFamilyId family_id;
  std::string_view builtin;    // without the __builtin_amdgcn_ prefix
  std::string_view mnemonic;   // ISA mnemonic on `arch`, as LLVM's disassembler prints it
  std::string_view semantics;  // the emu/insns/ element kernel it runs (a mnemonic of its first architecture)
  int opcode;                  // VOP3P opcode
  int wave;                    // wave size the builtin runs in
  bool tied;                   // _tied WMMA builtin: srcC and result share registers
  // The builtin reaches this instruction only with constant zero scale arguments (the gfx950 unscaled
  // f8f6f4 encoding, docs/cdna4.md §1); the builtin's own entry is the scaled one.
  bool zero_scale_form;
  int m, n, k, blocks;
  ElemType a_type, b_type, c_type, d_type;
  int vgprs_a, vgprs_b, vgprs_cd;  // 32-bit VGPRs per lane; vgprs_cd is D's
  int vgprs_c;                     // C's: vgprs_cd, except where C is wider than D (gfx1250 bf16f32: f32 C, bf16 D)
  ModifierSet modifiers;
  int ops;            // 2*M*N*K*blocks, as the throughput tables list it
  int cycles;         // as published; -1 when not published
  int coexec_cycles;  // VALU co-execution cycles; 0 = none, -1 = not published

  const MatrixFamily& family() const { return matrix_family(family_id); }
  const ArchInfo& arch_traits() const { return arch_info(arch); }
  std::string full_builtin() const { return "__builtin_amdgcn_" + std::string(builtin); }
  // A name unique in the architecture's table, for files and kernels: the builtin, with "__unscaled"
  // for the zero-scale form that shares the scaled f8f6f4 builtin.
  std::string entry_name() const { return std::string(builtin) + (zero_scale_form ? "__unscaled" : ""); }
  // The table's type; for A/B of the f8f6f4 MFMA that is the placeholder ElemType::f8f6f4, and
  // operand_type() gives the format the modifiers select.
  ElemType type(Operand op) const;
  int vgprs(Operand op) const;
  // Matrix shape of an operand in its own coordinates: A is M x K, B is K x N, C/D are M x N; a
  // sparse A and its IDX are M x K/2, the stored values (docs/spec/interfaces.md "lanemap"); SA is
  // M x K/blk and SB N x K/blk, one scale per row (column) and block of blk k: 32 (gfx950, docs/cdna4.md §2.3;
  // gfx1250 scale) or 16 (gfx1250 scale16, docs/cdna5.md §2.7).
  int rows(Operand op) const;
  int cols(Operand op) const;
  // Whether the instruction has operand `op` (IDX only on sparse families, SA/SB only where the
  // modifier set has scale registers), and all it has.
  bool has(Operand op) const;
  std::vector<Operand> operands() const;
  // A and B hold whichever format a modifier names (the table's type is the placeholder f8f6f4); the
  // modifier is the family's (CBSZ / BLGP on gfx950, matrix_a_fmt / matrix_b_fmt on gfx1250).
  bool formats_from_modifiers() const { return a_type == ElemType::f8f6f4; }
  // The modifier that names `op`'s format (A or B) where formats_from_modifiers(), else empty.
  std::string_view format_modifier(Operand op) const;
  // LLVM 22 knows the instruction (an opcode, a builtin): all but gfx1251's f64 WMMA, whose row has opcode 0
  // (docs/cdna5.md §2.6); such a row has no device kernel.
  bool known_to_llvm() const { return opcode != 0; }
  // CBSZ / BLGP are the A / B formats (gfx950 f8f6f4), not a broadcast or lane pattern.
  bool cbsz_blgp_are_formats() const { return formats_from_modifiers() && family().a_format_modifier == "cbsz"; }
};

// The format code (0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4) that `mods` give A or B of `desc`, whose formats come
// from modifiers.
int format_code(const InstrDesc& desc, const Modifiers& mods, Operand op);

// The element type `desc` reads or writes for `op` under `mods`: the table's type, except A/B of the
// f8f6f4 forms, whose format the family's format modifiers select (gfx950: CBSZ (A) / BLGP (B),
// docs/cdna4.md §1; gfx1250: matrix_a_fmt / matrix_b_fmt, docs/cdna5.md §1). Throws InvalidArgument on a
// format code outside 0-4.
ElemType operand_type(const InstrDesc& desc, Operand op, const Modifiers& mods);

// The format of SA's or SB's scale bytes under `mods`: gfx1250's matrix_a_scale_fmt / matrix_b_scale_fmt (0 E8M0,
// 1 E5M3, 2 E4M3; docs/cdna5.md §2.7), E8M0 on gfx950 (docs/cdna4.md §2.3). Throws InvalidArgument on another code.
BlockScaleFormat scale_format(const InstrDesc& desc, const Modifiers& mods, Operand op);

// Whether an operand's integer elements are signed under `mods`: always for C/D and outside the families
// whose NEG[0]/NEG[1] choose it; on those (integer WMMA/SWMMA) NEG[0] for A, NEG[1] for B
// (docs/spec/layouts.md §8.4); never for the index (IDX) and scale (SA, SB) operands.
bool operand_signed(const InstrDesc& desc, const Modifiers& mods, Operand op);

// Every builtin, in table order.
std::span<const InstrDesc> instruction_table();

// The builtins of one architecture, in table order.
std::vector<const InstrDesc*> instructions_for_arch(ArchId arch);

// What the table covers, for help texts: each family's display name with the architectures that have
// it, "MFMA on gfx908, gfx90a, ...; WMMA on gfx1100, ...", families in table order; with `which`,
// only the instructions it accepts (those that take a modifier, say).
std::string matrix_coverage(const std::function<bool(const InstrDesc&)>& which = {});

// Resolve a user-typed name on `arch`: an ISA mnemonic (with or without "v_"), or a builtin name
// with or without "__builtin_amdgcn_", case-insensitive (docs/spec/interfaces.md "Names"). A mnemonic with
// several builtins (RDNA3 _w32/_w64/_tied) picks the untied one for `wave` (default: the
// architecture's). Throws InvalidArgument with a message naming the problem: unknown name (with a
// suggestion), wrong architecture (naming the ones that have it), or a wave size it lacks.
const InstrDesc& resolve_instruction(const ArchInfo& arch, std::string_view name,
                                     std::optional<int> wave = std::nullopt);

}  // namespace mxlane
