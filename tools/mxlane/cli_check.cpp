// `mxlane check`: check a kernel author's own index formulas (forward, inverse or load pattern)
// against an operand's layout at every element, and report the first mismatches.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <optional>
#include <utility>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "emu/protocol/linear_layout_json.hpp"
#include "layouts/formula/formula_check.hpp"
#include "layouts/formula/linear_layout.hpp"
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
      : InvalidArgument(fmt::format("--{}: {}", option, error.what())),
        option_(option),
        text_(text),
        column_(error.column()) {}

  std::string caret() const {
    if (text_.size() > formula::kMaxExpressionLength) return "";
    std::string shown = text_;
    for (char& c : shown)  // one column per byte, and no control characters on the terminal
      if (c < 0x20 || c >= 0x7f) c = c == '\t' ? ' ' : '?';
    const std::string prefix = fmt::format("  --{} ", option_);
    return fmt::format("{}{}\n{}^\n", prefix, shown,
                       std::string(prefix.size() + static_cast<std::size_t>(column_ - 1), ' '));
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

std::optional<IndexExpression> parse_optional(const ExpressionOption& option,
                                              const std::vector<std::string>& variables) {
  if (!*option.text) return std::nullopt;
  return parse_option(option, variables);
}

// The one mode whose options are given; throws InvalidArgument for none, a mix, or a missing half.
CheckMode choose_mode(const CheckOptions& o) {
  struct Given {
    const char* name;
    bool given;
  };
  // Per mode (in CheckMode order) its options, the required ones first: two, or one for load and linear.
  const Given modes[4][3] = {{{"lane", o.lane.has_value()}, {"vgpr", o.vgpr.has_value()}, {"bits", o.bits.has_value()}},
                             {{"row", o.row.has_value()}, {"col", o.col.has_value()}, {"block", o.block.has_value()}},
                             {{"load", o.load.has_value()}, {"ld", o.ld.has_value()}, {"order", o.order.has_value()}},
                             {{"linear-layout", o.linear_layout.has_value()}, {"", false}, {"", false}}};
  std::optional<std::size_t> mode;
  const char* first_given = nullptr;
  for (std::size_t m = 0; m < 4; ++m) {
    const auto given = std::find_if(std::begin(modes[m]), std::end(modes[m]), [](const Given& g) { return g.given; });
    if (given == std::end(modes[m])) continue;
    if (mode)
      throw InvalidArgument(fmt::format(
          "--{} and --{} belong to different modes: give forward (--lane --vgpr [--bits]), inverse (--row --col "
          "[--block]), load (--load [--ld --order]) or a linear layout (--linear-layout FILE)",
          first_given, given->name));
    mode = m;
    first_given = given->name;
  }
  if (!mode)
    throw InvalidArgument(
        "no formula given: use --lane and --vgpr [--bits] (forward), --row and --col [--block] (inverse), --load "
        "(load pattern) or --linear-layout FILE");
  const CheckMode chosen = static_cast<CheckMode>(*mode);
  const std::size_t required = chosen == CheckMode::load || chosen == CheckMode::linear ? 1 : 2;
  for (std::size_t n = 0; n < required; ++n)
    if (!modes[*mode][n].given)
      throw InvalidArgument(fmt::format("--{}: required with --{}", modes[*mode][n].name, first_given));
  return chosen;
}

// ---- --transposed ----------------------------------------------------------------------------
// A compiler may issue the instruction with A and B swapped to compute D^T = B^T x A^T: the user's
// A[i][k] is then the instruction's B[k][i], the user's B[k][j] its A[j][k], and C, D are
// transposed in place. The check runs on the instruction's operand with row and col exchanged.

std::string uppercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// The instruction's operand that holds the user's `operand` under --transposed.
std::string swapped_operand(const std::string& operand) {
  const std::string name = uppercase(operand);
  if (name == "A") return "B";
  if (name == "B") return "A";
  if (name == "C" || name == "D") return name;
  throw InvalidArgument(fmt::format(
      "--transposed: swaps A and B and transposes C and D; --operand {} has no transposed meaning", operand));
}

std::string transposed_note(const std::string& user_operand, const OperandLayout& layout) {
  const std::string user = uppercase(user_operand);
  const std::string_view instr = operand_name(layout.operand());
  return fmt::format(
      "--transposed: your {}[x][y] is {}[y][x] of {} issued with A and B swapped (D^T = B^T x A^T); the lines "
      "below name the instruction's {}",
      user, instr, layout.desc().mnemonic, instr);
}

// Forward variables for the user's operand under --transposed, in forward_variables() order: the
// instruction's row is the user's column, so it gets the user's column name (and "col").
std::vector<std::string> transposed_forward_variables(const OperandLayout& layout, const std::string& user_operand) {
  const std::string user = uppercase(user_operand);
  const char* row_name = user == "B" ? "k" : "i";
  const char* col_name = user == "A" ? "k" : "j";
  std::vector<std::string> names{col_name, row_name, "b", "col", "row"};
  if (layout.replicas() > 1) names.push_back("r");
  return names;
}

formula::MemoryOrder flipped(formula::MemoryOrder order) {
  return order == formula::MemoryOrder::row_major ? formula::MemoryOrder::col_major : formula::MemoryOrder::row_major;
}

formula::MemoryOrder order_option(const std::optional<std::string>& text) {
  return text.value_or("row") == "row" ? formula::MemoryOrder::row_major : formula::MemoryOrder::col_major;
}

// ---- Free variables, threadIdx and pair mode ---------------------------------------------------

// One --var: NAME=LO..HI or NAME=VALUE.
struct SweptVariable {
  std::string name;
  std::int64_t low = 0, high = 0;
};

inline constexpr std::int64_t kMaxSweepPoints = 4096;  // the checks run once per point
inline constexpr std::int64_t kMaxVariableMagnitude = std::int64_t{1} << 40;

std::optional<std::int64_t> parse_integer(std::string_view text) {
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
  return value;
}

bool is_identifier(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) != 0 || name[0] == '_')) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; });
}

