// mxlane.lanemap: one NumPy record per element and storage slot, the entries of
// `mxlane lanemap --format json` (OperandLayout::all(), the order the CLI prints them in).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "emu/isa/errors.hpp"
#include "emu/protocol/linear_layout_json.hpp"
#include "fmt/format.h"
#include "json_objects.hpp"
#include "layouts/formula/linear_layout.hpp"
#include "layouts/operand_layout.hpp"
#include "selection.hpp"

namespace mxlane::python {
namespace {

using namespace py::literals;

struct LanemapRecord {
  std::int32_t block, row, col, lane, vgpr, bit_lo, bit_hi, replica;
  bool neg, abs;
};

py::array_t<LanemapRecord> lanemap(const std::string& arch, const std::string& inst, std::optional<int> wave,
                                   const py::object& options, const py::dict& mods, const std::string& operand) {
  const Selection s = select_instruction(arch, inst, wave, options, mods);
  const OperandLayout layout(*s.desc, parse_operand_argument(operand), s.mods, s.switches);
  const std::vector<Placement> placements = layout.all();
  py::array_t<LanemapRecord> out(static_cast<py::ssize_t>(placements.size()));
  auto rows = out.mutable_unchecked<1>();
  for (std::size_t n = 0; n < placements.size(); ++n) {
    const Placement& p = placements[n];
    rows(static_cast<py::ssize_t>(n)) = LanemapRecord{p.block,       p.row,         p.col,     p.slot.lane, p.slot.vgpr,
                                                      p.slot.bit_lo, p.slot.bit_hi, p.replica, p.negated,   p.absolute};
  }
  return out;
}

// The mxlane.linear-layout/1 object of `mxlane lanemap --format linear-layout`, as a dict.
py::object linear_layout(const std::string& arch, const std::string& inst, std::optional<int> wave,
                         const py::object& options, const py::dict& mods, const std::string& operand) {
  const Selection s = select_instruction(arch, inst, wave, options, mods);
  const OperandLayout layout(*s.desc, parse_operand_argument(operand), s.mods, s.switches);
  return python_from_json(
      protocol::linear_layout_json(layout, formula::derive_linear_layout(layout), {s.arch, s.requested_arch}));
}

// `mxlane check --linear-layout` from Python: the layout as a dict (or JSON text), judged slot by
// slot; --transposed and --steps as on the command line. Returns ok, checked, mismatches, the
// first `keep` mismatches and, for a chain, the K order.
py::dict check_linear_layout(const std::string& arch, const std::string& inst, std::optional<int> wave,
                             const py::object& options, const py::dict& mods, const std::string& operand,
                             const py::object& document, bool transposed, int steps, int keep) {
  if (keep < 0) throw InvalidArgument(fmt::format("max_mismatches: {} is negative", keep));
  const Selection s = select_instruction(arch, inst, wave, options, mods);
  Operand op = parse_operand_argument(operand);
  if (transposed && (op == Operand::A || op == Operand::B)) op = op == Operand::A ? Operand::B : Operand::A;
  if (transposed && op != Operand::A && op != Operand::B && op != Operand::C && op != Operand::D)
    throw InvalidArgument("transposed: swaps A and B and transposes C and D; this operand has no transposed meaning");
  const OperandLayout layout(*s.desc, op, s.mods, s.switches);
  const std::string text =
      py::isinstance<py::str>(document) ? document.cast<std::string>() : json_from_python(document, "layout").dump();
  const protocol::LinearLayoutShape shape = protocol::linear_layout_shape(layout, steps);
  formula::LinearLayout linear;
  try {
    linear = protocol::parse_linear_layout(text, shape);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(fmt::format("layout: {}", e.what()));
  }
  if (transposed) linear = formula::transposed(linear);
  const formula::CheckReport report = formula::check_linear(layout, linear, static_cast<std::size_t>(keep), steps);
  py::list first;
  for (const formula::SlotMismatch& m : report.slots) {
    py::list elements;
    for (const Placement& p : m.layout)
      elements.append(py::dict("block"_a = p.block, "row"_a = p.row, "col"_a = p.col));
    first.append(py::dict("lane"_a = m.slot.lane, "g"_a = m.g, "step"_a = m.step,
                          "formula"_a = py::dict("block"_a = m.formula.block, "row"_a = m.formula.row,
                                                 "col"_a = m.formula.col, "inside"_a = m.formula.inside),
                          "layout"_a = elements));
  }
  py::dict out("operand"_a = std::string(operand_name(layout.operand())), "ok"_a = report.ok(),
               "checked"_a = report.checked, "mismatches"_a = report.mismatches, "unused_slots"_a = report.unused_slots,
               "first_mismatches"_a = first);
  if (steps > 0) {
    out["k_order"] = report.k_order;
    out["k_missing"] = report.k_missing;
    out["k_doubled"] = report.k_doubled;
  }
  return out;
}

}  // namespace

void register_layout(py::module_& m) {
  using namespace py::literals;
  PYBIND11_NUMPY_DTYPE(LanemapRecord, block, row, col, lane, vgpr, bit_lo, bit_hi, replica, neg, abs);
  m.def("lanemap", &lanemap, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a, "operand"_a);
  m.def("linear_layout", &linear_layout, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a, "operand"_a);
  m.def("check_linear_layout", &check_linear_layout, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a, "operand"_a,
        "layout"_a, "transposed"_a, "steps"_a, "max_mismatches"_a);
}

}  // namespace mxlane::python
