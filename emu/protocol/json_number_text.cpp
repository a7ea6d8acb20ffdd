// Finding a number's original spelling: a SAX pass over the line that tracks each value's field path.
#include "emu/protocol/json_number_text.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace mxlane::protocol {
namespace {

using Json = nlohmann::ordered_json;

// nlohmann's SAX interface; only numbers that are not integers carry their text (number_float's
// second argument), and those are the only ones whose dump can differ from the input.
class NumberFinder {
 public:
  explicit NumberFinder(const std::string& field) : field_(field) {}
  std::optional<std::string> found;

  bool null() { return value(); }
  bool boolean(bool) { return value(); }
  bool number_integer(Json::number_integer_t v) { return number(std::to_string(v)); }
  bool number_unsigned(Json::number_unsigned_t v) { return number(std::to_string(v)); }
  bool number_float(Json::number_float_t, const std::string& text) { return number(text); }
  bool string(std::string&) { return value(); }
  bool binary(Json::binary_t&) { return value(); }
  bool start_object(std::size_t) {
    value();
    frames_.push_back({false, 0, {}});
    return true;
  }
  bool key(std::string& k) {
    frames_.back().key = k;
    return true;
  }
  bool end_object() {
    frames_.pop_back();
    return true;
  }
  bool start_array(std::size_t) {
    value();
    frames_.push_back({true, 0, {}});
    return true;
  }
  bool end_array() {
    frames_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

 private:
  // A container being read: an array counts its elements, an object remembers the current key.
  struct Frame {
    bool array;
    std::size_t next;  // array: the index of the next element
    std::string key;   // object: the key of the current member
  };

  // Every value event: an array's element takes the next index.
  bool value() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().next;
    return true;
  }

  bool number(const std::string& text) {
    value();
    if (!found && path() == field_) found = text;
    return true;
  }

  // "src.C[1][4]": object keys joined by '.', array indices in brackets.
  std::string path() const {
    std::string p;
    for (const Frame& f : frames_) {
      if (f.array) {
        p += '[';
        p += std::to_string(f.next - 1);
        p += ']';
      } else {
        if (!p.empty()) p += '.';
        p += f.key;
      }
    }
    return p;
  }

  const std::string& field_;
  std::vector<Frame> frames_;
};

}  // namespace

std::optional<std::string> number_text_at(std::string_view line, const std::string& field) {
  NumberFinder finder(field);
  Json::sax_parse(line.begin(), line.end(), &finder);
  return finder.found;
}

}  // namespace mxlane::protocol
