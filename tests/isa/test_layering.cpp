// The layer rule (docs/layers.md): a library file includes headers of its own layer and the layers
// below, never above. The order is read from docs/layers.md's table, so the document is the rule.
#include "support/catch_compat.hpp"
#include "support/text.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace fs = std::filesystem;

namespace {

// Folder -> rank, from the table's rows "| 3 | `emu/formats` | ... |".
std::map<std::string, int> layer_ranks() {
  std::ifstream doc(fs::path(MXLANE_SOURCE_DIR) / "docs/layers.md");
  const std::regex row(R"(^\|\s*(\d+)\s*\|\s*`([a-z/_]+)`\s*\|)");
  std::map<std::string, int> ranks;
  std::smatch m;
  for (std::string line; std::getline(doc, line);)
    if (std::regex_search(line, m, row)) ranks[m[2]] = std::stoi(m[1]);
  return ranks;
}

// The layer a repository path belongs to: the longest folder of the table it lies in, or "".
std::string layer_of(const std::string& path, const std::map<std::string, int>& ranks) {
  std::string best;
  for (const auto& [folder, rank] : ranks)
    if (path.rfind(folder + "/", 0) == 0 && folder.size() > best.size()) best = folder;
  return best;
}

// Calls visit(file, line number, included path) for every project-style `#include "..."` of every
// source file under `folder` (repository-relative paths); returns how many files it read.
template <class Visit>
int for_each_include(const std::string& folder, Visit visit) {
  const fs::path root = MXLANE_SOURCE_DIR;
  const std::regex include(R"re(^\s*#\s*include\s+"([^"]+)")re");
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".inl" && ext != ".def")) continue;
    ++files;
    const std::string file = fs::relative(entry.path(), root).generic_string();
    std::ifstream in(entry.path());
    std::smatch m;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
      if (std::regex_search(line, m, include)) visit(file, n, m[1].str());
  }
  return files;
}

}  // namespace

TEST_CASE("No library file includes a header of a layer above its own", "[isa][layers]") {
  const std::map<std::string, int> ranks = layer_ranks();
  REQUIRE(ranks.size() >= 10);
  CHECK(ranks.at("emu/isa") < ranks.at("emu/semantics"));
  CHECK(ranks.at("emu/fast") < ranks.at("emu/insns"));
  std::vector<std::string> offenders;
  int scanned = 0, checked_includes = 0;
  for (const auto& [folder, rank] : ranks) {
    scanned += for_each_include(folder, [&](const std::string& file, int n, const std::string& target_path) {
      if (layer_of(file, ranks) != folder) return;  // a deeper folder of the table owns it
      const std::string target = layer_of(target_path, ranks);
      if (target.empty()) return;  // a third-party header or a program's
      ++checked_includes;
      if (ranks.at(target) > rank)
        offenders.push_back(file + ":" + std::to_string(n) + ": " + folder + " (" + std::to_string(rank) +
                            ") includes " + target_path + " of " + target + " (" + std::to_string(ranks.at(target)) +
                            ")");
    });
  }
  INFO("scanned " << scanned << " files, " << checked_includes << " project includes");
  CHECK(scanned > 200);
  CHECK(checked_includes > 500);
  INFO(mxlane_test::one_per_line(offenders));
  CHECK(offenders.empty());
}

TEST_CASE("The Python module and the fuzzers include nothing of the command-line program", "[isa][layers]") {
  // They share the protocol layer with the CLI (docs/layers.md); tools/ is a program, not a library.
  std::vector<std::string> offenders;
  int scanned = 0;
  for (const char* folder : {"python", "fuzz", "emu", "layouts", "device", "bench"})
    scanned += for_each_include(folder, [&](const std::string& file, int n, const std::string& target) {
      if (target.rfind("tools/", 0) == 0) offenders.push_back(file + ":" + std::to_string(n) + ": " + target);
    });
  CHECK(scanned > 250);
  INFO(mxlane_test::one_per_line(offenders));
  CHECK(offenders.empty());
}

TEST_CASE("CMakeLists.txt builds one library per layer, in the table's order, each on the one below", "[isa][layers]") {
  // mxlane_layer(mxlane_formats emu/formats mxlane_isa): the library named after its folder, the folder,
  // the layer below. emu/util is headers only (mxlane_util, an interface library) and device has its
  // own CMakeLists.txt, so the declared rows are ranks 2 up to the last emu layer.
  std::ifstream cmake(fs::path(MXLANE_SOURCE_DIR) / "CMakeLists.txt");
  const std::regex row(R"(^mxlane_layer\((\w+) ([a-z/_]+) (\w+)\))");
  std::vector<std::tuple<std::string, std::string, std::string>> declared;
  std::smatch m;
  for (std::string line; std::getline(cmake, line);)
    if (std::regex_search(line, m, row)) declared.emplace_back(m[1], m[2], m[3]);
  std::map<int, std::string> by_rank;
  for (const auto& [folder, rank] : layer_ranks()) by_rank[rank] = folder;
  const auto library_of = [](const std::string& folder) {
    std::string name = folder.substr(folder.rfind('/') + 1);
    return "mxlane_" + name;
  };
  REQUIRE(declared.size() >= 9);
  std::string below = library_of(by_rank.at(1));
  int rank = 2;
  for (const auto& [library, folder, linked] : declared) {
    INFO("mxlane_layer(" << library << " " << folder << " " << linked << ")");
    CHECK(folder == by_rank.at(rank));
    CHECK(library == library_of(folder));
    CHECK(linked == below);
    below = library;
    ++rank;
  }
  CHECK(by_rank.at(rank) == "device");  // the one layer with its own CMakeLists.txt comes last
}
