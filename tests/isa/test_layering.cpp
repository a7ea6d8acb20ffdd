// The layer rule (docs/layers.md): a library file includes headers of its own layer and the layers
// below, never above. The order is read from docs/layers.md's table, so the document is the rule.
#include "support/catch_compat.hpp"

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

}  // namespace

TEST_CASE("No library file includes a header of a layer above its own", "[isa][layers]") {
  const fs::path root = MXLANE_SOURCE_DIR;
  const std::map<std::string, int> ranks = layer_ranks();
  REQUIRE(ranks.size() >= 10);
  CHECK(ranks.at("emu/isa") < ranks.at("emu/semantics"));
  CHECK(ranks.at("emu/fast") < ranks.at("emu/insns"));
  const std::regex include(R"re(^\s*#\s*include\s+"([^"]+)")re");
  std::vector<std::string> offenders;
  int scanned = 0, checked_includes = 0;
  for (const auto& [folder, rank] : ranks) {
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      const fs::path& p = entry.path();
      const std::string ext = p.extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".inl" && ext != ".def")) continue;
      const std::string file = fs::relative(p, root).generic_string();
      if (layer_of(file, ranks) != folder) continue;  // a deeper folder of the table owns it
      ++scanned;
      std::ifstream in(p);
      std::smatch m;
      std::string line;
      for (int n = 1; std::getline(in, line); ++n) {
        if (!std::regex_search(line, m, include)) continue;
        const std::string target = layer_of(m[1], ranks);
        if (target.empty()) continue;  // a third-party header or a program's
        ++checked_includes;
        if (ranks.at(target) > rank)
          offenders.push_back(file + ":" + std::to_string(n) + ": " + folder + " (" + std::to_string(rank) + ") includes " +
                              m[1].str() + " of " + target + " (" + std::to_string(ranks.at(target)) + ")");
      }
    }
  }
  INFO("scanned " << scanned << " files, " << checked_includes << " project includes");
  CHECK(scanned > 200);
  CHECK(checked_includes > 500);
  std::ostringstream list;
  for (const std::string& o : offenders) list << o << '\n';
  INFO(list.str());
  CHECK(offenders.empty());
}

TEST_CASE("The Python module and the fuzzers include nothing of the command-line program", "[isa][layers]") {
  // They share the protocol layer with the CLI (docs/layers.md); tools/ is a program, not a library.
  const fs::path root = MXLANE_SOURCE_DIR;
  const std::regex include(R"re(^\s*#\s*include\s+"(tools/[^"]+)")re");
  std::vector<std::string> offenders;
  int scanned = 0;
  for (const char* folder : {"python", "fuzz", "emu", "layouts", "device", "bench"})
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".inl")) continue;
      ++scanned;
      std::ifstream in(entry.path());
      std::smatch m;
      std::string line;
      for (int n = 1; std::getline(in, line); ++n)
        if (std::regex_search(line, m, include))
          offenders.push_back(fs::relative(entry.path(), root).generic_string() + ":" + std::to_string(n) + ": " +
                              m[1].str());
    }
  CHECK(scanned > 250);
  std::ostringstream list;
  for (const std::string& o : offenders) list << o << '\n';
  INFO(list.str());
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
