// The traits rule (docs/adding-an-architecture.md): outside emu/isa/, no source compares an
// architecture id or name to decide behaviour; it asks ArchInfo or the instruction's MatrixFamily.
#include "support/catch_compat.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// Every line of the library and program sources (.cpp, .hpp, .inl) matching `pattern`, as
// "file:line: text", skipping files under the `exempt` prefixes; `scanned` counts the files read.
std::vector<std::string> matching_lines(const std::regex& pattern, const std::vector<std::string>& exempt,
                                        int& scanned) {
  const fs::path root = MXLANE_SOURCE_DIR;
  std::vector<std::string> found;
  for (const char* dir : {"emu", "layouts", "tools", "device", "python", "bench", "fuzz"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      const fs::path& p = entry.path();
      const std::string ext = p.extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".inl")) continue;
      const std::string file = fs::relative(p, root).generic_string();
      if (std::any_of(exempt.begin(), exempt.end(), [&](const std::string& e) { return file.rfind(e, 0) == 0; }))
        continue;
      ++scanned;
      std::ifstream in(p);
      std::string line;
      for (int n = 1; std::getline(in, line); ++n)
        if (std::regex_search(line, pattern)) found.push_back(file + ":" + std::to_string(n) + ": " + line);
    }
  }
  return found;
}

}  // namespace

TEST_CASE("No architecture test outside emu/isa/", "[isa][traits]") {
  // `== ArchId::gfx...`, `ArchId::gfx... ==`, `!=` likewise, `case ArchId::gfx...:`, and the removed
  // is_mfma()/is_wmma() stand-ins.
  const std::regex arch_test(
      R"((==|!=)\s*ArchId::gfx|ArchId::gfx\w+\s*(==|!=)|case\s+ArchId::gfx|\bis_(mfma|wmma)\(\))");
  int scanned = 0;
  const std::vector<std::string> offenders = matching_lines(arch_test, {"emu/isa/"}, scanned);
  INFO("scanned " << scanned << " files");
  CHECK(scanned > 100);
  INFO(mxlane_test::one_per_line(offenders));
  CHECK(offenders.empty());
}

// The family rule (docs/matrix-families.md): what varies by matrix family is a rule of its header in
// emu/isa/families/; no other library file names a family id, so a new family cannot be missed by a
// switch somewhere else.
TEST_CASE("No matrix family id outside emu/isa/families/", "[isa][traits]") {
  const std::regex family_test(R"(MatrixFamilyId::|family_id\s*(==|!=)|(==|!=)\s*\w*\.?family_id)");
  // The family folder, the header assembling it, and the instruction rows naming each row's family.
  int scanned = 0;
  const std::vector<std::string> offenders = matching_lines(
      family_test, {"emu/isa/families/", "emu/isa/matrix_family.hpp", "emu/isa/instruction_rows.hpp"}, scanned);
  INFO("scanned " << scanned << " files");
  CHECK(scanned > 100);
  INFO(mxlane_test::one_per_line(offenders));
  CHECK(offenders.empty());
}
