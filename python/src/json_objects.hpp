// Python objects <-> the library's JSON values (nlohmann::ordered_json), converted in C++ so that an
// eval line or a trace reaches Python as dicts and lists, never as JSON text.
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <string>

namespace mxlane::python {

namespace py = pybind11;
using Json = nlohmann::ordered_json;

// dict/list/tuple/str/int/float/bool/None, NumPy arrays (as nested lists) and NumPy scalars. Throws
// InvalidArgument naming the path (`where`, e.g. "line.src.A[0]") of a value JSON cannot hold: a
// non-str key, a NaN or infinite float, an integer beyond 64 bits, another type, or nesting deeper
// than 64 levels (the eval parser's own, stricter limit then applies to what remains).
Json json_from_python(const py::handle& value, const std::string& where);

py::object python_from_json(const Json& value);

}  // namespace mxlane::python
