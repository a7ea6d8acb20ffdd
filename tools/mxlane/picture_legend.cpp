// The legend of the lane-map figures: what the colours, the cell text and each mark mean, with a
// sample cell for each mark the figure uses.
#include <vector>

#include "fmt/format.h"
#include "tools/mxlane/picture_style.hpp"
#include "tools/mxlane/picture_svg.hpp"
#include "tools/mxlane/xml_text.hpp"

namespace mxlane::cli {
namespace {

using namespace picture;

constexpr int kSampleHeight = 6 + 4 * kLine;  // register, bits, lane, mark
constexpr int kTextX =
    4 * kStripeWidth + 12;  // right of the widest sample (four copies)  // explanations start right of the samples
constexpr int kRowGap = 8;

struct Stripe {
  std::string fill;  // colour class
  std::string lane;  // "L17"
};

// A sample cell like render_operand_svg's: stripes with lanes (below a shared band when there are
// several), the register line, the bits line, an optional mark line and an optional outline class
// ("rmo", "q").
std::string sample_cell(int x, int y, int width, const std::vector<Stripe>& stripes, const std::string& reg,
                        const std::string& bits, const std::string& mark, const std::string& outline,
                        const std::string& cell_class) {
  std::string out = fmt::format("<g class=\"el {}\" transform=\"translate({},{})\">", cell_class, x, y);
  const int n = static_cast<int>(stripes.size());
  const CellLines t = cell_lines(!bits.empty(), !mark.empty(), n > 1);
  if (t.band_h > 0)
    out += fmt::format("<rect class=\"band\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\"/>", width, t.band_h);
  for (int s = 0; s < n; ++s) {
    const int sx = width * s / n;
    const int sw = width * (s + 1) / n - sx;
    out += fmt::format("<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>", stripes[s].fill, sx,
                       t.band_h, sw, t.height - t.band_h);
    out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>", sx + sw / 2, t.lane_y, stripes[s].lane);
  }
  out += fmt::format("<text class=\"rg\" x=\"{}\" y=\"{}\">{}</text>", width / 2, t.reg_y, xml_escape(reg));
  if (!bits.empty()) out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>", width / 2, t.bits_y, xml_escape(bits));
  if (!mark.empty())
    out += fmt::format("<text class=\"rmk\" x=\"{}\" y=\"{}\">{}</text>", width / 2, t.mark_y, xml_escape(mark));
  if (!outline.empty())
    out += fmt::format("<rect class=\"{}\" x=\"2\" y=\"2\" width=\"{}\" height=\"{}\"/>", outline, width - 4,
                       t.height - 4);
  return out + "</g>";
}

// Explanation lines right of a sample; returns the height used.
int explain(int y, const std::vector<std::string>& lines, std::string& out) {
  int line_y = y + 11;
  for (const std::string& line : lines) {
    out += fmt::format("<text class=\"sans tl ex\" x=\"{}\" y=\"{}\">{}</text>", kTextX, line_y, xml_escape(line));
    line_y += 12;
  }
  return std::max(kSampleHeight, line_y - y - 12 + 4) + kRowGap;
}

}  // namespace

LegendDrawing draw_legend(const LegendContents& c) {
  LegendDrawing d;
  d.width = kLegendWidth;
  std::string& out = d.body;
  int y = 0;
  out += "<text class=\"sans tl cap\" x=\"0\" y=\"11\">How to read the figure</text>";
  y += 24;
  out += fmt::format("<text class=\"sans tl ex\" x=\"0\" y=\"{}\">{}</text>", y,
                     xml_escape(fmt::format("Colour: the lane group of the lane holding the slot; lighter = even, "
                                            "darker = odd VGPR{}.",
                                            c.pairs ? " pair" : "")));
  y += 8;
  int x = 0;
  for (int g = 0; g < 4; ++g) {
    if ((c.lane_groups >> g & 1u) == 0) continue;
    out += fmt::format("<rect class=\"c{}e\" x=\"{}\" y=\"{}\" width=\"14\" height=\"14\"/>", g, x, y);
    out += fmt::format("<rect class=\"c{}o\" x=\"{}\" y=\"{}\" width=\"14\" height=\"14\"/>", g, x + 15, y);
    out += fmt::format("<text class=\"sans tl ex\" x=\"{}\" y=\"{}\">lanes {}\u2013{}</text>", x + 34, y + 11, 16 * g,
                       16 * g + 15);
    x += 160;
  }
  y += 14 + kRowGap + 4;

  const std::string bits = c.sub_dword ? "[31:16]" : "";
  const std::string reg = c.pairs ? "v[3:2]" : "v3";
  std::vector<std::string> anatomy = {
      c.pairs ? "v[3:2]: a 64-bit element in the VGPR pair 3:2 (low word in v2), counted from the operand's first VGPR"
              : "v3: VGPR 3, counted from the operand's first register",
  };
  if (c.sub_dword) anatomy.push_back("[31:16]: the bits of that VGPR holding a sub-dword element");
  anatomy.push_back(fmt::format("L17: lane 17. Together: {}{{17}}{} in the notation of AMD's matrix instruction", reg,
                                c.sub_dword ? ".[31:16]" : ""));
  anatomy.push_back("calculator. Hover a cell (or read its tooltip) for the element's name.");
  out += sample_cell(0, y, kCellWidth, {{"c1o", "L17"}}, reg, bits, "", "", "");
  y += explain(y, anatomy, out);

  if (c.replicas > 1) {
    // As many stripes as the figures have copies: lanes 5 and 21 in wave32, also 37 and 53 in wave64.
    std::vector<Stripe> copies;
    std::string lanes;
    for (int r = 0; r < c.replicas; ++r) {
      copies.push_back({fmt::format("c{}e", r % 4), fmt::format("L{}", 5 + 16 * r)});
      lanes += fmt::format("{}{}", r == 0 ? "" : r + 1 == c.replicas ? " and " : ", ", 5 + 16 * r);
    }
    out += sample_cell(0, y, std::max(kCellWidth, kStripeWidth * c.replicas), copies, "v0", bits, "", "", "");
    y += explain(y,
                 {fmt::format("One stripe per copy: lanes {} each hold the element (RDNA3", lanes),
                  fmt::format("replication: the lanes L, L+16{} load the same row/column). An output in lane",
                              c.replicas > 2 ? ", L+32, L+48" : ""),
                  "group g reads the copy in lane group g (rocjitsu model, docs/spec/layouts.md \u00a78.5).",
                  "The grey band holds what the copies share: the register and the bits."},
                 out);
  }
  if (c.k_groups) {
    out += fmt::format("<line class=\"ks\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", kCellWidth / 2, y,
                       kCellWidth / 2, y + kSampleHeight);
    y += explain(y,
                 {"Thick line: K group boundary. A lane holds a short run of consecutive k; the next run of k",
                  "sits in the next lanes. The grey band (above A, left of B) names each run's lanes."},
                 out);
  }
  if (c.remapped) {
    out += sample_cell(0, y, kCellWidth, {{"c2e", "L37"}}, "v0", bits, "\u2190b2", "rmo", "");
    y += explain(y,
                 {"Dashed, \u2190b2 / \u2190k1: the instruction reads this element from the slot that holds",
                  "block 2's (k = 1's) element without modifiers: a CBSZ/ABID broadcast on A or a BLGP lane",
                  "pattern on B (docs/spec/layouts.md \u00a78.1, \u00a78.2). Block captions name sources and readers."},
                 out);
  }
  if (c.negated || c.absolute) {
    std::vector<std::string> lines;
    if (c.negated)
      lines.push_back("Red \u2212v3: negated as the instruction reads it (NEG for bits [15:0], i.e. even k;");
    if (c.negated)
      lines.push_back("NEG_HI for bits [31:16], i.e. odd k; NEG[2] for C; docs/spec/layouts.md \u00a78.4).");
    if (c.absolute) lines.push_back("|v3|: the absolute value is taken first (NEG_HI[2] on C), then NEG[2].");
    out += sample_cell(0, y, kCellWidth, {{"c0e", "L3"}}, c.absolute ? "\u2212|v3|" : "\u2212v3", bits, "", "", "neg");
    y += explain(y, lines, out);
  }
  if (c.highlight) {
    out += sample_cell(0, y, kCellWidth, {{"c0o", "L9"}}, "v1", bits, "", "q", "");
    y += explain(y, {"Thick red outline: the element or register of your query (--element, --reg/--lane)."}, out);
  }
  d.height = y;
  return d;
}

std::string render_legend_svg(const LegendContents& contents) {
  const LegendDrawing d = draw_legend(contents);
  const int width = d.width + 2 * kMargin;
  const int height = d.height + 2 * kMargin;
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" class=\"mxfig legend\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\"><style>{2}</style><rect class=\"bg\" width=\"{0}\" height=\"{1}\"/>"
      "<g transform=\"translate({3},{3})\">{4}</g></svg>",
      width, height, kSvgStyle, kMargin, d.body);
}

}  // namespace mxlane::cli
