// Conversion between Python values and nlohmann::ordered_json (key order kept both ways).
#include "json_objects.hpp"

#include <cmath>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane::python {
namespace {

constexpr int kMaxDepth = 64;  // guards against self-referencing containers; eval allows 16

std::string type_name(const py::handle& value) {
  return py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
}

Json integer_json(const py::handle& value, const std::string& where) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow == 0 && !PyErr_Occurred()) return Json(static_cast<std::int64_t>(v));
  PyErr_Clear();
  if (overflow > 0) {
    const unsigned long long u = PyLong_AsUnsignedLongLong(value.ptr());
    if (!PyErr_Occurred()) return Json(static_cast<std::uint64_t>(u));
    PyErr_Clear();
  }
  throw InvalidArgument(fmt::format("{}: {} does not fit in 64 bits", where, py::str(value).cast<std::string>()));
}

Json convert(const py::handle& value, const std::string& where, int depth) {
  if (depth > kMaxDepth) throw InvalidArgument(fmt::format("{}: nested deeper than {} levels", where, kMaxDepth));
  if (value.is_none()) return Json(nullptr);
  if (py::isinstance<py::bool_>(value)) return Json(value.cast<bool>());
  if (py::isinstance<py::int_>(value)) return integer_json(value, where);
  if (py::isinstance<py::float_>(value)) {
    const double d = value.cast<double>();
    if (!std::isfinite(d))
      throw InvalidArgument(fmt::format("{}: {} is not a JSON number", where, py::repr(value).cast<std::string>()));
    return Json(d);
  }
  if (py::isinstance<py::str>(value)) {
    try {
      return Json(value.cast<std::string>());
    } catch (const py::error_already_set&) {  // lone surrogates have no UTF-8 form
      throw InvalidArgument(fmt::format("{}: the string cannot be encoded as UTF-8", where));
    }
  }
  if (py::isinstance<py::dict>(value)) {
    Json out = Json::object();
    for (const auto& [key, item] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key))
        throw InvalidArgument(fmt::format("{}: key {} is not a string", where, py::repr(key).cast<std::string>()));
      const std::string name = key.cast<std::string>();
      out[name] = convert(item, where + "." + name, depth + 1);
    }
    return out;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    Json out = Json::array();
    std::size_t index = 0;
    for (const py::handle item : value) out.push_back(convert(item, fmt::format("{}[{}]", where, index++), depth + 1));
    return out;
  }
  // NumPy arrays (registers from mxlane.pack, say) and scalars: their Python equivalents.
  const py::module_ numpy = py::module_::import("numpy");
  if (py::isinstance(value, numpy.attr("ndarray")) || py::isinstance(value, numpy.attr("generic"))) {
    const py::object plain = value.attr("tolist")();
    if (!py::isinstance(plain, numpy.attr("generic")) && !py::isinstance(plain, numpy.attr("ndarray")))
      return convert(plain, where, depth);
  }
  throw InvalidArgument(fmt::format("{}: a {} is not a JSON value", where, type_name(value)));
}

}  // namespace

Json json_from_python(const py::handle& value, const std::string& where) { return convert(value, where, 0); }

py::object python_from_json(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null: return py::none();
    case Json::value_t::boolean: return py::bool_(value.get<bool>());
    case Json::value_t::number_integer: return py::int_(value.get<std::int64_t>());
    case Json::value_t::number_unsigned: return py::int_(value.get<std::uint64_t>());
    case Json::value_t::number_float: return py::float_(value.get<double>());
    case Json::value_t::string: return py::str(value.get_ref<const std::string&>());
    case Json::value_t::array: {
      py::list out;
      for (const Json& item : value) out.append(python_from_json(item));
      return out;
    }
    case Json::value_t::object: {
      py::dict out;
      for (const auto& [key, item] : value.items()) out[py::str(key)] = python_from_json(item);
      return out;
    }
    default: break;  // binary and discarded values never come from the library
  }
  throw std::logic_error("python_from_json: unexpected JSON value type");
}

}  // namespace mxlane::python
