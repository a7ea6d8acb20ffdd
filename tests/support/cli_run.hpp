// Running the mxlane command line in-process: exit code, standard output and standard error.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "tools/mxlane/cli.hpp"

namespace mxlane_test {

struct Run {
  int code;
  std::string out, err;
};

// `args` without the program name.
inline Run run_mxlane(std::vector<std::string> args) {
  args.insert(args.begin(), "mxlane");
  std::ostringstream out, err;
  const int code = mxlane::cli::run_cli(args, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace mxlane_test
