// The line protocol (emu/protocol) with Python objects at both ends: eval lines (eval_line, the code
// `mxlane eval` runs), the instruction list (write_instruction_list) and the element trace
// (render_trace). Those entry points take or produce a JSON line, so the C++ side turns the Python
// dict into that line and the result back into dicts; Python never sees text.
#include <pybind11/stl.h>

#include <sstream>

#include "bindings.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "json_objects.hpp"
#include "selection.hpp"
#include "emu/protocol/eval_line.hpp"
#include "emu/protocol/instruction_list.hpp"
#include "emu/protocol/name_resolution.hpp"
#include "emu/protocol/trace.hpp"

namespace mxlane::python {
namespace {

// One eval line's text, or the error that stops it before evaluation (an unconvertible value).
struct PreparedLine {
  std::string text;
  std::string error;
  Json id;
};

PreparedLine prepare(const py::handle& line, const std::string& where) {
  PreparedLine p;
  if (py::isinstance<py::dict>(line)) {
    const py::dict d = line.cast<py::dict>();
    if (d.contains("id")) {
      try {
        p.id = json_from_python(d["id"], where + ".id");
      } catch (const InvalidArgument&) {
        p.id = nullptr;  // reported below with the whole line
      }
    }
  }
  try {
    if (!py::isinstance<py::dict>(line))
      throw InvalidArgument(fmt::format("{}: expected a dict (one eval line), got a {}", where,
                                        py::str(py::type::handle_of(line).attr("__name__")).cast<std::string>()));
    p.text = json_from_python(line, where).dump();
  } catch (const InvalidArgument& e) {
    p.error = e.what();
  }
  return p;
}

// The eval output object for one prepared line (the CLI's, or {"id", "error"} when it never parsed).
Json evaluate(const PreparedLine& p) {
  if (!p.error.empty()) return Json{{"id", p.id}, {"error", p.error}};
  return protocol::eval_line(p.text).output;
}

py::object eval_one(const py::object& line) {
  const PreparedLine p = prepare(line, "line");
  if (!p.error.empty()) throw InvalidArgument(p.error);
  protocol::EvalOutcome outcome;
  {
    py::gil_scoped_release unlocked;
    outcome = protocol::eval_line(p.text);
  }
  if (outcome.status == protocol::EvalOutcome::Status::error) throw InvalidArgument(outcome.error);
  return python_from_json(outcome.output);
}

py::list eval_many(const py::iterable& lines) {
  std::vector<PreparedLine> prepared;
  for (const py::handle line : lines) prepared.push_back(prepare(line, fmt::format("lines[{}]", prepared.size())));
  std::vector<Json> outputs(prepared.size());
  {
    py::gil_scoped_release unlocked;
    for (std::size_t n = 0; n < prepared.size(); ++n) outputs[n] = evaluate(prepared[n]);
  }
  py::list out;
  for (const Json& o : outputs) out.append(python_from_json(o));
  return out;
}

// The mxlane.list/1 document of `mxlane list --format json`.
py::object catalog(const std::optional<std::string>& arch) {
  if (arch && arch->empty()) protocol::resolve_arch_option(*arch);  // "" is an unknown name, not "every architecture"
  std::ostringstream text;
  protocol::write_instruction_list({.arch = arch.value_or(""),
                                    .format = protocol::ListFormat::json,
                                    .inst = "",
                                    .wave = std::nullopt,
                                    .switches_only = false},
                                   text);
  return python_from_json(Json::parse(text.str()));
}

// The mxlane.trace/1 document of `mxlane lanemap --trace b,i,j --format json [--a --b --c]`.
py::object trace(const std::string& arch, const std::string& inst, std::optional<int> wave, const py::object& options,
                 const py::dict& mods, int block, int row, int col, const std::string& a, const std::string& b,
                 const std::string& c) {
  const Selection s = select_instruction(arch, inst, wave, options, mods);
  const protocol::TraceRequest request{block, row, col, "", a, b, c, true};
  std::ostringstream text;
  {
    py::gil_scoped_release unlocked;
    protocol::render_trace(*s.desc, s.mods, s.switches, protocol::LanemapHeader{s.arch, s.requested_arch}, request,
                           text);
  }
  return python_from_json(Json::parse(text.str()));
}

}  // namespace

void register_lines(py::module_& m) {
  using namespace py::literals;
  m.def("eval", &eval_one, "line"_a);
  m.def("eval_many", &eval_many, "lines"_a);
  m.def("catalog", &catalog, "arch"_a);
  m.def("trace", &trace, "arch"_a, "inst"_a, "wave"_a, "options"_a, "mods"_a, "block"_a, "row"_a, "col"_a, "a"_a, "b"_a,
        "c"_a);
}

}  // namespace mxlane::python