std::vector<SweptVariable> parse_vars(const CheckOptions& o) {
  std::vector<SweptVariable> vars;
  std::int64_t points = 1;
  for (const std::string& text : o.vars) {
    const std::size_t equals = text.find('=');
    const std::string name = text.substr(0, equals);
    if (equals == std::string::npos || !is_identifier(name))
      throw InvalidArgument(fmt::format("--var: '{}' is not NAME=LOW..HIGH or NAME=VALUE (e.g. --var i=0..3)", text));
    static const char* const kTaken[] = {"L", "G", "s", "threadIdx", "min", "max"};
    if (std::find(std::begin(kTaken), std::end(kTaken), name) != std::end(kTaken))
      throw InvalidArgument(fmt::format("--var: '{}' is a built-in name (L, G, s, threadIdx, min, max)", name));
    if (std::any_of(vars.begin(), vars.end(), [&](const SweptVariable& v) { return v.name == name; }))
      throw InvalidArgument(fmt::format("--var: '{}' given twice", name));
    const std::string range = text.substr(equals + 1);
    const std::size_t dots = range.find("..");
    const auto low = parse_integer(std::string_view(range).substr(0, dots));
    const auto high = dots == std::string::npos ? low : parse_integer(std::string_view(range).substr(dots + 2));
    if (!low || !high || *low > *high || *low < -kMaxVariableMagnitude || *high > kMaxVariableMagnitude)
      throw InvalidArgument(
          fmt::format("--var: '{}': the range must be LOW..HIGH with LOW <= HIGH, integers within "
                      "+-2^40 (e.g. {}=0..3)",
                      text, name));
    points *= std::min<std::int64_t>(*high - *low + 1, kMaxSweepPoints + 1);
    if (points > kMaxSweepPoints)
      throw InvalidArgument(fmt::format("--var: the variables span more than {} points", kMaxSweepPoints));
    vars.push_back({name, *low, *high});
  }
  return vars;
}

// --block-dim X,Y: the x extent, for threadIdx.x = L % X and threadIdx.y = L / X.
std::int64_t parse_block_dim(const CheckOptions& o, int wave) {
  if (!o.block_dim) return 0;
  const std::string& text = *o.block_dim;
  const std::size_t comma = text.find(',');
  const auto x = parse_integer(std::string_view(text).substr(0, comma));
  const auto y = comma == std::string::npos ? std::optional<std::int64_t>()
                                            : parse_integer(std::string_view(text).substr(comma + 1));
  if (!x || !y || *x < 1 || *y < 1 || *x > 1024 || *y > 1024 || *x * *y > 1024)
    throw InvalidArgument(
        fmt::format("--block-dim: '{}' is not X,Y with X, Y >= 1 and X*Y <= 1024 (e.g. --block-dim 16,4)", text));
  if (*x * *y < wave)
    throw InvalidArgument(
        fmt::format("--block-dim: {},{} has {} threads, fewer than the {} lanes of the wave", *x, *y, *x * *y, wave));
  return *x;
}

// The variables of a single instruction's slot formulas: everything but the step s.
std::vector<std::string> single_instruction_variables(const formula::SlotVariables& v) {
  std::vector<std::string> names = formula::slot_variables(v);
  names.erase(std::find(names.begin(), names.end(), "s"));
  return names;
}

// "i = 0..3, n = 2"
std::string sweep_text(const std::vector<SweptVariable>& vars) {
  std::string text;
  for (const SweptVariable& v : vars)
    text += fmt::format("{}{} = {}", text.empty() ? "" : ", ", v.name,
                        v.low == v.high ? std::to_string(v.low) : fmt::format("{}..{}", v.low, v.high));
  return text;
}

// Runs `check(values)` at every point of the sweep in order (the last variable fastest) until one
// fails; returns the number of points run and, for a failure, "i=2, n=5".
template <typename Check>
std::pair<std::int64_t, std::string> sweep(const std::vector<SweptVariable>& vars, formula::SlotVariables& slot_vars,
                                           Check check) {
  slot_vars.free_names.clear();
  slot_vars.free_values.clear();
  for (const SweptVariable& v : vars) {
    slot_vars.free_names.push_back(v.name);
    slot_vars.free_values.push_back(v.low);
  }
  for (std::int64_t points = 1;; ++points) {
    if (!check()) {
      std::string failed;
      for (std::size_t n = 0; n < vars.size(); ++n)
        failed += fmt::format("{}{}={}", failed.empty() ? "" : ", ", vars[n].name, slot_vars.free_values[n]);
      return {points, failed};
    }
    std::size_t n = vars.size();  // odometer step
    for (; n > 0; --n) {
      std::int64_t& value = slot_vars.free_values[n - 1];
      if (value < vars[n - 1].high) {
        ++value;
        break;
      }
      value = vars[n - 1].low;
    }
    if (n == 0) return {points, ""};
  }
}

