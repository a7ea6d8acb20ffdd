// The fuzzing entry points: each runs one input through a real user-facing path and aborts only
// on a contract violation (an exception escaping, an output that is not one line), so that
// libFuzzer and the sanitizers report it.
#include "fuzz/fuzz_entries.hpp"

#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "tools/mxlane/cli.hpp"
#include "tools/mxlane/eval_line.hpp"

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

void eval_line_input(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const bool replay = (data[0] & 1) != 0;
  const std::string_view line(reinterpret_cast<const char*>(data + 1), size - 1);
  const cli::EvalOutcome r = cli::eval_line(line, replay);  // must not throw
  const std::string out = r.output.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  require(out.find('\n') == std::string::npos);
  require((r.status == cli::EvalOutcome::Status::error) == r.output.contains("error"));
  require(r.status == cli::EvalOutcome::Status::error || r.output.contains("D"));
  require(r.error.find('\n') == std::string::npos);
}

void lanemap_arguments_input(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = {"mxlane", "lanemap"};
  for (std::string& a : split_arguments(data, size, 32)) args.push_back(std::move(a));
  std::ostringstream out, err;
  const int code = cli::run_cli(args, out, err);
  require(code == cli::kExitOk || code == cli::kExitUsage);
  // An error is exactly one line on stderr and no partial output; success writes nothing to stderr.
  const std::string e = err.str();
  if (code == cli::kExitUsage) {
    require(e.find("internal error") == std::string::npos);
    require(!e.empty() && e.find('\n') == e.size() - 1);
  } else {
    require(e.empty());
  }
}

}  // namespace mxlane::fuzz
