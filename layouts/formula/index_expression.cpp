// Index expressions: a bounded recursive-descent parser to postfix steps, and a stack evaluator
// with checked 64-bit arithmetic and floor division.
#include "layouts/formula/index_expression.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <stdexcept>

#include "fmt/format.h"

namespace mxlane::formula {

ExpressionError::ExpressionError(int column, const std::string& message)
    : InvalidArgument(fmt::format("column {}: {}", column, message)), column_(column), message_(message) {}

namespace {

using Op = IndexExpression::Op;
using Step = IndexExpression::Step;

bool is_identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool is_printable(char c) { return c >= 0x20 && c < 0x7f; }

struct Compiled {
  std::vector<Step> program;
  std::size_t max_stack = 0;
};

// Recursive descent over expression -> term -> unary -> primary. Only '(' and min/max calls
// recurse back into expression, and they are counted against kMaxNestingDepth, so the recursion
// depth is bounded whatever the input; a chain of unary minuses is a loop.
class Parser {
 public:
  Parser(std::string_view text, const std::vector<std::string>& variables) : text_(text), variables_(variables) {}

  Compiled run() {
    if (text_.size() > kMaxExpressionLength)
      fail(static_cast<int>(kMaxExpressionLength) + 1,
           fmt::format("expression longer than {} characters", kMaxExpressionLength));
    skip_space();
    if (at_end()) fail(1, "empty expression");
    expression();
    if (!at_end()) fail(column(), fmt::format("expected an operator or the end of the expression, found {}", found()));
    return std::move(compiled_);
  }

