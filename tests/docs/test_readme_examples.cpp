// Every ```console block of README.md is re-run: each "$ mxlane ..." line must print exactly the
// lines that follow it.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "tools/mxlane/cli.hpp"

namespace {

struct Example {
  std::string command;
  std::string expected;
};

std::vector<Example> console_examples(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<Example> examples;
  std::string line;
  bool in_console = false;
  while (std::getline(in, line)) {
    if (line.rfind("```", 0) == 0) {
      in_console = !in_console && line == "```console";
      continue;
    }
    if (!in_console) continue;
    if (line.rfind("$ ", 0) == 0)
      examples.push_back({line.substr(2), ""});
    else if (!examples.empty())
      examples.back().expected += line + "\n";
  }
  return examples;
}

}  // namespace

TEST_CASE("README console examples match the program's output", "[docs]") {
  const auto examples = console_examples(MXLANE_SOURCE_DIR "/README.md");
  REQUIRE(examples.size() >= 5);
  for (const Example& ex : examples) {
    std::vector<std::string> args;
    std::istringstream words(ex.command);
    for (std::string w; words >> w;) args.push_back(w);
    REQUIRE(args.front() == "mxlane");
    std::ostringstream out, err;
    const int code = mxlane::cli::run_cli(args, out, err);
    INFO("$ " << ex.command);
    CHECK(code == 0);
    CHECK(err.str().empty());
    CHECK(out.str() == ex.expected);
  }
}
