// Console blocks of markdown documents: parse, run in-process, render (console_doc.hpp).
#include "tools/docgen/console_doc.hpp"

#include <sstream>

#include "emu/isa/errors.hpp"
#include "tools/mxlane/cli.hpp"

namespace mxlane::docgen {
namespace {

bool is_fence(const std::string& line) { return line.rfind("```", 0) == 0; }

// Calls on_line(line, in_console_block) for each line of `markdown` (fences count as outside).
template <typename OnLine>
void for_each_line(const std::string& markdown, OnLine on_line) {
  std::istringstream in(markdown);
  bool in_console = false;
  for (std::string line; std::getline(in, line);) {
    if (is_fence(line)) {
      on_line(line, false);
      in_console = !in_console && line == "```console";
      continue;
    }
    on_line(line, in_console);
  }
}

}  // namespace

std::vector<ConsoleCommand> console_commands(const std::string& markdown) {
  std::vector<ConsoleCommand> commands;
  for_each_line(markdown, [&](const std::string& line, bool in_console) {
    if (!in_console) return;
    if (line.rfind("$ ", 0) == 0)
      commands.push_back({line.substr(2), ""});
    else if (!commands.empty())
      commands.back().printed += line + "\n";
  });
  return commands;
}

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false, quoted = false;
  for (char c : command) {
    if (quoted) {
      if (c == '\'')
        quoted = false;
      else
        word += c;
    } else if (c == '\'') {
      quoted = in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quoted) throw InvalidArgument("unterminated ' in the command: " + command);
  if (in_word) words.push_back(word);
  return words;
}

std::string run_console_command(const std::string& command) {
  const std::vector<std::string> args = split_command(command);
  if (args.empty() || args.front() != "mxlane")
    throw InvalidArgument("a console block command must start with 'mxlane': " + command);
  std::ostringstream out, err;
  const int code = cli::run_cli(args, out, err);
  std::string shown = out.str() + err.str();
  if (code != 0) shown += "[exit status " + std::to_string(code) + "]\n";
  return shown;
}

std::string render_console_blocks(const std::string& markdown) {
  std::string rendered;
  for_each_line(markdown, [&](const std::string& line, bool in_console) {
    if (!in_console) {
      rendered += line + "\n";
    } else if (line.rfind("$ ", 0) == 0) {
      rendered += line + "\n" + run_console_command(line.substr(2));
    }  // other lines of a console block are output: replaced by the real output
  });
  return rendered;
}

}  // namespace mxlane::docgen
