// Writing and reading mxlane.linear-layout/1, with every malformed field named.
#include "emu/protocol/linear_layout_json.hpp"

#include <algorithm>
#include <bit>

#include "emu/isa/errors.hpp"
#include "emu/isa/modifiers.hpp"
#include "fmt/format.h"

namespace mxlane::protocol {
namespace {

using Json = nlohmann::ordered_json;
using formula::LinearLayout;
using formula::LinearVector;

inline constexpr std::size_t kMaxBases = 20;             // 2^20 registers or lanes: far beyond any operand
inline constexpr std::int64_t kMaxCoordinate = 1 << 24;  // no operand has a row, col or block this large

Json vector_json(const LinearVector& v, bool multi_block) {
  return multi_block ? Json::array({v.block, v.row, v.col}) : Json::array({v.row, v.col});
}

Json bases_json(const std::vector<LinearVector>& bases, bool multi_block) {
  Json list = Json::array();
  for (const LinearVector& v : bases) list.push_back(vector_json(v, multi_block));
  return list;
}

[[noreturn]] void bad(const std::string& field, const std::string& why) {
  throw InvalidArgument(fmt::format("{}: {}", field, why));
}

const char* type_name(const Json& j) { return j.type_name(); }

// "in_dims.lane", or for a key that is no plain name (a fuzzer's "la\ne") `in_dims["la\ne"]`, JSON-escaped:
// an error message stays one line whatever the document's keys hold.
std::string field(std::string_view parent, const std::string& key) {
  const bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
  return plain ? fmt::format("{}.{}", parent, key) : fmt::format("{}[{}]", parent, Json(key).dump());
}

// One basis vector: as many integers as out_dims names.
LinearVector parse_vector(const Json& j, const std::string& field, std::size_t dims) {
  if (!j.is_array() || j.size() != dims)
    bad(field, fmt::format("expected a list of {} integers ({}), got {}", dims,
                           dims == 3 ? "block, dim0, dim1" : "dim0, dim1", j.dump()));
  std::int64_t values[3] = {0, 0, 0};
  for (std::size_t n = 0; n < dims; ++n) {
    const Json& value = j[n];
    const std::string at = fmt::format("{}[{}]", field, n);
    if (!value.is_number_integer()) bad(at, fmt::format("expected an integer, got {}", value.dump()));
    const std::int64_t v = value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t{1} << 62
                               ? kMaxCoordinate
                               : value.get<std::int64_t>();
    if (v < 0) bad(at, fmt::format("{} is negative: a basis vector's coordinates are 0 or more", v));
    if (v >= kMaxCoordinate) bad(at, fmt::format("{} is larger than any operand", value.dump()));
    values[n] = v;
  }
  return dims == 3 ? LinearVector{values[0], values[1], values[2]} : LinearVector{0, values[0], values[1]};
}

std::vector<LinearVector> parse_bases(const Json& bases, const char* name, std::size_t dims) {
  const std::string field = fmt::format("bases.{}", name);
  if (!bases.contains(name)) bad(field, "missing (a list of basis vectors, one per bit)");
  const Json& list = bases[name];
  if (!list.is_array()) bad(field, fmt::format("expected a list of basis vectors, got {}", type_name(list)));
  if (list.size() > kMaxBases) bad(field, fmt::format("{} vectors: at most {}", list.size(), kMaxBases));
  std::vector<LinearVector> out;
  for (std::size_t n = 0; n < list.size(); ++n)
    out.push_back(parse_vector(list[n], fmt::format("{}[{}]", field, n), dims));
  return out;
}

std::size_t parse_out_dims(const Json& doc, const LinearLayoutShape& shape) {
  if (!doc.contains("out_dims")) bad("out_dims", "missing: [\"dim0\", \"dim1\"] (the operand's row and col)");
  const Json& dims = doc["out_dims"];
  const Json two = Json::array({"dim0", "dim1"}), three = Json::array({"block", "dim0", "dim1"});
  if (dims == two && shape.multi_block)
    bad("out_dims", fmt::format("{} has several blocks: give [\"block\", \"dim0\", \"dim1\"] and a block "
                                "coordinate first in every basis vector",
                                shape.operand_text));
  if (dims == two) return 2;
  if (dims == three) return 3;
  bad("out_dims", fmt::format("expected [\"dim0\", \"dim1\"]{}, got {}",
                              shape.multi_block ? "" : " (or [\"block\", \"dim0\", \"dim1\"])", dims.dump()));
}

void check_size(const char* name, std::size_t bases, std::int64_t expected, const std::string& what,
                const std::string& hint) {
  const std::int64_t size = std::int64_t{1} << bases;
  if (size == expected) return;
  bad(fmt::format("bases.{}", name),
      fmt::format("{} vector{} give{} {} {}, but {}{}", bases, bases == 1 ? "" : "s", bases == 1 ? "s" : "", size,
                  name == std::string_view("lane") ? "lanes" : "register elements", what,
                  hint.empty() ? "" : "; " + hint));
}

// in_dims, when given, must say what the bases say (a size no power of two names no bits).
void check_in_dims(const Json& doc, const Json& bases) {
  if (!doc.contains("in_dims")) return;
  const Json& in = doc["in_dims"];
  if (!in.is_object())
    bad("in_dims", fmt::format("expected an object such as {{\"register\": 8, \"lane\": 64}}, got {}", type_name(in)));
  for (const auto& [name, value] : in.items()) {
    const std::string where = field("in_dims", name);
    if (!value.is_number_integer() || value.get<std::int64_t>() < 1)
      bad(where, fmt::format("expected a positive integer, got {}", value.dump()));
    const std::int64_t size = value.get<std::int64_t>();
    if (!std::has_single_bit(static_cast<std::uint64_t>(size)))
      bad(where, fmt::format("{} is not a power of two: a linear layout's dimensions are powers of two", size));
    const std::size_t bits = bases.contains(name) && bases[name].is_array() ? bases[name].size() : 0;
    if (static_cast<std::uint64_t>(size) != std::uint64_t{1} << bits)
      bad(where, fmt::format("{}, but {} has {} vector{} (size {})", size, field("bases", name), bits,
                             bits == 1 ? "" : "s", std::uint64_t{1} << bits));
  }
}

}  // namespace

Json linear_layout_json(const OperandLayout& l, const LinearLayout& linear, const LanemapHeader& h) {
  const InstrDesc& d = l.desc();
  const bool multi_block = l.blocks() > 1;
  Json mods = Json::object();
  for (const ModifierRange& r : legal_modifiers(d)) mods[r.name] = modifier_value(l.modifiers(), r.name);
  Json out_dims = multi_block ? Json::array({"block", "dim0", "dim1"}) : Json::array({"dim0", "dim1"});
  return Json{{"format", "mxlane.linear-layout/1"},
              {"arch", h.arch->name},
              {"inst", d.mnemonic},
              {"operand", operand_name(l.operand())},
              {"wave", d.wave},
              {"mods", mods},
              {"in_dims", Json{{"register", linear.register_size()}, {"lane", linear.lane_size()}}},
              {"bases", Json{{"register", bases_json(linear.register_bases, multi_block)},
                             {"lane", bases_json(linear.lane_bases, multi_block)}}},
              {"out_dims", out_dims}};
}

LinearLayoutShape linear_layout_shape(const OperandLayout& layout, int steps) {
  LinearLayoutShape shape;
  shape.register_size = static_cast<std::int64_t>(formula::vector_length(layout)) * std::max(steps, 1);
  shape.lane_size = layout.wave();
  shape.multi_block = layout.blocks() > 1;
  shape.operand_text = fmt::format("{} of {}{}", operand_name(layout.operand()), layout.desc().mnemonic,
                                   steps > 0 ? fmt::format(" over {} chained steps", steps) : "");
  return shape;
}

LinearLayout parse_linear_layout(std::string_view text, const LinearLayoutShape& shape) {
  Json doc;
  try {
    doc = Json::parse(text.begin(), text.end());
  } catch (const Json::parse_error& e) {
    std::string what = e.what();  // "[json.exception.parse_error.101] parse error at line 1, column 3: ..."
    if (const std::size_t close = what.find("] "); what.rfind("[json.", 0) == 0 && close != std::string::npos)
      what = what.substr(close + 2);
    throw InvalidArgument("not JSON: " + what);
  }
  if (!doc.is_object())
    bad("the document", fmt::format("expected a JSON object with \"bases\" and \"out_dims\", got {}", type_name(doc)));
  if (doc.contains("format") && doc["format"] != "mxlane.linear-layout/1")
    bad("format", fmt::format("{} is not \"mxlane.linear-layout/1\" (mxlane lanemap --format linear-layout writes "
                              "that; a file without \"format\" is read as one too)",
                              doc["format"].dump()));
  const std::size_t dims = parse_out_dims(doc, shape);
  if (!doc.contains("bases")) bad("bases", "missing: {\"register\": [...], \"lane\": [...]}");
  const Json& bases = doc["bases"];
  if (!bases.is_object())
    bad("bases", fmt::format("expected an object with \"register\" and \"lane\", got {}", type_name(bases)));
  // Triton's warp and block dimensions: within one wave they add nothing, so they may be given only
  // as zero vectors (warps that repeat the tile), which are read and ignored.
  for (const auto& [name, list] : bases.items()) {
    if (name == "register" || name == "lane") continue;
    const std::string where = field("bases", name);
    if (!list.is_array()) bad(where, fmt::format("expected a list of basis vectors, got {}", type_name(list)));
    for (std::size_t n = 0; n < list.size(); ++n)
      if (!parse_vector(list[n], fmt::format("{}[{}]", where, n), dims).zero())
        bad(fmt::format("{}[{}]", where, n),
            fmt::format("{} is not zero: mxlane checks one wave, so only \"register\" and \"lane\" may move "
                        "an element (give the one-wave layout, e.g. the tile of one warp)",
                        list[n].dump()));
  }
  LinearLayout linear;
  linear.register_bases = parse_bases(bases, "register", dims);
  linear.lane_bases = parse_bases(bases, "lane", dims);
  check_in_dims(doc, bases);
  check_size("register", linear.register_bases.size(), shape.register_size,
             fmt::format("a lane of {} holds {} elements G", shape.operand_text, shape.register_size),
             shape.register_hint);
  check_size("lane", linear.lane_bases.size(), shape.lane_size,
             fmt::format("{} runs in wave{}", shape.operand_text, shape.lane_size), "");
  return linear;
}

}  // namespace mxlane::protocol
