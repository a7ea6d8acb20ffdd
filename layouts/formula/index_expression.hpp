// A small, safe integer expression language for index formulas: parse once, evaluate many times.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "emu/isa/errors.hpp"

namespace mxlane::formula {

// The language (README "Checking your own index formulas"):
//   expression := logical_or ('?' expression ':' expression)?   (right to left, as in C)
//   logical_or := logical_and ('||' logical_and)*
//   logical_and:= bit_or ('&&' bit_or)*
//   bit_or     := bit_xor ('|' bit_xor)*;  bit_xor := bit_and ('^' bit_and)*
//   bit_and    := equality ('&' equality)*
//   equality   := relational (('==' | '!=') relational)*
//   relational := shift (('<' | '<=' | '>' | '>=') shift)*
//   shift      := additive (('<<' | '>>') additive)*
//   additive   := term (('+' | '-') term)*
//   term       := unary (('*' | '/' | '%') unary)*
//   unary      := ('-' | '~' | '!')* primary            (binds tighter than * / %, as in C)
//   primary    := number | variable | ('min' | 'max') '(' expression (',' expression)+ ')'
//               | '(' expression ')'
//   number     := decimal digits | '0x' hex digits   (no octal: 010 is ten)
// That is C's precedence. Values are signed 64-bit integers. '/' and '%' round toward minus infinity:
//   a / b = floor(a / b),  a % b = a - b * floor(a / b)   (so -7/2 = -4, -7%2 = 1, 7%-2 = -1).
// Comparisons and ! && || give 0 or 1; && || and ?: evaluate only what C evaluates. '>>' is
// arithmetic (floor(a / 2^b)); '<<' is checked like '*'; a shift by a negative amount or by 63 or
// more is an error. Spaces and tabs may appear between tokens. Identifiers are
// [A-Za-z_][A-Za-z0-9_]*, optionally dotted (threadIdx.x), and must be one of the variables the
// caller allows (or min/max).

// Hard limits, so that any input (scripts/fuzz.sh fuzzes the parser) is parsed in bounded time and stack.
inline constexpr std::size_t kMaxExpressionLength = 1024;  // characters (bytes) of text
inline constexpr int kMaxNestingDepth = 64;                // parentheses and min/max calls open at one time

// A malformed expression, or one that cannot be evaluated (division by zero, 64-bit overflow).
// what() is "column C: message"; column() is 1-based (text.size() + 1 means "at the end").
class ExpressionError : public InvalidArgument {
 public:
  ExpressionError(int column, const std::string& message);
  int column() const { return column_; }
  const std::string& message() const { return message_; }

 private:
  int column_;
  std::string message_;
};

class IndexExpression {
 public:
  // Parses `text` with the variables `variables` (evaluate() takes their values in this order).
  // Throws ExpressionError at the first problem: its column and what was expected there.
  static IndexExpression parse(std::string_view text, std::vector<std::string> variables);

  // Evaluates with values[n] bound to variables()[n]. Throws ExpressionError (column of the
  // operator) on division or modulo by zero or a result outside 64 bits; the message names the
  // expression and the variable values. Never undefined behaviour, never recursion.
  std::int64_t evaluate(std::span<const std::int64_t> values) const;

  const std::string& text() const { return text_; }
  const std::vector<std::string>& variables() const { return variables_; }
  // Whether the text mentions the variable `name`.
  bool uses(std::string_view name) const;

  // The compiled program: postfix steps evaluated on a stack.
  enum class Op : std::uint8_t {
    constant,
    variable,
    negate,
    add,
    subtract,
    multiply,
    divide,
    modulo,
    min,
    max,
    bit_not,
    logical_not,
    to_bool,
    bit_and,
    bit_or,
    bit_xor,
    shift_left,
    shift_right,
    equal,
    not_equal,
    less,
    less_equal,
    greater,
    greater_equal,
    jump,
    jump_if_zero,
    jump_if_nonzero  // value: the step to continue at
  };
  struct Step {
    Op op;
    std::int64_t value;  // constant: the value; variable: its index; min/max: argument count; jumps: target
    int column;          // 1-based column of the token, for evaluation errors
  };

 private:
  IndexExpression() = default;

  std::string text_;
  std::vector<std::string> variables_;
  std::vector<Step> program_;
  std::size_t max_stack_ = 0;
};

}  // namespace mxlane::formula
