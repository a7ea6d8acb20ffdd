// The eval fast lane: a strict scanner for the shape eval lines have in practice (see
// eval_fast_line.hpp). It only ever accepts a subset of what eval_line() accepts: any surprise
// returns std::nullopt, and eval_line() then evaluates (or refuses) the line itself.
#include "emu/protocol/eval_fast_line.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "emu/api/matrix_executor.hpp"
#include "emu/isa/errors.hpp"
#include "emu/protocol/line_reader.hpp"

namespace mxlane::protocol {
namespace {

using Json = nlohmann::ordered_json;

// The top-level keys of an eval line (docs/spec/interfaces.md), as bits for duplicate detection.
enum Key : unsigned { k_id, k_arch, k_inst, k_wave, k_mods, k_exec, k_options, k_src, k_dst, k_expect, k_none };

Key key_of(std::string_view k) {
  static constexpr std::string_view kNames[] = {"id",   "arch",    "inst", "wave", "mods",
                                                "exec", "options", "src",  "dst",  "expect"};
  for (unsigned i = 0; i < k_none; ++i)
    if (kNames[i] == k) return static_cast<Key>(i);
  return k_none;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

// The value of 8 hex digits loaded little-endian (the first, most significant, digit in the low
// byte), or false if a byte is not 0-9, a-f, A-F. Each byte is tested and converted on its own: once
// every byte is below 0x80, adding at most 0x50 to each cannot carry into the next, so a byte's high
// bit after "+ 0x50" says byte >= 0x30 and after "+ 0x46" byte >= 0x3A (likewise 0x61 and 0x67 for
// a letter with bit 5 set); the digit is the low nibble, plus 9 for a letter (bit 6). Checked
// against a per-byte decoder for every byte value at every position (tests/cli/test_eval_fast_path.cpp).
bool hex_digits8(std::uint64_t x, std::uint32_t& out) {
  static_assert(std::endian::native == std::endian::little, "the caller loads the digits little-endian");
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x80 * kOnes;
  if ((x & kHigh) != 0) return false;
  const std::uint64_t digit = (x + 0x50 * kOnes) & ~(x + 0x46 * kOnes) & kHigh;
  const std::uint64_t folded = x | 0x20 * kOnes;
  const std::uint64_t letter = (folded + 0x1F * kOnes) & ~(folded + 0x19 * kOnes) & kHigh;
  if ((digit | letter) != kHigh) return false;
  const std::uint64_t nibbles = (x & 0x0F * kOnes) + 9 * ((x >> 6) & kOnes);
  // Pairs of digits into bytes, pairs of bytes into 16 bits, then the two halves.
  const std::uint64_t bytes = ((nibbles & 0x00FF00FF00FF00FFULL) << 4) | ((nibbles >> 8) & 0x00FF00FF00FF00FFULL);
  const std::uint64_t halves = ((bytes & 0x0000FFFF0000FFFFULL) << 8) | ((bytes >> 16) & 0x0000FFFF0000FFFFULL);
  out = static_cast<std::uint32_t>(((halves & 0xFFFFFFFFULL) << 16) | (halves >> 32));
  return true;
}

namespace {

// Reads one line left to right; every method returns false on anything it does not expect.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  void skip_space() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r')) ++p_;
  }
  bool at_end() const { return p_ == end_; }
  bool take(char c) {
    skip_space();
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }
  bool peek(char c) {
    skip_space();
    return p_ != end_ && *p_ == c;
  }

  // A key: printable ASCII without escapes.
  bool key(std::string_view& out) {
    if (!take('"')) return false;
    const char* start = p_;
    while (p_ != end_ && *p_ != '"') {
      const auto c = static_cast<unsigned char>(*p_);
      if (c < 0x20 || c >= 0x80 || c == '\\') return false;
      ++p_;
    }
    if (p_ == end_) return false;
    out = std::string_view(start, static_cast<std::size_t>(p_ - start));
    ++p_;
    return true;
  }

  // The text of one value (a string, a bracketed value or a scalar), for nlohmann to parse and
  // validate; the extent only has to be right for valid JSON.
  bool value_text(std::string_view& out) {
    skip_space();
    const char* start = p_;
    int depth = 0;
    bool in_string = false;
    for (; p_ != end_; ++p_) {
      const char c = *p_;
      if (in_string) {
        if (c == '\\') {
          if (++p_ == end_) return false;
        } else if (c == '"') {
          in_string = false;
          if (depth == 0) {
            ++p_;
            break;
          }
        }
        continue;
      }
      // nlohmann reads a NUL as the end of its input, so "32\0" would parse as 32 on its own; in
      // the whole line it is an error. Outside strings only JSON's own white space is left to it.
      if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') return false;
      if (c == '"')
        in_string = true;
      else if (c == '[' || c == '{')
        ++depth;
      else if (c == ']' || c == '}') {
        if (depth == 0) break;  // the end of the enclosing object
        if (--depth == 0) {
          ++p_;
          break;
        }
      } else if (depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'))
        break;
    }
    out = std::string_view(start, static_cast<std::size_t>(p_ - start));
    return !out.empty() && depth == 0 && !in_string;
  }

  // The spelling almost every line uses, "0x" + exactly 8 hex digits right here, decoded as one
  // 64-bit word (hex_digits8); false (nothing consumed) for any other spelling.
  bool canonical_word(std::uint32_t& out) {
    if (end_ - p_ < 12 || p_[0] != '"' || p_[1] != '0' || (p_[2] != 'x' && p_[2] != 'X') || p_[11] != '"') return false;
    std::uint64_t digits;
    std::memcpy(&digits, p_ + 3, sizeof digits);
    if (!hex_digits8(digits, out)) return false;
    p_ += 12;
    return true;
  }

  // One lane word: "0x" + 1 to 8 hex digits, or a JSON integer 0..4294967295 without sign,
  // fraction or exponent (README "mxlane eval").
  bool word(std::uint32_t& out) {
    skip_space();
    if (p_ == end_) return false;
    if (*p_ == '"') {
      if (end_ - p_ < 5 || p_[1] != '0' || (p_[2] != 'x' && p_[2] != 'X')) return false;
      p_ += 3;
      std::uint32_t w = 0;
      int digits = 0;
      for (; p_ != end_ && *p_ != '"'; ++p_, ++digits) {
        const int d = hex_digit(*p_);
        if (d < 0 || digits == 8) return false;
        w = (w << 4) | static_cast<std::uint32_t>(d);
      }
      if (p_ == end_ || digits == 0) return false;
      ++p_;
      out = w;
      return true;
    }
    if (*p_ < '0' || *p_ > '9') return false;
    if (*p_ == '0') {
      ++p_;
      out = 0;
    } else {
      std::uint64_t v = 0;
      int digits = 0;
      for (; p_ != end_ && *p_ >= '0' && *p_ <= '9'; ++p_)
        if (++digits > 10)
          return false;
        else
          v = v * 10 + static_cast<std::uint64_t>(*p_ - '0');
      if (v > 0xFFFFFFFFULL) return false;
      out = static_cast<std::uint32_t>(v);
    }
    // A fraction, an exponent or another digit after a leading 0: nlohmann decides.
    return p_ == end_ || (*p_ != '.' && *p_ != 'e' && *p_ != 'E' && (*p_ < '0' || *p_ > '9'));
  }

  // A list of VGPRs, each a list of lane words.
  bool grid(ScannedGrid& g) {
    g.present = true;
    if (!take('[')) return false;
    if (take(']')) return true;
    do {
      if (!take('[')) return false;
      std::uint32_t lanes = 0;
      if (!take(']')) {
        for (;;) {
          std::uint32_t w = 0;
          if (!canonical_word(w) && !word(w)) return false;
          g.words.push_back(w);
          ++lanes;
          // The separator right after the word (the compact spelling), else after white space.
          if (p_ != end_ && *p_ == ',') {
            ++p_;
            continue;
          }
          if (p_ != end_ && *p_ == ']') {
            ++p_;
            break;
          }
          if (take(',')) continue;
          if (take(']')) break;
          return false;
        }
      }
      g.row_lengths.push_back(lanes);
    } while (take(','));
    return take(']');
  }

 private:
  const char* p_;
  const char* end_;
};

// "src": an object of A, B, C, each at most once.
bool scan_src(Scanner& s, ScannedGrids& grids) {
  if (!s.take('{')) return false;
  grids.src = true;
  if (s.take('}')) return true;
  do {
    std::string_view name;
    if (!s.key(name) || !s.take(':')) return false;
    ScannedGrid* g = name == "A" ? &grids.a : name == "B" ? &grids.b : name == "C" ? &grids.c : nullptr;
    if (g == nullptr || g->present || !s.grid(*g)) return false;
  } while (s.take(','));
  return s.take('}');
}

// The line's small fields into `fields` and its word lists into `grids`; false for anything the
// scanner leaves to the full parser.
bool scan_line(std::string_view text, Json& fields, ScannedGrids& grids) {
  Scanner s(text);
  if (!s.take('{')) return false;
  unsigned seen = 0;
  if (!s.peek('}')) {
    do {
      std::string_view name;
      if (!s.key(name) || !s.take(':')) return false;
      const Key key = key_of(name);
      if (key == k_none || (seen & (1u << key)) != 0) return false;  // unknown or duplicate: eval_line() words it
      seen |= 1u << key;
      if (key == k_src) {
        if (!scan_src(s, grids)) return false;
      } else if (key == k_dst || key == k_expect) {
        if (!s.grid(key == k_dst ? grids.dst : grids.expect)) return false;
      } else {
        std::string_view value;
        if (!s.value_text(value)) return false;
        // eval_line() refuses a line nested deeper than kMaxJsonDepth before parsing it.
        if (json_depth(value) + 1 > kMaxJsonDepth) return false;
        fields[std::string(name)] = Json::parse(value.begin(), value.end());  // throws on invalid JSON
      }
    } while (s.take(','));
  }
  if (!s.take('}')) return false;
  s.skip_space();
  return s.at_end();
}

// "0x%08x" for every word of D, as words_json() formats them, in VGPR rows.
void render_words(std::string& out, const LaneRegFile& regs, int base, int count, int lanes) {
  static constexpr char kHex[] = "0123456789abcdef";
  const std::uint32_t* words = regs.words().data() + static_cast<std::ptrdiff_t>(base) * lanes;  // inside: loaded there
  // Exactly [[w,...],...] with each w 12 bytes ("0x" + 8 digits, quoted): sized once, then filled.
  const std::size_t row_bytes = 2 + 13 * static_cast<std::size_t>(lanes) - 1;
  const std::size_t at = out.size();
  out.resize(at + 2 + static_cast<std::size_t>(count) * (row_bytes + 1) - 1);
  char* p = out.data() + at;
  *p++ = '[';
  for (int r = 0; r < count; ++r) {
    if (r != 0) *p++ = ',';
    *p++ = '[';
    for (int l = 0; l < lanes; ++l) {
      const std::uint32_t w = words[r * lanes + l];
      if (l != 0) *p++ = ',';
      p[0] = '"';
      p[1] = '0';
      p[2] = 'x';
      for (int digit = 0; digit < 8; ++digit) p[3 + digit] = kHex[(w >> (28 - 4 * digit)) & 0xF];
      p[11] = '"';
      p += 12;
    }
    *p++ = ']';
  }
  *p++ = ']';
}

}  // namespace

std::optional<FastEvalResult> eval_line_fast(std::string_view text, bool require_expect, bool render) {
  try {
    Json fields = Json::object();
    // One set of lists per thread, emptied per line: their capacity stays, so the words of a line
    // cost no allocation once the first lines have been read.
    thread_local ScannedGrids grids;
    grids.clear();
    if (!scan_line(text, fields, grids)) return std::nullopt;
    LoadedMatrixLine line = load_scanned_matrix_line(fields, grids, require_expect);
    const InstrDesc& d = *line.desc;
    execute_matrix_fast(d, line.regs, line.ops, line.mods, line.switches);
    const int base = line.ops.d.base;
    for (std::size_t r = 0; r < line.expect.size(); ++r)
      for (std::size_t l = 0; l < line.expect[r].size(); ++l)
        if (line.expect[r][l] != line.regs.word(base + static_cast<int>(r), static_cast<int>(l)))
          return std::nullopt;  // a mismatch: eval_line() builds the diff
    FastEvalResult result;
    const Json id = fields.contains("id") ? fields["id"] : Json(nullptr);
    result.outcome.output = Json{{"id", id}};
    result.outcome.desc = &d;
    result.outcome.mods = line.mods;
    result.outcome.switches = line.switches;
    if (render) {
      std::string& out = result.rendered;
      out.reserve(static_cast<std::size_t>(d.vgprs_cd * d.wave) * 13 + 64);
      out += "{\"id\":";
      out += id.dump(-1, ' ', false, Json::error_handler_t::replace);
      out += ",\"D\":";
      render_words(out, line.regs, base, d.vgprs_cd, d.wave);
      if (!line.expect.empty()) out += ",\"match\":true";
      out += '}';
    }
    return result;
  } catch (const std::exception&) {
    return std::nullopt;  // eval_line() gives the line's exact error
  }
}

}  // namespace mxlane::protocol
