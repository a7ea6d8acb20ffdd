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

#include "layouts/formula/index_expression.hpp"
#include "tools/mxlane/cli.hpp"
#include "tools/mxlane/eval_fast_line.hpp"
#include "tools/mxlane/eval_line.hpp"

namespace mxlane::fuzz {
namespace {

// A violated contract: abort, so the fuzzer records the input and a test replaying it fails.
void require(bool holds) {
  if (!holds) std::abort();
}

std::vector<std::string> split_arguments(const std::uint8_t* data, std::size_t size, std::size_t max_arguments) {
  std::vector<std::string> args;
  std::string current;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      args.push_back(current);
      current.clear();
      if (args.size() == max_arguments) return args;
    } else {
      current += static_cast<char>(data[i]);
    }
  }
  if (!current.empty()) args.push_back(current);
  return args;
}

}  // namespace

void eval_line_input(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const bool replay = (data[0] & 1) != 0;
  const std::string_view line(reinterpret_cast<const char*>(data + 1), size - 1);
  const cli::EvalOutcome r = cli::eval_line(line, replay);  // must not throw
  const std::string out = r.output.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  require(out.find('\n') == std::string::npos);
  require((r.status == cli::EvalOutcome::Status::error) == r.output.contains("error"));
  require(r.status == cli::EvalOutcome::Status::error || r.output.contains("D"));
  require(r.error.find('\n') == std::string::npos);
  // The eval fast lane takes only lines the full path evaluates without error or mismatch, and
  // prints the same bytes (tools/mxlane/eval_fast_line.hpp).
  if (const auto fast = cli::eval_line_fast(line, replay, true)) {
    require(r.status == cli::EvalOutcome::Status::ok);
    require(fast->rendered == out);
  }
}

void lanemap_arguments_input(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = {"mxlane", "lanemap"};
  for (std::string& a : split_arguments(data, size, 32)) args.push_back(std::move(a));
  std::ostringstream out, err;
  const int code = cli::run_cli(args, out, err);
  require(code == cli::kExitOk || code == cli::kExitUsage);
  // An error is exactly one line on stderr and no partial output; success writes nothing to stderr.
  const std::string e = err.str();
  if (code == cli::kExitUsage) {
    // "<command>: error: ...", never cli.cpp's "<command>: internal error ..." for an exception
    // that escaped; only the text after the command name counts, as the message may quote any
    // argument (fuzz/regressions/lanemap_arguments/argument_quoting_internal_error).
    require(e.find(": error: ") == e.find(": "));
    require(!e.empty() && e.find('\n') == e.size() - 1);
  } else {
    require(e.empty());
  }
}

void index_expression_input(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string_view text = input.substr(0, newline);
  const std::string_view rest = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
  // The forward and slot names, and the dotted threadIdx ones and pair mode's step s.
  const std::vector<std::string> variables = {"i", "j", "k", "b", "r", "L", "G", "row", "col", "s", "threadIdx.x", "threadIdx.y"};
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

}  // namespace mxlane::fuzz
