// The instruction files of emu/insns/ against the instruction table: one file per semantics name, an opening comment
// that adds to the row (rule, evidence, section) without restating it, and a body naming exactly the row's formats.
#include "support/catch_compat.hpp"

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "emu/isa/element_type.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/valu_desc.hpp"

using namespace mxlane;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxColumns = 100;
// The rule and its evidence on one line; a second only where a citation, switch or probe does not fit.
constexpr std::size_t kMaxCommentLines = 2;

// The levels of docs/spec/evidence.md, [HW-digest] of docs/rdna4.md, and CLRX, the hardware-derived source that
// docs/spec/valu.md §6.3 names in place of a level. A bracket counts when its first word is one of them:
// "[INF for the sparse form, ...]", "[UNKNOWN rounding: switch ...]".
const std::set<std::string> kEvidenceLabels = {"HW",   "HW-claimed", "HW-digest", "MODEL",   "MODEL-HW", "ISA", "DOC",
                                               "LLVM", "DERIVED",    "INF",       "ASSUMED", "UNKNOWN",  "CLRX"};

// Columns as an editor shows them: UTF-8 code points ("§" is one column, two bytes).
std::size_t columns(const std::string& line) {
  std::size_t n = 0;
  for (const char c : line)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

struct InstructionFile {
  std::string path;            // relative to the source root, for messages
  std::string semantics_name;  // the file's stem: the name its MXLANE_*_SEMANTICS must define
  bool valu = false;           // emu/insns/valu/: a VALU builtin, not a matrix instruction
  std::vector<std::string> lines;
  std::size_t comment_lines = 0;  // the `//` lines that open the file
  std::string comment;            // those lines joined, without the slashes
  std::string body;               // everything after them, with `//` comments removed
};

InstructionFile read_instruction_file(const fs::path& root, const fs::path& file) {
  InstructionFile f;
  f.path = fs::relative(file, root).generic_string();
  f.semantics_name = file.stem().string();
  f.valu = file.parent_path().filename() == "valu";
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) f.lines.push_back(line);
  while (f.comment_lines < f.lines.size() && f.lines[f.comment_lines].rfind("//", 0) == 0) {
    std::string text = f.lines[f.comment_lines++].substr(2);
    text.erase(0, text.find_first_not_of(' '));
    f.comment += (f.comment.empty() ? "" : " ") + text;
  }
  for (std::size_t i = f.comment_lines; i < f.lines.size(); ++i)
    f.body += f.lines[i].substr(0, f.lines[i].find("//")) + '\n';
  return f;
}

// Every .cpp of every folder of emu/insns/, by semantics name; a name that two folders hold goes to `duplicates`.
std::map<std::string, InstructionFile> instruction_files(const fs::path& root,
                                                         std::set<std::string>* duplicates = nullptr) {
  std::map<std::string, InstructionFile> files;
  for (const auto& folder : fs::directory_iterator(root / "emu/insns")) {
    if (!folder.is_directory()) continue;
    for (const auto& entry : fs::directory_iterator(folder.path()))
      if (entry.is_regular_file() && entry.path().extension() == ".cpp") {
        InstructionFile f = read_instruction_file(root, entry.path());
        const std::string path = f.path;
        if (!files.emplace(f.semantics_name, std::move(f)).second && duplicates) duplicates->insert(path);
      }
  }
  return files;
}

// Format constant -> the element type it encodes, read from emu/formats/format.hpp so that a new constant is covered:
// kBfloat16{"bf16", ...} -> "bf16", kFp8E4M3Fnuz{"fp8_e4m3_fnuz", ...} -> "fp8".
std::map<std::string, std::string> format_constants(const fs::path& root) {
  std::ifstream in(root / "emu/formats/format.hpp");
  const std::regex constant(R"re(inline constexpr FormatSpec (k\w+)\{"(\w+)")re");
  std::map<std::string, std::string> types;
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_search(line, m, constant)) types[m[1]] = m[2].str().substr(0, m[2].str().find('_'));
  return types;
}