// Options of the other modes, which pair mode does not use, and pair options without --pair.
void check_pair_options(const CheckOptions& o) {
  const std::pair<const char*, bool> single[] = {{"operand", !o.operand.empty()},
                                                 {"lane", o.lane.has_value()},
                                                 {"vgpr", o.vgpr.has_value()},
                                                 {"bits", o.bits.has_value()},
                                                 {"row", o.row.has_value()},
                                                 {"col", o.col.has_value()},
                                                 {"block", o.block.has_value()},
                                                 {"load", o.load.has_value()},
                                                 {"ld", o.ld.has_value()},
                                                 {"order", o.order.has_value()},
                                                 {"block-stride", o.block_stride.has_value()},
                                                 {"linear-layout", o.linear_layout.has_value()}};
  const std::pair<const char*, bool> pair[] = {{"load-a", o.load_a.has_value()},
                                               {"load-b", o.load_b.has_value()},
                                               {"ld-a", o.ld_a.has_value()},
                                               {"ld-b", o.ld_b.has_value()},
                                               {"order-a", o.order_a.has_value()},
                                               {"order-b", o.order_b.has_value()},
                                               {"k", o.k.has_value()}};
  if (o.pair) {
    for (const auto& [name, given] : single)
      if (given)
        throw InvalidArgument(
            fmt::format("--{}: not used with --pair (pair mode loads A and B with --load-a and --load-b "
                        "and judges every element of D)",
                        name));
    if (!o.load_a) throw InvalidArgument("--load-a: required with --pair");
    if (!o.load_b) throw InvalidArgument("--load-b: required with --pair");
    return;
  }
  for (const auto& [name, given] : pair)
    if (given) throw InvalidArgument(fmt::format("--{}: only with --pair", name));
  if (o.operand.empty()) throw InvalidArgument("--operand: required (A, B, C or D) unless --pair");
}

int report_bad_expression(const BadExpression& e, std::ostream& err) {
  err << "mxlane check: error: " << e.what() << '\n' << e.caret();
  return kExitUsage;
}

// Pair mode's report, filling `request`; under --transposed the user's A formula loads the
// instruction's B (and B its A), each in the other memory order, so that the user's A[i][k] is the
// instruction's B[k][i]. Throws BadExpression and InvalidArgument.
formula::PairReport pair_report(const CheckOptions& o, PairRequest& request) {
  LayoutSelection selection = o;
  selection.operand = "D";  // only to resolve --arch, --inst, --wave and the modifiers
  const SelectedLayout selected = select_layout(selection);
  const InstrDesc& desc = selected.layout.desc();
  const std::vector<SweptVariable> vars = parse_vars(o);
  formula::SlotVariables slot_vars{parse_block_dim(o, desc.wave), {}, {}};
  const Switches switches = parse_switch_settings(o.switch_settings, arch_bit(selected.arch->id));
  request.arch = selected.arch;
  request.desc = &desc;
  request.mods = selected.layout.modifiers();
  // In the instruction's frame: A's formula, order and ld, then B's.
  struct Side {
    const char* name;
    const std::optional<std::string>* text;
    formula::MemoryOrder order;
    std::optional<std::int64_t> ld;
  };
  Side a{"load-a", &o.load_a, order_option(o.order_a), o.ld_a}, b{"load-b", &o.load_b, order_option(o.order_b), o.ld_b};
  if (o.transposed) {
    std::swap(a, b);
    a.order = flipped(a.order);
    b.order = flipped(b.order);
    request.notes.push_back(fmt::format(
        "--transposed: your A[i][k] is B[k][i] and your B[k][j] is A[j][k] of {} issued with A and B swapped "
        "(D^T = B^T x A^T); the lines below name the instruction's D[j][i]",
        desc.mnemonic));
  }
  request.load_a = **a.text;
  request.load_b = **b.text;
  request.steps = o.steps.value_or(1);
  if (request.steps < 1 || request.steps > 1024)
    throw InvalidArgument(fmt::format("--steps: {} is not in 1..1024", request.steps));
  const std::int64_t k_total = o.k.value_or(static_cast<std::int64_t>(desc.k) * request.steps);
  if (k_total < 1 || k_total > (1 << 20))
    throw InvalidArgument(fmt::format("--k: {} is not in 1..{}", k_total, 1 << 20));
  request.order_a = a.order;
  request.order_b = b.order;
  request.ld_a = a.ld.value_or(request.order_a == formula::MemoryOrder::row_major ? k_total : desc.m);
  request.ld_b = b.ld.value_or(request.order_b == formula::MemoryOrder::row_major ? desc.n : k_total);
  request.sweep = sweep_text(vars);
  formula::PairReport report;
  try {
    const auto [points, failed] = sweep(vars, slot_vars, [&] {
      const std::vector<std::string> variables = formula::slot_variables(slot_vars);
      formula::PairFormula f{
          {parse_option({a.name, a.text}, variables), request.ld_a, request.order_a, std::nullopt, slot_vars},
          {parse_option({b.name, b.text}, variables), request.ld_b, request.order_b, std::nullopt, slot_vars},
          request.steps,
          k_total};
      report = formula::check_pair(desc, selected.layout.modifiers(), switches, f,
                                   static_cast<std::size_t>(o.max_mismatches));
      return report.ok();
    });
    request.sweep_points = points;
    request.sweep_failed = failed;
  } catch (const formula::FormulaError& e) {
    // check_pair names the instruction's sides; the user's option is the other one under --transposed.
    const bool first = (e.expression_name() == "load-a") != o.transposed;
    throw BadExpression(first ? "load-a" : "load-b", first ? *o.load_a : *o.load_b, e);
  }
  return report;
}

