// Reading JSON-lines input in bounded memory: one line at a time, a line over the size limit is
// reported (and skipped to its end) instead of being held.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace mxlane::protocol {

// The input limits of `mxlane eval` and `mxlane replay` (README "Input limits"). The largest valid
// line — a wave64 instruction with A, B, C, dst and expect spelled as "0x........" words — is under
// 64 KiB, so 1 MiB leaves room for any formatting while bounding what one line can make us hold.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
// A valid line nests four deep (object, "src" object, operand list, VGPR list); deeper is refused
// before parsing so that no input can drive the JSON parser's recursion.
inline constexpr int kMaxJsonDepth = 16;

struct InputLine {
  long number = 0;         // 1-based
  std::string text;        // without the line terminator ("\n" or "\r\n")
  std::size_t length = 0;  // bytes in the line, even when it was too long to keep
  bool too_long = false;   // length > kMaxLineBytes: `text` is empty
};

class LineReader {
 public:
  explicit LineReader(std::istream& in, std::size_t max_line_bytes = kMaxLineBytes)
      : in_(in), max_(max_line_bytes), buffer_(std::size_t{1} << 16) {}
  // The next line; false at end of input. A final line without "\n" still counts.
  bool next(InputLine& line);

 private:
  bool refill();
  std::istream& in_;
  std::size_t max_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  long number_ = 0;
};

// The nesting depth of a JSON text ([ and { outside strings); it stops counting past `limit`.
int json_depth(std::string_view text, int limit = kMaxJsonDepth);

// `text` with every control character and every byte that is not part of well-formed UTF-8
// written as \xNN, so that an error message quoting the input stays one line of valid UTF-8 text
// ("§" stays "§").
std::string printable(std::string_view text);

}  // namespace mxlane::protocol
