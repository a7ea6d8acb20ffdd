// Parses llvm-objdump's AMDGPU disassembly per kernel symbol and checks it against the manifest.
#include "device/disassembly_check.hpp"

#include <map>
#include <sstream>

#include "fmt/format.h"

namespace mxlane::device {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(s);
  while (std::getline(in, item, sep))
    if (!item.empty()) out.push_back(item);
  return out;
}

// The instruction lines of every symbol: "<k_name>:" starts a symbol's block.
std::map<std::string, std::vector<std::string>> blocks(const std::string& disassembly) {
  std::map<std::string, std::vector<std::string>> out;
  std::istringstream in(disassembly);
  std::string line, current;
  while (std::getline(in, line)) {
    const auto lt = line.find('<'), gt = line.find(">:");
    if (lt != std::string::npos && gt != std::string::npos && gt > lt && line.find('\t') == std::string::npos) {
      current = line.substr(lt + 1, gt - lt - 1);
      continue;
    }
    if (!current.empty() && line.find_first_not_of(" \t") != std::string::npos) out[current].push_back(line);
  }
  return out;
}

std::string mnemonic_of(const std::string& line) {
  const auto start = line.find_first_not_of(" \t");
  if (start == std::string::npos) return "";
  const auto end = line.find_first_of(" \t", start);
  return line.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The VOP3P opcode field as the table's opcode needs it: bits 22:16 up to gfx12 (bit 23 belongs to the
// encoding on gfx9 MAI), bits 23:16 where opcodes reach past 0x7F (gfx1250: up to 0x88, docs/cdna5.md §1).
unsigned opcode_mask(int opcode) { return opcode > 0x7F ? 0xFFu : 0x7Fu; }

bool is_matrix(const std::string& mnemonic) {
  return mnemonic.rfind("v_mfma", 0) == 0 || mnemonic.rfind("v_wmma", 0) == 0 || mnemonic.rfind("v_smfmac", 0) == 0 ||
         mnemonic.rfind("v_swmmac", 0) == 0;
}

// The first encoding word of an instruction line ("... // 000000001634: D3CD0000 44020D04").
// The word holding the instruction's opcode: the first word of the last 64-bit pair of the encoding
// llvm-objdump prints after "//": the only pair of a VOP3P instruction, the second of gfx950's scaled
// MFMA, whose v_mfma_ld_scale_b32 prefix pair comes first (docs/cdna4.md §1).
bool opcode_word(const std::string& line, unsigned& word) {
  const auto comment = line.find("//");
  if (comment == std::string::npos) return false;
  const auto colon = line.find(':', comment);
  if (colon == std::string::npos) return false;
  std::istringstream in(line.substr(colon + 1));
  std::vector<unsigned> words;
  for (std::string hex; in >> hex;) words.push_back(static_cast<unsigned>(std::stoul(hex, nullptr, 16)));
  if (words.empty()) return false;
  word = words[(words.size() - 1) / 2 * 2];
  return true;
}

}  // namespace

std::vector<std::string> check_disassembly(const std::string& disassembly, const std::string& manifest) {
  std::vector<std::string> problems;
  const auto code = blocks(disassembly);
  std::istringstream in(manifest);
  std::string line;
  int kernels = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name, mnemonics;
    int in_dwords = 0, out_dwords = 0, opcode = 0;
    fields >> name >> in_dwords >> out_dwords >> opcode >> mnemonics;
    if (name.empty()) continue;
    ++kernels;
    std::vector<std::string> tokens, required;  // "+mnemonic": another instruction the kernel must hold
    for (std::string t; fields >> t;) (t[0] == '+' ? required : tokens).push_back(t[0] == '+' ? t.substr(1) : t);
    const auto it = code.find(name);
    if (it == code.end()) {
      problems.push_back(fmt::format("{}: kernel not found in the code object", name));
      continue;
    }
    const std::vector<std::string> wanted = split(mnemonics, '|');
    int hits = 0, other_matrix = 0;
    std::string hit_line;
    for (const std::string& l : it->second) {
      const std::string m = mnemonic_of(l);
      bool is_wanted = false;
      for (const std::string& w : wanted) is_wanted = is_wanted || m == w || m == w + "_e32" || m == w + "_e64";
      if (is_wanted) {
        ++hits;
        hit_line = l;
      } else if (is_matrix(m)) {
        ++other_matrix;
      }
    }
    for (const std::string& r : required) {
      bool found = false;
      for (const std::string& l : it->second)
        for (const std::string& alternative : split(r, '|')) found = found || mnemonic_of(l).rfind(alternative, 0) == 0;
      if (!found) problems.push_back(fmt::format("{}: no {} before the instruction", name, r));
    }
    if (hits != 1) {
      problems.push_back(fmt::format("{}: expected exactly one {}, found {}", name, mnemonics, hits));
      continue;
    }
    if (other_matrix != 0) problems.push_back(fmt::format("{}: {} other matrix instruction(s)", name, other_matrix));
    const std::string operands = hit_line.substr(0, hit_line.find("//"));
    for (const std::string& t : tokens)
      if (operands.find(t) == std::string::npos)
        problems.push_back(fmt::format("{}: modifier '{}' missing in: {}", name, t, operands));
    for (const char* modifier : {"cbsz:", "abid:", "blgp:", "op_sel:", "neg_lo:", "neg_hi:", " neg:[", " clamp"}) {
      bool expected = false;
      for (const std::string& t : tokens)
        expected = expected || t.rfind(std::string(modifier).substr(modifier[0] == ' '), 0) == 0;
      if (!expected && operands.find(modifier) != std::string::npos)
        problems.push_back(fmt::format("{}: unexpected modifier '{}' in: {}", name, modifier, operands));
    }
    unsigned word = 0;
    if (opcode != 0) {
      if (!opcode_word(hit_line, word))
        problems.push_back(fmt::format("{}: no encoding printed", name));
      else if (static_cast<int>((word >> 16) & opcode_mask(opcode)) != opcode)
        problems.push_back(fmt::format("{}: opcode {:#x} in the encoding, the table says {:#x}", name,
                                       (word >> 16) & opcode_mask(opcode), opcode));
    }
  }
  if (kernels == 0) problems.push_back("the manifest lists no kernels");
  return problems;
}

}  // namespace mxlane::device
