// The fuzzing entry point of the command line itself (fuzz/fuzz_entries.hpp): `mxlane lanemap` with
// fuzzed arguments, run in-process. It lives with the CLI it drives, so fuzz/ includes no tools/.
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_entries.hpp"
#include "tools/mxlane/cli.hpp"

namespace mxlane::fuzz {
namespace {

// A violated contract: abort, so the fuzzer records the input and a test replaying it fails.
void require(bool holds) {
  if (!holds) std::abort();
}

std::vector<std::string> split_arguments(const std::uint8_t* data, std::size_t size, std::size_t max_arguments) {
  std::vector<std::string> args;
  std::string current;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      args.push_back(current);
      current.clear();
      if (args.size() == max_arguments) return args;
    } else {
      current += static_cast<char>(data[i]);
    }
  }
  if (!current.empty()) args.push_back(current);
  return args;
}

}  // namespace

void lanemap_arguments_input(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = {"mxlane", "lanemap"};
  for (std::string& a : split_arguments(data, size, 32)) args.push_back(std::move(a));
  std::ostringstream out, err;
  const int code = cli::run_cli(args, out, err);
  require(code == cli::kExitOk || code == cli::kExitUsage);
  // An error is exactly one line on stderr and no partial output; success writes nothing to stderr.
  const std::string e = err.str();
  if (code == cli::kExitUsage) {
    // "<command>: error: ...", never cli.cpp's "<command>: internal error ..." for an exception
    // that escaped; only the text after the command name counts, as the message may quote any
    // argument (fuzz/regressions/lanemap_arguments/argument_quoting_internal_error).
    require(e.find(": error: ") == e.find(": "));
    require(!e.empty() && e.find('\n') == e.size() - 1);
  } else {
    require(e.empty());
  }
}

}  // namespace mxlane::fuzz
