// Whole matrices as element bits: describe an instruction, run it (run_matrix), the fast GEMM, and
// packing a matrix into an operand's registers and back through the operand layout.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <map>
#include <tuple>

#include "bindings.hpp"
#include "emu/api/gemm.hpp"
#include "emu/api/matrix.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "layouts/operand_layout.hpp"
#include "layouts/slot_notation.hpp"
#include "selection.hpp"

namespace mxlane::python {
namespace {

using Bits64 = py::array_t<std::uint64_t, py::array::c_style>;
using Words = py::array_t<std::uint32_t, py::array::c_style>;

std::uint64_t element_mask(int bits) { return bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }

// What Python needs to convert values: shapes, element types and widths, signedness under `mods`.
py::dict describe(const std::string& arch, const std::string& inst, std::optional<int> wave, const py::object& options,
                  const py::dict& mods) {
  const Selection s = select_instruction(arch, inst, wave, options, mods);
  const InstrDesc& d = *s.desc;
  py::dict out;
  out["arch"] = std::string(s.arch->name);
  out["mnemonic"] = std::string(d.mnemonic);
  out["builtin"] = d.full_builtin();
  out["kind"] = std::string(d.family().kind);
  out["wave"] = d.wave;
  out["tied"] = d.tied;
  out["m"] = d.m;
  out["n"] = d.n;
  out["k"] = d.k;
  out["blocks"] = d.blocks;
  // Which extra operands an instruction takes: SMFMAC's IDX, the scaled f8f6f4 MFMA's SA and SB.
  out["sparse"] = d.has(Operand::IDX);
  out["scaled"] = d.has(Operand::SA);
  py::dict operands;
  for (Operand op : d.operands()) {
    py::dict o;
    o["name"] = std::string(operand_name(op));
    o["type"] = std::string(elem_name(operand_type(d, op, s.mods)));  // f8f6f4: the format CBSZ / BLGP select
    o["bits"] = elem_bits(operand_type(d, op, s.mods));
    o["rows"] = d.rows(op);
    o["cols"] = d.cols(op);
    o["vgprs"] = d.vgprs(op);
    o["signed"] = operand_signed(d, s.mods, op);
    operands[py::str(std::string(operand_name(op)))] = o;
  }
  out["operands"] = operands;
  return out;
}

std::vector<BitMatrix> to_blocks(const Bits64& a) {
  const auto v = a.unchecked<3>();
  std::vector<BitMatrix> out(static_cast<std::size_t>(v.shape(0)), BitMatrix(v.shape(1), v.shape(2)));
  for (py::ssize_t b = 0; b < v.shape(0); ++b)
    for (py::ssize_t i = 0; i < v.shape(1); ++i)
      for (py::ssize_t j = 0; j < v.shape(2); ++j) out[static_cast<std::size_t>(b)](i, j) = v(b, i, j);
  return out;
}

Bits64 from_blocks(const std::vector<BitMatrix>& m, py::ssize_t rows, py::ssize_t cols) {
  Bits64 out({static_cast<py::ssize_t>(m.size()), rows, cols});
  auto v = out.mutable_unchecked<3>();
  for (std::size_t b = 0; b < m.size(); ++b)
    for (py::ssize_t i = 0; i < rows; ++i)
      for (py::ssize_t j = 0; j < cols; ++j) v(static_cast<py::ssize_t>(b), i, j) = m[b](i, j);
  return out;
}

void require_dims(const py::array& a, int dims, const std::string& name) {
  if (a.ndim() != dims) throw InvalidArgument(fmt::format("{}: expected {} dimensions, got {}", name, dims, a.ndim()));
}

// D per block for A, B, C per block (uint64 element bits, shape (blocks, rows, cols)).
Bits64 run(const std::string& arch, const std::string& inst, std::optional<int> wave, const py::object& options,
           const py::dict& mods, const Bits64& a, const Bits64& b, const Bits64& c, const std::optional<Bits64>& idx,
           const std::optional<Bits64>& scale_a, const std::optional<Bits64>& scale_b) {
  const Selection s = select_instruction(arch, inst, wave, options, mods);
  for (const auto& [array, name] : {std::pair{&a, "a"}, std::pair{&b, "b"}, std::pair{&c, "c"}})
    require_dims(*array, 3, name);
  if (idx) require_dims(*idx, 3, "idx");
  if (scale_a) require_dims(*scale_a, 3, "scale_a");
  if (scale_b) require_dims(*scale_b, 3, "scale_b");
  const std::vector<BitMatrix> ma = to_blocks(a), mb = to_blocks(b), mc = to_blocks(c);
  const std::vector<BitMatrix> midx = idx ? to_blocks(*idx) : std::vector<BitMatrix>{};
  const std::vector<BitMatrix> msa = scale_a ? to_blocks(*scale_a) : std::vector<BitMatrix>{};
  const std::vector<BitMatrix> msb = scale_b ? to_blocks(*scale_b) : std::vector<BitMatrix>{};
  std::vector<BitMatrix> d;
  {
    py::gil_scoped_release unlocked;
    d = run_matrix(*s.desc, ma, mb, mc, s.mods, s.switches, midx, msa, msb);
  }
  return from_blocks(d, s.desc->m, s.desc->n);
}

// ---- gemm --------------------------------------------------------------------------------------

template <class T>
GemmMatrix<T> to_gemm(const py::array& a) {
  using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  return Eigen::Map<const RowMajor>(static_cast<const T*>(a.data()), a.shape(0), a.shape(1));
}

template <class T>
py::array_t<T> from_gemm(const GemmMatrix<T>& d) {
  using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  py::array_t<T> out({static_cast<py::ssize_t>(d.rows()), static_cast<py::ssize_t>(d.cols())});
  Eigen::Map<RowMajor>(out.mutable_data(), d.rows(), d.cols()) = d;
  return out;
}

template <class In, class Acc>
py::object gemm_typed(const InstrDesc& desc, const py::array& a, const py::array& b, const py::array& c,
                      const GemmOptions& options) {
  const GemmMatrix<In> ma = to_gemm<In>(a), mb = to_gemm<In>(b);
  const GemmMatrix<Acc> mc = to_gemm<Acc>(c);
  GemmMatrix<Acc> d;
  {
    py::gil_scoped_release unlocked;  // gemm() runs its own worker threads on copies of the data
    d = gemm<In, Acc>(desc, ma, mb, mc, options);
  }
  return from_gemm<Acc>(d);
}

GemmPath parse_path(const std::string& path) {
  if (path == "auto") return GemmPath::automatic;
  if (path == "fast") return GemmPath::fast;
  if (path == "reference_elements") return GemmPath::reference_elements;
  if (path == "reference_tiles") return GemmPath::reference_tiles;
  throw InvalidArgument(fmt::format("path: '{}' is not auto, fast, reference_elements or reference_tiles", path));
}

// A, B, C as 2-D C-contiguous arrays of the instruction's storage types (emu/api/gemm.hpp).
py::object run_gemm(const std::string& arch, const std::string& inst, std::optional<int> wave,
                    const py::object& options, const py::dict& mods, const py::array& a, const py::array& b,
                    const py::array& c, int threads, const std::string& path) {
  const Selection s = select_instruction(arch, inst, wave, options, mods);
  if (threads < 0)
    throw InvalidArgument(fmt::format("threads: {} is negative (0 means every hardware thread)", threads));
  for (const auto& [array, name] : {std::pair{&a, "A"}, std::pair{&b, "B"}, std::pair{&c, "C"}}) {
    require_dims(*array, 2, name);
    if (!(array->flags() & py::array::c_style))
      throw InvalidArgument(fmt::format("{}: expected a C-contiguous array", name));
  }
  const GemmOptions o{.threads = threads, .mods = s.mods, .switches = s.switches, .path = parse_path(path)};
  const auto is = [](const py::array& x, auto tag) { return py::isinstance<py::array_t<decltype(tag)>>(x); };
  const bool same_in = a.dtype().kind() == b.dtype().kind() && a.itemsize() == b.itemsize();
  if (same_in && is(a, std::uint32_t{}) && is(c, std::uint32_t{}))
    return gemm_typed<std::uint32_t, std::uint32_t>(*s.desc, a, b, c, o);
  if (same_in && is(a, std::uint64_t{}) && is(c, std::uint64_t{}))
    return gemm_typed<std::uint64_t, std::uint64_t>(*s.desc, a, b, c, o);
  if (same_in && is(a, std::uint16_t{}) && is(c, std::uint32_t{}))
    return gemm_typed<std::uint16_t, std::uint32_t>(*s.desc, a, b, c, o);
  if (same_in && is(a, std::uint16_t{}) && is(c, std::uint16_t{}))
    return gemm_typed<std::uint16_t, std::uint16_t>(*s.desc, a, b, c, o);
  if (same_in && is(a, std::uint8_t{}) && is(c, std::uint32_t{}))
    return gemm_typed<std::uint8_t, std::uint32_t>(*s.desc, a, b, c, o);
  if (same_in && is(a, std::uint8_t{}) && is(c, std::uint16_t{}))  // gfx1250 FP8/BF8 with an f16 C/D
    return gemm_typed<std::uint8_t, std::uint16_t>(*s.desc, a, b, c, o);
  throw InvalidArgument(fmt::format("A, B, C: storage types {}, {}, {} do not match any gemm() overload",
                                    py::str(a.dtype()).cast<std::string>(), py::str(b.dtype()).cast<std::string>(),
                                    py::str(c.dtype()).cast<std::string>()));
}

// ---- pack / unpack -----------------------------------------------------------------------------

// Every element into the slots the instruction (with `mods`) reads it from, or D is written to; a
// slot asked to hold two different values (a CBSZ/ABID or BLGP broadcast) is an error.
// VGPRs of the operand's register tuple (what eval reads and writes): at least what its layout uses.
int tuple_vgprs(const InstrDesc& d, const OperandLayout& layout) {
  return std::max(layout.vgprs(), d.vgprs(layout.operand()));
}

Words pack(const std::string& arch, const std::string& inst, std::optional<int> wave, const py::object& options,
           const py::dict& mods, const std::string& operand, const Bits64& matrix) {
  const Selection s = select_instruction(arch, inst, wave, options, mods);
  const OperandLayout layout(*s.desc, parse_operand_argument(operand), s.mods, s.switches);
  require_dims(matrix, 3, "matrix");
  if (matrix.shape(0) != layout.blocks() || matrix.shape(1) != layout.rows() || matrix.shape(2) != layout.cols())
    throw InvalidArgument(fmt::format("matrix: expected shape ({}, {}, {}), got ({}, {}, {})", layout.blocks(),
                                      layout.rows(), layout.cols(), matrix.shape(0), matrix.shape(1), matrix.shape(2)));
  const auto m = matrix.unchecked<3>();
  const std::uint64_t mask = element_mask(layout.element_bits());
  const bool multi = layout.blocks() > 1;
  // The operand's whole register tuple, as eval takes it: an f8f6f4 operand in a sub-byte format reads fewer
  // VGPRs than the tuple has (docs/cdna4.md §2.2, docs/cdna5.md §2.4); the rest stay 0.
  const int vgprs = tuple_vgprs(*s.desc, layout);
  LaneRegFile regs(layout.wave(), vgprs);
  std::map<std::tuple<int, int, int>, const Placement*> used;
  const std::vector<Placement> placements = layout.all();
  for (const Placement& p : placements) {
    const std::uint64_t value = m(p.block, p.row, p.col);
    if ((value & ~mask) != 0)
      throw InvalidArgument(fmt::format("matrix: {} = {:#x} does not fit in {} bits",
                                        element_notation(layout.operand(), p, multi), value, layout.element_bits()));
    const auto [it, fresh] = used.try_emplace(std::tuple{p.slot.lane, p.slot.vgpr, p.slot.bit_lo}, &p);
    const Placement& first = *it->second;
    if (!fresh && m(first.block, first.row, first.col) != value) {
      Placement plain_first = first, plain = p;
      plain_first.negated = plain_first.absolute = plain.negated = plain.absolute = false;
      throw InvalidArgument(fmt::format(
          "matrix: {} and {} are read from the same slot {} (modifiers {}); give them equal values",
          element_notation(layout.operand(), plain_first, multi), element_notation(layout.operand(), plain, multi),
          slot_notation(p.slot), format_modifiers(*s.desc, s.mods)));
    }
    write_slot(regs, 0, p.slot, value);
  }
  // An element no register holds (gfx1250 IDX under index_key 1) reads as 0: any other value is lost.
  if (const auto at = layout.first_unheld([&](const Coords& x) { return m(x.block, x.row, x.col) != 0; }))
    throw InvalidArgument(fmt::format("matrix: {} = {:#x}, but no register holds it: {}",
                                      element_notation(layout.operand(), unplaced(at->block, at->row, at->col), multi),
                                      m(at->block, at->row, at->col), layout.unheld_reason()));
  Words out({static_cast<py::ssize_t>(vgprs), static_cast<py::ssize_t>(layout.wave())});
  auto w = out.mutable_unchecked<2>();
  for (int r = 0; r < vgprs; ++r)
    for (int l = 0; l < layout.wave(); ++l) w(r, l) = regs.word(r, l);
  return out;
}

// Every element from its slot (its first copy; copies are the same data).
Bits64 unpack(const std::string& arch, const std::string& inst, std::optional<int> wave, const py::object& options,
              const py::dict& mods, const std::string& operand, const Words& registers) {
  const Selection s = select_instruction(arch, inst, wave, options, mods);
  const OperandLayout layout(*s.desc, parse_operand_argument(operand), s.mods, s.switches);
  require_dims(registers, 2, "registers");
  const int vgprs = tuple_vgprs(*s.desc, layout);
  if (registers.shape(0) != vgprs || registers.shape(1) != layout.wave())
    throw InvalidArgument(fmt::format("registers: expected shape ({}, {}) (VGPRs, lanes), got ({}, {})", vgprs,
                                      layout.wave(), registers.shape(0), registers.shape(1)));
  LaneRegFile regs(layout.wave(), vgprs);
  const auto w = registers.unchecked<2>();
  for (int r = 0; r < vgprs; ++r)
    for (int l = 0; l < layout.wave(); ++l) regs.set_word(r, l, w(r, l));
  Bits64 out({static_cast<py::ssize_t>(layout.blocks()), static_cast<py::ssize_t>(layout.rows()),
              static_cast<py::ssize_t>(layout.cols())});
  auto m = out.mutable_unchecked<3>();
  std::fill_n(out.mutable_data(), out.size(), std::uint64_t{0});  // elements no register holds read as 0
  for (const Placement& p : layout.all())
    if (p.replica == 0) m(p.block, p.row, p.col) = read_slot(regs, 0, p.slot);
  return out;
}

}  // namespace

void register_matrix(py::module_& m) {
  using namespace py::literals;
  m.def("describe", &describe, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a);
  m.def("run_matrix", &run, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a, "a"_a, "b"_a, "c"_a,
        "idx"_a = py::none(), "scale_a"_a = py::none(), "scale_b"_a = py::none());
  m.def("gemm", &run_gemm, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a, "a"_a, "b"_a, "c"_a, "threads"_a,
        "path"_a);
  m.def("pack", &pack, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a, "operand"_a, "matrix"_a);
  m.def("unpack", &unpack, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a, "operand"_a, "registers"_a);
}

}  // namespace mxlane::python
