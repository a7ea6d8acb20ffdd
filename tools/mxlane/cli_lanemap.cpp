// `mxlane lanemap`: dump an operand's layout, or answer a forward or inverse query.
#include <charconv>
#include <functional>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "layouts/operand_layout.hpp"
#include "tools/mxlane/commands.hpp"
#include "tools/mxlane/lanemap_render.hpp"
#include "tools/mxlane/picture_html.hpp"
#include "tools/mxlane/picture_svg.hpp"

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

bool is_picture(const std::string& format) { return format == "svg" || format == "html"; }

// The cells a picture outlines for --element or --reg/--lane (validated by the layout's queries):
// the element's slots, or every element read from / written to that register of that lane.
std::function<bool(const Placement&)> query_highlight(const OperandLayout& layout, const LanemapOptions& o) {
  if (!o.element.empty()) {
    const auto [block, row, col] = parse_element(o.element);
    try {
      layout.forward(block, row, col);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(std::string("--element: ") + e.what());
    }
    return [block, row, col](const Placement& p) { return p.block == block && p.row == row && p.col == col; };
  }
  if (o.reg) {
    try {
      layout.inverse(*o.reg, *o.lane);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(fmt::format("--reg/--lane: {}", e.what()));
    }
    const int reg = *o.reg, lane = *o.lane;
    return [reg, lane](const Placement& p) {
      const int last = p.slot.vgpr + (p.slot.width() == 64 ? 1 : 0);
      return p.slot.lane == lane && reg >= p.slot.vgpr && reg <= last;
    };
  }
  return nullptr;
}

std::string lanemap_command(const LanemapOptions& o, const InstrDesc& desc) {
  std::string command = fmt::format("mxlane lanemap --arch {} --inst {}", o.arch, desc.builtin);
  if (!o.operand.empty()) command += " --operand " + o.operand;
  for (const ModifierRange& r : legal_modifiers(desc))
    if (const int v = modifier_value(o.mods, r.name); v != 0) command += fmt::format(" --{} {}", r.name, v);
  for (const std::string& s : o.switch_settings) command += " --option " + s;
  if (!o.element.empty()) command += " --element " + o.element;
  if (o.reg) command += fmt::format(" --reg {} --lane {}", *o.reg, *o.lane);
  return command + " --format " + o.format;
}

// --format svg (one operand) and --format html (the page with all four operands).
void render_picture(const OperandLayout& layout, const LanemapOptions& o, const ArchInfo& arch, std::ostream& out) {
  const auto highlight = o.operand.empty() ? nullptr : query_highlight(layout, o);
  if (o.format == "svg") {
    SvgFigureOptions figure;
    figure.arch_name = std::string(arch.name);
    figure.highlight = highlight;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" << render_operand_svg(layout, figure) << '\n';
    return;
  }
  HtmlPageOptions page;
  page.command = lanemap_command(o, layout.desc());
  if (highlight)
    page.highlight = [highlight, op = layout.operand()](Operand other, const Placement& p) {
      return other == op && highlight(p);
    };
  out << render_instruction_page(layout.desc(), layout.modifiers(), layout.switches(), page);
}

}  // namespace

