// Running the mxlane command line in-process: exit code, standard output and standard error.
#pragma once

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/scratch_file.hpp"
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

// `args` then `extra`: a test's fixed command line with what each check adds.
inline Run run_mxlane(std::vector<std::string> args, const std::vector<std::string>& extra) {
  args.insert(args.end(), extra.begin(), extra.end());
  return run_mxlane(std::move(args));
}

// `args` with `input` as standard input (`--values -`, `--linear-layout -`, eval without FILE).
inline Run run_mxlane_with_stdin(std::vector<std::string> args, const std::string& input) {
  std::istringstream in(input);
  std::streambuf* saved = std::cin.rdbuf(in.rdbuf());
  Run r = run_mxlane(std::move(args));
  std::cin.rdbuf(saved);
  std::cin.clear();
  return r;
}

// `mxlane ARGS... FILE` where FILE is a private temp file holding `input` (eval, replay).
inline Run run_mxlane_on_input(std::vector<std::string> args, const std::string& input) {
  const ScratchFile file("mxlane_test_input");
  std::ofstream(file.path(), std::ios::binary) << input;
  args.push_back(file.path());
  return run_mxlane(std::move(args));
}

// `mxlane lanemap --arch ARCH --inst INST --trace ELEMENT --values FILE` where FILE is a private temp
// file holding the eval line `line`.
inline Run trace_with_values(const std::string& arch, const std::string& inst, const std::string& element,
                             const std::string& line) {
  const ScratchFile file("mxlane_test_values");
  std::ofstream(file.path(), std::ios::binary) << line;
  return run_mxlane({"lanemap", "--arch", arch, "--inst", inst, "--trace", element, "--values", file.path()});
}

}  // namespace mxlane_test
