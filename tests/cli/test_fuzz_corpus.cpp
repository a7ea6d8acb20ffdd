// The fuzzing corpus and past findings (scripts/fuzz.sh): every committed input replays through its entry
// point without a contract violation (an abort fails the test process), and the eval corpus holds a
// valid line for every instruction and VALU builtin of every architecture in the table.
#include "support/catch_compat.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "emu/isa/arch.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/valu_desc.hpp"
#include "fuzz/fuzz_entries.hpp"
#include "emu/protocol/eval_line.hpp"
#include "tests/support/sanitized.hpp"

namespace fs = std::filesystem;

namespace {

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The committed inputs of `target`: the past findings, and the corpus too unless `with_corpus` is false.
std::vector<fs::path> inputs(const std::string& target, bool with_corpus = true) {
  std::vector<fs::path> files;
  for (const char* dir : {"corpus", "regressions"}) {
    if (!with_corpus && std::string_view(dir) == "corpus") continue;
    const fs::path root = fs::path(MXLANE_SOURCE_DIR) / "fuzz" / dir / target;
    if (fs::exists(root))
      for (const auto& entry : fs::directory_iterator(root)) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Under the sanitizers only the past findings replay here: the test command's next stage
// (scripts/fuzz.sh on the same ASan + UBSan build) runs every committed corpus input and finding
// through the same entry point before it mutates anything, and any violation fails it, so replaying
// the corpus here too would only spend the sanitized run's time twice (docs/testing.md).
void replay(const std::string& target, void (*entry)(const std::uint8_t*, std::size_t)) {
  const auto files = inputs(target, !mxlane_test::kSanitized);
  REQUIRE(files.size() >= (mxlane_test::kSanitized ? 0U : 10U));
  if (mxlane_test::kSanitized)
    WARN("sanitized build: " << files.size() << " past finding(s) of " << target
                             << " replayed here; the corpus replays in scripts/fuzz.sh's seed run");
  for (const fs::path& file : files) {
    INFO("input: " << file.string());  // named if the entry point aborts
    const std::string data = contents(file);
    entry(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());  // aborts on a violation
  }
}

}  // namespace

TEST_CASE("fuzz corpus and regressions: eval lines replay without a contract violation", "[fuzz]") {
  replay("eval_line", mxlane::fuzz::eval_line_input);
}

TEST_CASE("fuzz corpus and regressions: lanemap arguments replay without a contract violation", "[fuzz]") {
  replay("lanemap_arguments", mxlane::fuzz::lanemap_arguments_input);
}

TEST_CASE("fuzz corpus and regressions: index expressions replay without a contract violation", "[fuzz]") {
  replay("index_expression", mxlane::fuzz::index_expression_input);
}

TEST_CASE("fuzz corpus and regressions: linear layout documents replay without a contract violation", "[fuzz]") {
  replay("linear_layout", mxlane::fuzz::linear_layout_input);
}

TEST_CASE("fuzz corpus: a valid eval line for every instruction and builtin of every architecture", "[fuzz]") {
  // A property of the committed files, not of memory safety: checked by the optimised run.
  if (mxlane_test::kSanitized) {
    WARN("sanitized build: the corpus coverage check runs in the optimised build only");
    return;
  }
  std::set<std::pair<mxlane::ArchId, const void*>> covered;
  for (const fs::path& file : inputs("eval_line")) {
    const std::string data = contents(file);
    const auto r = mxlane::protocol::eval_line(std::string_view(data).substr(1));
    if (r.status != mxlane::protocol::EvalOutcome::Status::ok) continue;
    const mxlane::ArchInfo* arch = mxlane::find_arch(r.input["arch"].get<std::string>());
    REQUIRE(arch != nullptr);
    covered.insert({arch->id, r.desc != nullptr ? static_cast<const void*>(r.desc) : static_cast<const void*>(r.valu)});
  }
  std::vector<std::string> missing;
  for (const mxlane::ArchInfo& arch : mxlane::all_archs()) {
    for (const mxlane::InstrDesc* d : mxlane::instructions_for_arch(arch.id))
      if (!covered.count({arch.id, d})) missing.push_back(std::string(arch.name) + " " + d->full_builtin());
    for (const mxlane::ValuDesc* v : mxlane::valu_builtins_for_arch(arch.id))
      if (!covered.count({arch.id, v})) missing.push_back(std::string(arch.name) + " " + std::string(v->builtin));
  }
  INFO("regenerate with fuzz/make_corpus.py build/mxlane");
  CHECK(missing == std::vector<std::string>{});
}
