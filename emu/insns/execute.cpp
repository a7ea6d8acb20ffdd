// execute_matrix(): gather every output element's A row, B column and C through the layouts,
// run the instruction's element kernel, scatter D.
#include "emu/insns/execute.hpp"

#include <array>
#include <optional>
#include <vector>

#include "emu/isa/errors.hpp"
#include "emu/insns/matrix_insn.hpp"
#include "emu/semantics/cdna4_f8f6f4.hpp"
#include "emu/semantics/sparse_row.hpp"
#include "fmt/format.h"
#include "layouts/feeding_slots.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane {

ElementKernel element_kernel(const InstrDesc& desc) {
  struct Entry {
    std::string_view semantics;
    ElementKernel kernel;
  };
  static constexpr Entry kKernels[] = {
#define MXLANE_INSTRUCTION(arch, family, mnemonic, semantics, ...) \
  {#semantics, &insns::semantics_##semantics},
#include "emu/isa/instructions.def"
#undef MXLANE_INSTRUCTION
  };
  for (const Entry& e : kKernels)
    if (e.semantics == desc.semantics) return e.kernel;
  throw std::logic_error(fmt::format("no semantics for {}", desc.builtin));
}

namespace {

void check_operand(const InstrDesc& d, const LaneRegFile& regs, Operand op, const OperandRegs& r) {
  const char* bank = r.bank == RegBank::vgpr ? "VGPR" : "AccVGPR";
  const ArchInfo& arch = d.arch_traits();
  if (r.bank == RegBank::agpr && arch.agprs == 0)
    throw InvalidArgument(
        fmt::format("operand {}: {} has no AccVGPRs", operand_name(op), arch.name));
  const int count = d.vgprs(op);
  if (r.base < 0 || r.base + count > regs.num_regs(r.bank))
    throw InvalidArgument(
        fmt::format("operand {}: {}s {}..{} are outside the register file (0..{})",
                    operand_name(op), bank, r.base, r.base + count - 1, regs.num_regs(r.bank) - 1));
  // gfx90a register tuples are 8-byte aligned (docs/spec/layouts.md §3 gpr_byte_align; §4.1); gfx908's
  // 4-byte (docs/cdna1.md).
  if (count > 1 && r.base % arch.tuple_align_regs != 0)
    throw InvalidArgument(
        fmt::format("operand {}: a {}-register tuple must start at an even {} on {}, not {}",
                    operand_name(op), count, bank, arch.name, r.base));
}

}  // namespace

MatrixOperands consecutive_operands(const InstrDesc& d) {
  const int c = d.vgprs_a + d.vgprs_b, idx = c + d.vgprs_c + d.vgprs_cd;
  const int sa = idx + d.vgprs(Operand::IDX), sb = sa + d.vgprs(Operand::SA);
  return MatrixOperands{{0}, {d.vgprs_a}, {c}, {c + d.vgprs_c}, {idx}, {sa}, {sb}};
}

int consecutive_operand_vgprs(const InstrDesc& d) {
  return consecutive_operands(d).sb.base + d.vgprs(Operand::SB);
}

NumericsContext numerics_context(const InstrDesc& d, const Modifiers& mods,
                                 const Switches& switches) {
  NumericsContext ctx;
  ctx.switches = switches;
  // The architecture's subnormal rule; gfx908's is selectable (switch cdna1_subnormals, docs/cdna1.md).
  ctx.subnormals = d.arch_traits().matrix_subnormals == MatrixSubnormals::flush ||
                           switches.cdna1_subnormals() == Cdna1Subnormals::flush
                       ? MatrixSubnormals::flush
                       : MatrixSubnormals::keep;
  ctx.fp8 = d.arch_traits().fp8_encoding;
  ctx.a_signed = (mods.neg & 1) != 0;
  ctx.b_signed = (mods.neg & 2) != 0;
  ctx.clamp = mods.clamp != 0;
  if (d.formats_from_modifiers()) {
    // CBSZ / BLGP (gfx950, docs/cdna4.md §1) or matrix_a_fmt / matrix_b_fmt (gfx1250, docs/cdna5.md §1) are the
    // A / B formats; validate_modifiers() checked the codes.
    ctx.a_format = f8f6f4_format(format_code(d, mods, Operand::A));
    ctx.b_format = f8f6f4_format(format_code(d, mods, Operand::B));
  }
  if (d.has(
          Operand::
              SA)) {  // matrix_a_scale_fmt / matrix_b_scale_fmt on gfx1250 (docs/cdna5.md §2.7); gfx950: E8M0
    ctx.a_scale_format = scale_format(d, mods, Operand::SA);
    ctx.b_scale_format = scale_format(d, mods, Operand::SB);
  }
  return ctx;
}

void execute_matrix(const InstrDesc& d, LaneRegFile& regs, const MatrixOperands& ops,
                    const Modifiers& mods, const Switches& switches) {
  if (regs.wave() != d.wave)
    throw InvalidArgument(fmt::format("{} runs in wave{}, the register file is wave{}", d.builtin,
                                      d.wave, regs.wave()));
  check_operand(d, regs, Operand::A, ops.a);
  check_operand(d, regs, Operand::B, ops.b);
  check_operand(d, regs, Operand::C, ops.c);
  check_operand(d, regs, Operand::D, ops.d);
  const OperandLayout la(d, Operand::A, mods, switches), lb(d, Operand::B, mods, switches),
      lc(d, Operand::C, mods, switches), ld(d, Operand::D, mods, switches);

  const NumericsContext ctx = numerics_context(d, mods, switches);
  const ElementKernel kernel = element_kernel(d);

  // Every placement of each operand, indexed by ((block * rows + row) * cols + col) * replicas + replica
  // (OperandLayout::all()'s order), so the loops below are table lookups.
  const std::vector<Placement> pa = la.all(), pb = lb.all(), pc = lc.all(), pd = ld.all();
  const auto at = [](const std::vector<Placement>& p, const OperandLayout& l, int block, int row,
                     int col, int replica) {
    return p[static_cast<std::size_t>(((block * l.rows() + row) * l.cols() + col) * l.replicas() +
                                      replica)];
  };

  // Sparse A: every index field, by ((block * rows + row) * stored + col); a field no register holds
  // (gfx1250 index_key 1, docs/cdna5.md §2.5) stays 0.
  const bool sparse = d.has(Operand::IDX);
  std::vector<int> all_indices;
  if (sparse) {
    check_operand(d, regs, Operand::IDX, ops.idx);
    const OperandLayout lidx(d, Operand::IDX, mods, switches);
    all_indices.assign(static_cast<std::size_t>(lidx.blocks() * lidx.rows() * lidx.cols()), 0);
    for (const Placement& p : lidx.all())
      if (p.replica == 0)  // the first copy, as for A and B
        all_indices[static_cast<std::size_t>((p.block * lidx.rows() + p.row) * lidx.cols() +
                                             p.col)] =
            static_cast<int>(read_element(regs, ops.idx.base, p, ops.idx.bank));
  }

  // Scaled f8f6f4: every row's A scales and every column's B scales, one byte per 32-k block.
  const bool scaled = d.has(Operand::SA);
  const int scale_blocks = scaled ? d.cols(Operand::SA) : 0;
  std::vector<std::uint8_t> scales_a, scales_b;
  if (scaled) {
    check_operand(d, regs, Operand::SA, ops.sa);
    check_operand(d, regs, Operand::SB, ops.sb);
    const OperandLayout lsa(d, Operand::SA, mods, switches), lsb(d, Operand::SB, mods, switches);
    const std::vector<Placement> psa = lsa.all(), psb = lsb.all();
    for (const Placement& p : psa)
      scales_a.push_back(
          static_cast<std::uint8_t>(read_element(regs, ops.sa.base, p, ops.sa.bank)));
    for (const Placement& p : psb)
      scales_b.push_back(
          static_cast<std::uint8_t>(read_element(regs, ops.sb.base, p, ops.sb.bank)));
  }
  const auto row_scales = [&](const std::vector<std::uint8_t>& all, int block, int row, int rows) {
    if (!scaled) return std::span<const std::uint8_t>{};
    return std::span<const std::uint8_t>(all).subspan(
        static_cast<std::size_t>((block * rows + row) * scale_blocks),
        static_cast<std::size_t>(scale_blocks));
  };

  // Read every source element before any write: D may overlap C, A or B.
  std::vector<std::uint64_t> results;
  std::vector<Slot> targets;
  results.reserve(static_cast<std::size_t>(d.blocks * d.m * d.n));
  const int stored = la.cols();  // K, or K/2 stored values of a sparse A
  std::vector<std::uint64_t> a_stored(static_cast<std::size_t>(stored)),
      b_col(static_cast<std::size_t>(d.k));
  std::vector<std::uint64_t> a_terms, b_terms;
  for (int block = 0; block < d.blocks; ++block)
    for (int i = 0; i < d.m; ++i) {
      SparseRow row;
      if (sparse) {
        row = sparse_row(std::span<const int>(all_indices)
                             .subspan(static_cast<std::size_t>((block * d.m + i) * stored),
                                      static_cast<std::size_t>(stored)),
                         sparse_grouping(d, switches));
        a_terms.resize(row.terms.size());
        b_terms.resize(row.terms.size());
      }
      for (int j = 0; j < d.n; ++j) {
        const Placement& out = at(pd, ld, block, i, j, 0);
        // RDNA3 replicas: the output's lane group reads its own copy (docs/spec/layouts.md §8.5).
        const int replica = output_replica(la, out.slot.lane, switches);
        for (int k = 0; k < stored; ++k)
          a_stored[static_cast<std::size_t>(k)] =
              read_element(regs, ops.a.base, at(pa, la, block, i, k, replica), ops.a.bank);
        for (int k = 0; k < d.k; ++k)
          b_col[static_cast<std::size_t>(k)] =
              read_element(regs, ops.b.base, at(pb, lb, block, k, j, replica), ops.b.bank);
        const std::uint64_t c =
            read_element(regs, ops.c.base, at(pc, lc, block, i, j, 0), ops.c.bank);
        if (sparse) {
          // A k with no stored value is the bit pattern 0, +0 in every input format.
          for (std::size_t t = 0; t < row.terms.size(); ++t) {
            const SparseTerm& term = row.terms[t];
            a_terms[t] = term.stored < 0 ? 0 : a_stored[static_cast<std::size_t>(term.stored)];
            b_terms[t] = b_col[static_cast<std::size_t>(term.k)];
          }
          results.push_back(kernel(DotInputs{a_terms, b_terms, c}, ctx));
        } else {
          results.push_back(
              kernel(DotInputs{a_stored, b_col, c, row_scales(scales_a, block, i, d.m),
                               row_scales(scales_b, block, j, d.n)},
                     ctx));
        }
        targets.push_back(out.slot);
      }
    }
  const bool masked =
      d.family().exec_mask_switchable && switches.cdna2_exec() == ExecEffect::masked;
  for (std::size_t n = 0; n < results.size(); ++n)
    if (!masked || regs.exec().active(targets[n].lane))
      write_slot(regs, ops.d.base, targets[n], results[n], ops.d.bank);
}

}  // namespace mxlane
