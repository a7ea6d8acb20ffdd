// Every ```console block of README.md is re-run: each "$ mxlane ..." line must print exactly the
// lines that follow it (tools/docgen/console_doc.hpp: stdout, stderr, then any nonzero exit status).
#include "support/catch_compat.hpp"

#include <fstream>
#include <iterator>

#include "tools/docgen/console_doc.hpp"

TEST_CASE("README console examples match the program's output", "[docs]") {
  std::ifstream in(MXLANE_SOURCE_DIR "/README.md", std::ios::binary);
  REQUIRE(in.good());
  const std::string readme((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto examples = mxlane::docgen::console_commands(readme);
  REQUIRE(examples.size() >= 5);
  for (const auto& ex : examples) {
    INFO("$ " << ex.command);
    CHECK(mxlane::docgen::run_console_command(ex.command) == ex.printed);
  }
}

TEST_CASE("docs/views.md console examples match the program's output", "[docs]") {
  std::ifstream in(MXLANE_SOURCE_DIR "/docs/views.md", std::ios::binary);
  REQUIRE(in.good());
  const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto examples = mxlane::docgen::console_commands(page);
  REQUIRE(examples.size() >= 3);
  for (const auto& ex : examples) {
    INFO("$ " << ex.command);
    CHECK(mxlane::docgen::run_console_command(ex.command) == ex.printed);
  }
}
