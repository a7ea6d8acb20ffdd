// The WebAssembly module's one entry point: run a `mxlane` command line in-process, as the CLI would.
//
// The browser's API (web/mxlane_api.js, docs/web.md) turns each request into the argument list the
// CLI takes and calls mxlane_web_run(); the answer is the CLI's own exit status, standard output and
// standard error, so the page can only ever print what `mxlane` prints for the same request.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tools/mxlane/cli.hpp"

namespace {

// The last answer, kept until the next call: JavaScript copies it out with UTF8ToString().
std::string last_answer;

// {"status": N, "stdout": "...", "stderr": "..."}; bytes that are not UTF-8 become U+FFFD.
std::string answer(int status, const std::string& out, const std::string& err) {
  const nlohmann::ordered_json j = {{"status", status}, {"stdout", out}, {"stderr", err}};
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

// Runs one request: {"argv": ["lanemap", "--arch", ...], "stdin": "..."} (stdin optional: what the
// command reads from standard input, e.g. `eval`'s lines or `check --linear-layout -`).
std::string run_request(const std::string& request) {
  std::vector<std::string> args{"mxlane"};
  std::string input;
  try {
    const nlohmann::json j = nlohmann::json::parse(request);
    for (const auto& a : j.at("argv")) args.push_back(a.get<std::string>());
    if (j.contains("stdin")) input = j.at("stdin").get<std::string>();
  } catch (const std::exception& e) {
    // Only the API's own JavaScript builds requests: a malformed one is a bug there, said as such.
    return answer(2, "", std::string("mxlane: internal error (a malformed request from the page's API): ") + e.what() + "\n");
  }
  std::istringstream in(input);
  std::streambuf* saved = std::cin.rdbuf(in.rdbuf());
  std::cin.clear();
  std::ostringstream out, err;
  const int status = mxlane::cli::run_cli(args, out, err);
  std::cin.rdbuf(saved);
  return answer(status, out.str(), err.str());
}

}  // namespace

extern "C" const char* mxlane_web_run(const char* request) {
  last_answer = run_request(request);
  return last_answer.c_str();
}
