// The repository stands on its own: no file cites a markdown document the repository lacks, points
// into a directory outside the repository, or refers to a ticket by its number, which a clone
// cannot look up.
#include "support/catch_compat.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// The forbidden words are assembled at run time, so that this file does not contain them itself.
const std::string kMd = std::string(".") + "md";
const std::string kSharedSibling = std::string("..") + "/shared";
const std::vector<std::string> kSharedSubdirs = {std::string("shared") + "/spec/", std::string("shared") + "/seeds/"};

// Placeholders in mxlane-docgen's usage line (TEMPLATE then OUTPUT): names, not citations.
const std::set<std::string> kPlaceholderNames = {"TEMPLATE" + kMd, "OUTPUT" + kMd};

bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool is_name_char(char c) { return is_alnum(c) || c == '_' || c == '-' || c == '.' || c == '/'; }
bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// The whitespace-delimited word around position `at` contains "://": a URL names a page elsewhere
// on purpose.
bool inside_url(const std::string& text, std::size_t at) {
  std::size_t begin = at;
  while (begin > 0 && !is_space(text[begin - 1])) --begin;
  std::size_t end = at;
  while (end < text.size() && !is_space(text[end])) ++end;
  return text.substr(begin, end - begin).find("://") != std::string::npos;
}

std::size_t line_of(const std::string& text, std::size_t at) {
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

// A cited document exists inside the repository, relative to the citing file's directory, the
// repository root, docs/ or docs/spec/ (so "docs/spec/layouts§", "layouts§" inside docs/spec/ and
// "README§" all resolve, and a path that climbs out of the repository never does).
bool citation_resolves(const fs::path& root, const fs::path& citing_dir, std::string token) {
  token.erase(0, token.find_first_not_of('/'));  // MXLANE_SOURCE_DIR "/docs/tutorial..."
  for (const fs::path& base : {citing_dir, root, root / "docs", root / "docs" / "spec"}) {
    const fs::path candidate = (base / token).lexically_normal();
    const fs::path inside = candidate.lexically_relative(root.lexically_normal());
    if (!inside.empty() && *inside.begin() != ".." && fs::is_regular_file(candidate)) return true;
  }
  return false;
}

// Every problem in one file's text, as "path:line: what"; `relative` names the file in messages.
std::vector<std::string> citation_problems(const fs::path& root, const fs::path& citing_dir,
                                           const std::string& relative, const std::string& text) {
  std::vector<std::string> problems;
  const auto report = [&](std::size_t at, const std::string& what) {
    problems.push_back(relative + ":" + std::to_string(line_of(text, at)) + ": " + what);
  };
  // 1. Markdown file names that name no file of the repository.
  for (std::size_t at = text.find(kMd); at != std::string::npos; at = text.find(kMd, at + 1)) {
    const std::size_t end = at + kMd.size();
    if (end < text.size() && (is_alnum(text[end]) || text[end] == '_')) continue;  // ".mdx", ".md_"
    std::size_t begin = at;
    while (begin > 0 && is_name_char(text[begin - 1])) --begin;
    const std::string token = text.substr(begin, end - begin);
    if (token.substr(0, at - begin).find_first_not_of("./") == std::string::npos) continue;  // no name: "*.md"
    if (inside_url(text, at) || kPlaceholderNames.count(token) != 0) continue;
    if (!citation_resolves(root, citing_dir, token))
      report(at, "cites '" + token + "', which the repository does not have");
  }
  // 2. Paths into the directory next to the repository.
  for (std::size_t at = text.find(kSharedSibling); at != std::string::npos; at = text.find(kSharedSibling, at + 1))
    report(at, "points outside the repository ('" + kSharedSibling + "')");
  for (const std::string& sub : kSharedSubdirs)
    for (std::size_t at = text.find(sub); at != std::string::npos; at = text.find(sub, at + 1))
      if (at < 3 || text.compare(at - 3, 3, "../") != 0) report(at, "points outside the repository ('" + sub + "')");
  // 3. The word "issue" (or "issues") followed by a number. Threads of other projects are cited with
  //    their repository and a '#', which this does not match.
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (std::size_t at = lower.find("issue"); at != std::string::npos; at = lower.find("issue", at + 1)) {
    if (at > 0 && is_alnum(lower[at - 1])) continue;
    std::size_t next = at + 5;
    if (next < lower.size() && lower[next] == 's') ++next;
    const std::size_t digit = lower.find_first_not_of(" \t", next);
    if (digit != next && digit != std::string::npos && std::isdigit(static_cast<unsigned char>(lower[digit])) != 0)
      report(at, "refers to '" + text.substr(at, digit + 1 - at) + "...' by number: say what is meant instead");
  }
  return problems;
}

bool is_binary(const std::string& text) { return text.find('\0') != std::string::npos; }

// .git and the build directories (build/, build-asan/, ...) are not the repository's text.
bool skipped_directory(const fs::path& dir) {
  const std::string name = dir.filename().string();
  return name == ".git" || name.rfind("build", 0) == 0;
}

}  // namespace

