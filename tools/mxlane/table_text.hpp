// Text tables for lanemap's dumps: tabulate's "grid" style (what the calculator prints), GitHub
// markdown, AsciiDoc and CSV, optionally transposed (the calculator's --transpose).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace mxlane::cli {

enum class TableStyle { grid, markdown, asciidoc, csv };

struct TextTable {
  std::vector<std::string> header;             // the corner label, then the column labels
  std::vector<std::vector<std::string>> rows;  // each: the row label, then the cells
};

// Rows become columns; the corner label stays in the corner.
TextTable transposed(const TextTable& table);

// The first column (row labels) is right-aligned in grid and markdown, the others left-aligned.
void print_table(const TextTable& table, TableStyle style, std::ostream& out);

}  // namespace mxlane::cli