int run_pair(const CheckOptions& o, std::ostream& out, std::ostream& err) {
  PairRequest request{};
  formula::PairReport report;
  try {
    report = pair_report(o, request);
  } catch (const BadExpression& e) {
    return report_bad_expression(e, err);
  }
  if (o.format == "json")
    render_pair_json(request, report, out);
  else
    render_pair_text(request, report, out);
  return report.ok() ? kExitOk : kExitMismatch;
}

// --linear-layout FILE ("-": standard input), read once before any check.
std::string read_linear_layout(const std::string& path) {
  std::ostringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    if (std::cin.bad()) throw InvalidArgument("--linear-layout: cannot read standard input");
    return text.str();
  }
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InvalidArgument(fmt::format("--linear-layout: '{}' is a directory, not a JSON file", path));
  std::ifstream file(path, std::ios::binary);
  if (!file) throw InvalidArgument(fmt::format("--linear-layout: cannot open '{}'", path));
  text << file.rdbuf();
  if (file.bad()) throw InvalidArgument(fmt::format("--linear-layout: cannot read '{}'", path));
  return text.str();
}

// Whether the instruction uses only half the slots (L, G): a 16-bit RDNA3 C/D keeps each element in
// one half of a 32-bit register, so mxlane's G (16-bit slots) steps by 2 where a compiler's
// register index (the used elements) steps by 1.
bool uses_every_other_slot(const OperandLayout& layout) {
  const formula::CheckReport walk = formula::check_slots(layout, 0, [](int, int) { return formula::SlotMismatch{}; });
  return walk.unused_slots == walk.checked && formula::vector_length(layout) % 2 == 0;
}

std::string opsel_spacing_text(const OperandLayout& layout) {
  return fmt::format(
      "{} of {} uses every other {}-bit element G of a lane (each value sits in one half of a 32-bit register, "
      "OPSEL picks which), while a compiler's register index r (Triton's) counts the {} values it uses: G = 2r "
      "or 2r+1",
      operand_name(layout.operand()), layout.desc().mnemonic, layout.element_bits(),
      formula::vector_length(layout) / 2);
}

// The linear layout of --linear-layout, validated against the operand (or the chain of --steps)
// and turned into the instruction's frame under --transposed.
formula::LinearLayout load_linear_layout(const std::string& text, const OperandLayout& layout, int steps,
                                         bool transposed) {
  protocol::LinearLayoutShape shape = protocol::linear_layout_shape(layout, steps);
  if (uses_every_other_slot(layout))
    shape.register_hint =
        opsel_spacing_text(layout) + "; put [0, 0] first in bases.register for the bit the instruction does not use";
  else if (steps == 0)
    shape.register_hint = "a layout over several chained instructions (kWidth above the instruction's) needs --steps";
  formula::LinearLayout linear;
  try {
    linear = protocol::parse_linear_layout(text, shape);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(fmt::format("--linear-layout: {}", e.what()));
  }
  return transposed ? formula::transposed(linear) : linear;
}

formula::CheckReport run_mode(const CheckOptions& o, CheckRequest& request, const formula::SlotVariables& slot_vars,
                              const formula::LinearLayout* linear) {
  const OperandLayout& layout = *request.layout;
  const std::size_t keep = static_cast<std::size_t>(o.max_mismatches);
  auto note = [&](const char* name, const std::optional<std::string>& text) {
    if (text) request.expressions.emplace_back(name, *text);
  };
  if (request.mode == CheckMode::forward) {
    const std::vector<std::string> variables =
        o.transposed ? transposed_forward_variables(layout, o.operand) : formula::forward_variables(layout);
    formula::ForwardFormula f{parse_option({"lane", &o.lane}, variables), parse_option({"vgpr", &o.vgpr}, variables),
                              parse_optional({"bits", &o.bits}, variables)};
    note("lane", o.lane);
    note("vgpr", o.vgpr);
    note("bits", o.bits);
    request.bits_given = f.bits.has_value();
    return formula::check_forward(layout, f, keep);
  }
  if (request.mode == CheckMode::linear) {
    note("linear-layout", o.linear_layout);
    return formula::check_linear(layout, *linear, keep, request.steps);
  }
  // Chains bind s; a single instruction's formulas may not use it.
  const std::vector<std::string> variables =
      request.steps > 0 ? formula::slot_variables(slot_vars) : single_instruction_variables(slot_vars);
  if (request.mode == CheckMode::inverse) {
    // Under --transposed the user's row is the instruction's column.
    const ExpressionOption row{"row", &o.row}, col{"col", &o.col};
    formula::InverseFormula f{parse_option(o.transposed ? col : row, variables),
                              parse_option(o.transposed ? row : col, variables),
                              parse_optional({"block", &o.block}, variables), slot_vars};
    note("row", o.row);
    note("col", o.col);
    note("block", o.block);
    if (request.steps > 0) return formula::check_chain(layout, request.steps, formula::chain_formula(f), keep);
    return formula::check_inverse(layout, f, keep);
  }
  request.order = order_option(o.order);
  if (o.transposed) request.order = flipped(request.order);
  request.ld = o.ld.value_or(request.order == formula::MemoryOrder::row_major ? layout.cols() : layout.rows());
  request.block_stride = o.block_stride;
  note("load", o.load);
  return formula::check_load(layout,
                             formula::LoadFormula{parse_option({"load", &o.load}, variables), request.ld, request.order,
                                                  o.block_stride, slot_vars},
                             keep);
}

