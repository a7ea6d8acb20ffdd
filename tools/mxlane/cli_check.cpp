// `mxlane check`: check a kernel author's own index formulas (forward, inverse or load pattern)
// against an operand's layout at every element, and report the first mismatches.
#include <algorithm>
#include <iterator>
#include <optional>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "layouts/formula/formula_check.hpp"
#include "tools/mxlane/check_render.hpp"
#include "tools/mxlane/cli.hpp"
#include "tools/mxlane/commands.hpp"

namespace mxlane::cli {
namespace {

using formula::ExpressionError;
using formula::IndexExpression;

// An expression option that does not parse or cannot be evaluated. what() is the one-line error
// ("--lane: column 7: ..."); caret() shows the expression with a caret under that column.
class BadExpression : public InvalidArgument {
 public:
  BadExpression(const std::string& option, const std::string& text, const ExpressionError& error)
      : InvalidArgument(fmt::format("--{}: {}", option, error.what())), option_(option), text_(text), column_(error.column()) {}

  std::string caret() const {
    if (text_.size() > formula::kMaxExpressionLength) return "";
    std::string shown = text_;
    for (char& c : shown)  // one column per byte, and no control characters on the terminal
      if (c < 0x20 || c >= 0x7f) c = c == '\t' ? ' ' : '?';
    const std::string prefix = fmt::format("  --{} ", option_);
    return fmt::format("{}{}\n{}^\n", prefix, shown, std::string(prefix.size() + static_cast<std::size_t>(column_ - 1), ' '));
  }

