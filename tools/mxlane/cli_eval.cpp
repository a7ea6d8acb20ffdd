// `mxlane eval [FILE]` and `mxlane replay FILE`: JSON lines in, exactly one result line out per
// input line, in order, in bounded memory, with the same bytes for any number of threads.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "layouts/operand_layout.hpp"
#include "layouts/slot_notation.hpp"
#include "tools/mxlane/cli.hpp"
#include "tools/mxlane/commands.hpp"
#include "emu/protocol/eval_fast_line.hpp"
#include "emu/protocol/eval_line.hpp"
#include "emu/protocol/line_reader.hpp"
#include "emu/protocol/mismatch_report.hpp"

namespace mxlane::cli {

using namespace protocol;  // the line protocol, the trace and the list this command prints
namespace {

// One input line's result: its output line (without "\n") and, for an invalid line, the message
// for stderr.
struct LineResult {
  EvalOutcome::Status status = EvalOutcome::Status::ok;
  std::string out;
  std::string err;
};

// Lines are evaluated in batches: a batch is read, its lines are shared out to the workers, and
// the results are printed in input order. A batch holds at most this many lines and bytes, which
// bounds memory whatever the input's length.
constexpr std::size_t kBatchLines = 256;
constexpr std::size_t kBatchBytes = std::size_t{16} << 20;

bool is_stdin(const std::string& path) { return path.empty() || path == "-"; }

// Runs `evaluate` (InputLine -> LineResult) on every line of FILE ("-" or empty: standard input)
// with `threads` workers and hands each result to `emit` in input order. Throws InvalidArgument
// naming FILE when it is a directory or cannot be opened or read, and "cannot write output" as
// soon as `out` has failed (no point evaluating for output that is lost).
template <class Evaluate, class Emit>
void stream_lines(const std::string& path, int threads, std::ostream& out, Evaluate&& evaluate, Emit&& emit) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (!is_stdin(path)) {
    // A directory opens (and then reads as empty) on Linux: refuse it by name.
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
      throw InvalidArgument(fmt::format("FILE: '{}' is a directory, not a file of JSON lines", path));
    file.open(path, std::ios::binary);
    if (!file) throw InvalidArgument(fmt::format("FILE: cannot open '{}'", path));
    in = &file;
  }
  LineReader reader(*in);
  // The batch's lines are read into the same InputLine objects every time: their text buffers keep their
  // capacity, so a long run does not allocate (and page-fault) megabytes of fresh line buffers per batch.
  std::vector<InputLine> batch;
  std::vector<LineResult> results;
  bool more = true;
  while (more) {
    std::size_t count = 0, bytes = 0;
    while (count < kBatchLines && bytes < kBatchBytes) {
      if (count == batch.size()) batch.emplace_back();
      if (!(more = reader.next(batch[count]))) break;
      bytes += batch[count++].text.size();
    }
    results.resize(count);
    const int workers = std::min<int>(threads, static_cast<int>(count));
    if (workers <= 1) {
      for (std::size_t i = 0; i < count; ++i) results[i] = evaluate(batch[i]);
    } else {
      // Worker w takes lines w, w + workers, ...: each result slot is written by one thread only.
      // std::thread, joined below: libc++ 14 (the WebAssembly build, web/) has no std::jthread.
      std::vector<std::thread> pool;
      for (int w = 0; w < workers; ++w)
        pool.emplace_back([&, w] {
          for (std::size_t i = static_cast<std::size_t>(w); i < count; i += static_cast<std::size_t>(workers))
            results[i] = evaluate(batch[i]);
        });
      for (std::thread& t : pool) t.join();
    }
    for (std::size_t i = 0; i < count; ++i) emit(batch[i], results[i]);
    if (!out) require_output_written(out);
  }
  if (in->bad())
    throw InvalidArgument(fmt::format("FILE: cannot read {}", is_stdin(path) ? "standard input" : "'" + path + "'"));
}

// The outcome of a line too long to hold (it was never parsed).
EvalOutcome too_long(const InputLine& line) {
  EvalOutcome o;
  o.status = EvalOutcome::Status::error;
  o.error = fmt::format("the line is {} bytes; the limit is {} (README: Input limits)", line.length, kMaxLineBytes);
  o.output = nlohmann::ordered_json{{"id", nullptr}, {"error", o.error}};
  return o;
}

// JSON text of an output object; invalid UTF-8 echoed from the input becomes U+FFFD, never an
// exception.
std::string dump(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string id_note(const EvalOutcome& r) {
  return r.output.contains("id") && !r.output["id"].is_null() ? " (id " + dump(r.output["id"]) + ")" : "";
}

// Replay's one line for a mismatching capture line: the count, then the first `shown` differing
// words with their VGPR, lane, D element, decoded values and ulp distance (mismatch_report.hpp).
std::string mismatch_line(const EvalOutcome& r, long number, std::size_t shown) {
  const auto& diff = r.output["diff"];
  const std::size_t words = r.output["D"].size() * r.output["D"][0].size();
  const std::string name = r.desc != nullptr ? std::string(r.desc->mnemonic) : std::string(r.valu->builtin);
  std::string text = fmt::format("line {}{}: {} {}: {} of {} D words differ:", number, id_note(r),
                                 r.input["arch"].get<std::string>(), name, diff.size(), words);
  std::size_t count = 0;
  for (const auto& d : diff) {
    if (count++ == shown) {
      text += fmt::format(" ... ({} more; --all-diffs lists every one)", diff.size() - shown);
      break;
    }
    text += count == 1 ? " " : "; ";
    text += mismatch_word_text(d);
  }
  return text;
}

void add_stream_options(CLI::App* cmd, EvalOptions& o) {
  cmd->add_option("-j,--threads", o.threads,
                  "Worker threads (1 to 256; default 1). The output is byte-identical for any count. Example: -j 2")
      ->check(CLI::Range(1, 256));
}

}  // namespace

CLI::App* register_eval(CLI::App& app, EvalOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "eval",
      "Evaluate instructions on given register contents, bit-exactly: one JSON object per input line, one per output line.");
  cmd->add_option("FILE", o.file, "Input file of JSON lines (default or '-': standard input)")
      ->check(non_empty("an empty path ('-' is standard input)"));
  add_stream_options(cmd, o);
  cmd->footer(
      "Input line (docs/spec/interfaces.md):\n"
      "  {\"id\": \"t1\", \"arch\": \"gfx1100\", \"inst\": \"v_wmma_f32_16x16x16_f16\", \"wave\": 32,\n"
      "   \"mods\": {\"neg\": 0}, \"exec\": \"0xffffffff\", \"options\": {\"fp16_ovfl\": 0},\n"
      "   \"src\": {\"A\": [[...32 lane words...], ...8 VGPRs], \"B\": [...], \"C\": [...]},\n"
      "   \"dst\": [...previous D...], \"expect\": [...D to compare...]}\n"
      "Output: {\"id\": ..., \"D\": [[\"0x3c000000\", ...], ...]} (+ \"match\", \"diff\" with expect),\n"
      "or {\"id\": ..., \"error\": \"...\"} for that line alone: exactly one output line per input line, in order.\n"
      "Words are \"0x\" + 1 to 8 hex digits, or JSON integers 0..4294967295 (no sign, fraction or exponent).\n"
      "Element values instead of registers: \"values\": {\"A\": [[\"1.5\", \"0x3c00\", ...], ...], \"B\": ..., \"C\": ...}\n"
      "(rows x cols, [block][row][col] for several blocks; exact decimals, inf, nan or raw bits; absent: +0)\n"
      "answers {\"id\": ..., \"values\": {\"D\": [[[\"10.5\", ...]]]}, \"bits\": {\"D\": [[[\"0x41280000\", ...]]]}}.\n"
      "Limits: 1 MiB per line, JSON nesting 16 deep.\n"
      "stderr: each invalid line named with its number, then a summary (lines, errors, mismatches).\n"
      "Exit: 0 all evaluated (an empty input is 0 lines, exit 0), 1 an expect mismatched, 2 a line was invalid,\n"
      "FILE could not be read, or the output could not be written.\n"
      "Example:\n"
      "  mxlane eval cases.jsonl > results.jsonl");
  return cmd;
}