// ---- Hints after a failure --------------------------------------------------------------------

// " --wave 32 --cbsz 1 --option NAME=VALUE": the selection options of a command line that repeats
// the user's request.
std::string selection_arguments(const CheckOptions& o, const InstrDesc& desc) {
  std::string text;
  if (o.wave) text += fmt::format(" --wave {}", *o.wave);
  for (const ModifierRange& r : legal_modifiers(desc))
    if (const int v = modifier_value(o.mods, r.name); v != 0) text += fmt::format(" --{} {}", r.name, v);
  for (const std::string& setting : o.switch_settings) text += fmt::format(" --option {}", setting);
  for (const std::string& var : o.vars) text += fmt::format(" --var {}", var);
  if (o.block_dim) text += fmt::format(" --block-dim {}", *o.block_dim);
  if (o.transposed) text += " --transposed";
  return text;
}

// The same formula for A and B in pair mode: a single-operand formula of A (or B) as a load index
// E of A, and of B in the other memory order (B's layout is A's with row and col exchanged, so the
// same E loads B[k][j] where it loads A[j][k]). Returns the --pair command when that passes.
std::optional<std::string> pair_hint(const CheckOptions& o, const CheckRequest& r,
                                     const formula::LinearLayout* linear) {
  const std::string user = uppercase(o.operand);
  if ((user != "A" && user != "B") || r.mode == CheckMode::forward || r.steps > 0) return std::nullopt;
  const InstrDesc& desc = r.layout->desc();
  const std::int64_t k = desc.k;
  CheckOptions pair;
  static_cast<LayoutSelection&>(pair) = o;
  pair.operand.clear();
  pair.pair = true;
  pair.vars = o.vars;
  pair.block_dim = o.block_dim;
  pair.transposed = o.transposed;
  pair.max_mismatches = 0;
  std::string orders;
  const bool is_a = user == "A";
  if (r.mode == CheckMode::load) {
    pair.load_a = pair.load_b = *o.load;
    const formula::MemoryOrder own = order_option(o.order), other = flipped(own);
    pair.order_a = (is_a ? own : other) == formula::MemoryOrder::row_major ? "row" : "col";
    pair.order_b = (is_a ? other : own) == formula::MemoryOrder::row_major ? "row" : "col";
    pair.ld_a = pair.ld_b = r.ld;
    orders = fmt::format(" --order-a {} --order-b {} --ld-a {} --ld-b {}", *pair.order_a, *pair.order_b, r.ld, r.ld);
  } else {
    // The index of the M (or N) coordinate times K plus the k coordinate, in the user's frame.
    std::string outer, inner;
    if (r.mode == CheckMode::inverse) {
      outer = is_a ? *o.row : *o.col;
      inner = is_a ? *o.col : *o.row;
    } else {
      const formula::LinearLayout user_frame = o.transposed ? formula::transposed(*linear) : *linear;
      const auto row = formula::linear_expression(user_frame, formula::LinearCoordinate::row);
      const auto col = formula::linear_expression(user_frame, formula::LinearCoordinate::col);
      outer = is_a ? row : col;
      inner = is_a ? col : row;
    }
    // A single field "(L&15)" needs no second pair of parentheses; anything else gets them.
    auto operand = [](const std::string& e) {
      return e.find_first_of(" +-*/%^|&<>?") == std::string::npos ||
                     (e.front() == '(' && e.find(' ') == std::string::npos)
                 ? e
                 : "(" + e + ")";
    };
    pair.load_a = pair.load_b = fmt::format("{}*{} + {}", operand(outer), k, operand(inner));
    pair.order_a = "row";
    pair.order_b = "col";
    orders = " --order-b col";
  }
  try {
    PairRequest request{};
    if (!pair_report(pair, request).ok()) return std::nullopt;
  } catch (const InvalidArgument&) {  // a multi-block or sparse instruction, an expression that fails
    return std::nullopt;
  }
  return fmt::format(
      "the same formula for A and B passes in pair mode: it differs from the layout by a K order that A and B share, "
      "which gives the same sums:\n  mxlane check --arch {} --inst {}{} --pair --load-a '{}' --load-b '{}'{}{}",
      o.arch, o.inst, selection_arguments(o, desc), *pair.load_a, *pair.load_b, orders,
      r.mode == CheckMode::load ? "" : "\n  (or check this operand alone with --steps 1, which accepts such an order)");
}