 private:
  std::string option_;
  std::string text_;
  int column_;
};

struct ExpressionOption {
  const char* name;  // without "--"
  const std::optional<std::string>* text;
};

IndexExpression parse_option(const ExpressionOption& option, const std::vector<std::string>& variables) {
  try {
    return IndexExpression::parse(**option.text, variables);
  } catch (const ExpressionError& e) {
    throw BadExpression(option.name, **option.text, e);
  }
}

std::optional<IndexExpression> parse_optional(const ExpressionOption& option, const std::vector<std::string>& variables) {
  if (!*option.text) return std::nullopt;
  return parse_option(option, variables);
}

// The one mode whose options are given; throws InvalidArgument for none, a mix, or a missing half.
CheckMode choose_mode(const CheckOptions& o) {
  struct Given {
    const char* name;
    bool given;
  };
  // Per mode (in CheckMode order) its options, the required ones first: two, or one for load.
  const Given modes[3][3] = {{{"lane", o.lane.has_value()}, {"vgpr", o.vgpr.has_value()}, {"bits", o.bits.has_value()}},
                             {{"row", o.row.has_value()}, {"col", o.col.has_value()}, {"block", o.block.has_value()}},
                             {{"load", o.load.has_value()}, {"ld", o.ld.has_value()}, {"order", o.order.has_value()}}};
  std::optional<std::size_t> mode;
  const char* first_given = nullptr;
  for (std::size_t m = 0; m < 3; ++m) {
    const auto given = std::find_if(std::begin(modes[m]), std::end(modes[m]), [](const Given& g) { return g.given; });
    if (given == std::end(modes[m])) continue;
    if (mode)
      throw InvalidArgument(fmt::format(
          "--{} and --{} belong to different modes: give forward (--lane --vgpr [--bits]), inverse (--row --col "
          "[--block]) or load (--load [--ld --order])",
          first_given, given->name));
    mode = m;
    first_given = given->name;
  }
  if (!mode)
    throw InvalidArgument(
        "no formula given: use --lane and --vgpr [--bits] (forward), --row and --col [--block] (inverse) or --load "
        "(load pattern)");
  const std::size_t required = static_cast<CheckMode>(*mode) == CheckMode::load ? 1 : 2;
  for (std::size_t n = 0; n < required; ++n)
    if (!modes[*mode][n].given)
      throw InvalidArgument(fmt::format("--{}: required with --{}", modes[*mode][n].name, first_given));
  return static_cast<CheckMode>(*mode);
}

formula::CheckReport run_mode(const CheckOptions& o, CheckRequest& request) {
  const OperandLayout& layout = *request.layout;
  const std::size_t keep = static_cast<std::size_t>(o.max_mismatches);
  auto note = [&](const char* name, const std::optional<std::string>& text) {
    if (text) request.expressions.emplace_back(name, *text);
  };
  if (request.mode == CheckMode::forward) {
    const std::vector<std::string> variables = formula::forward_variables(layout);
    formula::ForwardFormula f{parse_option({"lane", &o.lane}, variables), parse_option({"vgpr", &o.vgpr}, variables),
                              parse_optional({"bits", &o.bits}, variables)};
    note("lane", o.lane);
    note("vgpr", o.vgpr);
    note("bits", o.bits);
    request.bits_given = f.bits.has_value();
    return formula::check_forward(layout, f, keep);
  }
  const std::vector<std::string> variables = formula::slot_variables();
  if (request.mode == CheckMode::inverse) {
    formula::InverseFormula f{parse_option({"row", &o.row}, variables), parse_option({"col", &o.col}, variables),
                              parse_optional({"block", &o.block}, variables)};
    note("row", o.row);
    note("col", o.col);
    note("block", o.block);
    return formula::check_inverse(layout, f, keep);
  }
  request.order = o.order.value_or("row") == "row" ? formula::MemoryOrder::row_major : formula::MemoryOrder::col_major;
  request.ld = o.ld.value_or(request.order == formula::MemoryOrder::row_major ? layout.cols() : layout.rows());
  note("load", o.load);
  return formula::check_load(layout, formula::LoadFormula{parse_option({"load", &o.load}, variables), request.ld, request.order},
                             keep);
}

}  // namespace

CLI::App* register_check(CLI::App& app, CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Check your own index formulas against an operand's layout at every element: forward (--lane, --vgpr, "
      "--bits in the element's coordinates), inverse (--row, --col, --block in lane L and per-lane element G) or "
      "a load pattern (--load: the memory index lane L loads into its element G).");
  add_layout_options(cmd, o);
  cmd->add_option("--lane", o.lane, "Forward: the lane that holds the element, in i, j, k, b, row, col (r: the copy, RDNA3 A/B). Example: --lane 'i + 16*r'");
  cmd->add_option("--vgpr", o.vgpr, "Forward: the 32-bit VGPR holding it, from the operand's first (the even one of a 64-bit pair). Example: --vgpr 'k/2'");
  cmd->add_option("--bits", o.bits, "Forward: its lowest bit inside the VGPR (0/16 for 16-bit, 0/8/16/24 for 8-bit, ...). Optional: without it sub-dword elements are checked in lane and VGPR only. Example: --bits '16*(k%2)'");
  cmd->add_option("--row", o.row, "Inverse: the row of the element at (L, G), in L and G. Example: --row 'G*2 + L/16'");
  cmd->add_option("--col", o.col, "Inverse: its column. Example: --col 'L%16'");
  cmd->add_option("--block", o.block, "Inverse: its block; required when the operand has several blocks. Example: --block 'G/4'");
  cmd->add_option("--load", o.load, "Load pattern: the index into the operand in memory that lane L loads into element G. Example: --load '(L%16)*16 + G'");
  cmd->add_option("--ld", o.ld, "Load pattern: leading dimension (elements between memory rows, or columns with --order col). Default: the operand's columns (rows with --order col). Example: --ld 32")
      ->check(integer_in(1, 2147483647));
  cmd->add_option("--order", o.order, "Load pattern: row (row-major, the default) or col (column-major). Example: --order col")
      ->check(CLI::IsMember({"row", "col"}));
  cmd->add_option("--max-mismatches", o.max_mismatches, "How many mismatches to list, 0 to 1000000 (default 8); the total is always counted. Example: --max-mismatches 20")
      ->check(integer_in(0, 1000000));
  cmd->add_option("--format", o.format, "text (default) or json (one mxlane.check/1 object). Example: --format json")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->footer(
      "Modes (give exactly one):\n"
      "  forward  --lane, --vgpr [, --bits]: where element (b, row, col) lives. Variables: the element's\n"
      "           coordinates (A: i, k; B: k, j; C/D: i, j), b (block), row and col (aliases), and for\n"
      "           replicated RDNA3 A/B r (copy 0..replicas-1, in lanes 16r..16r+15). Without r an\n"
      "           element passes when the formula names any one of its copies; with r every copy r must\n"
      "           be where the formula says. --vgpr counts 32-bit VGPRs from the operand's first (a\n"
      "           64-bit element: the even one of its pair); --bits is the element's lowest bit in it.\n"
      "  inverse  --row, --col [, --block]: the element at (L, G). L is the lane; G indexes the lane's\n"
      "           per-lane vector (the builtin's argument, e.g. v16half): a w-bit element G is bits\n"
      "           [w*G+w-1 : w*G] of the operand's VGPRs in order (VGPR w*G/32), a 64-bit one pair G.\n"
      "           For 16-bit RDNA3 C/D (v16half/v8half) the used G are the even ones (opsel 0) or the\n"
      "           odd ones (opsel 4). --block is required when the operand has several blocks.\n"
      "  load     --load [, --ld N, --order row|col]: the index into the operand in memory that lane L\n"
      "           loads into G; element (b, row, col) is at (b*rows + row)*ld + col (row-major) or\n"
      "           (b*cols + col)*ld + row (col-major); ld defaults to the columns (rows).\n"
      "Every element (forward) or every slot the instruction uses (inverse, load) is checked, lane by\n"
      "lane and G ascending; slots it does not use (the other half of 16-bit RDNA3 C/D, lanes not\n"
      "read under CBSZ/ABID or BLGP) are skipped. Under a broadcast a slot passes when the formula\n"
      "names any element it feeds.\n"
      "Expressions: integers (decimal, 0x hex), + - * / % with floor semantics (a/b = floor(a/b),\n"
      "a%b = a - b*floor(a/b): -7/2 = -4, -7%2 = 1), unary -, parentheses, min(a,b,...), max(...);\n"
      "64-bit, overflow and division by zero are errors; at most 1024 characters and 64 nested\n"
      "levels. Quote them in the shell; one that starts with '-' needs the form --row=-G+15.\n"
      "Exit: 0 everything matches, 1 a mismatch (the first --max-mismatches are listed with what the\n"
      "formula and the layout say), 2 a bad option or expression (the column is marked with ^).\n"
      "Examples:\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand D --row 'G*2 + L/16' --col 'L%16'\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand A --load '(L%16)*16 + G'\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand B --load '(L%16)*16 + G' --order col\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand A --lane 'i + 16*r' --vgpr 'k/2' --bits '16*(k%2)'\n"
      "  mxlane check --arch gfx90a --inst v_mfma_f32_32x32x8f16 --operand D --lane '32*(i/4)%64 + j' --vgpr '4*(i/8) + i%4'\n"
      "  mxlane check --arch gfx90a --inst v_mfma_f32_16x16x4f32 --operand D --row '4*(L/16) + G%4' --col 'L%16'");
  return cmd;
}

int run_check(const CheckOptions& o, std::ostream& out, std::ostream& err) {
  const SelectedLayout selected = select_layout(o);
  CheckRequest request{selected.arch, &selected.layout, choose_mode(o), {}, false, 0, formula::MemoryOrder::row_major};
  formula::CheckReport report;
  try {
    report = run_mode(o, request);
  } catch (const formula::FormulaError& e) {  // evaluation: name the option the expression came from
    std::string text;
    for (const auto& [option, expression] : request.expressions)
      if (option == e.expression_name()) text = expression;
    const BadExpression bad(e.expression_name(), text, e);
    err << "mxlane check: error: " << bad.what() << '\n' << bad.caret();
    return kExitUsage;
  } catch (const BadExpression& e) {
    err << "mxlane check: error: " << e.what() << '\n' << e.caret();
    return kExitUsage;
  }
  if (o.format == "json")
    render_check_json(request, report, out);
  else
    render_check_text(request, report, out);
  return report.ok() ? kExitOk : kExitMismatch;
}

}  // namespace mxlane::cli
