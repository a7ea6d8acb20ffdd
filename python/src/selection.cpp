// Resolving arch/inst/wave with the CLI's own resolvers, options through its --option parser, and
// modifiers under the names an eval line uses (so messages match the CLI's).
#include "selection.hpp"
#include "emu/isa/modifier_set_traits.hpp"

#include <set>
#include <vector>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "emu/protocol/name_resolution.hpp"

namespace mxlane::python {
namespace {

// The modifier names of an eval line's "mods" that a matrix instruction can take.
const std::set<std::string>& matrix_mod_names() {
  static const std::set<std::string> names = [] {
    std::set<std::string> s;
    for (const std::string_view k : matrix_mod_keys(false)) s.emplace(k);
    return s;
  }();
  return names;
}

std::string allowed_list() {
  std::string list;
  for (const std::string& n : matrix_mod_names()) list += (list.empty() ? "" : ", ") + n;
  return list;
}

// An int or bool keyword value (numpy integers too, through __index__); bool reads as 0/1.
int mod_int(const std::string& name, const py::handle& value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? 1 : 0;
  if (!py::hasattr(value, "__index__") || py::isinstance<py::float_>(value))
    throw InvalidArgument(
        fmt::format("mods.{}: expected an integer, got {}", name, py::repr(value).cast<std::string>()));
  const py::int_ as_int = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  const long long v = PyLong_AsLongLong(as_int.ptr());
  if (PyErr_Occurred() || v < -1000000 || v > 1000000) {
    PyErr_Clear();
    throw InvalidArgument(fmt::format("mods.{}: {} is out of range", name, py::repr(as_int).cast<std::string>()));
  }
  return static_cast<int>(v);
}

Modifiers parse_mods(const py::dict& mods, const InstrDesc& d) {
  Modifiers m;
  std::optional<int> a_signed, b_signed;
  for (const auto& [key, value] : mods) {
    const std::string name = py::str(key).cast<std::string>();
    if (!matrix_mod_names().count(name))
      throw InvalidArgument(fmt::format("mods.{}: unknown key (allowed: {})", name, allowed_list()));
    const int v = mod_int(name, value);
    if (name == "a_signed")
      a_signed = v;
    else if (name == "b_signed")
      b_signed = v;
    else
      set_modifier(m, name, v);
  }
  // a_signed / b_signed are the integer WMMA builtins' names for NEG[0] / NEG[1] (as in eval lines).
  for (const auto& [name, value, bit] : {std::tuple{"a_signed", a_signed, 1}, std::tuple{"b_signed", b_signed, 2}}) {
    if (!value) continue;
    if (!modifier_set_traits(d.modifiers).neg_is_signedness)
      throw InvalidArgument(fmt::format("mods.{}: {} does not take {} (integer WMMA only)", name, d.mnemonic, name));
    if (*value != 0 && *value != 1) throw InvalidArgument(fmt::format("mods.{}: must be 0 or 1", name));
    if (mods.contains("neg") && ((m.neg & bit) != 0) != (*value != 0))
      throw InvalidArgument(fmt::format("mods.{}: contradicts mods.neg = {}", name, m.neg));
    m.neg = *value ? (m.neg | bit) : (m.neg & ~bit);
  }
  try {
    validate_modifiers(d, m);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(std::string("modifier ") + e.what());  // as `mxlane lanemap` says it
  }
  return m;
}

// {name: value} into the CLI's NAME=VALUE settings (an eval line's "options" takes the same values).
std::vector<std::string> switch_settings(const py::object& options) {
  std::vector<std::string> settings;
  if (options.is_none()) return settings;
  if (!py::isinstance<py::dict>(options))
    throw InvalidArgument(fmt::format("--option: expected a dict of switch names and values, got {}",
                                      py::repr(options).cast<std::string>()));
  for (const auto& [key, value] : options.cast<py::dict>()) {
    const std::string name = py::str(key).cast<std::string>();
    std::string text;
    if (py::isinstance<py::bool_>(value))
      text = value.cast<bool>() ? "1" : "0";
    else if (py::isinstance<py::str>(value) || (py::hasattr(value, "__index__") && !py::isinstance<py::float_>(value)))
      text = py::str(value).cast<std::string>();
    else
      throw InvalidArgument(fmt::format("--option: {}: expected a string or integer value, got {}", name,
                                        py::repr(value).cast<std::string>()));
    settings.push_back(name + "=" + text);
  }
  return settings;
}

}  // namespace

Selection select_instruction(const std::string& arch, const std::string& inst, std::optional<int> wave,
                             const py::object& options, const py::dict& mods) {
  Selection s;
  s.requested_arch = arch;
  s.arch = &protocol::resolve_arch_option(arch);
  s.desc = &protocol::resolve_inst_option(*s.arch, inst, wave);
  s.switches = protocol::parse_switch_settings(switch_settings(options), arch_bit(s.arch->id));
  s.mods = parse_mods(mods, *s.desc);
  return s;
}

Operand parse_operand_argument(const std::string& name) {
  const std::optional<Operand> op = parse_operand(name);
  if (!op) throw InvalidArgument(fmt::format("--operand: {} not in {{A,B,C,D}}", name));  // CLI11's wording in the CLI
  return *op;
}

}  // namespace mxlane::python
