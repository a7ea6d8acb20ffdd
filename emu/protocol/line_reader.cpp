// Bounded line reading for the JSON-lines subcommands, and the nesting-depth pre-check.
#include "emu/protocol/line_reader.hpp"

#include <cstring>

namespace mxlane::protocol {

bool LineReader::refill() {
  in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  pos_ = 0;
  end_ = static_cast<std::size_t>(in_.gcount());
  return end_ > 0;
}

bool LineReader::next(InputLine& line) {
  line.text.clear();
  line.length = 0;
  line.too_long = false;
  bool any = false;
  for (;;) {
    if (pos_ == end_ && !refill()) break;
    any = true;
    const char* start = buffer_.data() + pos_;
    const void* newline = std::memchr(start, '\n', end_ - pos_);
    const std::size_t n =
        newline != nullptr ? static_cast<std::size_t>(static_cast<const char*>(newline) - start) : end_ - pos_;
    line.length += n;
    if (line.length > max_) {
      line.too_long = true;
      line.text.clear();
      line.text.shrink_to_fit();
    } else {
      line.text.append(start, n);
    }
    pos_ += n;
    if (newline != nullptr) {
      ++pos_;
      break;
    }
  }
  if (!any) return false;
  if (!line.too_long && !line.text.empty() && line.text.back() == '\r') line.text.pop_back();
  line.number = ++number_;
  return true;
}

int json_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"')
      in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

namespace {

// The length of the well-formed UTF-8 sequence at the start of `text` that encodes a printable
// character (not a C1 control), or 0: no overlong forms, no surrogates, nothing above U+10FFFF
// (Unicode 15 Table 3-7).
std::size_t printable_utf8_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0u; };
  const unsigned lead = byte(0);
  const auto continuation = [&](std::size_t i, unsigned lo = 0x80, unsigned hi = 0xBF) {
    return byte(i) >= lo && byte(i) <= hi;
  };
  if (lead == 0xC2) return continuation(1, 0xA0) ? 2 : 0;  // U+0080..U+009F are C1 controls
  if (lead >= 0xC3 && lead <= 0xDF) return continuation(1) ? 2 : 0;
  if (lead == 0xE0) return continuation(1, 0xA0) && continuation(2) ? 3 : 0;
  if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) return continuation(1) && continuation(2) ? 3 : 0;
  if (lead == 0xED) return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0;
  if (lead == 0xF0) return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0;
  if (lead >= 0xF1 && lead <= 0xF3) return continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
  if (lead == 0xF4) return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0;
  return 0;
}

}  // namespace

std::string printable(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u >= 0x20 && u < 0x7f) {
      out += text[i++];
    } else if (const std::size_t n = printable_utf8_length(text.substr(i)); n > 0) {
      out.append(text.substr(i, n));  // "§" stays "§": the message is UTF-8 text
      i += n;
    } else {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
      ++i;
    }
  }
  return out;
}

}  // namespace mxlane::protocol
