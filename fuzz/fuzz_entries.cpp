// The fuzzing entry points: each runs one input through a real user-facing path and aborts only
// on a contract violation (an exception escaping, an output that is not one line), so that
// libFuzzer and the sanitizers report it.
#include "fuzz/fuzz_entries.hpp"

#include <array>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "emu/isa/errors.hpp"
#include "emu/protocol/layout_selection.hpp"
#include "emu/protocol/linear_layout_json.hpp"
#include "layouts/formula/index_expression.hpp"
#include "layouts/formula/linear_layout.hpp"
#include "emu/protocol/eval_fast_line.hpp"
#include "emu/protocol/eval_line.hpp"

namespace mxlane::fuzz {
namespace {

// A violated contract: abort, so the fuzzer records the input and a test replaying it fails.
void require(bool holds) {
  if (!holds) std::abort();
}

}  // namespace

void eval_line_input(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const bool replay = (data[0] & 1) != 0;
  const std::string_view line(reinterpret_cast<const char*>(data + 1), size - 1);
  const protocol::EvalOutcome r = protocol::eval_line(line, replay);  // must not throw
  const std::string out = r.output.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  require(out.find('\n') == std::string::npos);
  require((r.status == protocol::EvalOutcome::Status::error) == r.output.contains("error"));
  // A result: D's registers, or for a line with element values D's elements ("values", "bits").
  require(r.status == protocol::EvalOutcome::Status::error || r.output.contains("D") ||
          (r.input.contains("values") && r.output.contains("values") && r.output.contains("bits")));
  require(r.error.find('\n') == std::string::npos);
  // The eval fast lane takes only lines the full path evaluates without error or mismatch, and
  // prints the same bytes (emu/protocol/eval_fast_line.hpp).
  if (const auto fast = protocol::eval_line_fast(line, replay, true)) {
    require(r.status == protocol::EvalOutcome::Status::ok);
    require(fast->rendered == out);
  }
}

void index_expression_input(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string_view text = input.substr(0, newline);
  const std::string_view rest = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
  // The forward and slot names, and the dotted threadIdx ones and pair mode's step s.
  const std::vector<std::string> variables = {"i", "j",   "k",   "b", "r",           "L",
                                              "G", "row", "col", "s", "threadIdx.x", "threadIdx.y"};
  std::array<std::int64_t, 12> values{};
  for (std::size_t n = 0; n < rest.size() && n < 8 * values.size(); ++n)
    values[n / 8] = static_cast<std::int64_t>(static_cast<std::uint64_t>(values[n / 8]) |
                                              (std::uint64_t{static_cast<unsigned char>(rest[n])} << (8 * (n % 8))));
  // An error is an ExpressionError pointing into the text (1-based, or one past the end), with a
  // one-line message; any other exception escapes and libFuzzer reports it.
  const auto require_well_placed = [&](const formula::ExpressionError& e) {
    require(e.column() >= 1 && static_cast<std::size_t>(e.column()) <= text.size() + 1);
    require(!e.message().empty() && e.message().find('\n') == std::string::npos);
  };
  std::optional<formula::IndexExpression> expression;
  try {
    expression.emplace(formula::IndexExpression::parse(text, variables));
  } catch (const formula::ExpressionError& e) {
    require_well_placed(e);
    return;
  }
  require(text.size() <= formula::kMaxExpressionLength);
  const auto evaluate = [&]() -> std::optional<std::int64_t> {
    try {
      return expression->evaluate(values);
    } catch (const formula::ExpressionError& e) {
      require_well_placed(e);
      return std::nullopt;
    }
  };
  const std::optional<std::int64_t> first = evaluate();
  require(first == evaluate());  // no hidden state between evaluations
  // Parsing the same text again gives the same program.
  const formula::IndexExpression again = formula::IndexExpression::parse(text, variables);
  std::optional<std::int64_t> second;
  try {
    second = again.evaluate(values);
  } catch (const formula::ExpressionError&) {
  }
  require(second == first);
}

void linear_layout_input(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  if (newline == std::string_view::npos) return;
  std::istringstream header{std::string(input.substr(0, newline))};
  protocol::LayoutSelection selection;
  int steps = 0;
  header >> selection.arch >> selection.inst >> selection.operand >> steps;
  if (steps < 0 || steps > 8) return;
  std::optional<protocol::SelectedLayout> selected;
  try {
    selected.emplace(protocol::select_layout(selection));
  } catch (const InvalidArgument&) {
    return;
  }
  const OperandLayout& layout = selected->layout;
  const protocol::LinearLayoutShape shape = protocol::linear_layout_shape(layout, steps);
  const std::string_view text = input.substr(newline + 1);
  formula::LinearLayout linear;
  try {
    linear = protocol::parse_linear_layout(text, shape);
  } catch (const InvalidArgument& e) {  // the one failure a malformed document may give: one line
    require(std::string_view(e.what()).find('\n') == std::string_view::npos);
    return;
  }
  require(linear.register_size() == shape.register_size && linear.lane_size() == shape.lane_size);
  try {
    const formula::CheckReport report = formula::check_linear(layout, linear, 4, steps);
    require(report.checked > 0 && report.mismatches <= report.checked);
    require(report.slots.size() == static_cast<std::size_t>(std::min<std::int64_t>(report.mismatches, 4)));
  } catch (const InvalidArgument&) {  // a chain of an operand that has none (sparse A, several blocks)
    require(steps > 0);
  }
}

}  // namespace mxlane::fuzz
