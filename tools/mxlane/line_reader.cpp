// Bounded line reading for the JSON-lines subcommands, and the nesting-depth pre-check.
#include "tools/mxlane/line_reader.hpp"

#include <cstring>

namespace mxlane::cli {

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
    const std::size_t n = newline != nullptr ? static_cast<std::size_t>(static_cast<const char*>(newline) - start)
                                             : end_ - pos_;
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
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

std::string printable(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) {
      out += c;
    } else {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  return out;
}

}  // namespace mxlane::cli
