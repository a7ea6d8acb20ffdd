// The index-expression language: precedence, floor division, min/max, literals, and every error
// with its column; expected values worked out by hand from the grammar in index_expression.hpp.
#include "support/catch_compat.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "layouts/formula/index_expression.hpp"

namespace {

using mxlane::formula::ExpressionError;
using mxlane::formula::IndexExpression;

const std::vector<std::string> kLG = {"L", "G"};

std::int64_t eval(const std::string& text, std::int64_t L = 0, std::int64_t G = 0) {
  const std::vector<std::int64_t> values{L, G};
  return IndexExpression::parse(text, kLG).evaluate(values);
}

// The ExpressionError of parsing `text`; fails the test when it parses.
ExpressionError parse_error(const std::string& text) {
  try {
    IndexExpression::parse(text, kLG);
  } catch (const ExpressionError& e) {
    return e;
  }
  FAIL("'" << text << "' parsed");
  throw std::logic_error("unreachable");
}

ExpressionError evaluation_error(const std::string& text, std::int64_t L = 0, std::int64_t G = 0) {
  const IndexExpression e = IndexExpression::parse(text, kLG);
  const std::vector<std::int64_t> values{L, G};
  try {
    e.evaluate(values);
  } catch (const ExpressionError& error) {
    return error;
  }
  FAIL("'" << text << "' evaluated");
  throw std::logic_error("unreachable");
}

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

}  // namespace

TEST_CASE("Expressions: precedence and associativity as in C", "[check][expression]") {
  CHECK(eval("2+3*4") == 14);
  CHECK(eval("(2+3)*4") == 20);
  CHECK(eval("2*3%4") == 2);     // (2*3)%4: * and % share a level, left to right
  CHECK(eval("2+3%4*5") == 17);  // 2 + ((3%4)*5)
  CHECK(eval("10-4-3") == 3);    // (10-4)-3
  CHECK(eval("100/10/5") == 2);  // (100/10)/5
  CHECK(eval("-2*3") == -6);
  CHECK(eval("--5") == 5);
  CHECK(eval("2--3") == 5);
  CHECK(eval("-(3)") == -3);
  CHECK(eval("-7/2") == -4);  // unary minus binds first: (-7)/2 = floor(-3.5)
  CHECK(eval("-(7/2)") == -3);
  CHECK(eval(" L  /  16 ", 20) == 1);
  CHECK(eval("\tL*2+G", 3, 4) == 10);
  CHECK(eval("G*2 + L/16", 17, 3) == 7);  // seed 000 store_c: lane 17, VGPR 3 holds row 7
}

TEST_CASE("Expressions: / and % round toward minus infinity", "[check][expression]") {
  // a/b = floor(a/b), a%b = a - b*floor(a/b).
  CHECK(eval("7/2") == 3);
  CHECK(eval("-7/2") == -4);
  CHECK(eval("7/-2") == -4);
  CHECK(eval("-7/-2") == 3);
  CHECK(eval("-8/2") == -4);
  CHECK(eval("7%2") == 1);
  CHECK(eval("-7%2") == 1);    // -7 - 2*(-4)
  CHECK(eval("7%-2") == -1);   // 7 - (-2)*(-4)
  CHECK(eval("-7%-2") == -1);  // -7 - (-2)*3
  CHECK(eval("-8%2") == 0);
  CHECK(eval("L%16", -1) == 15);
  CHECK(eval("L/16", -1) == -1);
  CHECK(eval("(-9223372036854775807-1)%-1") == 0);  // C++ would be undefined here
  CHECK(eval("(-9223372036854775807-1)/2") == kMin / 2);
  CHECK(eval("(-9223372036854775807-1)/3") == -3074457345618258603);  // floor(-3074457345618258602.67)
}

TEST_CASE("Expressions: min, max, literals, variables", "[check][expression]") {
  CHECK(eval("min(3,1,2)") == 1);
  CHECK(eval("max(3, 1, 2)") == 3);
  CHECK(eval("max(-1, L)", -5) == -1);
  CHECK(eval("min(max(L,0),15)", 40) == 15);
  CHECK(eval("0x10") == 16);
  CHECK(eval("0XfF") == 255);
  CHECK(eval("010") == 10);  // no octal
  CHECK(eval("9223372036854775807") == kMax);
  CHECK(eval("0x7fffffffffffffff") == kMax);
  CHECK(eval("-9223372036854775807-1") == kMin);
  CHECK(eval(std::string(1000, '-') + "1") == 1);  // a long unary chain is a loop, not recursion

  const IndexExpression e = IndexExpression::parse("L*2", kLG);
  CHECK(e.uses("L"));
  CHECK_FALSE(e.uses("G"));
  CHECK_FALSE(e.uses("x"));
  CHECK(e.text() == "L*2");
}

