// SVG figures of an operand layout, like AMD's: the matrix as a grid per block, every cell labelled
// with its VGPR, lane and bits, coloured by lane group and VGPR, with replicas, CBSZ/ABID and BLGP
// sources, NEG/NEG_HI and |C| marked, and a legend that explains exactly the marks used.
#pragma once

#include <functional>
#include <string>

#include "layouts/operand_layout.hpp"

namespace mxlane::cli {

struct SvgFigureOptions {
  // Title, modifiers, notes and legend inside the figure (`mxlane lanemap --format svg`); an HTML
  // page prints those itself around several figures.
  bool standalone = true;
  std::string arch_name;  // for the title
  // D cells carry data-fa / data-fb / data-fc: the ids of the A, B and C slots that feed them, in
  // k order (layouts/feeding_slots.hpp), for the HTML page's hover.
  bool feed_attributes = false;
  // Cells drawn with a thick red outline: the queried element or register (--element, --reg).
  std::function<bool(const Placement&)> highlight;
};

// Which colours and marks a figure uses, so that a legend explains exactly those.
struct LegendContents {
  unsigned lane_groups = 0;  // bit g set: some slot is in lanes 16g..16g+15
  int replicas = 1;          // the most copies of one element (RDNA3 A/B: 2 in wave32, 4 in wave64)
  bool k_groups = false;
  bool sub_dword = false;
  bool pairs = false;  // 64-bit elements in VGPR pairs
  bool remapped = false;
  bool negated = false;
  bool absolute = false;
  bool highlight = false;
  void merge(const LegendContents& other);
};

LegendContents legend_contents(const OperandLayout& layout, const SvgFigureOptions& options);

// One operand as a complete <svg> element (data-op: the operand; data-cell: a cell's width and
// height, for the HTML page's layout). Each storage slot of OperandLayout::all() is one
// <g class="slot" id="A-b-r-c-n" data-r="n" data-slot="lane,vgpr,bit_lo,bit_hi"> inside its
// element's <g class="el" data-e="b,r,c">, whose <title> gives the calculator's notation.
std::string render_operand_svg(const OperandLayout& layout, const SvgFigureOptions& options);

// The legend alone, as an <svg> element (an HTML page shows one for its four figures).
std::string render_legend_svg(const LegendContents& contents);

// The legend's drawing without the <svg> wrapper, for embedding at (0, 0) of a group.
struct LegendDrawing {
  std::string body;
  int width = 0, height = 0;
};
LegendDrawing draw_legend(const LegendContents& contents);

// "A-0-5-3-1": the XML id of one storage slot (operand, block, row, col, replica).
std::string slot_id(Operand op, const Placement& p);

// "32 x 8 (rows i, cols k), 1 block, 2 VGPRs per lane, 16-bit f16": one operand's shape.
std::string operand_summary(const OperandLayout& layout);

}  // namespace mxlane::cli
