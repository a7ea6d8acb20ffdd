// Markdown documents whose ```console blocks hold `$ mxlane ...` commands: parsing them, running
// each command in-process, and rendering the block with the program's real output. README.md is
// checked against it (tests/docs) and docs/tutorial.md is generated from docs/tutorial.md.in.
#pragma once

#include <string>
#include <vector>

namespace mxlane::docgen {

// One `$ mxlane ...` line of a console block and the text printed after it in the document.
struct ConsoleCommand {
  std::string command;  // without the "$ "
  std::string printed;  // the lines that follow it in the document, each ending in "\n"
};

// The commands of every ```console block of `markdown`, in order.
std::vector<ConsoleCommand> console_commands(const std::string& markdown);

// Splits a command line into words: whitespace separates them, '...' quotes one (no escapes, as
// in a POSIX shell). Throws InvalidArgument for an unterminated quote.
std::vector<std::string> split_command(const std::string& command);

// What running `command` (which must start with "mxlane") prints, as a reader would see it in a
// terminal: standard output, then standard error, then "[exit status N]" when N is not 0.
std::string run_console_command(const std::string& command);

// `markdown` with every console block's printed text replaced by the real output of its commands.
std::string render_console_blocks(const std::string& markdown);

}  // namespace mxlane::docgen
