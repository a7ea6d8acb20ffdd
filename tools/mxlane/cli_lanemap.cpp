// `mxlane lanemap`: dump an operand's layout, or answer a forward or inverse query.
#include <charconv>
#include <functional>
#include <map>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "emu/protocol/linear_layout_json.hpp"
#include "layouts/formula/linear_layout.hpp"
#include "layouts/operand_layout.hpp"
#include "tools/mxlane/commands.hpp"
#include "tools/mxlane/lanemap_render.hpp"
#include "tools/mxlane/picture_html.hpp"
#include "tools/mxlane/picture_svg.hpp"
#include "emu/protocol/trace.hpp"
#include "tools/mxlane/register_view.hpp"

namespace mxlane::cli {

using namespace protocol;  // the line protocol, the trace and the list this command prints
namespace {

// The blocks, rows and columns an --element or --trace coordinate must lie in.
struct ElementExtent {
  int blocks, rows, cols;
};

// "b,i,j", or "i,j" for a single-block operand, into {block, row, col}; `option` names the option
// in errors. Block 0 is never assumed for a multi-block instruction: the answer would silently
// describe one block of several.
std::array<int, 3> parse_element(const std::string& text, const std::string& option, const ElementExtent& extent) {
  const auto ranges = [&] {
    return fmt::format("{}row 0..{}, col 0..{}",
                       extent.blocks > 1 ? fmt::format("block 0..{}, ", extent.blocks - 1) : "", extent.rows - 1,
                       extent.cols - 1);
  };
  std::vector<int> values;
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end) {
    int v = 0;
    const auto [next, ec] = std::from_chars(p, end, v);
    if (ec == std::errc::result_out_of_range)
      throw InvalidArgument(fmt::format("{}: '{}' is out of range ({})", option, text, ranges()));
    if (ec != std::errc() || (next != end && *next != ','))
      throw InvalidArgument(fmt::format("{}: '{}' is not b,i,j (block,row,col) or i,j", option, text));
    values.push_back(v);
    p = next == end ? end : next + 1;
    if (next != end && p == end) throw InvalidArgument(fmt::format("{}: '{}' ends with a comma", option, text));
  }
  if (values.size() == 2 && extent.blocks > 1)
    throw InvalidArgument(
        fmt::format("{}: '{}': the instruction has {} blocks: give b,i,j ({})", option, text, extent.blocks, ranges()));
  if (values.size() == 2) values.insert(values.begin(), 0);
  if (values.size() != 3)
    throw InvalidArgument(fmt::format("{}: '{}' is not b,i,j (block,row,col) or i,j", option, text));
  return {values[0], values[1], values[2]};
}

ElementExtent extent_of(const OperandLayout& layout) { return {layout.blocks(), layout.rows(), layout.cols()}; }

LanemapFormat parse_format(const std::string& name) {
  if (name == "grid") return LanemapFormat::grid;
  if (name == "asciidoc") return LanemapFormat::asciidoc;
  if (name == "markdown") return LanemapFormat::markdown;
  if (name == "csv") return LanemapFormat::csv;
  return LanemapFormat::json;
}

bool is_picture(const std::string& format) { return format == "svg" || format == "html"; }

// The cells a picture outlines for --element or --reg/--lane (validated by the layout's queries):
// the element's slots, or every element read from / written to that register of that lane.
std::function<bool(const Placement&)> query_highlight(const OperandLayout& layout, const LanemapOptions& o) {
  if (!o.element.empty()) {
    const auto [block, row, col] = parse_element(o.element, "--element", extent_of(layout));
    try {
      layout.forward(block, row, col);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(std::string("--element: ") + e.what());
    }
    // Captured by init-capture: clang 14 (emscripten on Debian 12, web/) cannot capture structured bindings.
    return [b = block, r = row, c = col](const Placement& p) { return p.block == b && p.row == r && p.col == c; };
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

// The D element written to VGPR `reg` of lane `lane` (the calculator's --matrix-entry -o).
std::array<int, 3> element_in_d_slot(const InstrDesc& desc, const LanemapOptions& o, const Switches& switches) {
  const OperandLayout d(desc, Operand::D, o.mods, switches);
  std::vector<SlotContents> slots;
  try {
    slots = d.inverse(*o.reg, *o.lane);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(fmt::format("--reg/--lane: {}", e.what()));
  }
  for (const SlotContents& s : slots)
    for (const Placement& p : s.elements) return {p.block, p.row, p.col};
  throw InvalidArgument(fmt::format("--reg/--lane: v{}{{{}}} holds no element of D (modifiers {})", *o.reg, *o.lane,
                                    format_modifiers(desc, o.mods)));
}

// --trace: the option rules, then the trace itself (emu/protocol/trace.cpp).
int run_lanemap_trace(const LanemapOptions& o, const ArchInfo& arch, const InstrDesc& desc, const Switches& switches,
                      std::ostream& out) {
  if (!o.operand.empty() && *parse_operand(o.operand) != Operand::D)
    throw InvalidArgument(fmt::format("--operand {}: --trace traces a D element; omit --operand or give D", o.operand));
  if (o.format != "grid" && o.format != "json" && o.format != "summary")
    throw InvalidArgument(fmt::format("--format {}: --trace prints text (the default), summary or json", o.format));
  if (o.view != "elements") throw InvalidArgument("--view: --trace has no views; omit --view");
  if (o.transpose) throw InvalidArgument("--transpose: --trace prints no table to transpose");
  if (!o.trace.empty() && o.reg)
    throw InvalidArgument("--trace b,i,j and --reg/--lane both name the D element; give one of them");
  if (o.trace.empty() && !o.reg)
    throw InvalidArgument("--trace: give the D element (--trace b,i,j or i,j) or its slot (--trace --reg R --lane L)");
  const auto [block, row, col] =
      o.reg ? element_in_d_slot(desc, o, switches) : parse_element(o.trace, "--trace", {desc.blocks, desc.m, desc.n});
  TraceRequest request{
      block, row, col, o.values_file, o.a_values, o.b_values, o.c_value, o.format == "json", o.format == "summary"};
  render_trace(desc, o.mods, switches, LanemapHeader{&arch, o.arch}, request, out);
  return 0;
}

}  // namespace

std::vector<std::string> lanemap_short_arch(std::vector<std::string> args) {
  if (args.size() < 2 || args[1] != "lanemap") return args;
  for (std::size_t n = 2; n < args.size(); ++n) {
    if (args[n] == "--") break;  // everything after -- is a value
    if (args[n] == "-a") {
      args[n] = "--arch";
    } else if (args[n].size() > 2 && args[n].compare(0, 2, "-a") == 0) {
      args[n] = "--arch=" + args[n].substr(args[n][2] == '=' ? 3 : 2);  // -agfx90a, -a=gfx90a
    }
  }
  return args;
}

CLI::App* register_lanemap(CLI::App& app, LanemapOptions& o) {
  CLI::App* cmd =
      app.add_subcommand("lanemap",
                         "Where each element of an operand lives (lane, VGPR, bits), with modifiers applied as the "
                         "instruction reads the operand: a whole-operand dump, a forward query (--element), an "
                         "inverse query (--reg with --lane), a figure (--format svg or html) or the dot-product trace "
                         "of one D element (--trace).");
  add_layout_options(cmd, o, OperandOption::optional, ArchShortName::without);
  cmd->add_option(
         "--format", o.format,
         "grid (default; the calculator's v{R}{L}.[hi:lo] tables), markdown, asciidoc, csv, json, svg (a figure "
         "of the operand) or html (a self-contained page with A, B, C, D sized to the window, hover and keyboard "
         "focus); linear-layout (the map as Triton's LinearLayout: basis vectors per register and lane bit, one "
         "mxlane.linear-layout/1 object; refused, naming the first slot that breaks it, where the map is not "
         "linear); summary with --trace (the dot product on one line, like the calculator's --output-calculation). With svg or "
         "html, --element and --reg/--lane outline the queried cells. Example: --format svg > a.svg")
      ->check(
          CLI::IsMember({"grid", "markdown", "asciidoc", "csv", "json", "svg", "html", "summary", "linear-layout"}));
  cmd->add_option(
         "--view", o.view,
         "elements (default: a table per block, rows x cols, each cell the element's slot; the calculator's "
         "--register-layout) or registers (one row per lane, one column per register slot, each cell the "
         "elements it holds; the calculator's --matrix-layout), in grid, markdown, asciidoc, csv, json or svg. "
         "Example: --view registers --format csv")
      ->check(CLI::IsMember({"elements", "registers"}));
  cmd->add_flag("--transpose", o.transpose,
                "Swap the rows and columns of a whole-operand table (grid, markdown, asciidoc; with --view registers "
                "also csv and svg), like the calculator's --transpose");
  CLI::Option* element = cmd->add_option(
      "--element", o.element,
      "Forward query: element b,i,j (block,row,col in the operand's own coordinates), or i,j for a single-block "
      "instruction. Example: --element 4,1,2");
  element->check(non_empty());
  CLI::Option* reg =
      cmd->add_option(
             "--reg", o.reg,
             "Inverse query: VGPR number relative to the operand's first register (with --lane). Example: --reg 5 --lane 33")
          ->check(integer_in(0, 255));
  CLI::Option* lane = cmd->add_option("--lane", o.lane, "Inverse query: lane (with --reg). Example: --reg 0 --lane 17")
                          ->check(integer_in(0, 63));
  element->excludes(reg)->excludes(lane);
  reg->needs(lane);
  lane->needs(reg);
  CLI::Option* trace = cmd->add_option(
      "--trace", o.trace,
      "Dot-product trace of D element b,i,j (i,j for a single-block instruction), or without a value of the D element "
      "in --reg R --lane L: every A, B and C slot that feeds it, in the order and grouping the instruction "
      "accumulates them. --operand may be omitted (or D). Examples: --trace 0,5,7; --trace --reg 1 --lane 2");
  trace->expected(0, 1)->excludes(element);
  o.trace_option = trace;
  cmd->add_option(
         "--values", o.values_file,
         "With --trace: evaluate on the registers of one `mxlane eval` JSON line in FILE, '-' for standard input "
         "(its mods and options apply; a line with element values, \"values\", places them as eval does). "
         "Example: --values case.json")
      ->needs(trace)
      ->check(non_empty());
  cmd->add_option(
         "--a", o.a_values,
         "With --trace: the values A[i][k] for k = 0, 1, ... (comma-separated, at most K; the rest are +0), or "
         "k=value pairs: exact decimals, inf, nan or raw bits 0x...; an operand not given is +0. "
         "Examples: --a 1.5,2,0x3c00,-0.25; --a 3=1.5,7=-2")
      ->needs(trace)
      ->check(non_empty());
  cmd->add_option("--b", o.b_values, "With --trace: the values B[k][j], like --a. Example: --b 1,1,1,1")
      ->needs(trace)
      ->check(non_empty());
  cmd->add_option("--c", o.c_value, "With --trace: the value C[i][j], like --a. Example: --c 0.5")
      ->needs(trace)
      ->check(non_empty());
  cmd->footer(
      "Examples:\n"
      "  mxlane lanemap --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand A\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_4x4x4f16 --operand A --element 4,1,2\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_32x32x8f16 --operand D --reg 5 --lane 33\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_16x16x1f32 --operand A --cbsz 1 --abid 1 --format json\n"
      "  mxlane lanemap --arch rdna3 --inst wmma_f16_16x16x16_f16_w64 --operand D --opsel 4 --format csv\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_32x32x8f16 --operand A --format svg > a.svg\n"
      "  mxlane lanemap --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --neg 3 --format html > wmma.html\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_4x4x4f16 --trace 0,1,2 --a 4096,1,4096,0 --b 4096,1,-4096,0 --c 0.5\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_4x4x4f16 --trace --reg 1 --lane 2 --format summary\n"
      "  mxlane lanemap --arch gfx90a --inst v_mfma_f32_4x4x4f16 --operand A --view registers --format asciidoc\n"
      "Cells list every lane of a replicated element: v0{0,16}.[15:0]. A leading '-' marks an element\n"
      "negated by NEG/NEG_HI, |..| one made absolute by NEG_HI[2]. Under CBSZ/ABID or BLGP a cell shows\n"
      "the lane the instruction actually reads; an inverse query shows every element a slot feeds.");
  return cmd;
}

// The rules of --view, --transpose and the table-only formats outside --trace.
void check_view_options(const LanemapOptions& o) {
  const bool registers = o.view == "registers";
  const bool query = !o.element.empty() || o.reg;
  if (o.format == "summary") throw InvalidArgument("--format summary: only with --trace (the one-line dot product)");
  if (registers && query)
    throw InvalidArgument(
        "--view registers: prints the whole register table; --element and --reg/--lane query the elements view");
  if (registers && o.format == "html")
    throw InvalidArgument("--view registers: --format html draws the elements view; use svg for the register table");
  if (o.format == "asciidoc" && query)
    throw InvalidArgument("--format asciidoc: prints tables (a whole operand); give --format grid for a query");
  if (o.transpose) {
    const bool table = o.format == "grid" || o.format == "markdown" || o.format == "asciidoc" ||
                       (registers && (o.format == "csv" || o.format == "svg"));
    if (query || !table)
      throw InvalidArgument(fmt::format(
          "--transpose: transposes a whole-operand table (grid, markdown, asciidoc; csv and svg with --view registers), "
          "not {}",
          query ? "a query" : "--format " + o.format));
  }
}

// --format linear-layout: the whole operand's map as basis vectors (docs/linear-layouts.md).
int run_lanemap_linear(const LanemapOptions& o, std::ostream& out) {
  if (!o.element.empty() || o.reg || o.view == "registers" || o.transpose)
    throw InvalidArgument(
        "--format linear-layout: prints a whole operand's map; it takes no --element, --reg/--lane, --view "
        "registers or --transpose");
  if (o.operand.empty()) throw InvalidArgument("--operand is required with --format linear-layout: A, B, C or D");
  const SelectedLayout selected = select_layout(o);
  formula::LinearLayout linear;
  try {
    linear = formula::derive_linear_layout(selected.layout);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(fmt::format("--format linear-layout: {}", e.what()));
  }
  out << protocol::linear_layout_json(selected.layout, linear, LanemapHeader{selected.arch, o.arch}).dump() << '\n';
  return 0;
}

int run_lanemap(const LanemapOptions& o, std::ostream& out) {
  const bool tracing = o.trace_option != nullptr ? o.trace_option->count() > 0 : !o.trace.empty();
  if (tracing) {
    const ArchInfo& arch = resolve_arch_option(o.arch);
    return run_lanemap_trace(o, arch, resolve_inst_option(arch, o.inst, o.wave),
                             parse_switch_settings(o.switch_settings, arch_bit(arch.id)), out);
  }
  if (o.format == "linear-layout") return run_lanemap_linear(o, out);
  check_view_options(o);
  if (o.operand.empty() && o.format != "html")
    throw InvalidArgument("--operand is required: A, B, C or D (only --trace and --format html work without it)");
  if (o.operand.empty() && (!o.element.empty() || o.reg))
    throw InvalidArgument("--element/--reg: --format html needs --operand to know which operand to query");
  // Without --operand (html) D's layout validates the modifiers like any operand's would.
  LayoutSelection selection = o;
  if (selection.operand.empty()) selection.operand = "D";
  const SelectedLayout selected = select_layout(selection);
  const OperandLayout& layout = selected.layout;
  if (o.view == "registers") {
    static const std::map<std::string, RegisterViewFormat> kFormats{
        {"grid", RegisterViewFormat::grid},         {"markdown", RegisterViewFormat::markdown},
        {"asciidoc", RegisterViewFormat::asciidoc}, {"csv", RegisterViewFormat::csv},
        {"json", RegisterViewFormat::json},         {"svg", RegisterViewFormat::svg}};
    render_register_view(layout, LanemapHeader{selected.arch, o.arch}, kFormats.at(o.format), o.transpose, out);
    return 0;
  }
  if (is_picture(o.format)) {
    render_picture(layout, o, *selected.arch, out);
    return 0;
  }
  const LanemapHeader header{selected.arch, o.arch};
  const LanemapFormat format = parse_format(o.format);
  if (!o.element.empty()) {
    const auto [block, row, col] = parse_element(o.element, "--element", extent_of(layout));
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
    render_dump(layout, header, format, out, o.transpose);
  }
  return 0;
}

}  // namespace mxlane::cli
