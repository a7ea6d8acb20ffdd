// docs/tutorial.md is the rendering of docs/tutorial.md.in with real output (a stale copy fails here), and the
// rendering machinery itself: command splitting, stderr and exit status, untouched prose.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "emu/isa/errors.hpp"
#include "tools/docgen/console_doc.hpp"

using namespace mxlane::docgen;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("docs/tutorial.md is the current rendering of docs/tutorial.md.in", "[docs]") {
  const std::string source = read(MXLANE_SOURCE_DIR "/docs/tutorial.md.in");
  const std::string committed = read(MXLANE_SOURCE_DIR "/docs/tutorial.md");
  INFO("regenerate: build the `docs` target and copy the build directory's docs/tutorial.md over docs/tutorial.md");
  CHECK(render_console_blocks(source) == committed);
  // The template carries commands only; the rendering carries their output.
  const auto commands = console_commands(source);
  REQUIRE(commands.size() >= 10);
  for (const auto& c : commands) CHECK(c.printed.empty());
  const auto rendered = console_commands(committed);
  REQUIRE(rendered.size() == commands.size());
  for (const auto& c : rendered) CHECK_FALSE(c.printed.empty());
}

TEST_CASE("The tutorial shows what it says: the seed formula passes, the one-ulp difference appears", "[docs]") {
  const std::string tutorial = read(MXLANE_SOURCE_DIR "/docs/tutorial.md");
  // Hand-derived in the tutorial's text: exact 1 + 2^-24 + 2^-27 rounds to 0x3f800001 (CDNA2 model),
  // RDNA3's truncating grid drops 2^-27 and the tie goes to even, 0x3f800000.
  CHECK_THAT(tutorial, Catch::Contains("Result: D[0][0].B0 = v0{0} (lane 0, vgpr 0, bits [31:0]) = 0x3f800001"));
  CHECK_THAT(tutorial, Catch::Contains("Result: D[0][0] = v0{0} (lane 0, vgpr 0, bits [31:0]) = 0x3f800000 (1)"));
  CHECK_THAT(tutorial, Catch::Contains("A[3][5] = v2{3,19}.[31:16]"));
  CHECK_THAT(tutorial, Catch::Contains("v2{17} = D[5][1]"));  // store_c: row 2*2 + 17/16, col 17 % 16
  CHECK_THAT(tutorial, Catch::Contains("OK: all 256 slots (L, G) of D match"));
  CHECK_THAT(tutorial,
             Catch::Contains("FAILED: 240 of 256 slots (L, G) of D do not match (first 3 shown)\n[exit status 1]"));
}

TEST_CASE("Console commands: splitting with quotes, stderr and exit status shown, prose kept", "[docs]") {
  CHECK(split_command("mxlane check --row 'G*2 + L/16'  --col L%16") ==
        std::vector<std::string>{"mxlane", "check", "--row", "G*2 + L/16", "--col", "L%16"});
  CHECK(split_command("mxlane ''") == std::vector<std::string>{"mxlane", ""});
  CHECK_THROWS_AS(split_command("mxlane 'open"), mxlane::InvalidArgument);
  CHECK_THROWS_AS(run_console_command("ls -l"), mxlane::InvalidArgument);
  const std::string failed = run_console_command("mxlane list --arch nope");  // stderr, then the status
  CHECK_THAT(failed, Catch::StartsWith("mxlane list: error: --arch: unknown architecture 'nope'"));
  CHECK_THAT(failed, Catch::EndsWith("\n[exit status 2]\n"));
  CHECK(std::count(failed.begin(), failed.end(), '\n') == 2);
  const std::string doc =
      "# Title\n\ntext $ mxlane not a command\n```console\n$ mxlane list --arch nope\nstale output\n```\n```sh\n$ mxlane kept as is\n```\n";
  const std::string rendered = render_console_blocks(doc);
  CHECK(rendered.rfind(
            "# Title\n\ntext $ mxlane not a command\n```console\n$ mxlane list --arch nope\nmxlane list: error:", 0) ==
        0);
  CHECK(rendered.find("stale output") == std::string::npos);
  CHECK_THAT(rendered, Catch::EndsWith("[exit status 2]\n```\n```sh\n$ mxlane kept as is\n```\n"));
}

TEST_CASE("docs/compiler-layouts.md is the current rendering of docs/compiler-layouts.md.in", "[docs]") {
  const std::string source = read(MXLANE_SOURCE_DIR "/docs/compiler-layouts.md.in");
  const std::string committed = read(MXLANE_SOURCE_DIR "/docs/compiler-layouts.md");
  INFO(
      "regenerate: build the `docs` target and copy the build directory's docs/compiler-layouts.md over "
      "docs/compiler-layouts.md");
  // The page's commands name files under docs/compiler-layouts/, relative to the repository root,
  // where the build renders it.
  const std::filesystem::path here = std::filesystem::current_path();
  std::filesystem::current_path(MXLANE_SOURCE_DIR);
  const std::string rendered = render_console_blocks(source);
  std::filesystem::current_path(here);
  CHECK(rendered == committed);
  REQUIRE(console_commands(source).size() >= 12);
  // What the page's prose says the output shows: export, Triton's layout passing, the wrong basis at
  // lane 32, the transposed layout passing only with --transposed, the kWidth-8 chain, the pair hint.
  CHECK_THAT(committed, Catch::Contains("\"lane\":[[0,1],[0,2],[0,4],[0,8],[0,16],[4,0]]"));
  CHECK_THAT(committed, Catch::Contains("L=32 G=0 (v0{32}): formula D[8][0]; layout D[4][0]"));
  CHECK_THAT(committed, Catch::Contains("--transposed\nCheck"));
  CHECK_THAT(committed, Catch::Contains("OK: all 2048 slots (L, G, s) of A match"));
  CHECK_THAT(committed, Catch::Contains("Hint: the same formula for A and B passes in pair mode"));
  CHECK_THAT(committed, Catch::Contains("OK: all 256 elements of D get A[i][k]*B[k][j] for k = 0..15 once each"));
}
