// `mxlane lanemap`: dump an operand's layout, or answer a forward or inverse query.
#include <charconv>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "layouts/operand_layout.hpp"
#include "tools/mxlane/commands.hpp"
#include "tools/mxlane/lanemap_render.hpp"

namespace mxlane::cli {
namespace {

// "b,i,j" or "i,j" (block 0) into {block, row, col}.
std::array<int, 3> parse_element(const std::string& text) {
  std::vector<int> values;
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end) {
    int v = 0;
    const auto [next, ec] = std::from_chars(p, end, v);
    if (ec != std::errc() || (next != end && *next != ','))
      throw InvalidArgument(fmt::format("--element: '{}' is not b,i,j (block,row,col) or i,j", text));
    values.push_back(v);
    p = next == end ? end : next + 1;
    if (next != end && p == end)
      throw InvalidArgument(fmt::format("--element: '{}' ends with a comma", text));
  }
  if (values.size() == 2) values.insert(values.begin(), 0);
  if (values.size() != 3)
    throw InvalidArgument(fmt::format("--element: '{}' is not b,i,j (block,row,col) or i,j", text));
  return {values[0], values[1], values[2]};
}

LanemapFormat parse_format(const std::string& name) {
  if (name == "grid") return LanemapFormat::grid;
  if (name == "markdown") return LanemapFormat::markdown;
  if (name == "csv") return LanemapFormat::csv;
  return LanemapFormat::json;
}

}  // namespace

CLI::App* register_lanemap(CLI::App& app, LanemapOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "lanemap",
      "Where each element of an operand lives (lane, VGPR, bits), with modifiers applied as the "
      "instruction reads the operand: a whole-operand dump, a forward query (--element) or an "
      "inverse query (--reg with --lane).");
  add_layout_options(cmd, o);
  cmd->add_option("--format", o.format, "grid (default; the calculator's v{R}{L}.[hi:lo] tables), markdown, csv, json. Example: --format json")
      ->check(CLI::IsMember({"grid", "markdown", "csv", "json"}));
  CLI::Option* element = cmd->add_option(
      "--element", o.element, "Forward query: element b,i,j (block,row,col in the operand's own coordinates) or i,j. Example: --element 4,1,2");
  CLI::Option* reg = cmd->add_option("--reg", o.reg, "Inverse query: VGPR number relative to the operand's first register (with --lane). Example: --reg 5 --lane 33");
  CLI::Option* lane = cmd->add_option("--lane", o.lane, "Inverse query: lane (with --reg). Example: --reg 0 --lane 17");
  element->excludes(reg)->excludes(lane);
  reg->needs(lane);
  lane->needs(reg);
  cmd->footer(
      "Examples:\n"
      "  mxlane lanemap --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand A\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_4x4x4f16 --operand A --element 4,1,2\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_32x32x8f16 --operand D --reg 5 --lane 33\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_16x16x1f32 --operand A --cbsz 1 --abid 1 --format json\n"
      "  mxlane lanemap --arch rdna3 --inst wmma_f16_16x16x16_f16_w64 --operand D --opsel 4 --format csv\n"
      "Cells list every lane of a replicated element: v0{0,16}.[15:0]. A leading '-' marks an element\n"
      "negated by NEG/NEG_HI, |..| one made absolute by NEG_HI[2]. Under CBSZ/ABID or BLGP a cell shows\n"
      "the lane the instruction actually reads; an inverse query shows every element a slot feeds.");
  return cmd;
}

int run_lanemap(const LanemapOptions& o, std::ostream& out) {
  const SelectedLayout selected = select_layout(o);
  const OperandLayout& layout = selected.layout;
  const LanemapHeader header{selected.arch, o.arch};
  const LanemapFormat format = parse_format(o.format);
  if (!o.element.empty()) {
    const auto [block, row, col] = parse_element(o.element);
    try {
      render_forward(layout, header, format, block, row, col, out);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(std::string("--element: ") + e.what());
    }
  } else if (o.reg) {
    try {
      render_inverse(layout, header, format, *o.reg, *o.lane, out);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(fmt::format("--reg/--lane: {}", e.what()));
    }
  } else {
    render_dump(layout, header, format, out);
  }
  return 0;
}

}  // namespace mxlane::cli