 private:
  // ---- input ------------------------------------------------------------------------------------
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  int column() const { return static_cast<int>(pos_) + 1; }
  void skip_space() {
    while (!at_end() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }

  // What stands at the current position, for messages: 'G2', '#', byte 0x1b, the end.
  std::string found() const {
    if (at_end()) return "the end of the expression";
    const char c = text_[pos_];
    if (is_identifier_char(c)) {
      std::size_t end = pos_;
      while (end < text_.size() && (is_identifier_char(text_[end]) || (text_[end] == '.' && end + 1 < text_.size() &&
                                                                       is_identifier_start(text_[end + 1]))))
        ++end;
      return fmt::format("'{}'", text_.substr(pos_, end - pos_));
    }
    if (is_printable(c)) return fmt::format("'{}'", c);
    return fmt::format("byte 0x{:02x}", static_cast<unsigned char>(c));
  }

  [[noreturn]] void fail(int at_column, const std::string& message) const { throw ExpressionError(at_column, message); }

  std::string allowed_names() const {
    std::string names;
    for (const std::string& v : variables_) names += (names.empty() ? "" : ", ") + v;
    return names;
  }

  // ---- output -----------------------------------------------------------------------------------
  // Appends a step and tracks how deep the evaluation stack gets (`pops` values in, one out).
  void emit(Op op, std::int64_t value, int at_column, std::size_t pops) {
    compiled_.program.push_back(Step{op, value, at_column});
    stack_ = stack_ - pops + 1;
    compiled_.max_stack = std::max(compiled_.max_stack, stack_);
  }

  void enter(int at_column) {
    if (++depth_ > kMaxNestingDepth)
      fail(at_column, fmt::format("nesting deeper than {} levels of parentheses and min/max calls", kMaxNestingDepth));
  }
  void leave() { --depth_; }

  // ---- grammar ----------------------------------------------------------------------------------
  // C's precedence, loosest first: ?: (right to left), ||, &&, |, ^, &, == !=, < <= > >=, << >>,
  // + -, * / %, unary - ~ !. The recursion through ?: is counted against kMaxNestingDepth.
  void expression() { conditional(); }

  // c ? a : b evaluates only the branch taken (so `G == 0 ? 0 : 16/G` is fine): a conditional
  // jump over the first branch and a jump over the second.
  void conditional() {
    logical_or();
    skip_space();
    if (peek() != '?') return;
    const int question = column();
    enter(question);
    ++pos_;
    const std::size_t jump_false = emit_jump(Op::jump_if_zero, question);
    expression();
    skip_space();
    if (peek() != ':')
      fail(column(), fmt::format("expected an operator or ':' of the '?' at column {}, found {}", question, found()));
    const int colon = column();
    ++pos_;
    const std::size_t jump_end = emit_jump(Op::jump, colon);
    --stack_;  // the second branch starts from the stack the first one found
    patch(jump_false);
    conditional();
    patch(jump_end);
    leave();
  }

  // a || b and a && b: 0 or 1, the right side evaluated only when the left does not decide.
  void logical_or() {
    logical_and();
    for (skip_space(); lookahead("||"); skip_space()) short_circuit(Op::jump_if_nonzero, [this] { logical_and(); });
  }
  void logical_and() {
    binary_level(0);
    for (skip_space(); lookahead("&&"); skip_space()) short_circuit(Op::jump_if_zero, [this] { binary_level(0); });
  }

  // a && b compiles to: a; jz F; b; bool; jmp E; F: 0; E:  (|| the same with jnz and 1).
  template <typename Operand>
  void short_circuit(Op decide, Operand right) {
    const int at = column();
    pos_ += 2;
    enter(at);
    const std::size_t jump_decided = emit_jump(decide, at);
    right();
    emit(Op::to_bool, 0, at, 1);
    const std::size_t jump_end = emit_jump(Op::jump, at);
    --stack_;
    patch(jump_decided);
    emit(Op::constant, decide == Op::jump_if_zero ? 0 : 1, at, 0);
    patch(jump_end);
    leave();
  }

  // The binary operators between && and the unary ones, loosest first; a level's operators are
  // tried longest first so that '<<' is not read as '<', nor '&&' as '&'.
  struct Binary {
    const char* token;
    Op op;
  };
  static constexpr int kLevels = 7;
  static const std::vector<Binary>& level(int n) {
    static const std::vector<Binary> levels[kLevels] = {
        {{"|", Op::bit_or}},
        {{"^", Op::bit_xor}},
        {{"&", Op::bit_and}},
        {{"==", Op::equal}, {"!=", Op::not_equal}},
        {{"<=", Op::less_equal}, {">=", Op::greater_equal}, {"<", Op::less}, {">", Op::greater}},
        {{"<<", Op::shift_left}, {">>", Op::shift_right}},
        {{"+", Op::add}, {"-", Op::subtract}},
    };
    return levels[n];
  }
  // Which operator of level n stands here, if any ('|' but not '||', '&' but not '&&', '<' but
  // not '<<' or '<=').
  const Binary* binary_here(int n) const {
    for (const Binary& b : level(n)) {
      if (!lookahead(b.token)) continue;
      const std::size_t after = pos_ + std::char_traits<char>::length(b.token);
      const char next = after < text_.size() ? text_[after] : '\0';
      const std::string_view t = b.token;
      if ((t == "|" && next == '|') || (t == "&" && next == '&') ||
          ((t == "<" || t == ">") && (next == t[0] || next == '=')))
        continue;
      return &b;
    }
    return nullptr;
  }
  void binary_level(int n) {
    if (n == kLevels) return term();
    binary_level(n + 1);
    for (skip_space();; skip_space()) {
      const Binary* b = binary_here(n);
      if (b == nullptr) return;
      const int at = column();
      pos_ += std::char_traits<char>::length(b->token);
      binary_level(n + 1);
      emit(b->op, 0, at, 2);
    }
  }

  bool lookahead(std::string_view token) const { return text_.substr(pos_, token.size()) == token; }

  // A jump whose target patch() fills in later; a conditional jump pops its condition.
  std::size_t emit_jump(Op op, int at) {
    emit(op, 0, at, op == Op::jump ? 0 : 1);
    --stack_;  // emit() counts every step as pushing one value; a jump pushes none
    return compiled_.program.size() - 1;
  }
  void patch(std::size_t jump) { compiled_.program[jump].value = static_cast<std::int64_t>(compiled_.program.size()); }

  void term() {
    unary();
    for (skip_space(); peek() == '*' || peek() == '/' || peek() == '%'; skip_space()) {
      const Op op = peek() == '*' ? Op::multiply : peek() == '/' ? Op::divide : Op::modulo;
      const int at = column();
      ++pos_;
      unary();
      emit(op, 0, at, 2);
    }
  }

  void unary() {
    std::vector<std::pair<Op, int>> prefixes;
    for (skip_space(); (peek() == '-' || peek() == '~' || (peek() == '!' && !lookahead("!="))); skip_space()) {
      prefixes.emplace_back(peek() == '-' ? Op::negate : peek() == '~' ? Op::bit_not : Op::logical_not, column());
      ++pos_;
    }
    primary();
    for (auto it = prefixes.rbegin(); it != prefixes.rend(); ++it) emit(it->first, 0, it->second, 1);
  }

  void primary() {
    skip_space();
    const char c = peek();
    if (std::isdigit(static_cast<unsigned char>(c)) != 0) return number();
    if (is_identifier_start(c)) return name();
    if (c == '(') {
      const int open = column();
      enter(open);
      ++pos_;
      expression();
      skip_space();
      if (peek() != ')')
        fail(column(),
             fmt::format("expected an operator or ')' closing the '(' at column {}, found {}", open, found()));
      ++pos_;
      leave();
      return;
    }
    fail(column(),
         fmt::format("expected a number, a variable ({}), '(', min( or max(, found {}", allowed_names(), found()));
  }

  void number() {
    const int at = column();
    const std::size_t start = pos_;
    int base = 10;
    if (peek() == '0' && pos_ + 1 < text_.size() && (text_[pos_ + 1] == 'x' || text_[pos_ + 1] == 'X')) {
      base = 16;
      pos_ += 2;
    }
    const std::size_t digits_start = pos_;
    std::uint64_t value = 0;
    bool too_big = false;
    for (; !at_end(); ++pos_) {
      const char d = text_[pos_];
      int digit = -1;
      if (std::isdigit(static_cast<unsigned char>(d)) != 0)
        digit = d - '0';
      else if (base == 16 && std::isxdigit(static_cast<unsigned char>(d)) != 0)
        digit = std::tolower(static_cast<unsigned char>(d)) - 'a' + 10;
      if (digit < 0) break;
      constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
      too_big = too_big || value > (kMax - static_cast<std::uint64_t>(digit)) / static_cast<std::uint64_t>(base);
      if (!too_big) value = value * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(digit);
    }
    const std::size_t digits_end = pos_;
    while (!at_end() && is_identifier_char(text_[pos_])) ++pos_;  // "12ab", "0xfg": one bad token
    const std::string_view token = text_.substr(start, pos_ - start);
    if (digits_end == digits_start || pos_ != digits_end)
      fail(at, fmt::format("malformed number '{}' (decimal digits, or 0x and hex digits)", token));
    if (too_big)
      fail(at, fmt::format("number '{}' does not fit in a signed 64-bit integer (at most {})", token,
                           std::numeric_limits<std::int64_t>::max()));
    emit(Op::constant, static_cast<std::int64_t>(value), at, 0);
  }

  void name() {
    const int at = column();
    const std::size_t start = pos_;
    scan_name();
    const std::string_view id = text_.substr(start, pos_ - start);
    const auto variable = std::find(variables_.begin(), variables_.end(), id);
    if (variable != variables_.end()) {
      emit(Op::variable, variable - variables_.begin(), at, 0);
      return;
    }
    if (id != "min" && id != "max")
      fail(at, fmt::format("unknown name '{}'; allowed: {}; functions: min, max", id, allowed_names()));
    call(id == "min" ? Op::min : Op::max, id, at);
  }

  // A name: identifier characters, and '.' between them (CUDA/HIP's threadIdx.x).
  void scan_name() {
    for (;;) {
      while (!at_end() && is_identifier_char(text_[pos_])) ++pos_;
      if (pos_ + 1 < text_.size() && text_[pos_] == '.' && is_identifier_start(text_[pos_ + 1]))
        ++pos_;
      else
        return;
    }
  }

  // min(a, b, ...) / max(a, b, ...): at least two arguments.
  void call(Op op, std::string_view function, int at) {
    skip_space();
    if (peek() != '(') fail(column(), fmt::format("expected '(' after '{}', found {}", function, found()));
    enter(column());
    ++pos_;
    std::int64_t arguments = 0;
    for (;;) {
      expression();
      ++arguments;
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ')') break;
      fail(column(), fmt::format("expected an operator, ',' or ')' in the arguments of {}( at column {}, found {}",
                                 function, at, found()));
    }
    if (arguments < 2) fail(at, fmt::format("{} needs at least 2 arguments, got 1", function));
    ++pos_;
    leave();
    emit(op, arguments, at, static_cast<std::size_t>(arguments));
  }