// The element types a body names: format constants, and ElemType:: / Dot2Input:: enumerators (the FP8 kernels pick
// the architecture's encoding of an ElemType; the RDNA3 chain takes a Dot2Input).
std::set<std::string> named_formats(const std::string& body, const std::map<std::string, std::string>& constants) {
  std::set<std::string> named;
  const std::regex constant(R"(\b(k[A-Z]\w*)\b)"), enumerator(R"(\b(?:ElemType|Dot2Input)::(\w+))");
  for (std::sregex_iterator it(body.begin(), body.end(), constant), end; it != end; ++it)
    if (const auto c = constants.find((*it)[1]); c != constants.end()) named.insert(c->second);
  for (std::sregex_iterator it(body.begin(), body.end(), enumerator), end; it != end; ++it) named.insert((*it)[1]);
  return named;
}

// The format a body must name for an A or B operand of type `t`, or "" for none: integers have no format, and the
// f8f6f4 MFMA reads the formats CBSZ/BLGP select at run time; xf32 operands are binary32 registers.
std::string row_format(ElemType t) {
  if (elem_type_info(t).is_integer || t == ElemType::f8f6f4) return "";
  if (t == ElemType::xf32) return "f32";
  return std::string(elem_name(t));
}

std::string joined(const std::set<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return "{" + s + "}";
}

// The opening comment's problems: its shape and length, its evidence label and citations, and any of `restated`
// (names and text the table row already has) it repeats.
void check_opening_comment(const fs::path& root, const InstructionFile& f, const std::set<std::string>& restated,
                           std::set<std::string>& offenders) {
  if (f.comment_lines == 0 || f.lines[0].rfind("// ", 0) != 0) {
    offenders.insert(f.path + ": the first line is not a `// ` comment");
    return;
  }
  if (f.comment_lines > kMaxCommentLines)
    offenders.insert(f.path + ": " + std::to_string(f.comment_lines) + " comment lines before the #include (at most " +
                     std::to_string(kMaxCommentLines) + ")");
  if (f.comment_lines >= f.lines.size() || f.lines[f.comment_lines].rfind("#include", 0) != 0)
    offenders.insert(f.path + ": the opening comment is not followed by an #include");
  for (std::size_t i = 0; i < f.lines.size(); ++i)
    if (columns(f.lines[i]) > kMaxColumns)
      offenders.insert(f.path + ":" + std::to_string(i + 1) + ": " + std::to_string(columns(f.lines[i])) + " columns");

  const std::regex label(R"(\[([A-Za-z][A-Za-z-]*)[^\]]*\])");
  bool has_label = false;
  for (std::sregex_iterator it(f.comment.begin(), f.comment.end(), label), end; it != end; ++it)
    has_label = has_label || kEvidenceLabels.count((*it)[1]) > 0;
  if (!has_label) offenders.insert(f.path + ": no known evidence label in \"" + f.comment + "\"");

  const std::regex document(R"([\w./-]+\.md\b)");
  int cited = 0;
  for (std::sregex_iterator it(f.comment.begin(), f.comment.end(), document), end; it != end; ++it, ++cited)
    if (!fs::is_regular_file(root / (*it)[0].str()))
      offenders.insert(f.path + ": cites " + (*it)[0].str() + ", which does not exist");
  if (cited == 0) offenders.insert(f.path + ": cites no document");

  for (const std::string& text : restated)
    if (f.comment.find(text) != std::string::npos) offenders.insert(f.path + ": the comment restates the row: " + text);
  // A tile shape, this row's or another's, is table data that no rule needs spelt out.
  const std::regex shape(R"(\d+x\d+x\d+)");
  if (std::smatch m; std::regex_search(f.comment, m, shape))
    offenders.insert(f.path + ": the comment restates a shape: " + m[0].str());
}

// The one MXLANE_MATRIX_SEMANTICS / MXLANE_VALU_SEMANTICS a file defines must be its own name, of its own kind.
void check_defines_its_name(const InstructionFile& f, std::set<std::string>& offenders) {
  const std::regex definition(R"(MXLANE_(MATRIX|VALU)_SEMANTICS\((\w+)\))");
  std::vector<std::string> defined;
  bool right_kind = true;
  std::string text;
  for (const std::string& line : f.lines) text += line + '\n';
  for (std::sregex_iterator it(text.begin(), text.end(), definition), end; it != end; ++it) {
    defined.push_back((*it)[2]);
    right_kind = right_kind && (((*it)[1] == "VALU") == f.valu);
  }
  if (defined.size() != 1 || defined[0] != f.semantics_name || !right_kind)
    offenders.insert(f.path + ": must define one " + (f.valu ? "MXLANE_VALU_SEMANTICS" : "MXLANE_MATRIX_SEMANTICS") +
                     "(" + f.semantics_name + ")");
}