TEST_CASE("Expressions: parse errors carry the column and what was expected", "[check][expression]") {
  struct Case {
    std::string text;
    int column;
    std::string mentions;
  };
  const std::vector<Case> cases = {
      {"L/16+(G", 8, "')' closing the '(' at column 6"},
      {"L+*2", 3, "expected a number, a variable (L, G)"},
      {"x+1", 1, "unknown name 'x'; allowed: L, G; functions: min, max"},
      {"L+row", 3, "unknown name 'row'"},
      {"L G", 3, "expected an operator or the end of the expression, found 'G'"},
      {"", 1, "empty expression"},
      {"   ", 1, "empty expression"},
      {"min(L)", 1, "min needs at least 2 arguments"},
      {"min L", 5, "expected '(' after 'min'"},
      {"max(L,G", 8, "',' or ')' in the arguments of max( at column 1"},
      {"12ab", 1, "malformed number '12ab'"},
      {"0x", 1, "malformed number '0x'"},
      {"0xfg", 1, "malformed number '0xfg'"},
      {"L#2", 2, "expected an operator or the end of the expression, found '#'"},
      {"L/16)", 5, "found ')'"},
      {std::string("L+\x01", 3), 3, "found byte 0x01"},
      {std::string("L+\0", 3), 3, "found byte 0x00"},
      {"L(2)", 2, "found '('"},
      {"+L", 1, "found '+'"},
      {"L=2", 2, "found '='"},  // assignment is not C's ==
      {"L?1", 4, "':' of the '?' at column 2"},
      {"L<<", 4, "expected a number"},
      {"L&&", 4, "expected a number"},
      {"!=L", 1, "found '!'"},
      {"threadIdx.x", 1, "unknown name 'threadIdx.x'"},
      {"9223372036854775808", 1, "does not fit in a signed 64-bit integer"},
      {"1+0x8000000000000000", 3, "does not fit"},
      {"99999999999999999999999", 1, "does not fit"},
  };
  for (const Case& c : cases) {
    INFO("expression: '" << c.text << "'");
    const ExpressionError e = parse_error(c.text);
    CHECK(e.column() == c.column);
    CHECK_THAT(e.message(), Catch::Contains(c.mentions));
    CHECK(std::string(e.what()) == "column " + std::to_string(c.column) + ": " + e.message());
  }
}

TEST_CASE("Expressions: nesting depth and length limits", "[check][expression]") {
  const int depth = mxlane::formula::kMaxNestingDepth;
  CHECK(eval(std::string(depth, '(') + "L" + std::string(depth, ')'), 7) == 7);
  const ExpressionError deep = parse_error(std::string(depth + 1, '(') + "L" + std::string(depth + 1, ')'));
  CHECK(deep.column() == depth + 1);  // the first '(' beyond the limit
  CHECK_THAT(deep.message(), Catch::Contains("nesting deeper than 64"));

  std::string calls;
  for (int n = 0; n < depth; ++n) calls += "min(1,";
  calls += "L" + std::string(depth, ')');
  CHECK(eval(calls, 0) == 0);
  std::string too_many;
  for (int n = 0; n <= depth; ++n) too_many += "max(1,";
  CHECK(parse_error(too_many + "L").column() == 6 * depth + 4);  // the '(' of the 65th max

  std::string longest = "0";
  while (longest.size() + 2 <= mxlane::formula::kMaxExpressionLength) longest += "+0";
  longest.resize(mxlane::formula::kMaxExpressionLength, ' ');
  CHECK(eval(longest) == 0);
  const ExpressionError too_long = parse_error(longest + " ");
  CHECK(too_long.column() == 1025);
  CHECK_THAT(too_long.message(), Catch::Contains("longer than 1024 characters"));
  // A deep but short input of every bracket kind fails cleanly instead of exhausting the stack.
  CHECK(parse_error(std::string(1024, '(')).column() == 65);
}

