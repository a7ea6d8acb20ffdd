// place_matrices() scatters through the layouts; run_matrix() then executes and gathers D.
#include "emu/api/matrix.hpp"

#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "layouts/operand_layout.hpp"

namespace mxlane {
namespace {

void check_shape(const InstrDesc& d, Operand op, const std::vector<BitMatrix>& m) {
  if (static_cast<int>(m.size()) != d.blocks)
    throw InvalidArgument(
        fmt::format("{}: {} has {} block(s), got {}", operand_name(op), d.mnemonic, d.blocks, m.size()));
  for (const BitMatrix& x : m)
    if (x.rows() != d.rows(op) || x.cols() != d.cols(op))
      throw InvalidArgument(fmt::format("{}: expected a {}x{} matrix per block, got {}x{}", operand_name(op),
                                        d.rows(op), d.cols(op), x.rows(), x.cols()));
}

void scatter(LaneRegFile& regs, int base, const OperandLayout& layout, const std::vector<BitMatrix>& m) {
  const std::uint64_t mask =
      layout.element_bits() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << layout.element_bits()) - 1;
  for (const Placement& p : layout.all())
    write_slot(regs, base, p.slot, m[static_cast<std::size_t>(p.block)](p.row, p.col) & mask);
}

// The indices: as scatter(), and an index no register holds (gfx1250 index_key 1 under
// cdna5_index_key=shift reads zeros there, docs/cdna5.md §2.5) must be 0, or the result would not be
// the product of the matrices given.
void scatter_indices(LaneRegFile& regs, int base, const OperandLayout& layout, const std::vector<BitMatrix>& m) {
  const auto value = [&](const Coords& at) { return m[static_cast<std::size_t>(at.block)](at.row, at.col); };
  if (const auto at = layout.first_unheld([&](const Coords& x) { return value(x) != 0; }))
    throw InvalidArgument(fmt::format("IDX[{}][{}][{}] = {}: no register holds this index: {}; give 0 there", at->block,
                                      at->row, at->col, value(*at), layout.unheld_reason()));
  scatter(regs, base, layout, m);
}

// Where data sits; the other modifiers act on reading. The f8f6f4 formats decide the layout itself.
Modifiers placement_modifiers(const InstrDesc& d, const Modifiers& mods) {
  Modifiers placement{.opsel = mods.opsel};
  if (d.formats_from_modifiers())
    for (const Operand op : {Operand::A, Operand::B})
      set_modifier(placement, d.format_modifier(op), format_code(d, mods, op));
  return placement;
}

}  // namespace

PlacedMatrices place_matrices(const InstrDesc& d, const std::vector<BitMatrix>& a, const std::vector<BitMatrix>& b,
                              const std::vector<BitMatrix>& c, const Modifiers& mods, const Switches& switches,
                              const std::vector<BitMatrix>& idx, const std::vector<BitMatrix>& sa,
                              const std::vector<BitMatrix>& sb) {
  check_shape(d, Operand::A, a);
  check_shape(d, Operand::B, b);
  check_shape(d, Operand::C, c);
  if (d.has(Operand::IDX))
    check_shape(d, Operand::IDX, idx);
  else if (!idx.empty())
    throw InvalidArgument(
        fmt::format("IDX: {} is dense; IDX is the index register of the sparse SMFMAC instructions", d.mnemonic));
  for (const auto& [op, m] : {std::pair{Operand::SA, &sa}, std::pair{Operand::SB, &sb}}) {
    if (d.has(op))
      check_shape(d, op, *m);
    else if (!m->empty())
      throw InvalidArgument(
          fmt::format("{}: {} has no scale registers; SA and SB belong to the gfx950 scaled f8f6f4 MFMA",
                      operand_name(op), d.mnemonic));
  }
  validate_modifiers(d, mods);
  const Modifiers placement = placement_modifiers(d, mods);
  PlacedMatrices placed{LaneRegFile(d.wave, consecutive_operand_vgprs(d)), consecutive_operands(d)};
  LaneRegFile& regs = placed.regs;
  const MatrixOperands& ops = placed.ops;
  scatter(regs, ops.a.base, OperandLayout(d, Operand::A, placement, switches), a);
  scatter(regs, ops.b.base, OperandLayout(d, Operand::B, placement, switches), b);
  scatter(regs, ops.c.base, OperandLayout(d, Operand::C, placement, switches), c);
  // The indices go into the set the instruction reads (CBSZ/ABID choose it, docs/cdna3.md §2).
  if (d.has(Operand::IDX)) scatter_indices(regs, ops.idx.base, OperandLayout(d, Operand::IDX, mods, switches), idx);
  // The scales go into the bytes opsel_a / opsel_b read (docs/cdna4.md §2.3).
  if (d.has(Operand::SA)) {
    scatter(regs, ops.sa.base, OperandLayout(d, Operand::SA, mods, switches), sa);
    scatter(regs, ops.sb.base, OperandLayout(d, Operand::SB, mods, switches), sb);
  }
  return placed;
}

std::vector<BitMatrix> run_matrix(const InstrDesc& d, const std::vector<BitMatrix>& a, const std::vector<BitMatrix>& b,
                                  const std::vector<BitMatrix>& c, const Modifiers& mods, const Switches& switches,
                                  const std::vector<BitMatrix>& idx, const std::vector<BitMatrix>& sa,
                                  const std::vector<BitMatrix>& sb) {
  PlacedMatrices placed = place_matrices(d, a, b, c, mods, switches, idx, sa, sb);
  execute_matrix(d, placed.regs, placed.ops, mods, switches);
  const Modifiers placement = placement_modifiers(d, mods);
  std::vector<BitMatrix> out(static_cast<std::size_t>(d.blocks), BitMatrix::Zero(d.m, d.n));
  for (const Placement& p : OperandLayout(d, Operand::D, placement, switches).all())
    out[static_cast<std::size_t>(p.block)](p.row, p.col) = read_slot(placed.regs, placed.ops.d.base, p.slot);
  return out;
}

}  // namespace mxlane
