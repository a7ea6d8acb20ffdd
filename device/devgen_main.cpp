// mxlane-devgen: writes the HIP source and the manifest of one device target's kernels.
//   mxlane-devgen TARGET OUT.hip OUT.manifest      (TARGET: gfx90a, gfx1100, gfx1100-w64, ...)
#include <fstream>
#include <iostream>

#include "device/hip_source.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: mxlane-devgen TARGET OUT.hip OUT.manifest\n";
    return 2;
  }
  const std::string wanted = argv[1];
  const std::string arch = wanted.substr(0, wanted.find('-'));
  for (const mxlane::device::Target& t : mxlane::device::targets_for({arch})) {
    if (t.name() != wanted) continue;
    const auto kernels = mxlane::device::kernels_for(t);
    std::ofstream(argv[2]) << mxlane::device::hip_source(t, kernels);
    std::ofstream(argv[3]) << mxlane::device::manifest(kernels);
    return 0;
  }
  std::cerr << "mxlane-devgen: error: unknown device target '" << wanted << "'\n";
  return 2;
}
