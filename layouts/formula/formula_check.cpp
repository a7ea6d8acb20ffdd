// The formula checker: evaluates the user's expressions at every element or slot of an operand and
// compares them with OperandLayout's forward and inverse maps.
#include "layouts/formula/formula_check.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "fmt/format.h"
#include "layouts/feeding_slots.hpp"

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

// The values of e's variables (slot_variables(SlotVariables) names) at lane L, element G, step s.
std::vector<std::int64_t> slot_values(const IndexExpression& e, const SlotVariables& v, std::int64_t lane,
                                      std::int64_t g, std::int64_t step) {
  std::vector<std::int64_t> values;
  values.reserve(e.variables().size());
  for (const std::string& name : e.variables()) {
    if (name == "L")
      values.push_back(lane);
    else if (name == "G")
      values.push_back(g / v.g_divisor);
    else if (name == "s")
      values.push_back(step);
    else if (name == "threadIdx.x")
      values.push_back(v.block_dim_x > 0 ? lane % v.block_dim_x : lane);
    else if (name == "threadIdx.y")
      values.push_back(v.block_dim_x > 0 ? lane / v.block_dim_x : 0);
    else {
      const auto free = std::find(v.free_names.begin(), v.free_names.end(), name);
      if (free == v.free_names.end() || v.free_values.size() != v.free_names.size())
        throw std::logic_error("formula check: no value for variable " + name);
      values.push_back(v.free_values[static_cast<std::size_t>(free - v.free_names.begin())]);
    }
  }
  return values;
}

std::int64_t evaluate_slot(const IndexExpression& e, const char* name, const SlotVariables& v, std::int64_t lane,
                           std::int64_t g, std::int64_t step = 0) {
  const std::vector<std::int64_t> values = slot_values(e, v, lane, g, step);
  return evaluate(e, name, values);
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && a < 0 ? 1 : 0); }  // b > 0
// a - b*floor(a/b) for b > 0, without forming b*floor(a/b), which can overflow for a huge ld.
std::int64_t floor_mod(std::int64_t a, std::int64_t b) {
  const std::int64_t r = a % b;
  return r < 0 ? r + b : r;
}

bool holds(const Placement& p, const ElementAt& at) {
  return at.inside && p.block == at.block && p.row == at.row && p.col == at.col;
}

}  // namespace

std::vector<std::string> forward_variables(const OperandLayout& layout) {
  const Operand op = layout.operand();
  std::vector<std::string> names{op == Operand::B ? "k" : "i", op == Operand::A ? "k" : "j", "b", "row", "col"};
  if (layout.replicas() > 1) names.push_back("r");
  return names;
}

std::vector<std::string> slot_variables() { return {"L", "G"}; }

std::vector<std::string> slot_variables(const SlotVariables& v) {
  std::vector<std::string> names{"L", "G", "s", "threadIdx.x"};
  if (v.block_dim_x > 0) names.push_back("threadIdx.y");
  names.insert(names.end(), v.free_names.begin(), v.free_names.end());
  return names;
}

int vector_length(const OperandLayout& layout) {
  const int bits = layout.element_bits();
  return bits == 64 ? layout.vgprs() / 2 : layout.vgprs() * 32 / bits;
}

int vector_index(const OperandLayout& layout, const Slot& slot) {
  const int bits = layout.element_bits();
  return bits == 64 ? slot.vgpr / 2 : (slot.vgpr * 32 + slot.bit_lo) / bits;
}

