// The traits rule (docs/adding-an-architecture.md): outside emu/isa/, no source compares an
// architecture id or name to decide behaviour; it asks ArchInfo or the instruction's MatrixFamily.
#include "support/catch_compat.hpp"

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

TEST_CASE("No architecture test outside emu/isa/", "[isa][traits]") {
  const fs::path root = MXLANE_SOURCE_DIR;
  // `== ArchId::gfx...`, `ArchId::gfx... ==`, `!=` likewise, `case ArchId::gfx...:`, and the removed
  // is_mfma()/is_wmma() stand-ins.
  const std::regex arch_test(
      R"((==|!=)\s*ArchId::gfx|ArchId::gfx\w+\s*(==|!=)|case\s+ArchId::gfx|\bis_(mfma|wmma)\(\))");
  std::vector<std::string> offenders;
  int scanned = 0;
  for (const char* dir : {"emu", "layouts", "tools", "device", "python", "bench", "fuzz"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      const fs::path& p = entry.path();
      if (!entry.is_regular_file() || (p.extension() != ".cpp" && p.extension() != ".hpp")) continue;
      if (fs::relative(p, root).string().rfind("emu/isa/", 0) == 0) continue;
      ++scanned;
      std::ifstream in(p);
      std::string line;
      for (int n = 1; std::getline(in, line); ++n)
        if (std::regex_search(line, arch_test))
          offenders.push_back(fs::relative(p, root).string() + ":" + std::to_string(n) + ": " + line);
    }
  }
  INFO("scanned " << scanned << " files");
  CHECK(scanned > 100);
  std::ostringstream list;
  for (const std::string& o : offenders) list << o << '\n';
  INFO(list.str());
  CHECK(offenders.empty());
}
