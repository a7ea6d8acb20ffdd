// The layer rule (docs/layers.md): a library file includes headers of its own layer and the layers
// below, never above. The order is read from docs/layers.md's table, so the document is the rule.
#include "support/catch_compat.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
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
