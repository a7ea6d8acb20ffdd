// execute_matrix(): gather every output element's A row, B column and C through the layouts,
// run the instruction's element kernel, scatter D.
#include "emu/insns/execute.hpp"

#include <array>
#include <vector>

#include "emu/isa/errors.hpp"
#include "emu/insns/matrix_insn.hpp"
#include "fmt/format.h"
#include "layouts/feeding_slots.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane {

ElementKernel element_kernel(const InstrDesc& desc) {
  struct Entry {
    std::string_view builtin;
    ElementKernel kernel;
  };
  static constexpr Entry kKernels[] = {
#define MXLANE_MATRIX(arch, builtin, mnemonic, ...) {#builtin, &insns::semantics_##mnemonic},
#include "emu/isa/instructions.def"
#undef MXLANE_MATRIX
  };
  for (const Entry& e : kKernels)
    if (e.builtin == desc.builtin) return e.kernel;
  throw std::logic_error(fmt::format("no semantics for {}", desc.builtin));
}

namespace {

void check_operand(const InstrDesc& d, const LaneRegFile& regs, Operand op, const OperandRegs& r) {
  const char* bank = r.bank == RegBank::vgpr ? "VGPR" : "AccVGPR";
  if (r.bank == RegBank::agpr && !d.is_mfma())
    throw InvalidArgument(fmt::format("operand {}: gfx1100 has no AccVGPRs", operand_name(op)));
  const int count = d.vgprs(op);
  if (r.base < 0 || r.base + count > regs.num_regs(r.bank))
    throw InvalidArgument(fmt::format("operand {}: {}s {}..{} are outside the register file (0..{})",
                                      operand_name(op), bank, r.base, r.base + count - 1, regs.num_regs(r.bank) - 1));
  // gfx90a register tuples are 8-byte aligned (docs/spec/layouts.md §3 gpr_byte_align; §4.1).
  if (d.is_mfma() && count > 1 && r.base % 2 != 0)
    throw InvalidArgument(fmt::format("operand {}: a {}-register tuple must start at an even {} on gfx90a, not {}",
                                      operand_name(op), count, bank, r.base));
}

}  // namespace

NumericsContext numerics_context(const Modifiers& mods, const Switches& switches) {
  NumericsContext ctx;
  ctx.switches = switches;
  ctx.a_signed = (mods.neg & 1) != 0;
  ctx.b_signed = (mods.neg & 2) != 0;
  ctx.clamp = mods.clamp != 0;
  return ctx;
}

void execute_matrix(const InstrDesc& d, LaneRegFile& regs, const MatrixOperands& ops, const Modifiers& mods,
                    const Switches& switches) {
  if (regs.wave() != d.wave)
    throw InvalidArgument(fmt::format("{} runs in wave{}, the register file is wave{}", d.builtin, d.wave, regs.wave()));
  check_operand(d, regs, Operand::A, ops.a);
  check_operand(d, regs, Operand::B, ops.b);
  check_operand(d, regs, Operand::C, ops.c);
  check_operand(d, regs, Operand::D, ops.d);
  const OperandLayout la(d, Operand::A, mods, switches), lb(d, Operand::B, mods, switches),
      lc(d, Operand::C, mods, switches), ld(d, Operand::D, mods, switches);

  const NumericsContext ctx = numerics_context(mods, switches);
  const ElementKernel kernel = element_kernel(d);

  // Every placement of each operand, indexed by ((block * rows + row) * cols + col) * replicas + replica
  // (OperandLayout::all()'s order), so the loops below are table lookups.
  const std::vector<Placement> pa = la.all(), pb = lb.all(), pc = lc.all(), pd = ld.all();
  const auto at = [](const std::vector<Placement>& p, const OperandLayout& l, int block, int row, int col, int replica) {
    return p[static_cast<std::size_t>(((block * l.rows() + row) * l.cols() + col) * l.replicas() + replica)];
  };

  // Read every source element before any write: D may overlap C, A or B.
  std::vector<std::uint64_t> results;
  std::vector<Slot> targets;
  results.reserve(static_cast<std::size_t>(d.blocks * d.m * d.n));
  std::vector<std::uint64_t> a_row(static_cast<std::size_t>(d.k)), b_col(static_cast<std::size_t>(d.k));
  for (int block = 0; block < d.blocks; ++block)
    for (int i = 0; i < d.m; ++i)
      for (int j = 0; j < d.n; ++j) {
        const Placement& out = at(pd, ld, block, i, j, 0);
        // RDNA3 replicas: the output's lane group reads its own copy (docs/spec/layouts.md §8.5).
        const int replica = output_replica(la, out.slot.lane, switches);
        for (int k = 0; k < d.k; ++k) {
          a_row[static_cast<std::size_t>(k)] = read_element(regs, ops.a.base, at(pa, la, block, i, k, replica), ops.a.bank);
          b_col[static_cast<std::size_t>(k)] = read_element(regs, ops.b.base, at(pb, lb, block, k, j, replica), ops.b.bank);
        }
        const std::uint64_t c = read_element(regs, ops.c.base, at(pc, lc, block, i, j, 0), ops.c.bank);
        results.push_back(kernel(DotInputs{a_row, b_col, c}, ctx));
        targets.push_back(out.slot);
      }
  const bool masked = d.is_mfma() && switches.cdna2_exec() == ExecEffect::masked;
  for (std::size_t n = 0; n < results.size(); ++n)
    if (!masked || regs.exec().active(targets[n].lane)) write_slot(regs, ops.d.base, targets[n], results[n], ops.d.bank);
}

}  // namespace mxlane