// A formula written for the used elements of a 16-bit RDNA3 C/D: it passes when its G is ours / 2.
std::optional<std::string> opsel_hint(const CheckOptions& o, CheckRequest& r, const formula::SlotVariables& slot_vars) {
  if ((r.mode != CheckMode::inverse && r.mode != CheckMode::load) || r.steps > 0 || !uses_every_other_slot(*r.layout))
    return std::nullopt;
  formula::SlotVariables halved = slot_vars;
  halved.g_divisor = 2;
  CheckRequest scratch = r;
  try {
    if (!run_mode(o, scratch, halved, nullptr).ok()) return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return fmt::format("the formula passes with G/2 in place of G: {}; write G/2 where the formula has G",
                     opsel_spacing_text(*r.layout));
}

}  // namespace

CLI::App* register_check(CLI::App& app, CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Check your own index formulas against an operand's layout at every element: forward (--lane, --vgpr, "
      "--bits in the element's coordinates), inverse (--row, --col, --block in lane L and per-lane element G) or "
      "a load pattern (--load: the memory index lane L loads into its element G).");
  add_layout_options(cmd, o, OperandOption::optional);  // not used by --pair; run_check requires it otherwise
  cmd->get_option("--operand")
      ->description(
          "A, B, C or D (A is M x K, B is K x N, C and D are M x N); required except with --pair (which "
          "checks A and B together against D). Example: --operand D");
  cmd->add_option(
      "--lane", o.lane,
      "Forward: the lane that holds the element, in i, j, k, b, row, col (r: the copy, RDNA3 A/B). Example: --lane 'i + 16*r'");
  cmd->add_option(
      "--vgpr", o.vgpr,
      "Forward: the 32-bit VGPR holding it, from the operand's first (the even one of a 64-bit pair). Example: --vgpr 'k/2'");
  cmd->add_option(
      "--bits", o.bits,
      "Forward: its lowest bit inside the VGPR (0/16 for 16-bit, 0/8/16/24 for 8-bit, ...). Optional: without it sub-dword elements are checked in lane and VGPR only. Example: --bits '16*(k%2)'");
  cmd->add_option("--row", o.row, "Inverse: the row of the element at (L, G), in L and G. Example: --row 'G*2 + L/16'");
  cmd->add_option("--col", o.col, "Inverse: its column. Example: --col 'L%16'");
  cmd->add_option("--block", o.block,
                  "Inverse: its block; required when the operand has several blocks. Example: --block 'G/4'");
  cmd->add_option(
      "--load", o.load,
      "Load pattern: the index into the operand in memory that lane L loads into element G. Example: --load '(L%16)*16 + G'");
  cmd->add_option(
         "--ld", o.ld,
         "Load pattern: leading dimension (elements between memory rows, or columns with --order col). Default: the operand's columns (rows with --order col). Example: --ld 32")
      ->check(integer_in(1, 2147483647));
  cmd->add_option("--order", o.order,
                  "Load pattern: row (row-major, the default) or col (column-major). Example: --order col")
      ->check(CLI::IsMember({"row", "col"}));
  cmd->add_option(
         "--block-stride", o.block_stride,
         "Load pattern: elements from the start of one block to the next (default: rows*ld, or cols*ld with --order col, i.e. blocks one below the other). Example: --block-stride 32 for blocks side by side")
      ->check(integer_in(1, 2147483647));
  cmd->add_option(
      "--var", o.vars,
      "A free variable of the slot formulas, swept: NAME=LOW..HIGH or NAME=VALUE; repeatable. The check passes only if it passes at every point. Example: --var i=0..3");
  cmd->add_option(
      "--block-dim", o.block_dim,
      "X,Y: a 2-D thread block; threadIdx.x = L % X and threadIdx.y = L / X (default: threadIdx.x = L). Example: --block-dim 16,4");
  cmd->add_flag(
      "--pair", o.pair,
      "Pair mode: check that A and B loaded by --load-a and --load-b, over --steps chained instructions, give every D[i][j] the products A[i][k]*B[k][j] for k = 0..K-1 once each, in any shared order");
  cmd->add_option(
      "--load-a", o.load_a,
      "Pair mode: the index into A (M x K in memory) that lane L loads into its A element G at step s. Example: --load-a '(L%16)*32 + 8*(L/16) + 4*s + G'");
  cmd->add_option("--load-b", o.load_b,
                  "Pair mode: the index into B (K x N in memory) that lane L loads into its B element G at step s");
  cmd->add_option("--ld-a", o.ld_a, "Pair mode: A's leading dimension (default K, or M with --order-a col)")
      ->check(integer_in(1, 2147483647));
  cmd->add_option("--ld-b", o.ld_b, "Pair mode: B's leading dimension (default N, or K with --order-b col)")
      ->check(integer_in(1, 2147483647));
  cmd->add_option("--order-a", o.order_a, "Pair mode: row (A[i][k] at i*ld + k, the default) or col (k*ld + i)")
      ->check(CLI::IsMember({"row", "col"}));
  cmd->add_option("--order-b", o.order_b, "Pair mode: row (B[k][j] at k*ld + j, the default) or col (j*ld + k)")
      ->check(CLI::IsMember({"row", "col"}));
  cmd->add_option(
         "--steps", o.steps,
         "How many chained instructions accumulate into D: with --pair (default 1), or with --row/--col or "
         "--linear-layout of A or B, whose formula then names the element of the whole operand (A: M x K*steps) "
         "at step s = 0..steps-1 and may follow any K order that B shares. Example: --steps 2")
      ->check(integer_in(1, 1024));
  cmd->add_option(
      "--linear-layout", o.linear_layout,
      "A linear layout (Triton's LinearLayout; mxlane lanemap --format linear-layout writes one) in FILE, or - for "
      "standard input: a JSON object with \"bases\" {\"register\": [[dim0, dim1], ...], \"lane\": [...]} and "
      "\"out_dims\" [\"dim0\", \"dim1\"], judged like --row/--col. Example: --linear-layout d.json");
  cmd->add_flag(
      "--transposed", o.transposed,
      "The layout is meant for the instruction issued with A and B swapped (D^T = B^T x A^T): your A[i][k] is its "
      "B[k][i], your B[k][j] its A[j][k], your C, D its C, D transposed. Works in every mode");
  cmd->add_option("--k", o.k, "Pair mode: the K of the whole product (default: the instruction's K times --steps)")
      ->check(integer_in(1, 2147483647));
  cmd->add_option(
         "--max-mismatches", o.max_mismatches,
         "How many mismatches to list, 0 to 1000000 (default 8); the total is always counted. Example: --max-mismatches 20")
      ->check(integer_in(0, 1000000));
  cmd->add_option(
         "--format", o.format,
         "text (default) or json (one mxlane.check/1 object; mxlane.check.pair/1 with --pair). Example: --format json")
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
      "           (b*cols + col)*ld + row (col-major); ld defaults to the columns (rows). --block-stride S\n"
      "           puts block b at b*S + row*ld + col (b*S + col*ld + row) instead.\n"
      "  pair     --pair --load-a EXPR --load-b EXPR [--ld-a N --order-a row|col --ld-b N --order-b\n"
      "           row|col --steps S --k K]: A (M x K, A[i][k] at i*ld + k, or k*ld + i with col) and B\n"
      "           (K x N, B[k][j] at k*ld + j, or j*ld + k) loaded by the two formulas over S chained\n"
      "           instructions (variable s = 0..S-1) must give every D[i][j] exactly the products\n"
      "           A[i][k]*B[k][j] for k = 0..K-1 (default K: the instruction's K times S), each once, in\n"
      "           any order shared by A and B. No --operand. Single-block instructions.\n"
      "  linear   --linear-layout FILE|-: a linear layout (mxlane.linear-layout/1, or any JSON object\n"
      "           with \"bases\" and \"out_dims\"): register bit b of G gives bases.register[b], lane bit\n"
      "           b bases.lane[b], XORed into (dim0, dim1) = (row, col); judged like --row/--col.\n"
      "Chains: --steps S with --row/--col or --linear-layout of A or B checks one formula over S chained\n"
      "instructions (s = 0..S-1; a linear layout's register index is s*G_count + G): rows of A (columns\n"
      "of B) must be the instruction's and k may follow any K order of the whole K*S, which B must share.\n"
      "--transposed: the layout is for the instruction issued with A and B swapped (your A[i][k] is its\n"
      "B[k][i], your D[i][j] its D[j][i]); every mode.\n"
      "After a failure, a hint says when the same formula for A and B passes in pair mode (a shared K\n"
      "order) and when a 16-bit RDNA3 C/D formula counts only the used elements (G/2).\n"
      "Slot formulas (inverse, load, pair) may also use threadIdx.x (= L; with --block-dim X,Y\n"
      "threadIdx.x = L % X and threadIdx.y = L / X) and free variables --var NAME=LOW..HIGH, swept: the\n"
      "check passes only at every point, and a failure names the values.\n"
      "Every element (forward) or every slot the instruction uses (inverse, load) is checked, lane by\n"
      "lane and G ascending; slots it does not use (the other half of 16-bit RDNA3 C/D, lanes not\n"
      "read under CBSZ/ABID or BLGP) are skipped. Under a broadcast a slot passes when the formula\n"
      "names any element it feeds.\n"
      "Expressions: integers (decimal, 0x hex), + - * / % with floor semantics (a/b = floor(a/b),\n"
      "a%b = a - b*floor(a/b): -7/2 = -4, -7%2 = 1), unary - ~ !, & | ^ << >> (>> is arithmetic),\n"
      "< <= > >= == != && || (0 or 1) and c ? a : b with C's precedence and C's short-circuit,\n"
      "parentheses, min(a,b,...), max(...); 64-bit, overflow, division by zero and shifts by a\n"
      "negative amount or 63 or more are errors; at most 1024 characters and 64 nested levels.\n"
      "Quote them in the shell; one that starts with '-' needs the form --row=-G+15.\n"
      "Exit: 0 everything matches, 1 a mismatch (the first --max-mismatches are listed with what the\n"
      "formula and the layout say), 2 a bad option or expression (the column is marked with ^).\n"
      "Examples:\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand D --row 'G*2 + L/16' --col 'L%16'\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand A --load '(L%16)*16 + G'\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand B --load '(L%16)*16 + G' --order col\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand A --lane 'i + 16*r' --vgpr 'k/2' --bits '16*(k%2)'\n"
      "  mxlane check --arch gfx90a --inst v_mfma_f32_32x32x8f16 --operand D --lane '32*(i/4)%64 + j' --vgpr '4*(i/8) + i%4'\n"
      "  mxlane check --arch gfx90a --inst v_mfma_f32_16x16x4f32 --operand D --row '4*(L/16) + G%4' --col 'L%16'\n"
      "  mxlane check --arch gfx90a --inst v_mfma_f32_32x32x1f32 --operand B --load 'L%32 + 32*(L/32)' --ld 64 --block-stride 32\n"
      "  mxlane check --arch gfx90a --inst v_mfma_i32_16x16x16i8 --pair --steps 2 --ld-a 32 --ld-b 32 --order-b col\n"
      "      --load-a '4*((threadIdx.x%16)*8 + 2*(threadIdx.x/16) + s) + G' --load-b '4*((threadIdx.x%16)*8 + 2*(threadIdx.x/16) + s) + G'\n"
      "  mxlane lanemap --arch gfx942 --inst v_mfma_f32_32x32x8_f16 --operand D --format linear-layout > d.json\n"
      "  mxlane check --arch gfx942 --inst v_mfma_f32_32x32x8_f16 --operand D --linear-layout d.json\n"
      "  mxlane check --arch gfx942 --inst v_mfma_f32_16x16x16_f16 --operand A --steps 2 --row 'L%16' --col '8*(L/16) + 4*s + G'");
  return cmd;
}