TEST_CASE("Expressions: evaluation errors name the expression and the values", "[check][expression]") {
  const ExpressionError zero = evaluation_error("L/(G-G)", 3, 5);
  CHECK(zero.column() == 2);
  CHECK(zero.message() == "division by zero in 'L/(G-G)' with L=3, G=5");
  const ExpressionError mod = evaluation_error("L%0", 3);
  CHECK(mod.column() == 2);
  CHECK(mod.message() == "modulo by zero in 'L%0' with L=3");  // G is not used, so not listed
  CHECK(evaluation_error("1/0").message() == "division by zero in '1/0'");

  CHECK(evaluation_error("9223372036854775807+1").column() == 20);
  CHECK(evaluation_error("(-9223372036854775807-1)/-1").column() == 25);
  CHECK(evaluation_error("-(-9223372036854775807-1)").column() == 1);
  CHECK(evaluation_error("3037000500*3037000500").column() == 11);  // 3037000500^2 > 2^63 - 1
  CHECK(evaluation_error("-9223372036854775807-2").column() == 21);
  CHECK_THAT(evaluation_error("L*L", kMax).message(),
             Catch::Contains("overflow (result outside 64 bits) in 'L*L' with L=9223372036854775807"));
  CHECK(eval("3037000499*3037000499") == 9223372030926249001);  // just below the limit
}

TEST_CASE("Expressions: random input either parses and evaluates or fails with a column", "[check][expression]") {
  // A small stand-in for the expression fuzzer of scripts/fuzz.sh: any other exception, a crash or a sanitizer report
  // fails it. The alphabet mixes the language's tokens with bytes it rejects.
  const std::string alphabet = std::string("LG0123456789xX+-*/%(),minax \t#\xff") + std::string(1, '\0');
  std::uint64_t state = 0x9E3779B97F4A7C15u;
  auto next = [&] {  // xorshift64: fixed, reproducible sequence
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  const std::int64_t extremes[] = {0, 1, -1, 31, kMax, kMin};
  int parsed = 0, rejected = 0, evaluation_errors = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string text(next() % 40, ' ');
    for (char& c : text) c = alphabet[next() % alphabet.size()];
    std::optional<IndexExpression> e;
    try {
      e = IndexExpression::parse(text, kLG);
      ++parsed;
    } catch (const ExpressionError& error) {
      ++rejected;
      CHECK((error.column() >= 1 && error.column() <= static_cast<int>(text.size()) + 1));
      continue;
    }
    const std::vector<std::int64_t> values{extremes[next() % 6], extremes[next() % 6]};
    try {
      e->evaluate(values);
    } catch (const ExpressionError& error) {
      ++evaluation_errors;
      CHECK((error.column() >= 1 && error.column() <= static_cast<int>(text.size())));
    }
  }
  CHECK(parsed > 100);  // the generator reaches both outcomes
  CHECK(rejected > 100);
  CHECK(evaluation_errors > 0);
}

// ---- C operators (hand-computed from C's rules; '/' and '%' keep floor semantics) ----------------

TEST_CASE("Expressions: C's bitwise, shift, comparison, logical and conditional operators", "[check][expression]") {
  CHECK(eval("12 & 10") == 8);
  CHECK(eval("12 | 3") == 15);
  CHECK(eval("12 ^ 10") == 6);
  CHECK(eval("~0") == -1);
  CHECK(eval("~5") == -6);
  CHECK(eval("1 << 4") == 16);
  CHECK(eval("-1 << 4") == -16);
  CHECK(eval("256 >> 4") == 16);
  CHECK(eval("-7 >> 1") == -4);  // arithmetic: floor(-7/2), like '/'
  CHECK(eval("3 < 4") == 1);
  CHECK(eval("4 < 4") == 0);
  CHECK(eval("4 <= 4") == 1);
  CHECK(eval("5 > 4") == 1);
  CHECK(eval("4 >= 5") == 0);
  CHECK(eval("4 == 4") == 1);
  CHECK(eval("4 != 4") == 0);
  CHECK(eval("!0") == 1);
  CHECK(eval("!7") == 0);
  CHECK(eval("!!7") == 1);
  CHECK(eval("2 && 3") == 1);
  CHECK(eval("2 && 0") == 0);
  CHECK(eval("0 || 0") == 0);
  CHECK(eval("0 || -3") == 1);
  CHECK(eval("1 ? 10 : 20") == 10);
  CHECK(eval("0 ? 10 : 20") == 20);
  // Hex literal against a bitwise mask, as kernels write it.
  CHECK(eval("0xff & 0x1234") == 0x34);
}

