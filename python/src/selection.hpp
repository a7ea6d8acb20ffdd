// One instruction chosen from Python arguments (arch, inst, wave, options, mods), with every error
// worded as the mxlane CLI words it (ValueError on the Python side).
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane::python {

namespace py = pybind11;

struct Selection {
  const ArchInfo* arch = nullptr;
  std::string requested_arch;  // as the caller typed it (an alias, maybe)
  const InstrDesc* desc = nullptr;
  Modifiers mods;
  Switches switches;
};

// `options`: None or a dict of behaviour switches {name: value} (`mxlane list`), like an eval
// line's "options". `mods`: the modifiers by their eval names (cbsz, abid, blgp, opsel, neg,
// neg_hi, clamp, a_signed, b_signed), validated against the instruction. Throws InvalidArgument.
Selection select_instruction(const std::string& arch, const std::string& inst, std::optional<int> wave,
                             const py::object& options, const py::dict& mods);

Operand parse_operand_argument(const std::string& name);

}  // namespace mxlane::python
