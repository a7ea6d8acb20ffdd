// One operand as an SVG figure: a grid per block with row/column labels, K-group bands, and a cell
// per element whose stripes are its storage slots.
#include "tools/mxlane/picture_svg.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "layouts/feeding_slots.hpp"
#include "layouts/slot_notation.hpp"
#include "tools/mxlane/picture_style.hpp"
#include "tools/mxlane/xml_text.hpp"

namespace mxlane::cli {
namespace {

using namespace picture;

constexpr int kRowHeader = 30;
constexpr int kColHeader = 15;
constexpr int kBandAbove = 26;  // A: K-group band above the columns
constexpr int kBandLeft = 62;   // B: K-group band left of the rows
constexpr int kCaption = 17;    // "block b" above each sub-grid of a multi-block operand
constexpr int kBlockGap = 20;
constexpr int kMaxGridWidth = 1800;
constexpr int kMinStandaloneWidth = 660;

// The operand's own coordinate names (docs/spec/interfaces.md): A is i x k, B is k x j, C and D are i x j.
struct Axes {
  char row, col;
};
Axes axes(Operand op) {
  if (op == Operand::A) return {'i', 'k'};
  if (op == Operand::B) return {'k', 'j'};
  return {'i', 'j'};
}

// One element: its copies (storage slots) and, when a lane remap makes it read another element's
// slot, that element.
struct Cell {
  std::vector<Placement> copies;
  std::optional<Placement> source;
};

// A run of k values held by the same lanes (docs/spec/layouts.md §5.2: lanes carry the high bits of k).
struct KGroup {
  int first, last;
};

std::string join_ints(const std::set<int>& values) {
  std::string s;
  for (int v : values) append_item(s, std::to_string(v));
  return s;
}

std::vector<Cell> build_cells(const OperandLayout& l) {
  // The element that owns a slot without CBSZ/ABID/BLGP: the source of a remapped read.
  std::optional<OperandLayout> natural;
  if (!l.remap().is_identity()) {
    Modifiers plain = l.modifiers();
    plain.cbsz = plain.abid = plain.blgp = 0;
    natural.emplace(l.desc(), l.operand(), plain, l.switches());
  }
  std::vector<Cell> cells;
  for (std::vector<Placement>& copies : l.elements()) {
    Cell cell;
    cell.copies = std::move(copies);
    if (cell.copies.empty()) {  // no register holds it (it reads 0): drawn as an empty cell
      cells.push_back(std::move(cell));
      continue;
    }
    const Placement& p = cell.copies.front();
    if (natural && p.slot.lane != l.bit_layout().lane_of(Coords{p.block, p.row, p.col, 0})) {
      for (const SlotContents& s : natural->inverse(p.slot.vgpr, p.slot.lane))
        if (s.slot == p.slot && !s.elements.empty()) cell.source = s.elements.front();
    }
    cells.push_back(std::move(cell));
  }
  return cells;
}

std::vector<KGroup> k_groups(const OperandLayout& l) {
  if (l.operand() != Operand::A && l.operand() != Operand::B) return {};
  const bool is_a = l.operand() == Operand::A;
  const int depth = is_a ? l.cols() : l.rows();
  const auto lanes_of_k = [&](int k) {  // the lane bits k contributes (layouts are bit permutations)
    return l.bit_layout().lane_of(Coords{0, is_a ? 0 : k, is_a ? k : 0, 0}) ^ l.bit_layout().lane_of(Coords{});
  };
  std::vector<KGroup> groups;
  for (int k = 0; k < depth; ++k) {
    if (k == 0 || lanes_of_k(k) != lanes_of_k(k - 1))
      groups.push_back({k, k});
    else
      groups.back().last = k;
  }
  return groups.size() > 1 ? groups : std::vector<KGroup>{};
}

// "←b2", "←k1", "←b2 k1": the coordinates of the element whose slot is read instead.
std::string remap_mark(const Cell& cell, Axes ax) {
  if (!cell.source) return "";
  const Placement& own = cell.copies.front();
  const Placement& src = *cell.source;
  std::string parts;
  if (src.block != own.block) append_item(parts, fmt::format("b{}", src.block), " ");
  if (src.row != own.row) append_item(parts, fmt::format("{}{}", ax.row, src.row), " ");
  if (src.col != own.col) append_item(parts, fmt::format("{}{}", ax.col, src.col), " ");
  return "\u2190" + parts;
}

// Text lines wrapped at word boundaries to `width` pixels of monospace text.
std::vector<std::string> wrap(const std::string& text, int width) {
  const auto limit = static_cast<std::size_t>(std::max(20.0, width / kCharWidth));
  std::vector<std::string> lines;
  std::string line;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(pos, end - pos);
    if (!line.empty() && line.size() + 1 + word.size() > limit) {
      lines.push_back(line);
      line.clear();
    }
    append_item(line, word, " ");
    pos = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

struct Geometry {
  int cell_w = 0, cell_h = 0;
  bool bits_line = false, remap_line = false;
  CellLines lines;
  int band_above = 0, band_left = 0, caption = 0;
  int block_w = 0, block_h = 0, per_row = 1, grid_w = 0, grid_h = 0;
};

Geometry geometry(const OperandLayout& l, const std::vector<Cell>& cells, bool has_k_groups) {
  Geometry g;
  g.cell_w = std::max(kCellWidth, kStripeWidth * l.replicas());
  g.bits_line = l.element_bits() < 32;
  g.remap_line = std::any_of(cells.begin(), cells.end(), [](const Cell& c) { return c.source.has_value(); });
  g.lines = cell_lines(g.bits_line, g.remap_line, l.replicas() > 1);
  g.cell_h = g.lines.height;
  if (has_k_groups)
    (l.operand() == Operand::A ? g.band_above : g.band_left) = l.operand() == Operand::A ? kBandAbove : kBandLeft;
  g.caption = l.blocks() > 1 ? kCaption : 0;
  g.block_w = g.band_left + kRowHeader + l.cols() * g.cell_w;
  g.block_h = g.caption + g.band_above + kColHeader + l.rows() * g.cell_h;
  g.per_row = std::clamp((kMaxGridWidth + kBlockGap) / (g.block_w + kBlockGap), 1, l.blocks());
  const int block_rows = (l.blocks() + g.per_row - 1) / g.per_row;
  g.grid_w = g.per_row * g.block_w + (g.per_row - 1) * kBlockGap;
  g.grid_h = block_rows * g.block_h + (block_rows - 1) * kBlockGap;
  return g;
}

// Register text of a cell: "v3", "v[1:0]", with "-" for NEG/NEG_HI and |..| for NEG_HI[2].
std::string register_text(const Placement& p) {
  std::string text =
      p.slot.width() == 64 ? fmt::format("v[{}:{}]", p.slot.vgpr + 1, p.slot.vgpr) : fmt::format("v{}", p.slot.vgpr);
  if (p.absolute) text = "|" + text + "|";
  if (p.negated) text = "\u2212" + text;
  return text;
}

std::string cell_title(const OperandLayout& l, const Cell& cell) {
  std::vector<int> lanes;
  for (const Placement& p : cell.copies) lanes.push_back(p.slot.lane);
  const Placement& p = cell.copies.front();
  std::string title =
      fmt::format("{} = {}", element_notation(l.operand(), p, l.blocks() > 1), slot_notation(p.slot, lanes));
  if (cell.copies.size() > 1) title += fmt::format(" ({} copies)", cell.copies.size());
  if (cell.source)
    title += fmt::format("; read from the slot of {} ({})", element_notation(l.operand(), *cell.source, l.blocks() > 1),
                         l.operand() == Operand::A ? "CBSZ/ABID" : "BLGP");
  return title;
}

// data-fa / data-fb / data-fc of a D cell: the slots feeding it (FeedingSlots), as ids.
std::string feed_attributes(const FeedingSlots& feeds, const Placement& d) {
  const OutputFeeds f = feeds.of(d.block, d.row, d.col);
  std::string a, b;
  for (const FeedingSlot& s : f.a)
    if (!s.zero) append_item(a, slot_id(Operand::A, s.read), " ");  // a k with no stored SMFMAC value reads no slot
  for (const FeedingSlot& s : f.b) append_item(b, slot_id(Operand::B, s.read), " ");
  return fmt::format(" data-fa=\"{}\" data-fb=\"{}\" data-fc=\"{}\"", a, b, slot_id(Operand::C, f.c.read));
}

void draw_cell(const OperandLayout& l, const Cell& cell, const Geometry& g, int x, int y, const SvgFigureOptions& o,
               const FeedingSlots* feeds, std::string& out) {
  const Placement& first = cell.copies.front();
  std::string classes = "el";
  if (first.negated || first.absolute) classes += " neg";
  if (cell.source) classes += " rm";
  // tabindex: every cell takes keyboard focus (the HTML page lights the same slots on focus as on hover).
  out += fmt::format("<g class=\"{}\" tabindex=\"0\" data-e=\"{},{},{}\" transform=\"translate({},{})\"{}>", classes,
                     first.block, first.row, first.col, x, y, feeds ? feed_attributes(*feeds, first) : std::string());
  out += "<title>" + xml_escape(cell_title(l, cell)) + "</title>";
  const int stripes = static_cast<int>(cell.copies.size());
  const CellLines& t = g.lines;
  if (t.band_h > 0)
    out += fmt::format("<rect class=\"band\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\"/>", g.cell_w, t.band_h);
  for (int n = 0; n < stripes; ++n) {
    const Placement& p = cell.copies[static_cast<std::size_t>(n)];
    const int sx = g.cell_w * n / stripes;
    const int sw = g.cell_w * (n + 1) / stripes - sx;
    out += fmt::format(
        "<g class=\"slot\" id=\"{}\" data-r=\"{}\" data-slot=\"{},{},{},{}\"><rect class=\"{}\" x=\"{}\" y=\"{}\" "
        "width=\"{}\" height=\"{}\"/><text x=\"{}\" y=\"{}\">L{}</text></g>",
        slot_id(l.operand(), p), p.replica, p.slot.lane, p.slot.vgpr, p.slot.bit_lo, p.slot.bit_hi, fill_class(p.slot),
        sx, t.band_h, sw, g.cell_h - t.band_h, sx + sw / 2, t.lane_y, p.slot.lane);
  }
  const int mid = g.cell_w / 2;
  out += fmt::format("<text class=\"rg\" x=\"{}\" y=\"{}\">{}</text>", mid, t.reg_y, register_text(first));
  if (g.bits_line)
    out += fmt::format("<text x=\"{}\" y=\"{}\">[{}:{}]</text>", mid, t.bits_y, first.slot.bit_hi, first.slot.bit_lo);
  if (cell.source) {
    out += fmt::format("<text class=\"rmk\" x=\"{}\" y=\"{}\">{}</text>", mid, t.mark_y,
                       remap_mark(cell, axes(l.operand())));
    out += fmt::format("<rect class=\"rmo\" x=\"2\" y=\"2\" width=\"{}\" height=\"{}\"/>", g.cell_w - 4, g.cell_h - 4);
  }
  if (o.highlight && std::any_of(cell.copies.begin(), cell.copies.end(), o.highlight))
    out += fmt::format("<rect class=\"q\" x=\"2\" y=\"2\" width=\"{}\" height=\"{}\"/>", g.cell_w - 4, g.cell_h - 4);
  out += "</g>";
}

// Block captions: "block 2 · source for blocks 0, 1, 3", "block 0 · reads block 2".
std::string block_caption(int block, const std::map<int, std::set<int>>& reads_from) {
  std::string caption = fmt::format("block {}", block);
  const auto own = reads_from.find(block);
  if (own != reads_from.end())
    caption += fmt::format(" \u00b7 reads block{} {}", own->second.size() > 1 ? "s" : "", join_ints(own->second));
  std::set<int> readers;
  for (const auto& [reader, sources] : reads_from)
    if (sources.count(block) != 0) readers.insert(reader);
  if (!readers.empty())
    caption += fmt::format(" \u00b7 source for block{} {}", readers.size() > 1 ? "s" : "", join_ints(readers));
  return caption;
}

void draw_block(const OperandLayout& l, const std::vector<Cell>& cells, const std::vector<KGroup>& groups,
                const std::map<int, std::set<int>>& reads_from, const Geometry& g, int block, int ox, int oy,
                const SvgFigureOptions& o, const FeedingSlots* feeds, std::string& out) {
  const Axes ax = axes(l.operand());
  if (g.caption)
    out += fmt::format("<text class=\"cap sans tl\" x=\"{}\" y=\"{}\">{}</text>", ox, oy + 12,
                       xml_escape(block_caption(block, reads_from)));
  const int gx = ox + g.band_left + kRowHeader;
  const int gy = oy + g.caption + g.band_above + kColHeader;
  const auto cell_at = [&](int r, int c) -> const Cell& {
    return cells[static_cast<std::size_t>((block * l.rows() + r) * l.cols() + c)];
  };
  for (int c = 0; c < l.cols(); ++c)
    out += fmt::format("<text class=\"hd\" x=\"{}\" y=\"{}\">{}{}</text>", gx + c * g.cell_w + g.cell_w / 2, gy - 4,
                       ax.col, c);
  for (int r = 0; r < l.rows(); ++r)
    out += fmt::format("<text class=\"hd rh\" x=\"{}\" y=\"{}\">{}{}</text>", gx - 4,
                       gy + r * g.cell_h + g.cell_h / 2 + 3, ax.row, r);
  // K groups: a band naming the lanes each run of k is read from, and a thick line between runs.
  for (std::size_t n = 0; n < groups.size(); ++n) {
    const KGroup& kg = groups[n];
    int lo = 64, hi = -1;
    for (int k = kg.first; k <= kg.last; ++k)
      for (int other = 0; other < (l.operand() == Operand::A ? l.rows() : l.cols()); ++other)
        for (const Placement& p : (l.operand() == Operand::A ? cell_at(other, k) : cell_at(k, other)).copies) {
          lo = std::min(lo, p.slot.lane);
          hi = std::max(hi, p.slot.lane);
        }
    const std::string lanes = lo == hi ? fmt::format("L{}", lo) : fmt::format("L{}\u2013{}", lo, hi);
    const int span = kg.last - kg.first + 1;
    if (l.operand() == Operand::A) {
      const int bx = gx + kg.first * g.cell_w;
      const int by = oy + g.caption;
      out += fmt::format("<rect class=\"kb\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>", bx, by, span * g.cell_w,
                         g.band_above - 2);
      out += fmt::format("<text x=\"{}\" y=\"{}\">K group {}</text><text x=\"{}\" y=\"{}\">{}</text>",
                         bx + span * g.cell_w / 2, by + 10, n, bx + span * g.cell_w / 2, by + 21, lanes);
    } else {
      const int by = gy + kg.first * g.cell_h;
      out += fmt::format("<rect class=\"kb\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>", ox, by, g.band_left - 4,
                         span * g.cell_h);
      const int mid = by + span * g.cell_h / 2;
      out += fmt::format("<text x=\"{}\" y=\"{}\">K group {}</text><text x=\"{}\" y=\"{}\">{}</text>",
                         ox + (g.band_left - 4) / 2, mid - 2, n, ox + (g.band_left - 4) / 2, mid + 9, lanes);
    }
  }
  for (int r = 0; r < l.rows(); ++r)
    for (int c = 0; c < l.cols(); ++c)
      if (cell_at(r, c).copies.empty())  // no register holds it: an empty cell that says so (it reads 0)
        out += fmt::format(
            "<g class=\"nil\" transform=\"translate({},{})\"><title>{}: no register holds it; the instruction "
            "reads 0</title><rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#f4f4f4\" stroke=\"#bbb\"/>"
            "<text x=\"{}\" y=\"{}\">0</text></g>",
            gx + c * g.cell_w, gy + r * g.cell_h,
            xml_escape(element_notation(l.operand(), unplaced(block, r, c), l.blocks() > 1)),
            g.cell_w, g.cell_h, g.cell_w / 2, g.cell_h / 2 + 4);
      else
        draw_cell(l, cell_at(r, c), g, gx + c * g.cell_w, gy + r * g.cell_h, o, feeds, out);
  for (std::size_t n = 1; n < groups.size(); ++n) {
    if (l.operand() == Operand::A) {
      const int x = gx + groups[n].first * g.cell_w;
      out += fmt::format("<line class=\"ks\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", x, gy, x,
                         gy + l.rows() * g.cell_h);
    } else {
      const int y = gy + groups[n].first * g.cell_h;
      out += fmt::format("<line class=\"ks\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", gx, y,
                         gx + l.cols() * g.cell_w, y);
    }
  }
}

}  // namespace

std::string slot_id(Operand op, const Placement& p) {
  return fmt::format("{}-{}-{}-{}-{}", operand_name(op), p.block, p.row, p.col, p.replica);
}

std::string operand_summary(const OperandLayout& l) {
  const Axes ax = axes(l.operand());
  return fmt::format("{} \u00d7 {} (rows {}, cols {}), {} block{}, {} VGPR{} per lane, {}-bit {}", l.rows(), l.cols(),
                     ax.row, ax.col, l.blocks(), l.blocks() > 1 ? "s" : "", l.vgprs(), l.vgprs() > 1 ? "s" : "",
                     l.element_bits(), elem_name(l.desc().type(l.operand())));
}

void LegendContents::merge(const LegendContents& other) {
  lane_groups |= other.lane_groups;
  replicas = std::max(replicas, other.replicas);
  k_groups = k_groups || other.k_groups;
  sub_dword = sub_dword || other.sub_dword;
  pairs = pairs || other.pairs;
  remapped = remapped || other.remapped;
  negated = negated || other.negated;
  absolute = absolute || other.absolute;
  highlight = highlight || other.highlight;
}

LegendContents legend_contents(const OperandLayout& l, const SvgFigureOptions& o) {
  LegendContents c;
  c.replicas = l.replicas();
  c.k_groups = !k_groups(l).empty();
  c.sub_dword = l.element_bits() < 32;
  c.pairs = l.element_bits() == 64;
  c.remapped = !l.remap().is_identity();
  for (const Placement& p : l.all()) {
    c.lane_groups |= 1u << (p.slot.lane / 16);
    c.negated = c.negated || p.negated;
    c.absolute = c.absolute || p.absolute;
    c.highlight = c.highlight || (o.highlight && o.highlight(p));
  }
  return c;
}

std::string render_operand_svg(const OperandLayout& l, const SvgFigureOptions& o) {
  const std::vector<Cell> cells = build_cells(l);
  const std::vector<KGroup> groups = k_groups(l);
  const Geometry g = geometry(l, cells, !groups.empty());
  std::map<int, std::set<int>> reads_from;  // block -> the other blocks whose slots it reads
  for (const Cell& cell : cells)
    if (cell.source && cell.source->block != cell.copies.front().block)
      reads_from[cell.copies.front().block].insert(cell.source->block);
  std::optional<FeedingSlots> feeds;
  if (o.feed_attributes && l.operand() == Operand::D) feeds.emplace(l.desc(), l.modifiers(), l.switches());

  // Standalone: title, shape and modifiers, notes above the grid; the legend below it.
  const InstrDesc& d = l.desc();
  std::string head;
  int width = g.grid_w + 2 * kMargin;
  int y = kMargin;
  std::optional<LegendDrawing> legend;
  if (o.standalone) {
    width = std::max({width, kMinStandaloneWidth, kLegendWidth + 2 * kMargin});
    head += fmt::format(
        "<text class=\"sans tl h1\" x=\"{}\" y=\"{}\">{}</text>", kMargin, y + 13,
        xml_escape(fmt::format("{} \u00b7 {} \u00b7 operand {}", o.arch_name, d.mnemonic, operand_name(l.operand()))));
    y += 20;
    for (const std::string& line :
         wrap(fmt::format("{} ({}, wave{}). {} is {}. Modifiers: {}.", d.full_builtin(), d.family().display, d.wave,
                          operand_name(l.operand()), operand_summary(l), format_modifiers(d, l.modifiers())),
              width - 2 * kMargin)) {
      head += fmt::format("<text class=\"sans tl h2\" x=\"{}\" y=\"{}\">{}</text>", kMargin, y + 11, xml_escape(line));
      y += 14;
    }
    for (const std::string& note : l.notes())
      for (const std::string& line : wrap("Note: " + note, width - 2 * kMargin)) {
        head += fmt::format("<text class=\"tl nt\" x=\"{}\" y=\"{}\">{}</text>", kMargin, y + 11, xml_escape(line));
        y += 13;
      }
    y += 10;
    legend = draw_legend(legend_contents(l, o));
  }
  const int grid_y = y;
  std::string grid;
  for (int b = 0; b < l.blocks(); ++b) {
    const int ox = kMargin + (b % g.per_row) * (g.block_w + kBlockGap);
    const int oy = grid_y + (b / g.per_row) * (g.block_h + kBlockGap);
    draw_block(l, cells, groups, reads_from, g, b, ox, oy, o, feeds ? &*feeds : nullptr, grid);
  }
  y = grid_y + g.grid_h + kMargin;
  std::string legend_group;
  if (legend) {
    legend_group = fmt::format("<g transform=\"translate({},{})\">{}</g>", kMargin, y, legend->body);
    y += legend->height + kMargin;
  }
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" class=\"mxfig\" data-op=\"{}\" "
      "data-cell=\"{},{}\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">",
      operand_name(l.operand()), g.cell_w, g.cell_h, width, y, width, y);
  out += fmt::format("<style>{}</style>", kSvgStyle);
  out += fmt::format("<rect class=\"bg\" width=\"{}\" height=\"{}\"/>", width, y);
  out += head;
  out += grid;
  out += legend_group;
  out += "</svg>";
  return out;
}

}  // namespace mxlane::cli