TEST_CASE("Expressions: C's precedence and associativity", "[check][expression]") {
  CHECK(eval("1 + 2 << 3") == 24);  // + binds tighter than <<
  CHECK(eval("1 << 2 + 1") == 8);
  CHECK(eval("1 | 2 ^ 3 & 6") == 1);    // & over ^ over |: 1 | (2 ^ (3 & 6)) = 1 | 0
  CHECK(eval("(1 | 2) ^ 3 & 6") == 1);  // 3 ^ 2
  CHECK(eval("6 & 3 == 3") == 0);       // == binds tighter than &: 6 & 1 = 0
  CHECK(eval("1 < 2 == 1") == 1);       // < over ==
  CHECK(eval("5 - 3 - 1") == 1);        // left to right
  CHECK(eval("64 >> 2 >> 1") == 8);
  CHECK(eval("1 || 0 && 0") == 1);        // && over ||
  CHECK(eval("0 ? 1 : 0 ? 2 : 3") == 3);  // ?: right to left: 0 ? 1 : (0 ? 2 : 3)
  CHECK(eval("1 ? 0 ? 4 : 5 : 6") == 5);
  CHECK(eval("L < 16 ? L : L - 16", 20) == 4);
  CHECK(eval("-~3") == 4);  // unary chains apply right to left
  CHECK(eval("~-3") == 2);
  CHECK(eval("2 * 3 & 4") == 4);                        // * over &
  CHECK(eval("(L & 15) * 16 + (G ^ 1)", 19, 4) == 53);  // 3*16 + 5
}

TEST_CASE("Expressions: && || ?: evaluate only what C evaluates", "[check][expression]") {
  CHECK(eval("G == 0 ? 0 : 16 / G", 0, 0) == 0);  // the untaken branch would divide by zero
  CHECK(eval("G == 0 ? 0 : 16 / G", 0, 4) == 4);
  CHECK(eval("G != 0 && 16 / G == 4", 0, 0) == 0);
  CHECK(eval("G == 0 || 16 / G == 4", 0, 0) == 1);
  CHECK(evaluation_error("G == 0 && 16 / G", 0, 0).column() == 14);  // taken: the division fails
}

TEST_CASE("Expressions: shifts out of range and overflowing left shifts are errors with the column",
          "[check][expression]") {
  CHECK(evaluation_error("1 << G", 0, 63).column() == 3);
  CHECK_THAT(evaluation_error("1 << G", 0, 63).message(), Catch::Contains("shift by 63 (only 0..62)"));
  CHECK_THAT(evaluation_error("L >> -1").message(), Catch::Contains("shift by -1"));
  CHECK(evaluation_error("L + (1 >> G)", 0, 64).column() == 8);
  CHECK(eval("1 << 62") == std::int64_t{1} << 62);
  CHECK_THAT(evaluation_error("2 << 62").message(), Catch::Contains("overflow"));  // 2^63 does not fit
  CHECK_THAT(evaluation_error("-4 << 62").message(), Catch::Contains("overflow"));
  CHECK(eval("-1 << 62") == -(std::int64_t{1} << 62));
  CHECK(eval("-2 << 62") == std::numeric_limits<std::int64_t>::min());  // -2^63 fits
  CHECK(eval("-1 >> 62") == -1);
}

TEST_CASE("Expressions: dotted names such as threadIdx.x are variables when the caller allows them",
          "[check][expression]") {
  const IndexExpression e =
      IndexExpression::parse("threadIdx.x % 16 + 16 * threadIdx.y", {"threadIdx.x", "threadIdx.y"});
  const std::vector<std::int64_t> values{21, 2};
  CHECK(e.evaluate(values) == 37);
  CHECK(e.uses("threadIdx.y"));
  try {
    IndexExpression::parse("threadIdx.z", {"threadIdx.x"});
    FAIL("threadIdx.z parsed");
  } catch (const ExpressionError& error) {
    CHECK(error.column() == 1);
    CHECK_THAT(error.message(), Catch::Contains("unknown name 'threadIdx.z'"));
  }
}