TEST_CASE("The citation checker finds missing documents, outside paths and ticket numbers", "[docs]") {
  const fs::path root = MXLANE_SOURCE_DIR;
  const fs::path dir = root / "emu" / "isa";
  const auto problems = [&](const std::string& text) { return citation_problems(root, dir, "x.cpp", text); };
  CHECK(problems("// see layouts" + kMd + " §4.2\n").empty());  // found in docs/spec/
  CHECK(problems("// docs/spec/numerics" + kMd + " §B.2, docs/tutorial" + kMd + ".in\n").empty());
  CHECK(problems("// README" + kMd + ", device/README" + kMd + ", *" + kMd + "\n").empty());
  CHECK(problems("// https://example.org/a/b/nowhere" + kMd + "\n").empty());
  // An external tracker entry and a word that merely ends in the keyword are not the project's own
  // ticket numbers (the keyword is assembled so this file does not carry the phrase itself).
  const std::string keyword = std::string("iss") + "ue";
  CHECK(problems("// rocm-systems " + keyword + " #12056; t" + keyword + " 3\n").empty());

  const auto missing = problems("// a\n// valu_builtins" + kMd + " §5.1\n");
  REQUIRE(missing.size() == 1);
  CHECK(missing[0] == "x.cpp:2: cites 'valu_builtins" + kMd + "', which the repository does not have");
  CHECK(problems("// cdna134" + kMd + ", docs/numerics" + kMd + "\n").size() == 2);
  CHECK(problems("// " + kSharedSibling + "/spec/layouts" + kMd + "\n").size() == 2);  // the file and the path
  CHECK(problems("// " + kSharedSibling + "/seeds/000.txt\n").size() == 1);
  CHECK(problems("// AMD's page (`" + kSharedSubdirs[1] + "001`)\n").size() == 1);
  CHECK(problems("// Iss" + std::string("ue 7's targets\n")).size() == 1);
  CHECK(problems("// (iss" + std::string("ue 6.4)\n")).size() == 1);
  CHECK(problems("// iss" + std::string("ues  8 and 9\n")).size() == 1);
}

TEST_CASE("Every file of the repository cites only documents the repository has", "[docs]") {
  const fs::path root = MXLANE_SOURCE_DIR;
  std::vector<std::string> problems;
  std::size_t files = 0;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory()) {
      if (skipped_directory(it->path())) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    std::ifstream in(it->path(), std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (is_binary(text)) continue;
    ++files;
    const std::string relative = fs::relative(it->path(), root).generic_string();
    for (std::string& p : citation_problems(root, it->path().parent_path(), relative, text))
      problems.push_back(std::move(p));
  }
  std::string listing;
  for (const std::string& p : problems) listing += p + "\n";
  INFO(problems.size() << " problems:\n" << listing);
  CHECK(files > 500);  // the walk really saw the source tree
  CHECK(problems.empty());
}