int run_check(const CheckOptions& o, std::ostream& out, std::ostream& err) {
  check_pair_options(o);
  if (o.pair) return run_pair(o, out, err);
  LayoutSelection selection = o;
  if (o.transposed) selection.operand = swapped_operand(o.operand);
  const SelectedLayout selected = select_layout(selection);
  CheckRequest request{selected.arch, &selected.layout, choose_mode(o), {}, false, 0, formula::MemoryOrder::row_major};
  if (request.mode == CheckMode::forward && (!o.vars.empty() || o.block_dim))
    throw InvalidArgument(
        fmt::format("--{}: only for slot formulas (inverse, load, pair); forward formulas use the "
                    "element's coordinates",
                    o.vars.empty() ? "block-dim" : "var"));
  if (request.mode == CheckMode::linear && (!o.vars.empty() || o.block_dim))
    throw InvalidArgument(
        fmt::format("--{}: only for formulas; a linear layout has no variables", o.vars.empty() ? "block-dim" : "var"));
  if (request.mode != CheckMode::load && o.block_stride) throw InvalidArgument("--block-stride: only with --load");
  if (o.steps && request.mode != CheckMode::inverse && request.mode != CheckMode::linear)
    throw InvalidArgument(
        "--steps: chains --row/--col or --linear-layout over several instructions (or --pair loads); forward "
        "and load formulas describe one instruction");
  request.steps = o.steps.value_or(0);
  if (request.steps > 0 && o.block)
    throw InvalidArgument("--block: chains are checked for single-block instructions, which need no block formula");
  if (o.transposed) request.notes.push_back(transposed_note(o.operand, selected.layout));
  std::optional<formula::LinearLayout> linear;
  if (request.mode == CheckMode::linear) {
    request.linear_source = *o.linear_layout;
    linear = load_linear_layout(read_linear_layout(*o.linear_layout), selected.layout, request.steps, o.transposed);
    if (request.steps > 0)  // the chain's own checks (operand, blocks, sparse A) before any slot is read
      formula::check_chain(
          selected.layout, request.steps, [](int, int, int) { return formula::ElementAt{}; }, 0);
  }
  const std::vector<SweptVariable> vars = parse_vars(o);
  formula::SlotVariables slot_vars{parse_block_dim(o, selected.layout.wave()), {}, {}};
  request.sweep = sweep_text(vars);
  formula::CheckReport report;
  try {
    const auto [points, failed] = sweep(vars, slot_vars, [&] {
      request.expressions.clear();
      report = run_mode(o, request, slot_vars, linear ? &*linear : nullptr);
      return report.ok();
    });
    request.sweep_points = points;
    request.sweep_failed = failed;
  } catch (const formula::FormulaError& e) {  // evaluation: name the option the expression came from
    std::string name = e.expression_name();
    if (o.transposed && (name == "row" || name == "col")) name = name == "row" ? "col" : "row";
    std::string text;
    for (const auto& [option, expression] : request.expressions)
      if (option == name) text = expression;
    const BadExpression bad(name, text, e);
    err << "mxlane check: error: " << bad.what() << '\n' << bad.caret();
    return kExitUsage;
  } catch (const BadExpression& e) {
    err << "mxlane check: error: " << e.what() << '\n' << e.caret();
    return kExitUsage;
  }
  if (!report.ok()) {
    if (auto hint = opsel_hint(o, request, slot_vars)) request.hints.push_back(*hint);
    if (auto hint = pair_hint(o, request, linear ? &*linear : nullptr)) request.hints.push_back(*hint);
  }
  if (o.format == "json")
    render_check_json(request, report, out);
  else
    render_check_text(request, report, out);
  return report.ok() ? kExitOk : kExitMismatch;
}

}  // namespace mxlane::cli
