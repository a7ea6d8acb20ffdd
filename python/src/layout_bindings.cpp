// mxlane.lanemap: one NumPy record per element and storage slot, the entries of
// `mxlane lanemap --format json` (OperandLayout::all(), the order the CLI prints them in).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "layouts/operand_layout.hpp"
#include "selection.hpp"

namespace mxlane::python {
namespace {

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

}  // namespace

void register_layout(py::module_& m) {
  using namespace py::literals;
  PYBIND11_NUMPY_DTYPE(LanemapRecord, block, row, col, lane, vgpr, bit_lo, bit_hi, replica, neg, abs);
  m.def("lanemap", &lanemap, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a, "operand"_a);
}

}  // namespace mxlane::python
