// mxlane: entry point of the command-line program.
#include <iostream>

#include "tools/mxlane/cli.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return mxlane::cli::run_cli(std::vector<std::string>(argv, argv + argc), std::cout, std::cerr);
}