int run_eval(const EvalOptions& o, std::ostream& out, std::ostream& err) {
  long lines = 0, errors = 0, mismatches = 0;
  stream_lines(
      o.file, o.threads, out,
      [](const InputLine& line) {
        if (!line.too_long)
          if (std::optional<FastEvalResult> fast = eval_line_fast(line.text, false, true))
            return LineResult{EvalOutcome::Status::ok, std::move(fast->rendered), {}};
        const EvalOutcome r = line.too_long ? too_long(line) : eval_line(line.text);
        return LineResult{r.status, dump(r.output), r.error};
      },
      [&](const InputLine& line, const LineResult& r) {
        ++lines;
        out << r.out << '\n';
        if (r.status == EvalOutcome::Status::error) {
          ++errors;
          err << fmt::format("mxlane eval: error: line {}: {}\n", line.number, r.err);
        }
        mismatches += r.status == EvalOutcome::Status::mismatch;
      });
  require_output_written(out);
  err << fmt::format("mxlane eval: {} line{}, {} error{}, {} mismatch{}\n", lines, lines == 1 ? "" : "s", errors,
                     errors == 1 ? "" : "s", mismatches, mismatches == 1 ? "" : "es");
  return errors > 0 ? kExitUsage : mismatches > 0 ? kExitMismatch : kExitOk;
}

