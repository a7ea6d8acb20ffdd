// `mxlane eval [FILE]` and `mxlane replay FILE`: JSON lines in, one result per line out.
#include <fstream>
#include <iostream>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "layouts/operand_layout.hpp"
#include "layouts/slot_notation.hpp"
#include "tools/mxlane/cli.hpp"
#include "tools/mxlane/commands.hpp"
#include "tools/mxlane/eval_line.hpp"

namespace mxlane::cli {
namespace {

// Runs `each` on every line of FILE ("-" or empty: standard input).
template <class F> void for_each_line(const std::string& path, F&& each) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (!path.empty() && path != "-") {
    file.open(path);
    if (!file) throw InvalidArgument(fmt::format("FILE: cannot open '{}'", path));
    in = &file;
  }
  std::string line;
  long number = 0;
  while (std::getline(*in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    each(++number, line);
  }
}

// "D[13][1]" (with ".B<b>" for multi-block) for D's VGPR `vgpr` in lane `lane`.
std::string element_at(const EvalOutcome& o, int vgpr, int lane) {
  const OperandLayout d(*o.desc, Operand::D, o.mods, o.switches);
  std::string names;
  for (const SlotContents& s : d.inverse(vgpr, lane))
    for (const Placement& p : s.elements) {
      if (!names.empty()) names += ' ';
      names += element_notation(Operand::D, p, d.blocks() > 1);
      if (s.slot.width() == 16) names += fmt::format(".[{}:{}]", s.slot.bit_hi, s.slot.bit_lo);
    }
  return names.empty() ? "(not an element of D)" : names;
}

}  // namespace

CLI::App* register_eval(CLI::App& app, EvalOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "eval", "Evaluate instructions on given register contents, bit-exactly: one JSON object per input line, one per output line.");
  cmd->add_option("FILE", o.file, "Input file of JSON lines (default or '-': standard input)");
  cmd->footer(
      "Input line (interfaces.md):\n"
      "  {\"id\": \"t1\", \"arch\": \"gfx1100\", \"inst\": \"v_wmma_f32_16x16x16_f16\", \"wave\": 32,\n"
      "   \"mods\": {\"neg\": 0}, \"exec\": \"0xffffffff\", \"options\": {\"fp16_ovfl\": 0},\n"
      "   \"src\": {\"A\": [[...32 lane words...], ...8 VGPRs], \"B\": [...], \"C\": [...]},\n"
      "   \"dst\": [...previous D...], \"expect\": [...D to compare...]}\n"
      "Output: {\"id\": ..., \"D\": [[\"0x3c000000\", ...], ...]} (+ \"match\", \"diff\" with expect),\n"
      "or {\"id\": ..., \"error\": \"...\"} for that line alone. Words are \"0x\" hex strings or integers.\n"
      "Exit: 0 all evaluated, 1 an expect mismatched, 2 a line was invalid (each named on stderr).\n"
      "Example:\n"
      "  mxlane eval cases.jsonl > results.jsonl");
  return cmd;
}

int run_eval(const EvalOptions& o, std::ostream& out, std::ostream& err) {
  bool any_error = false, any_mismatch = false;
  for_each_line(o.file, [&](long number, const std::string& line) {
    const EvalOutcome r = eval_line(line);
    out << r.output.dump() << '\n';
    if (r.status == EvalOutcome::Status::error) {
      any_error = true;
      err << fmt::format("mxlane eval: error: line {}: {}\n", number, r.error);
    }
    any_mismatch = any_mismatch || r.status == EvalOutcome::Status::mismatch;
  });
  return any_error ? kExitUsage : any_mismatch ? kExitMismatch : kExitOk;
}

CLI::App* register_replay(CLI::App& app, EvalOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "replay", "Check a capture file (eval lines whose \"expect\" holds hardware results) against the emulator.");
  cmd->add_option("FILE", o.file, "Capture file of JSON lines, each with \"expect\"")->required();
  cmd->footer(
      "Prints every mismatching value with its VGPR, lane and D element, then a summary.\n"
      "Exit: 0 every line matches, 1 a mismatch, 2 a line was invalid.\n"
      "Example:\n"
      "  mxlane replay gfx1100-capture.jsonl");
  return cmd;
}

int run_replay(const EvalOptions& o, std::ostream& out, std::ostream& err) {
  long lines = 0, matched = 0, mismatched = 0, errors = 0;
  for_each_line(o.file, [&](long number, const std::string& line) {
    ++lines;
    const EvalOutcome r = eval_line(line, true);
    const std::string id = r.output.contains("id") && !r.output["id"].is_null() ? " (id " + r.output["id"].dump() + ")" : "";
    if (r.status == EvalOutcome::Status::error) {
      ++errors;
      err << fmt::format("mxlane replay: error: line {}{}: {}\n", number, id, r.error);
      return;
    }
    if (r.status == EvalOutcome::Status::ok) {
      ++matched;
      return;
    }
    ++mismatched;
    const auto& diff = r.output["diff"];
    const std::size_t words = r.output["D"].size() * r.output["D"][0].size();
    const std::string name = r.desc != nullptr ? std::string(r.desc->mnemonic) : std::string(r.valu->builtin);
    out << fmt::format("line {}{}: {} {}: {} of {} D words differ\n", number, id, r.input["arch"].get<std::string>(), name,
                       diff.size(), words);
    for (const auto& d : diff) {
      const int vgpr = d["vgpr"], lane = d["lane"];
      const std::string where = r.desc != nullptr ? " " + element_at(r, vgpr, lane) : "";
      out << fmt::format("  v{}{{{}}}{}: expected {}, got {}\n", vgpr, lane, where, d["expect"].get<std::string>(),
                         d["got"].get<std::string>());
    }
  });
  out << fmt::format("replay: {} line{}, {} match, {} mismatch, {} invalid\n", lines, lines == 1 ? "" : "s", matched,
                     mismatched, errors);
  return errors > 0 ? kExitUsage : mismatched > 0 ? kExitMismatch : kExitOk;
}

}  // namespace mxlane::cli
