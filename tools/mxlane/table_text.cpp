// Printing a TextTable in the four table styles.
#include "tools/mxlane/table_text.hpp"

#include <algorithm>

#include "fmt/format.h"

namespace mxlane::cli {
namespace {

// '|' separates cells in markdown and AsciiDoc; the |C| marks of NEG_HI[2] must not.
std::string escape_bars(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

// RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled.
std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

void print_grid(const TextTable& t, std::ostream& out) {
  std::vector<std::size_t> width(t.header.size());
  for (std::size_t c = 0; c < t.header.size(); ++c) {
    width[c] = t.header[c].size() + 2;  // tabulate's minimum padding for headed columns
    for (const auto& r : t.rows) width[c] = std::max(width[c], r[c].size());
  }
  auto rule = [&](char fill) {
    out << '+';
    for (std::size_t w : width) out << std::string(w + 2, fill) << '+';
    out << '\n';
  };
  auto line = [&](const std::vector<std::string>& cells) {
    out << '|';
    for (std::size_t c = 0; c < cells.size(); ++c)
      out << ' ' << (c == 0 ? fmt::format("{:>{}}", cells[c], width[c]) : fmt::format("{:<{}}", cells[c], width[c]))
          << " |";
    out << '\n';
  };
  rule('-');
  line(t.header);
  rule('=');
  for (const auto& r : t.rows) {
    line(r);
    rule('-');
  }
}

}  // namespace

TextTable transposed(const TextTable& t) {
  std::vector<std::vector<std::string>> all{t.header};
  all.insert(all.end(), t.rows.begin(), t.rows.end());
  TextTable out;
  for (std::size_t c = 0; c < t.header.size(); ++c) {
    std::vector<std::string> column;
    for (const auto& r : all) column.push_back(r[c]);
    if (c == 0)
      out.header = std::move(column);
    else
      out.rows.push_back(std::move(column));
  }
  return out;
}

void print_table(const TextTable& t, TableStyle style, std::ostream& out) {
  switch (style) {
    case TableStyle::grid: print_grid(t, out); return;
    case TableStyle::markdown: {
      auto line = [&](const std::vector<std::string>& cells) {
        out << '|';
        for (const std::string& c : cells) out << ' ' << escape_bars(c) << " |";
        out << '\n';
      };
      line(t.header);
      out << "|--:|";
      for (std::size_t c = 1; c < t.header.size(); ++c) out << ":--|";
      out << '\n';
      for (const auto& r : t.rows) line(r);
      return;
    }
    case TableStyle::asciidoc: {
      auto line = [&](const std::vector<std::string>& cells) {
        for (std::size_t c = 0; c < cells.size(); ++c) out << (c == 0 ? "|" : " |") << escape_bars(cells[c]);
        out << '\n';
      };
      out << fmt::format("[cols=\">1,{}*<1\",options=\"header\"]\n|===\n", t.header.size() - 1);
      line(t.header);
      for (const auto& r : t.rows) line(r);
      out << "|===\n";
      return;
    }
    case TableStyle::csv: {
      auto line = [&](const std::vector<std::string>& cells) {
        for (std::size_t c = 0; c < cells.size(); ++c) out << (c == 0 ? "" : ",") << csv_cell(cells[c]);
        out << '\n';
      };
      line(t.header);
      for (const auto& r : t.rows) line(r);
      return;
    }
  }
}

}  // namespace mxlane::cli
