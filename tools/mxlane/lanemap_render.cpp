// Lane-map output: the calculator's v{R}{L}.[hi:lo] tables (grid, markdown), CSV rows, and the
// mxlane.lanemap/1 JSON of docs/spec/interfaces.md.
#include "tools/mxlane/lanemap_render.hpp"

#include <map>
#include <nlohmann/json.hpp>

#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "layouts/slot_notation.hpp"
#include "tools/mxlane/table_text.hpp"

namespace mxlane::cli {
namespace {

using Json = nlohmann::ordered_json;

// ---- shared pieces -------------------------------------------------------------------------

// "A[M][K]", "B[K][N]", "C[M][N]", "D[M][N]": the calculator's table corner labels; a sparse A and
// its IDX fields have the K/2 stored columns.
std::string corner_label(const OperandLayout& l) {
  switch (l.operand()) {
    case Operand::A: return l.desc().family().sparse_a ? "A[M][K/2]" : "A[M][K]";
    case Operand::IDX: return "IDX[M][K/2]";
    case Operand::SA:  // one scale per row and block of 32 k (16 on gfx1250's scale16 forms)
      return fmt::format("SA[M][K/{}]", l.desc().k / l.desc().cols(Operand::SA));
    case Operand::SB: return fmt::format("SB[N][K/{}]", l.desc().k / l.desc().cols(Operand::SB));
    case Operand::B: return "B[K][N]";
    case Operand::C: return "C[M][N]";
    case Operand::D: return "D[M][N]";
  }
  return "";
}

// All placements of one element (its replicas) written as one cell: "v0{0,16}.[15:0]", with the
// NEG/ABS decoration of the calculator ("-v0{0}.[15:0]", "|v3{5}|").
std::string lane_set_text(const std::vector<Placement>& copies);
std::string cell_text(const std::vector<Placement>& copies) {
  if (copies.empty()) return "0 (no slot)";  // no register holds it: the instruction reads 0 (OperandLayout::elements)
  std::string text = lane_set_text(copies);
  if (copies.front().absolute) text = "|" + text + "|";
  if (copies.front().negated) text = "-" + text;
  return text;
}

// The slot of all copies of one element, without NEG/ABS decoration: "v0{0,16}.[15:0]".
std::string lane_set_text(const std::vector<Placement>& copies) {
  std::vector<int> lanes;
  for (const Placement& p : copies) lanes.push_back(p.slot.lane);
  return slot_notation(copies.front().slot, lanes);
}

}  // namespace

void print_text_header(const OperandLayout& l, const LanemapHeader& h, LanemapFormat format, std::ostream& out) {
  const InstrDesc& d = l.desc();
  const std::string alias = h.requested_arch != h.arch->name ? fmt::format(", requested as {}", h.requested_arch) : "";
  const std::string bold = format == LanemapFormat::markdown ? "**" : "";
  const std::string end = format == LanemapFormat::markdown   ? "  \n"
                          : format == LanemapFormat::asciidoc ? " +\n"
                                                              : "\n";
  out << bold << "Architecture:" << bold << ' ' << fmt::format("{} ({}{})", h.arch->name, h.arch->family, alias) << end;
  out << bold << "Instruction:" << bold << ' ' << fmt::format("{} ({}, wave{})", d.mnemonic, d.full_builtin(), d.wave)
      << end;
  // SA / SB: one scale per row i (column j) and k-block b (docs/cdna4.md §2.3, docs/cdna5.md §2.7).
  const std::string rows_name = l.operand() == Operand::B ? "k" : l.operand() == Operand::SB ? "j" : "i";
  const std::string cols_name = l.operand() == Operand::A || l.operand() == Operand::IDX   ? "k"
                                : l.operand() == Operand::SA || l.operand() == Operand::SB ? "k-block"
                                                                                           : "j";
  out << bold << "Operand:" << bold << ' '
      << fmt::format("{}, {} x {} (rows {}, cols {}), {} block{}, {} VGPR{} per lane, {}-bit {} elements",
                     operand_name(l.operand()), l.rows(), l.cols(), rows_name, cols_name, l.blocks(),
                     l.blocks() > 1 ? "s" : "", l.vgprs(), l.vgprs() > 1 ? "s" : "", l.element_bits(),
                     elem_name(operand_type(d, l.operand(), l.modifiers())))
      << end;
  out << bold << "Modifiers:" << bold << ' ' << format_modifiers(d, l.modifiers()) << end;
  for (const std::string& note : l.notes()) out << bold << "Note:" << bold << ' ' << note << end;
  if (format == LanemapFormat::markdown || format == LanemapFormat::asciidoc) out << '\n';
}

Json header_json(const OperandLayout& l, const LanemapHeader& h) {
  const InstrDesc& d = l.desc();
  Json mods = Json::object();
  for (const ModifierRange& r : legal_modifiers(d)) mods[r.name] = modifier_value(l.modifiers(), r.name);
  Json options = Json::object();
  for (const SwitchInfo& s : all_switches()) options[std::string(s.name)] = switch_value_name(l.switches(), s.id);
  return Json{{"format", "mxlane.lanemap/1"},
              {"arch", h.arch->name},
              {"inst", d.mnemonic},
              {"builtin", d.full_builtin()},
              {"operand", operand_name(l.operand())},
              {"wave", d.wave},
              {"mods", mods},
              {"options", options},
              {"rows", l.rows()},
              {"cols", l.cols()},
              {"blocks", l.blocks()},
              {"vgprs", l.vgprs()},
              {"element_bits", l.element_bits()},
              {"notes", l.notes()}};
}

namespace {

Json entry_json(const Placement& p) {
  Json e{{"block", p.block},        {"row", p.row},        {"col", p.col},
         {"lane", p.slot.lane},     {"vgpr", p.slot.vgpr}, {"bit_lo", p.slot.bit_lo},
         {"bit_hi", p.slot.bit_hi}, {"replica", p.replica}};
  if (p.negated) e["neg"] = true;
  if (p.absolute) e["abs"] = true;
  return e;
}

constexpr const char* kCsvHeader = "block,row,col,lane,vgpr,bit_lo,bit_hi,replica,neg,abs\n";

void csv_row(const Placement& p, std::ostream& out) {
  out << fmt::format("{},{},{},{},{},{},{},{},{},{}\n", p.block, p.row, p.col, p.slot.lane, p.slot.vgpr, p.slot.bit_lo,
                     p.slot.bit_hi, p.replica, p.negated ? 1 : 0, p.absolute ? 1 : 0);
}

// Groups placements of one element by slot (ignoring the lane) so replicas print as one lane set.
std::vector<std::vector<Placement>> group_by_slot(const std::vector<Placement>& placements) {
  std::vector<std::vector<Placement>> groups;
  for (const Placement& p : placements) {
    bool placed = false;
    for (auto& g : groups) {
      const Slot& s = g.front().slot;
      if (s.vgpr == p.slot.vgpr && s.bit_lo == p.slot.bit_lo && s.bit_hi == p.slot.bit_hi) {
        g.push_back(p);
        placed = true;
        break;
      }
    }
    if (!placed) groups.push_back({p});
  }
  return groups;
}

}  // namespace

TableStyle table_style(LanemapFormat format) {
  switch (format) {
    case LanemapFormat::markdown: return TableStyle::markdown;
    case LanemapFormat::asciidoc: return TableStyle::asciidoc;
    case LanemapFormat::csv: return TableStyle::csv;
    default: return TableStyle::grid;
  }
}

void render_dump(const OperandLayout& l, const LanemapHeader& h, LanemapFormat format, std::ostream& out,
                 bool transpose) {
  const std::vector<Placement> all = l.all();
  if (format == LanemapFormat::json) {
    Json doc = header_json(l, h);
    Json entries = Json::array();
    for (const Placement& p : all) entries.push_back(entry_json(p));
    doc["entries"] = std::move(entries);
    out << doc.dump() << '\n';
    return;
  }
  if (format == LanemapFormat::csv) {
    out << kCsvHeader;
    for (const Placement& p : all) csv_row(p, out);
    return;
  }
  print_text_header(l, h, format, out);
  const std::vector<std::vector<Placement>> elements = l.elements();
  std::size_t next = 0;
  for (int b = 0; b < l.blocks(); ++b) {
    if (l.blocks() > 1)
      out << (format == LanemapFormat::markdown   ? fmt::format("**Block {}**\n\n", b)
              : format == LanemapFormat::asciidoc ? fmt::format(".Block {}\n", b)
                                                  : fmt::format("Block {}\n", b));
    TextTable table;
    table.header.push_back(corner_label(l));
    for (int c = 0; c < l.cols(); ++c) table.header.push_back(std::to_string(c));
    std::vector<std::vector<std::string>>& rows = table.rows;
    for (int r = 0; r < l.rows(); ++r) {
      std::vector<std::string> row{std::to_string(r)};
      for (int c = 0; c < l.cols(); ++c) {
        row.push_back(cell_text(elements[next++]));
      }
      rows.push_back(std::move(row));
    }
    print_table(transpose ? transposed(table) : table, table_style(format), out);
    if (format == LanemapFormat::markdown || format == LanemapFormat::asciidoc) out << '\n';
  }
}

void render_forward(const OperandLayout& l, const LanemapHeader& h, LanemapFormat format, int block, int row, int col,
                    std::ostream& out) {
  const std::vector<Placement> placements = l.forward(block, row, col);
  if (format == LanemapFormat::json) {
    Json doc = header_json(l, h);
    doc["query"] = Json{{"element", {block, row, col}}};
    Json entries = Json::array();
    for (const Placement& p : placements) entries.push_back(entry_json(p));
    doc["entries"] = std::move(entries);
    if (placements.empty()) doc["held"] = false;  // no register holds it: it reads as 0 (see the notes)
    out << doc.dump() << '\n';
    return;
  }
  if (format == LanemapFormat::csv) {
    out << kCsvHeader;
    for (const Placement& p : placements) csv_row(p, out);
    return;
  }
  print_text_header(l, h, format, out);
  if (placements.empty())
    out << (format == LanemapFormat::markdown ? "- " : "")
        << fmt::format("{} = 0: no register holds it (see the note above)\n",
                       element_notation(l.operand(), unplaced(block, row, col), l.blocks() > 1));
  for (const auto& group : group_by_slot(placements))
    out << (format == LanemapFormat::markdown ? "- " : "")
        << fmt::format("{} = {}", element_notation(l.operand(), group.front(), l.blocks() > 1), lane_set_text(group))
        << '\n';
}

void render_inverse(const OperandLayout& l, const LanemapHeader& h, LanemapFormat format, int vgpr, int lane,
                    std::ostream& out) {
  const std::vector<SlotContents> slots = l.inverse(vgpr, lane);
  if (format == LanemapFormat::json) {
    Json doc = header_json(l, h);
    doc["query"] = Json{{"vgpr", vgpr}, {"lane", lane}};
    Json slot_list = Json::array();
    Json entries = Json::array();
    for (const SlotContents& s : slots) {
      Json elements = Json::array();
      for (const Placement& p : s.elements) {
        Json e{{"block", p.block}, {"row", p.row}, {"col", p.col}, {"replica", p.replica}};
        if (p.negated) e["neg"] = true;
        if (p.absolute) e["abs"] = true;
        elements.push_back(e);
        entries.push_back(entry_json(p));
      }
      slot_list.push_back(Json{{"lane", s.slot.lane},
                               {"vgpr", s.slot.vgpr},
                               {"bit_lo", s.slot.bit_lo},
                               {"bit_hi", s.slot.bit_hi},
                               {"elements", elements}});
    }
    doc["slots"] = std::move(slot_list);
    doc["entries"] = std::move(entries);
    out << doc.dump() << '\n';
    return;
  }
  if (format == LanemapFormat::csv) {
    out << kCsvHeader;
    for (const SlotContents& s : slots) {
      if (s.elements.empty())
        out << fmt::format(",,,{},{},{},{},,,\n", s.slot.lane, s.slot.vgpr, s.slot.bit_lo, s.slot.bit_hi);
      for (const Placement& p : s.elements) csv_row(p, out);
    }
    return;
  }
  print_text_header(l, h, format, out);
  for (const SlotContents& s : slots) {
    std::string held;
    for (const Placement& p : s.elements) append_item(held, element_notation(l.operand(), p, l.blocks() > 1), " ");
    if (held.empty()) held = "(not used)";
    std::string where = slot_notation(s.slot);
    if (s.slot.width() == 64)
      where += fmt::format(" (v{} holds bits [{}])", vgpr, vgpr == s.slot.vgpr ? "31:0" : "63:32");
    out << (format == LanemapFormat::markdown ? "- " : "") << where << " = " << held << '\n';
  }
}

}  // namespace mxlane::cli