CLI::App* register_replay(CLI::App& app, EvalOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "replay", "Check a capture file (eval lines whose \"expect\" holds hardware results) against the emulator.");
  cmd->add_option("FILE", o.file, "Capture file of JSON lines, each with \"expect\" ('-': standard input)")
      ->required()
      ->check(non_empty("an empty path ('-' is standard input)"));
  add_stream_options(cmd, o);
  cmd->add_flag("--all-diffs", o.all_diffs, "List every differing word of a mismatching line (default: the first 8)");
  cmd->footer(
      "Prints exactly one line per capture line, in order: \"match\", the mismatching words with their\n"
      "VGPR, lane and D element, or the error; then a summary on stderr.\n"
      "Exit: 0 every line matches, 1 a mismatch, 2 a line was invalid, the capture has no lines (nothing was\n"
      "checked), FILE could not be read, or the output could not be written.\n"
      "Example:\n"
      "  mxlane replay gfx1100-capture.jsonl");
  return cmd;
}

int run_replay(const EvalOptions& o, std::ostream& out, std::ostream& err) {
  long lines = 0, matched = 0, mismatched = 0, errors = 0;
  const std::size_t shown = o.all_diffs ? SIZE_MAX : 8;
  stream_lines(
      o.file, o.threads, out,
      [&](const InputLine& line) {
        if (!line.too_long)
          if (const std::optional<FastEvalResult> fast = eval_line_fast(line.text, true, false))
            return LineResult{
                EvalOutcome::Status::ok, fmt::format("line {}{}: match", line.number, id_note(fast->outcome)), {}};
        const EvalOutcome r = line.too_long ? too_long(line) : eval_line(line.text, true);
        switch (r.status) {
          case EvalOutcome::Status::error: {
            return LineResult{r.status, fmt::format("line {}{}: error: {}", line.number, id_note(r), r.error),
                              fmt::format("line {}{}: {}", line.number, id_note(r), r.error)};
          }
          case EvalOutcome::Status::ok:
            return LineResult{r.status, fmt::format("line {}{}: match", line.number, id_note(r)), {}};
          case EvalOutcome::Status::mismatch: break;
        }
        return LineResult{r.status, mismatch_line(r, line.number, shown), {}};
      },
      [&](const InputLine&, const LineResult& r) {
        ++lines;
        out << r.out << '\n';
        if (r.status == EvalOutcome::Status::error) {
          ++errors;
          err << "mxlane replay: error: " << r.err << '\n';
        }
        matched += r.status == EvalOutcome::Status::ok;
        mismatched += r.status == EvalOutcome::Status::mismatch;
      });
  require_output_written(out);
  // An empty capture checked nothing: that is not a pass.
  if (lines == 0)
    throw InvalidArgument(
        fmt::format("FILE: {} has no lines to replay", is_stdin(o.file) ? "standard input" : "'" + o.file + "'"));
  err << fmt::format("mxlane replay: {} line{}, {} match, {} mismatch, {} invalid\n", lines, lines == 1 ? "" : "s",
                     matched, mismatched, errors);
  return errors > 0 ? kExitUsage : mismatched > 0 ? kExitMismatch : kExitOk;
}

}  // namespace mxlane::cli