CheckReport check_slots(const OperandLayout& layout, std::size_t keep, const SlotFormula& formula) {
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
        SlotMismatch m = formula(lane, g);
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

CheckReport check_forward(const OperandLayout& layout, const ForwardFormula& f, std::size_t keep) {
  CheckReport report;
  const bool per_copy =
      layout.replicas() > 1 && (f.lane.uses("r") || f.vgpr.uses("r") || (f.bits && f.bits->uses("r")));
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
    return ForwardMismatch{b,
                           row,
                           col,
                           std::nullopt,
                           evaluate(f.lane, "lane", bound),
                           evaluate(f.vgpr, "vgpr", bound),
                           f.bits ? std::optional(evaluate(*f.bits, "bits", bound)) : std::nullopt,
                           {}};
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
    SlotMismatch m;
    m.formula.row = evaluate_slot(f.row, "row", f.variables, lane, g);
    m.formula.col = evaluate_slot(f.col, "col", f.variables, lane, g);
    m.formula.block = f.block ? evaluate_slot(*f.block, "block", f.variables, lane, g) : 0;
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
  if (f.block_stride && (*f.block_stride < 1 || *f.block_stride > (std::int64_t{1} << 40)))
    throw InvalidArgument(fmt::format("--block-stride: {} is not in 1..2^40 elements", *f.block_stride));
  return check_slots(layout, keep, [&](int lane, int g) {
    SlotMismatch m;
    const std::int64_t index = evaluate_slot(f.index, "load", f.variables, lane, g);
    m.index = index;
    const std::int64_t line = floor_div(index, f.ld);  // memory row (row-major) or column
    const std::int64_t fast = floor_mod(index, f.ld);
    if (!f.block_stride) {  // blocks one after another along the slow dimension
      const std::int64_t block = floor_div(line, slow_extent);
      const std::int64_t slow = line - block * slow_extent;
      m.formula = ElementAt{block, row_major ? slow : fast, row_major ? fast : slow,
                            index >= 0 && fast < fast_extent && block < layout.blocks()};
      return m;
    }
    // Block b starts at b*stride: the first block whose matrix holds `index` (blocks given a
    // small stride may overlap; the layout's element must then be in the first one).
    m.formula = ElementAt{0, row_major ? line : fast, row_major ? fast : line, false};
    for (int b = 0; b < layout.blocks() && index >= 0; ++b) {
      const std::int64_t offset = index - b * *f.block_stride;  // b*stride <= 2^44: no overflow
      if (offset < 0) break;
      const std::int64_t in_line = offset / f.ld, in_fast = offset % f.ld;
      if (in_line >= slow_extent || in_fast >= fast_extent) continue;
      m.formula = ElementAt{b, row_major ? in_line : in_fast, row_major ? in_fast : in_line, true};
      break;
    }
    return m;
  });
}

// Where `index` is in a rows x cols memory matrix with leading dimension ld.
ElementAt memory_element(std::int64_t index, std::int64_t ld, MemoryOrder order, std::int64_t rows, std::int64_t cols) {
  const bool row_major = order == MemoryOrder::row_major;
  const std::int64_t line = floor_div(index, ld);
  const std::int64_t fast = floor_mod(index, ld);
  const std::int64_t row = row_major ? line : fast, col = row_major ? fast : line;
  return ElementAt{0, row, col, index >= 0 && row < rows && col < cols};
}

namespace {

void check_ld(const char* option, const LoadFormula& f, std::int64_t rows, std::int64_t cols, char operand) {
  const bool row_major = f.order == MemoryOrder::row_major;
  const std::int64_t fast_extent = row_major ? cols : rows;
  if (f.ld < fast_extent)
    throw InvalidArgument(fmt::format("--{}: {} is smaller than the {} {} of {} ({} x {}, {})", option, f.ld,
                                      fast_extent, row_major ? "columns" : "rows", operand, rows, cols,
                                      row_major ? "row-major" : "column-major"));
}

}  // namespace

bool pair_product_ok(const PairProduct& p, int row, int col, std::int64_t k_total) {
  return p.a.inside && p.b.inside && p.a.row == row && p.b.col == col && p.a.col == p.b.row && p.a.col >= 0 &&
         p.a.col < k_total;
}

PairReport check_pair(const InstrDesc& desc, const Modifiers& mods, const Switches& switches, const PairFormula& f,
                      std::size_t keep) {
  if (desc.blocks != 1)
    throw InvalidArgument(fmt::format("--pair: {} has {} blocks; pair mode checks single-block instructions only",
                                      desc.mnemonic, desc.blocks));
  if (desc.has(Operand::IDX))
    throw InvalidArgument(
        fmt::format("--pair: {} is sparse: which k a stored A value meets is in its IDX register, "
                    "not in a formula; check A (compressed columns) and B one operand at a time",
                    desc.mnemonic));
  if (f.steps < 1 || f.steps > 1024) throw InvalidArgument(fmt::format("--steps: {} is not in 1..1024", f.steps));
  PairReport report;
  report.k_total = f.k_total != 0 ? f.k_total : static_cast<std::int64_t>(desc.k) * f.steps;
  if (report.k_total < 1 || report.k_total > (1 << 20))
    throw InvalidArgument(fmt::format("--k: {} is not in 1..{}", report.k_total, 1 << 20));
  check_ld("ld-a", f.a, desc.m, report.k_total, 'A');
  check_ld("ld-b", f.b, report.k_total, desc.n, 'B');
  const FeedingSlots feeding(desc, mods, switches);
  const OperandLayout a_layout(desc, Operand::A, mods, switches), b_layout(desc, Operand::B, mods, switches);
  std::vector<int> count(static_cast<std::size_t>(report.k_total));
  for (int i = 0; i < desc.m; ++i) {
    for (int j = 0; j < desc.n; ++j) {
      const OutputFeeds feeds = feeding.of(0, i, j);
      PairMismatch m{i, j, {}, {}, {}};
      bool wrong = false;
      std::fill(count.begin(), count.end(), 0);
      for (int step = 0; step < f.steps; ++step) {
        for (int position = 0; position < desc.k; ++position) {
          const Slot& a_slot = feeds.a[static_cast<std::size_t>(position)].read.slot;
          const Slot& b_slot = feeds.b[static_cast<std::size_t>(position)].read.slot;
          PairProduct p{step, position, 0, 0, {}, {}};
          p.a_index =
              evaluate_slot(f.a.index, "load-a", f.a.variables, a_slot.lane, vector_index(a_layout, a_slot), step);
          p.b_index =
              evaluate_slot(f.b.index, "load-b", f.b.variables, b_slot.lane, vector_index(b_layout, b_slot), step);
          p.a = memory_element(p.a_index, f.a.ld, f.a.order, desc.m, report.k_total);
          p.b = memory_element(p.b_index, f.b.ld, f.b.order, report.k_total, desc.n);
          if (pair_product_ok(p, i, j, report.k_total))
            ++count[static_cast<std::size_t>(p.a.col)];
          else
            wrong = true;
          m.products.push_back(p);
        }
      }
      for (std::int64_t k = 0; k < report.k_total; ++k) {
        const int c = count[static_cast<std::size_t>(k)];
        if (c == 0) m.missing.push_back(k);
        if (c > 1) m.doubled.push_back(k);
      }
      ++report.checked;
      if (!wrong && m.missing.empty() && m.doubled.empty()) continue;
      if (report.mismatches++ < static_cast<std::int64_t>(keep)) report.first.push_back(std::move(m));
    }
  }
  return report;
}

bool CheckReport::k_in_order() const {
  for (std::size_t x = 0; x < k_order.size(); ++x)
    if (k_order[x] != static_cast<std::int64_t>(x)) return false;
  return true;
}

ChainFormula chain_formula(const InverseFormula& f) {
  return [&f](int lane, int g, int step) {
    return ElementAt{0, evaluate_slot(f.row, "row", f.variables, lane, g, step),
                     evaluate_slot(f.col, "col", f.variables, lane, g, step), true};
  };
}

CheckReport check_chain(const OperandLayout& layout, int steps, const ChainFormula& formula, std::size_t keep) {
  const InstrDesc& desc = layout.desc();
  const Operand op = layout.operand();
  if (op != Operand::A && op != Operand::B)
    throw InvalidArgument(
        fmt::format("--steps: chains A or B, whose K the chained instructions split; {} is one matrix for every step",
                    operand_name(op)));
  if (layout.blocks() > 1)
    throw InvalidArgument(fmt::format("--steps: {} has {} blocks; chains are checked for single-block instructions",
                                      desc.mnemonic, layout.blocks()));
  if (op == Operand::A && desc.has(Operand::IDX))
    throw InvalidArgument(fmt::format(
        "--steps: A of the sparse {} holds compressed columns, which k each meets is in its IDX register; check A "
        "one instruction at a time",
        desc.mnemonic));
  if (steps < 1 || steps > 1024) throw InvalidArgument(fmt::format("--steps: {} is not in 1..1024", steps));
  const bool is_a = op == Operand::A;
  const std::int64_t k = desc.k, k_total = k * steps;
  const std::int64_t rows = is_a ? layout.rows() : k_total, cols = is_a ? k_total : layout.cols();
  CheckReport report;
  report.steps = steps;
  report.k_order.assign(static_cast<std::size_t>(k_total), -1);
  const int vgpr_step = layout.element_bits() == 64 ? 2 : 1;
  for (int step = 0; step < steps; ++step) {
    for (int lane = 0; lane < layout.wave(); ++lane) {
      for (int vgpr = 0; vgpr < layout.vgprs(); vgpr += vgpr_step) {
        for (SlotContents& contents : layout.inverse(vgpr, lane)) {
          if (contents.elements.empty()) {
            ++report.unused_slots;
            continue;
          }
          ++report.checked;
          SlotMismatch m;
          m.g = vector_index(layout, contents.slot);
          m.step = step;
          m.formula = formula(lane, m.g, step);
          m.formula.inside = m.formula.block == 0 && m.formula.row >= 0 && m.formula.row < rows && m.formula.col >= 0 &&
                             m.formula.col < cols;
          const std::int64_t named_k = is_a ? m.formula.col : m.formula.row;
          bool ok = false;
          for (const Placement& p : contents.elements) {  // under a broadcast: any element the slot feeds
            if (!m.formula.inside || (is_a ? p.row != m.formula.row : p.col != m.formula.col)) continue;
            std::int64_t& order = report.k_order[static_cast<std::size_t>(step * k + (is_a ? p.col : p.row))];
            if (order < 0) order = named_k;
            if (order == named_k) {
              ok = true;
              break;
            }
            m.k_before = order;
          }
          if (ok) continue;
          if (report.mismatches++ < static_cast<std::int64_t>(keep)) {
            m.slot = contents.slot;
            m.layout = std::move(contents.elements);
            report.slots.push_back(std::move(m));
          }
        }
      }
    }
  }
  std::vector<int> given(static_cast<std::size_t>(k_total));
  for (const std::int64_t named : report.k_order)
    if (named >= 0) ++given[static_cast<std::size_t>(named)];
  for (std::int64_t x = 0; x < k_total; ++x) {
    if (given[static_cast<std::size_t>(x)] == 0) report.k_missing.push_back(x);
    if (given[static_cast<std::size_t>(x)] > 1) report.k_doubled.push_back(x);
  }
  return report;
}

}  // namespace mxlane::formula
