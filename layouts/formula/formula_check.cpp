// The formula checker: evaluates the user's expressions at every element or slot of an operand and
// compares them with OperandLayout's forward and inverse maps.
#include "layouts/formula/formula_check.hpp"

#include <algorithm>
#include <array>

#include "fmt/format.h"

namespace mxlane::formula {
namespace {

// Evaluates `e`, naming it in an evaluation error.
std::int64_t evaluate(const IndexExpression& e, const char* name, std::span<const std::int64_t> values) {
  try {
    return e.evaluate(values);
  } catch (const ExpressionError& error) {
    throw FormulaError(name, error);
  }
}

bool holds(const Placement& p, const ElementAt& at) {
  return at.inside && p.block == at.block && p.row == at.row && p.col == at.col;
}

// Walks every slot (L, G) of the operand, lane by lane and G ascending. `check(L, G)` evaluates the
// formula there and returns a SlotMismatch holding what it names (`formula`, and `index` for
// loads); the slot passes when that is one of the elements the layout puts there.
template <typename Check>
CheckReport check_slots(const OperandLayout& layout, std::size_t keep, Check check) {
  CheckReport report;
  const int step = layout.element_bits() == 64 ? 2 : 1;
  for (int lane = 0; lane < layout.wave(); ++lane) {
    for (int vgpr = 0; vgpr < layout.vgprs(); vgpr += step) {
      for (SlotContents& contents : layout.inverse(vgpr, lane)) {
        if (contents.elements.empty()) {  // e.g. the other half of a 16-bit RDNA3 C/D register
          ++report.unused_slots;
          continue;
        }
        ++report.checked;
        const int g = vector_index(layout, contents.slot);
        SlotMismatch m = check(lane, g);
        if (std::any_of(contents.elements.begin(), contents.elements.end(),
                        [&](const Placement& p) { return holds(p, m.formula); }))
          continue;
        if (report.mismatches++ < static_cast<std::int64_t>(keep)) {
          m.slot = contents.slot;
          m.g = g;
          m.layout = std::move(contents.elements);
          report.slots.push_back(std::move(m));
        }
      }
    }
  }
  return report;
}

}  // namespace

std::vector<std::string> forward_variables(const OperandLayout& layout) {
  const Operand op = layout.operand();
  std::vector<std::string> names{op == Operand::B ? "k" : "i", op == Operand::A ? "k" : "j", "b", "row", "col"};
  if (layout.replicas() > 1) names.push_back("r");
  return names;
}

std::vector<std::string> slot_variables() { return {"L", "G"}; }

int vector_length(const OperandLayout& layout) {
  const int bits = layout.element_bits();
  return bits == 64 ? layout.vgprs() / 2 : layout.vgprs() * 32 / bits;
}

int vector_index(const OperandLayout& layout, const Slot& slot) {
  const int bits = layout.element_bits();
  return bits == 64 ? slot.vgpr / 2 : (slot.vgpr * 32 + slot.bit_lo) / bits;
}

CheckReport check_forward(const OperandLayout& layout, const ForwardFormula& f, std::size_t keep) {
  CheckReport report;
  const bool per_copy = layout.replicas() > 1 &&
                        (f.lane.uses("r") || f.vgpr.uses("r") || (f.bits && f.bits->uses("r")));
  report.per_copy = per_copy;
  if (layout.replicas() > 1 && !per_copy) report.copies_named.assign(static_cast<std::size_t>(layout.replicas()), 0);
  // Values in forward_variables() order: row name, col name, b, row, col[, r].
  std::array<std::int64_t, 6> values{};
  const std::span<const std::int64_t> bound(values.data(), forward_variables(layout).size());
  auto at = [&](const Slot& s, std::int64_t lane, std::int64_t vgpr, std::optional<std::int64_t> bits) {
    return s.lane == lane && s.vgpr == vgpr && (!bits || *bits == s.bit_lo);
  };
  auto record = [&](ForwardMismatch m) {
    if (report.mismatches++ < static_cast<std::int64_t>(keep)) report.forward.push_back(std::move(m));
  };
  auto position = [&](int b, int row, int col) {
    return ForwardMismatch{b, row, col, std::nullopt, evaluate(f.lane, "lane", bound), evaluate(f.vgpr, "vgpr", bound),
                           f.bits ? std::optional(evaluate(*f.bits, "bits", bound)) : std::nullopt, {}};
  };
  for (int b = 0; b < layout.blocks(); ++b) {
    for (int row = 0; row < layout.rows(); ++row) {
      for (int col = 0; col < layout.cols(); ++col) {
        values = {row, col, b, row, col, 0};
        const std::vector<Placement> copies = layout.forward(b, row, col);
        if (per_copy) {  // every copy at the position the formula gives for its r
          for (const Placement& copy : copies) {
            values[5] = copy.replica;
            ForwardMismatch m = position(b, row, col);
            ++report.checked;
            if (at(copy.slot, m.lane, m.vgpr, m.bits)) continue;
            m.replica = copy.replica;
            m.layout = {copy.slot};
            record(std::move(m));
          }
          continue;
        }
        // One position for the element: it must be one of its copies.
        ForwardMismatch m = position(b, row, col);
        ++report.checked;
        const auto named = std::find_if(copies.begin(), copies.end(),
                                        [&](const Placement& p) { return at(p.slot, m.lane, m.vgpr, m.bits); });
        if (named != copies.end()) {
          if (!report.copies_named.empty()) ++report.copies_named[static_cast<std::size_t>(named->replica)];
          continue;
        }
        for (const Placement& p : copies) m.layout.push_back(p.slot);
        record(std::move(m));
      }
    }
  }
  return report;
}

CheckReport check_inverse(const OperandLayout& layout, const InverseFormula& f, std::size_t keep) {
  if (layout.blocks() > 1 && !f.block)
    throw InvalidArgument(fmt::format("--block: required, {} of {} has {} blocks (give the block in L and G)",
                                      operand_name(layout.operand()), layout.desc().mnemonic, layout.blocks()));
  return check_slots(layout, keep, [&](int lane, int g) {
    const std::array<std::int64_t, 2> values{lane, g};
    SlotMismatch m;
    m.formula.row = evaluate(f.row, "row", values);
    m.formula.col = evaluate(f.col, "col", values);
    m.formula.block = f.block ? evaluate(*f.block, "block", values) : 0;
    m.formula.inside = m.formula.row >= 0 && m.formula.row < layout.rows() && m.formula.col >= 0 &&
                       m.formula.col < layout.cols() && m.formula.block >= 0 && m.formula.block < layout.blocks();
    return m;
  });
}

CheckReport check_load(const OperandLayout& layout, const LoadFormula& f, std::size_t keep) {
  const bool row_major = f.order == MemoryOrder::row_major;
  const int fast_extent = row_major ? layout.cols() : layout.rows();  // along a memory row
  const int slow_extent = row_major ? layout.rows() : layout.cols();
  if (f.ld < fast_extent)
    throw InvalidArgument(fmt::format("--ld: {} is smaller than the {} {} of {} ({})", f.ld, fast_extent,
                                      row_major ? "columns" : "rows", operand_name(layout.operand()),
                                      row_major ? "row-major" : "column-major"));
  auto floor_div = [](std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && a < 0 ? 1 : 0); };  // b > 0
  return check_slots(layout, keep, [&](int lane, int g) {
    const std::array<std::int64_t, 2> values{lane, g};
    SlotMismatch m;
    const std::int64_t index = evaluate(f.index, "load", values);
    m.index = index;
    const std::int64_t line = floor_div(index, f.ld);  // memory row (row-major) or column
    const std::int64_t fast = index - line * f.ld;
    const std::int64_t block = floor_div(line, slow_extent);
    const std::int64_t slow = line - block * slow_extent;
    m.formula = ElementAt{block, row_major ? slow : fast, row_major ? fast : slow,
                          index >= 0 && fast < fast_extent && block < layout.blocks()};
    return m;
  });
}

}  // namespace mxlane::formula