std::string list(const std::set<std::string>& offenders) {
  std::ostringstream out;
  for (const std::string& o : offenders) out << o << '\n';
  return out.str();
}

}  // namespace

TEST_CASE("Instruction files and the instruction table correspond one to one", "[isa][insns]") {
  const fs::path root = MXLANE_SOURCE_DIR;
  std::set<std::string> duplicates;
  const std::map<std::string, InstructionFile> files = instruction_files(root, &duplicates);
  std::set<std::string> offenders, matrix_names, valu_names;
  for (const std::string& path : duplicates) offenders.insert(path + ": a second file of the same name");
  for (const InstrDesc& d : instruction_table()) matrix_names.insert(std::string(d.semantics));
  for (const ValuDesc& d : valu_table()) valu_names.insert(std::string(d.mnemonic));
  for (const std::string& name : matrix_names)
    if (!files.count(name) || files.at(name).valu) offenders.insert("no matrix file for semantics " + name);
  for (const std::string& name : valu_names)
    if (!files.count(name) || !files.at(name).valu) offenders.insert("no emu/insns/valu/ file for " + name);
  for (const auto& [name, f] : files) {
    // A VALU file is named after its builtin's mnemonic as find_valu resolves it, not merely an alias of one.
    const ValuDesc* valu = find_valu(name);
    if (f.valu ? !valu || valu->mnemonic != name : !matrix_names.count(name))
      offenders.insert(f.path + ": no " + (f.valu ? "VALU builtin" : "instruction") + " of the table runs it");
    check_defines_its_name(f, offenders);
  }
  INFO(files.size() << " files, " << matrix_names.size() << " matrix semantics, " << valu_names.size() << " VALU");
  CHECK(matrix_names.size() > 100);
  CHECK(valu_names.size() > 30);
  INFO(list(offenders));
  CHECK(offenders.empty());
}

TEST_CASE("Each instruction file opens with a short comment that adds to its row", "[isa][insns]") {
  const fs::path root = MXLANE_SOURCE_DIR;
  const std::map<std::string, InstructionFile> files = instruction_files(root);
  std::set<std::string> offenders;
  for (const auto& [name, f] : files) {
    std::set<std::string> restated = {name};
    if (f.valu) {
      if (const ValuDesc* d = find_valu(name))
        restated.insert({std::string(d->mnemonic), std::string(d->gfx11_mnemonic)});
    } else {
      restated.insert("D = C + A*B");
      for (const InstrDesc& d : instruction_table())
        if (d.semantics == name) restated.insert(std::string(d.mnemonic));
    }
    check_opening_comment(root, f, restated, offenders);
  }
  INFO("checked " << files.size() << " files");
  CHECK(files.size() > 130);
  INFO(list(offenders));
  CHECK(offenders.empty());
}

TEST_CASE("Each matrix instruction file names exactly its rows' A and B formats", "[isa][insns]") {
  const fs::path root = MXLANE_SOURCE_DIR;
  const std::map<std::string, InstructionFile> files = instruction_files(root);
  const std::map<std::string, std::string> constants = format_constants(root);
  REQUIRE(constants.size() >= 8);
  CHECK(constants.at("kBfloat16") == "bf16");
  CHECK(constants.at("kFp8E5M2Fnuz") == "bf8");
  std::set<std::string> offenders;
  int checked_rows = 0;
  for (const InstrDesc& d : instruction_table()) {
    const auto file = files.find(std::string(d.semantics));
    if (file == files.end() || file->second.valu) continue;  // the correspondence test reports it
    ++checked_rows;
    std::set<std::string> expected;
    for (const ElemType t : {d.a_type, d.b_type})
      if (const std::string format = row_format(t); !format.empty()) expected.insert(format);
    const std::set<std::string> named = named_formats(file->second.body, constants);
    if (named != expected)
      offenders.insert(file->second.path + ": names " + joined(named) + "; the " + std::string(arch_info(d.arch).name) +
                       " row " + std::string(d.mnemonic) + " has A " + std::string(elem_name(d.a_type)) + ", B " +
                       std::string(elem_name(d.b_type)) + ": " + joined(expected));
  }
  INFO("checked " << checked_rows << " builtin rows");
  CHECK(checked_rows > 150);
  INFO(list(offenders));
  CHECK(offenders.empty());
}