CLI::App* register_lanemap(CLI::App& app, LanemapOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "lanemap",
      "Where each element of an operand lives (lane, VGPR, bits), with modifiers applied as the "
      "instruction reads the operand: a whole-operand dump, a forward query (--element) or an "
      "inverse query (--reg with --lane).");
  cmd->add_option("-a,--arch", o.arch, "Architecture or alias: gfx90a (cdna2, mi250x, ...), gfx1100 (rdna3, gfx1151, ...). Example: --arch mi250x")
      ->required();
  cmd->add_option("-i,--inst,--instruction", o.inst,
                  "ISA mnemonic (v_mfma_f32_32x32x8f16, v_wmma_f32_16x16x16_f16) or builtin name, with or "
                  "without __builtin_amdgcn_. Example: --inst wmma_f32_16x16x16_f16_w64")
      ->required();
  cmd->add_option("--operand", o.operand,
                  "A, B, C or D (A is M x K, B is K x N, C and D are M x N); required except with --format html, "
                  "which draws all four. Example: --operand D")
      ->check(CLI::IsMember({"A", "B", "C", "D"}, CLI::ignore_case));
  cmd->add_option("-w,--wave", o.wave,
                  "32 or 64. Default: the architecture's (64 on gfx90a, 32 on gfx1100) or the builtin's _w32/_w64 suffix. Example: --wave 64");
  cmd->add_option("--cbsz", o.mods.cbsz, "gfx90a multi-block MFMA: A broadcast size, 0..log2(blocks). Example: --cbsz 2 --abid 1");
  cmd->add_option("--abid", o.mods.abid, "gfx90a multi-block MFMA: broadcast source block, 0..2^cbsz-1. Example: --cbsz 1 --abid 1");
  cmd->add_option("--blgp", o.mods.blgp, "gfx90a non-f64 MFMA: B lane-group pattern 0..7. Example: --blgp 3");
  cmd->add_option("--opsel", o.mods.opsel,
                  "gfx1100 16-bit-output WMMA: 0 (C/D in bits [15:0]) or 4 (OPSEL[2]=1: bits [31:16]). Example: --opsel 4");
  cmd->add_option("--neg", o.mods.neg,
                  "gfx1100 WMMA NEG field 0..7: float: bit n negates the low halves of source n (A, B) "
                  "and bit 2 negates C; integer: bits 0/1 mark A/B signed. Example: --neg 3");
  cmd->add_option("--neg-hi,--neg_hi", o.mods.neg_hi,
                  "gfx1100 float WMMA NEG_HI field 0..7: bit n negates the high halves of A/B; bit 2 takes |C|. Example: --neg 3 --neg-hi 3 negates all of A and B");
  cmd->add_option("--option", o.switch_settings,
                  "Behaviour switch NAME=VALUE (see `mxlane list`). Example: --option cbsz_model=calculator, "
                  "--option f64_4x4x4_cd_order=isa-general");
  cmd->add_option("--format", o.format,
                  "grid (default; the calculator's v{R}{L}.[hi:lo] tables), markdown, csv, json, svg (a figure of "
                  "the operand) or html (a self-contained page with A, B, C, D side by side and hover). With svg or "
                  "html, --element and --reg/--lane outline the queried cells. Example: --format svg > a.svg")
      ->check(CLI::IsMember({"grid", "markdown", "csv", "json", "svg", "html"}));
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
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_32x32x8f16 --operand A --format svg > a.svg\n"
      "  mxlane lanemap --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --neg 3 --format html > wmma.html\n"
      "Cells list every lane of a replicated element: v0{0,16}.[15:0]. A leading '-' marks an element\n"
      "negated by NEG/NEG_HI, |..| one made absolute by NEG_HI[2]. Under CBSZ/ABID or BLGP a cell shows\n"
      "the lane the instruction actually reads; an inverse query shows every element a slot feeds.");
  return cmd;
}

int run_lanemap(const LanemapOptions& o, std::ostream& out) {
  const ArchInfo& arch = resolve_arch_option(o.arch);
  const InstrDesc& desc = resolve_inst_option(arch, o.inst, o.wave);
  if (o.operand.empty() && o.format != "html")
    throw InvalidArgument("--operand is required: A, B, C or D (only --format html draws all four)");
  if (o.operand.empty() && (!o.element.empty() || o.reg))
    throw InvalidArgument("--element/--reg: --format html needs --operand to know which operand to query");
  // Without --operand (html) D's layout validates the modifiers like any operand's would.
  const Operand operand = o.operand.empty() ? Operand::D : *parse_operand(o.operand);
  const Switches switches = parse_switch_settings(o.switch_settings);
  std::optional<OperandLayout> layout;
  try {
    layout.emplace(desc, operand, o.mods, switches);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(std::string("modifier ") + e.what());
  }
  if (is_picture(o.format)) {
    render_picture(*layout, o, arch, out);
    return 0;
  }
  const LanemapHeader header{&arch, o.arch};
  const LanemapFormat format = parse_format(o.format);
  if (!o.element.empty()) {
    const auto [block, row, col] = parse_element(o.element);
    try {
      render_forward(*layout, header, format, block, row, col, out);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(std::string("--element: ") + e.what());
    }
  } else if (o.reg) {
    try {
      render_inverse(*layout, header, format, *o.reg, *o.lane, out);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(fmt::format("--reg/--lane: {}", e.what()));
    }
  } else {
    render_dump(*layout, header, format, out);
  }
  return 0;
}

}  // namespace mxlane::cli
