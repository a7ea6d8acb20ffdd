// The register x lane table of an operand, built from the layout's inverse queries, in the table
// formats, as mxlane.lanemap/1 JSON with "view": "registers", and as an SVG table.
#include "tools/mxlane/register_view.hpp"

#include <algorithm>

#include "fmt/format.h"
#include "layouts/slot_notation.hpp"
#include "tools/mxlane/table_text.hpp"
#include "tools/mxlane/xml_text.hpp"

namespace mxlane::cli {
namespace {

using Json = nlohmann::ordered_json;

// One column: a slot (lane 0's coordinates stand for every lane) and what each lane holds there.
struct Column {
  Slot slot;
  std::vector<std::vector<Placement>> lanes;
};

// "v0.[15:0]", "v3", "v[1:0]": a slot without its lane, the calculator's column label.
std::string column_label(const Slot& s) {
  if (s.width() == 64) return fmt::format("v[{}:{}]", s.vgpr + 1, s.vgpr);
  if (s.width() == 32) return fmt::format("v{}", s.vgpr);
  return fmt::format("v{}.[{}:{}]", s.vgpr, s.bit_hi, s.bit_lo);
}

// Every slot the operand uses in some lane, in register and bit order. A slot no lane uses (the
// unwritten half of a 16-bit RDNA3 C/D VGPR) gets no column, as in the calculator.
std::vector<Column> columns_of(const OperandLayout& l) {
  std::vector<Column> columns;
  const int step = l.element_bits() == 64 ? 2 : 1;
  for (int vgpr = 0; vgpr < l.vgprs(); vgpr += step) {
    std::vector<Column> in_vgpr;
    for (int lane = 0; lane < l.wave(); ++lane) {
      const std::vector<SlotContents> slots = l.inverse(vgpr, lane);
      if (in_vgpr.empty())
        for (const SlotContents& s : slots) in_vgpr.push_back(Column{s.slot, {}});
      for (std::size_t n = 0; n < slots.size(); ++n) in_vgpr[n].lanes.push_back(slots[n].elements);
    }
    for (Column& c : in_vgpr)
      if (std::any_of(c.lanes.begin(), c.lanes.end(), [](const auto& e) { return !e.empty(); }))
        columns.push_back(std::move(c));
  }
  return columns;
}

std::string cell_text(const OperandLayout& l, const std::vector<Placement>& elements) {
  std::string text;
  for (const Placement& p : elements) {
    if (!text.empty()) text += ' ';
    text += element_notation(l.operand(), p, l.blocks() > 1);
  }
  return text;
}

TextTable table_of(const OperandLayout& l, const std::vector<Column>& columns) {
  TextTable t;
  t.header.push_back("lane");
  for (const Column& c : columns) t.header.push_back(column_label(c.slot));
  for (int lane = 0; lane < l.wave(); ++lane) {
    std::vector<std::string> row{std::to_string(lane)};
    for (const Column& c : columns) row.push_back(cell_text(l, c.lanes[static_cast<std::size_t>(lane)]));
    t.rows.push_back(std::move(row));
  }
  return t;
}

Json json_of(const OperandLayout& l, const LanemapHeader& h, const std::vector<Column>& columns) {
  // Another shape than mxlane.lanemap/1's entries, so its own format name (docs/spec/interfaces.md).
  Json doc = header_json(l, h);
  doc["format"] = "mxlane.lanemap.registers/1";
  Json cols = Json::array();
  for (const Column& c : columns)
    cols.push_back(Json{
        {"label", column_label(c.slot)}, {"vgpr", c.slot.vgpr}, {"bit_lo", c.slot.bit_lo}, {"bit_hi", c.slot.bit_hi}});
  doc["columns"] = std::move(cols);
  Json lanes = Json::array();
  for (int lane = 0; lane < l.wave(); ++lane) {
    Json cells = Json::array();
    for (const Column& c : columns) {
      Json elements = Json::array();
      for (const Placement& p : c.lanes[static_cast<std::size_t>(lane)]) {
        Json e{{"block", p.block}, {"row", p.row}, {"col", p.col}};
        if (p.negated) e["neg"] = true;
        if (p.absolute) e["abs"] = true;
        elements.push_back(e);
      }
      cells.push_back(std::move(elements));
    }
    lanes.push_back(Json{{"lane", lane}, {"cells", std::move(cells)}});
  }
  doc["lanes"] = std::move(lanes);
  return doc;
}

// The table as an SVG: a title, a header row and column, alternating row shades, empty cells grey.
std::string svg_of(const OperandLayout& l, const LanemapHeader& h, const TextTable& t) {
  constexpr int kCharWidth = 7, kRowHeight = 18, kPad = 6, kTitleHeight = 44;
  std::vector<int> widths;
  for (std::size_t c = 0; c < t.header.size(); ++c) {
    std::size_t chars = t.header[c].size();
    for (const auto& r : t.rows) chars = std::max(chars, r[c].size());
    widths.push_back(static_cast<int>(chars) * kCharWidth + 2 * kPad);
  }
  int total_width = 0;
  for (int w : widths) total_width += w;
  const int width = std::max(total_width, 480) + 2 * kPad;
  const int height = kTitleHeight + kRowHeight * static_cast<int>(t.rows.size() + 1) + 2 * kPad;
  const InstrDesc& d = l.desc();
  std::string s = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"monospace\" font-size=\"12\">\n",
      width, height);
  s += fmt::format("<title>{}</title>\n", xml_escape(fmt::format("{} {} {}: registers x lanes", h.arch->name,
                                                                 d.mnemonic, operand_name(l.operand()))));
  s +=
      fmt::format("<text x=\"{}\" y=\"18\" font-size=\"14\" font-weight=\"bold\">{}</text>\n", kPad,
                  xml_escape(fmt::format("{} ({}) {} {}: which element each register slot holds", d.mnemonic,
                                         h.arch->name, operand_name(l.operand()), format_modifiers(d, l.modifiers()))));
  s += fmt::format(
      "<text x=\"{}\" y=\"36\">{}</text>\n", kPad,
      xml_escape("rows and columns: lanes and register slots (v{R}.[hi:lo], relative to the operand's first VGPR)"));
  auto row_of = [&](const std::vector<std::string>& cells, int y, bool header, bool shade) {
    int x = kPad;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const bool label = header || c == 0;
      const std::string fill = label ? "#d9d9d9" : cells[c].empty() ? "#f2f2f2" : shade ? "#e8f0fb" : "#ffffff";
      s += fmt::format(
          "<g class=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#808080\" "
          "stroke-width=\"0.5\"/><text x=\"{}\" y=\"{}\"{}>{}</text></g>\n",
          label ? "label" : "cell", x, y, widths[c], kRowHeight, fill, x + kPad, y + kRowHeight - 5,
          label ? " font-weight=\"bold\"" : "", xml_escape(cells[c]));
      x += widths[c];
    }
  };
  int y = kTitleHeight + kPad;
  row_of(t.header, y, true, false);
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    y += kRowHeight;
    row_of(t.rows[r], y, false, r % 2 == 1);
  }
  return s + "</svg>\n";
}

}  // namespace

void render_register_view(const OperandLayout& l, const LanemapHeader& h, RegisterViewFormat format, bool transpose,
                          std::ostream& out) {
  const std::vector<Column> columns = columns_of(l);
  if (format == RegisterViewFormat::json) {
    out << json_of(l, h, columns).dump() << '\n';
    return;
  }
  TextTable table = table_of(l, columns);
  if (transpose) table = transposed(table);
  switch (format) {
    case RegisterViewFormat::svg: out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" << svg_of(l, h, table); return;
    case RegisterViewFormat::csv: print_table(table, TableStyle::csv, out); return;
    case RegisterViewFormat::markdown:
      print_text_header(l, h, LanemapFormat::markdown, out);
      print_table(table, TableStyle::markdown, out);
      return;
    case RegisterViewFormat::asciidoc:
      print_text_header(l, h, LanemapFormat::asciidoc, out);
      print_table(table, TableStyle::asciidoc, out);
      return;
    default: print_text_header(l, h, LanemapFormat::grid, out); print_table(table, TableStyle::grid, out);
  }
}

}  // namespace mxlane::cli
