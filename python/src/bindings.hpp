// The parts of the _core extension module, each registered by its own source file.
#pragma once

#include <pybind11/pybind11.h>

namespace mxlane::python {

namespace py = pybind11;

void register_matrix(py::module_& m);  // describe, run_matrix, gemm, pack, unpack
void register_layout(py::module_& m);  // lanemap
void register_lines(py::module_& m);   // eval, eval_many, catalog (list), trace

}  // namespace mxlane::python
