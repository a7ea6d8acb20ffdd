// The detail view of one matrix instruction: encoding, shape, throughput, registers and the
// closed-form index formulas of A, B, C and D (layouts/formula/layout_formulas.hpp).
#include "emu/protocol/instruction_detail.hpp"

#include "fmt/format.h"
#include "layouts/formula/layout_formulas.hpp"
#include "emu/protocol/modifier_text.hpp"

namespace mxlane::protocol {
namespace {

using Json = nlohmann::ordered_json;

// Register-tuple alignment from the architecture's traits: 8 bytes on gfx90a, 4 on gfx908 and RDNA
// (docs/spec/layouts.md §3, docs/cdna1.md).
int tuple_alignment_bytes(const ArchInfo& arch) { return 4 * arch.tuple_align_regs; }

// VOP3P-MAI (CDNA) or VOP3P (RDNA), from the family; the MAI opcode is the low 6 bits of the VOP3P
// opcode, as the calculator prints it (docs/views.md "Detail view").
std::string encoding_name(const InstrDesc& d) { return std::string(d.family().encoding); }

bool integer_output(const InstrDesc& d) { return d.d_type == ElemType::i32; }

std::string register_files(const ArchInfo& arch) {
  if (arch.cd_accvgpr_only) return "A and B in ArchVGPRs or AccVGPRs, C and D in AccVGPRs only (docs/cdna1.md)";
  return arch.agprs > 0 ? "A, B, C and D each in ArchVGPRs or AccVGPRs (seed 001, docs/spec/layouts.md §3)"
                        : "ArchVGPRs only (no AccVGPRs)";
}

}  // namespace

void print_instruction_detail(const ArchInfo& arch, const InstrDesc& d, Json summary, bool json, std::ostream& out) {
  const Operand operands[] = {Operand::A, Operand::B, Operand::C, Operand::D};
  std::vector<OperandFormulas> formulas;
  for (Operand op : operands) formulas.push_back(layout_formulas(OperandLayout(d, op)));
  if (json) {
    Json doc{{"format", "mxlane.instruction/1"}};
    doc.update(summary);
    doc["encoding"] = encoding_name(d);
    if (d.family().mai_opcode) doc["mai_opcode"] = d.opcode & 0x3f;
    doc["alignment_bytes"] = tuple_alignment_bytes(arch);
    doc["accvgprs"] = arch.agprs > 0;
    Json f = Json::object();
    for (std::size_t n = 0; n < 4; ++n) {
      const OperandFormulas& x = formulas[n];
      Json forward{{"lane", x.lane}, {"vgpr", x.vgpr}};
      if (x.bits) forward["bits"] = *x.bits;
      Json inverse{{"row", x.row}, {"col", x.col}};
      if (x.block) inverse["block"] = *x.block;
      f[std::string(operand_name(operands[n]))] = Json{{"forward", forward}, {"inverse", inverse}};
    }
    doc["formulas"] = std::move(f);
    out << doc.dump(1) << '\n';
    return;
  }
  const std::string ops_name = integer_output(d) ? "Ops" : "FLOPs";
  const std::string unit(d.family().peak_unit);
  out << fmt::format("Architecture: {} ({})\n", arch.name, arch.family);
  out << fmt::format("Instruction: {} ({}, wave{})\n", d.mnemonic, d.full_builtin(), d.wave);
  out << (d.known_to_llvm()
              ? fmt::format("  Encoding: {}, opcode {:#x}", encoding_name(d), d.opcode)
              : fmt::format("  Encoding: {}, opcode not known (LLVM 22 has no encoding)", encoding_name(d)));
  if (d.family().mai_opcode) out << fmt::format(" (VOP3P-MAI opcode {:#x})", d.opcode & 0x3f);
  out << '\n';
  out << fmt::format("  Shape: M = {}, N = {}, K = {}, {} block{}\n", d.m, d.n, d.k, d.blocks, d.blocks > 1 ? "s" : "");
  out << fmt::format("  Types: A (Src0) {}, B (Src1) {}, C (Src2) {}, D (Vdst) {}\n", elem_name(d.a_type),
                     elem_name(d.b_type), elem_name(d.c_type), elem_name(d.d_type));
  out << fmt::format("  {}: {} per instruction (2*M*N*K*blocks)\n", ops_name, d.ops);
  if (d.cycles > 0)
    out << fmt::format("  Cycles: {}; {}/{}/clock: {} (4 SIMDs)\n", d.cycles, ops_name, unit, 4 * d.ops / d.cycles);
  else
    out << "  Cycles: not published for this wave size (docs/spec/layouts.md §4.2)\n";
  out << fmt::format("  VALU co-execution: {}\n", d.coexec_cycles > 0   ? fmt::format("yes, {} cycles", d.coexec_cycles)
                                                  : d.coexec_cycles < 0 ? std::string("not published")
                                                                        : std::string("no"));
  out << fmt::format("  VGPRs per lane: A {}, B {}, C {}, D {}{}{}\n", d.vgprs_a, d.vgprs_b, d.vgprs_c, d.vgprs_cd,
                     d.has(Operand::IDX)  ? fmt::format(", IDX {}", d.vgprs(Operand::IDX))
                     : d.has(Operand::SA) ? std::string(", SA 1, SB 1")
                                          : std::string(),
                     d.tied ? " (tied: D is written over C)" : "");
  if (d.has(Operand::IDX))
    out << fmt::format(
        "  Sparse A: 4:2 structured; A holds the {} stored values of each row (M x K/2), IDX a 2-bit "
        "position per stored value (docs/cdna3.md §3)\n",
        d.k / 2);
  if (d.cbsz_blgp_are_formats())
    out << "  Formats: CBSZ is A's and BLGP B's: 0 fp8 E4M3, 1 bf8 E5M2 (OCP; 8 VGPRs read), 2 fp6 E2M3, 3 bf6 E3M2 (6), "
           "4 fp4 E2M1 (4) (docs/cdna4.md §1, §2.2)\n";
  if (d.has(Operand::SA) && d.family().a_scale_format_modifier.empty())
    out << "  Scales: SA/SB hold one E8M0 byte per row of A / column of B and 32-k block, in lane i + M*block, byte "
           "opsel_a / opsel_b; each block's dot is scaled by 2^(sa+sb-254) (docs/cdna4.md §2.3, docs/cdna4-numerics.md §3)\n";
  else if (d.has(Operand::SA))
    out << fmt::format(
        "  Scales: SA/SB hold one byte per row of A / column of B and {}-k block, byte b of the lane's {} in lane "
        "i (j) + 16*matrix_a_scale (matrix_b_scale){}; E8M0, E5M3 or E4M3 by matrix_a_scale_fmt / matrix_b_scale_fmt "
        "(docs/cdna5.md §2.7, §3.7)\n",
        d.k / d.cols(Operand::SA), d.vgprs(Operand::SA) == 2 ? "VGPR pair" : "VGPR",
        d.m == 32 ? " (A's 32 rows: lane i)" : "");
  out << fmt::format("  Register tuples: {}-byte aligned; {}\n", tuple_alignment_bytes(arch), register_files(arch));
  out << fmt::format("  Modifiers: {}\n", modifiers_text(legal_modifiers(d)));
  out << "Index formulas without modifiers, in `mxlane check` syntax (forward: element -> slot; inverse: lane L,\n"
         "element G of the lane's vector -> element):\n";
  for (std::size_t n = 0; n < 4; ++n) {
    const std::string name(operand_name(operands[n]));
    out << fmt::format("  {} forward: {}\n", name, forward_options(formulas[n]));
    out << fmt::format("  {} inverse: {}\n", name, inverse_options(formulas[n]));
  }
}

}  // namespace mxlane::protocol
