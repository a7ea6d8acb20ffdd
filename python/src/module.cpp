// mxlane._core: the C++ half of `import mxlane` (the Python half, mxlane/__init__.py, converts NumPy
// values to element bits and back and documents the public functions).
#include "bindings.hpp"
#include "emu/fast/simd_level.hpp"
#include "emu/isa/instr_desc.hpp"

PYBIND11_MODULE(_core, m) {
  // MXLANE_SIMD caps the fast kernels' instruction set for the process (emu/fast/simd_level.hpp): a
  // value that names no level is bad input, refused here as the mxlane program refuses it (exit 2),
  // never run past at the detected level.
  if (const std::string problem = mxlane::fast::simd_environment_problem(); !problem.empty())
    throw pybind11::import_error(problem);
  m.doc() = "Low-level bindings of the mxlane C++ library; use the functions of the mxlane package.";
  // mxlane::InvalidArgument derives from std::invalid_argument, which pybind11 raises as ValueError
  // with the message unchanged: the one line the CLI prints after "mxlane <command>: error: ".
  mxlane::python::register_matrix(m);
  mxlane::python::register_layout(m);
  mxlane::python::register_lines(m);
  // What the instruction table covers, for the package docstring (the same words as `mxlane --help`).
  m.def("coverage", [] { return mxlane::matrix_coverage(); });
  m.def("architectures", [] { return mxlane::arch_names(mxlane::every_arch()); });  // "gfx908, gfx90a, ..."
}