  std::string_view text_;
  const std::vector<std::string>& variables_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  std::size_t stack_ = 0;
  Compiled compiled_;
};

}  // namespace

IndexExpression IndexExpression::parse(std::string_view text, std::vector<std::string> variables) {
  Compiled compiled = Parser(text, variables).run();
  IndexExpression e;
  e.text_ = std::string(text);
  e.variables_ = std::move(variables);
  e.program_ = std::move(compiled.program);
  e.max_stack_ = compiled.max_stack;
  return e;
}

bool IndexExpression::uses(std::string_view name) const {
  const auto variable = std::find(variables_.begin(), variables_.end(), name);
  if (variable == variables_.end()) return false;
  const std::int64_t index = variable - variables_.begin();
  return std::any_of(program_.begin(), program_.end(),
                     [&](const Step& s) { return s.op == Op::variable && s.value == index; });
}

namespace {

// "in 'L/G' with L=0, G=0": the expression and the values of the variables it uses.
std::string context(const IndexExpression& e, std::span<const std::int64_t> values) {
  std::string bound;
  for (std::size_t v = 0; v < e.variables().size(); ++v)
    if (e.uses(e.variables()[v]))
      bound += fmt::format("{}{}={}", bound.empty() ? " with " : ", ", e.variables()[v], values[v]);
  return fmt::format("in '{}'{}", e.text(), bound);
}

}  // namespace

std::int64_t IndexExpression::evaluate(std::span<const std::int64_t> values) const {
  if (values.size() != variables_.size() || program_.empty())
    throw std::logic_error("IndexExpression::evaluate: wrong number of values");
  constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  auto fail = [&](const Step& s, std::string_view what) -> void {
    throw ExpressionError(s.column, fmt::format("{} {}", what, context(*this, values)));
  };
  std::vector<std::int64_t> stack;
  stack.reserve(max_stack_);
  for (std::size_t pc = 0; pc < program_.size(); ++pc) {
    const Step& s = program_[pc];
    switch (s.op) {
      case Op::constant: stack.push_back(s.value); continue;
      case Op::variable: stack.push_back(values[static_cast<std::size_t>(s.value)]); continue;
      case Op::negate:
        if (stack.back() == kMin) fail(s, "overflow (result outside 64 bits)");
        stack.back() = -stack.back();
        continue;
      case Op::bit_not: stack.back() = ~stack.back(); continue;
      case Op::logical_not: stack.back() = stack.back() == 0 ? 1 : 0; continue;
      case Op::to_bool: stack.back() = stack.back() != 0 ? 1 : 0; continue;
      case Op::jump: pc = static_cast<std::size_t>(s.value) - 1; continue;
      case Op::jump_if_zero:
      case Op::jump_if_nonzero: {
        const bool zero = stack.back() == 0;
        stack.pop_back();
        if (zero == (s.op == Op::jump_if_zero)) pc = static_cast<std::size_t>(s.value) - 1;
        continue;
      }
      case Op::min:
      case Op::max: {
        const auto first = stack.end() - s.value;
        const std::int64_t result =
            s.op == Op::min ? *std::min_element(first, stack.end()) : *std::max_element(first, stack.end());
        stack.erase(first, stack.end());
        stack.push_back(result);
        continue;
      }
      default: break;
    }
    const std::int64_t b = stack.back();
    stack.pop_back();
    const std::int64_t a = stack.back();
    std::int64_t r = 0;
    bool overflow = false;
    switch (s.op) {
      case Op::add: overflow = __builtin_add_overflow(a, b, &r); break;
      case Op::subtract: overflow = __builtin_sub_overflow(a, b, &r); break;
      case Op::multiply: overflow = __builtin_mul_overflow(a, b, &r); break;
      case Op::divide:
      case Op::modulo:
        if (b == 0) fail(s, s.op == Op::divide ? "division by zero" : "modulo by zero");
        if (b == -1) {  // a / -1 overflows for the most negative a; C++ leaves a % -1 undefined there
          overflow = s.op == Op::divide && a == kMin;
          r = s.op == Op::divide ? (overflow ? 0 : -a) : 0;
          break;
        }
        if (s.op == Op::divide) {
          r = a / b;
          if (a % b != 0 && ((a < 0) != (b < 0))) --r;  // truncation -> floor
        } else {
          r = a % b;
          if (r != 0 && ((r < 0) != (b < 0))) r += b;  // sign of the divisor, as floor division implies
        }
        break;
      case Op::shift_left:
      case Op::shift_right:
        // Only 0..62: C leaves negative and too wide shifts undefined, and 63 reaches the sign bit.
        if (b < 0 || b >= 63) fail(s, fmt::format("shift by {} (only 0..62)", b));
        if (s.op == Op::shift_right) {
          r = a >> b;  // arithmetic (C++20): floor(a / 2^b), like '/'
        } else {
          r = static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << b);
          overflow = (r >> b) != a;  // bits (or the sign) shifted out
        }
        break;
      case Op::bit_and: r = a & b; break;
      case Op::bit_or: r = a | b; break;
      case Op::bit_xor: r = a ^ b; break;
      case Op::equal: r = a == b; break;
      case Op::not_equal: r = a != b; break;
      case Op::less: r = a < b; break;
      case Op::less_equal: r = a <= b; break;
      case Op::greater: r = a > b; break;
      case Op::greater_equal: r = a >= b; break;
      default: throw std::logic_error("IndexExpression::evaluate: unknown step");
    }
    if (overflow) fail(s, "overflow (result outside 64 bits)");
    stack.back() = r;
  }
  return stack.back();
}

}  // namespace mxlane::formula
