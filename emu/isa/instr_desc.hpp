// InstrDesc: what one builtin is (name, encoding, shape, types, modifiers, throughput), never how
// it computes: a builtin row of instructions.def joined with its instruction row, with the derived
// columns (ops, VGPR counts) computed from the family's rules.
#pragma once

#include <cstdint>
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
// register of SMFMAC (ISA SRC2; the builtin's `idx` argument; docs/cdna3.md §3).
enum class Operand : std::uint8_t { A, B, C, D, IDX };
// The four every matrix instruction has; InstrDesc::operands() adds IDX where the family reads it.
inline constexpr Operand kAllOperands[] = {Operand::A, Operand::B, Operand::C, Operand::D};
std::string_view operand_name(Operand op);
std::optional<Operand> parse_operand(std::string_view name);  // "A".."D", "IDX", case-insensitive

struct InstrDesc {
  ArchId arch;
  MatrixFamilyId family_id;
  std::string_view builtin;    // without the __builtin_amdgcn_ prefix
  std::string_view mnemonic;   // ISA mnemonic on `arch`, as LLVM's disassembler prints it
  std::string_view semantics;  // the emu/insns/ element kernel it runs (a mnemonic of its first architecture)
  int opcode;                 // VOP3P opcode
  int wave;                   // wave size the builtin runs in
  bool tied;                  // _tied WMMA builtin: srcC and result share registers
  int m, n, k, blocks;
  ElemType a_type, b_type, c_type, d_type;
  int vgprs_a, vgprs_b, vgprs_cd;  // 32-bit VGPRs per lane
  ModifierSet modifiers;
  int ops;            // 2*M*N*K*blocks, as the throughput tables list it
  int cycles;         // as published; -1 when not published
  int coexec_cycles;  // VALU co-execution cycles; 0 = none, -1 = not published

  const MatrixFamily& family() const { return matrix_family(family_id); }
  const ArchInfo& arch_traits() const { return arch_info(arch); }
  std::string full_builtin() const { return "__builtin_amdgcn_" + std::string(builtin); }
  ElemType type(Operand op) const;
  int vgprs(Operand op) const;
  // Matrix shape of an operand in its own coordinates: A is M x K, B is K x N, C/D are M x N; a
  // sparse A and its IDX are M x K/2, the stored values (docs/spec/interfaces.md "lanemap").
  int rows(Operand op) const;
  int cols(Operand op) const;
  // Whether the instruction has operand `op` (IDX only on sparse families), and all it has.
  bool has(Operand op) const { return op != Operand::IDX || family().sparse_a; }
  std::vector<Operand> operands() const;
};

// Every builtin, in table order.
std::span<const InstrDesc> instruction_table();

// The builtins of one architecture, in table order.
std::vector<const InstrDesc*> instructions_for_arch(ArchId arch);

// Resolve a user-typed name on `arch`: an ISA mnemonic (with or without "v_"), or a builtin name
// with or without "__builtin_amdgcn_", case-insensitive (docs/spec/interfaces.md "Names"). A mnemonic with
// several builtins (RDNA3 _w32/_w64/_tied) picks the untied one for `wave` (default: the
// architecture's). Throws InvalidArgument with a message naming the problem: unknown name (with a
// suggestion), wrong architecture (naming the ones that have it), or a wave size it lacks.
const InstrDesc& resolve_instruction(const ArchInfo& arch, std::string_view name,
                                     std::optional<int> wave = std::nullopt);

}  // namespace mxlane
