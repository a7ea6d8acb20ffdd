// The dot-product trace of one D element: its feeding slots (layouts/feeding_slots), the steps its
// numerics routine performs (emu/insns/element_trace), and, with values, every rounding.
#include "tools/mxlane/lanemap_trace.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "emu/formats/exact_value.hpp"
#include "emu/formats/reference_rounding.hpp"
#include "emu/insns/element_trace.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "fmt/ranges.h"
#include "layouts/slot_notation.hpp"
#include "tools/mxlane/eval_line.hpp"

namespace mxlane::cli {
namespace {

using Json = nlohmann::ordered_json;

// ---- values ----------------------------------------------------------------------------------

// "0x3c00 (1)" for a float element, "0xfd (-3)" for an integer element of `bits` bits.
std::string element_text(const InstrDesc& d, const Modifiers& mods, Operand op, std::uint64_t bits) {
  const ElemType type = operand_type(d, op, mods);
  const int width = elem_bits(type);
  if (const FormatSpec* f = element_format(type, d.arch_traits().fp8_encoding)) return fmt::format("{:#0{}x} ({})", bits, width / 4 + 2, decimal_text(*f, bits));
  std::int64_t v = static_cast<std::int64_t>(bits);
  if (operand_signed(d, mods, op) && width < 64 && ((bits >> (width - 1)) & 1) != 0) v -= std::int64_t{1} << width;
  return fmt::format("{:#0{}x} ({})", bits, width / 4 + 2, v);
}

std::string number_text(const TracedNumber& n) {
  if (!n.format) return std::to_string(n.integer);
  return fmt::format("{:#0{}x} ({})", n.bits, n.format->bits() / 4 + 2, decimal_text(*n.format, n.bits));
}

Json number_json(const TracedNumber& n) {
  if (!n.format) return Json{{"format", "int"}, {"value", n.integer}};
  return Json{{"format", n.format->name},
              {"bits", fmt::format("{:#0{}x}", n.bits, n.format->bits() / 4 + 2)},
              {"value", decimal_text(*n.format, n.bits)}};
}

std::optional<ExactValue> exact_of(const TracedNumber& n) {
  if (!n.format) return exact_integer(n.integer);
  return exact_value(*n.format, n.bits);
}

// The exact value an operation rounds (nullopt when an operand is NaN or infinite). For DOT2 it is
// the sum of the exact terms; the grid value the hardware rounds is reported separately.
std::optional<ExactValue> exact_before_rounding(const TraceOp& op) {
  std::vector<ExactValue> v;
  for (const TracedNumber& n : op.operands) {
    const auto e = exact_of(n);
    if (!e) return std::nullopt;
    v.push_back(*e);
  }
  switch (op.kind) {
    case OpKind::read: return v[0];
    case OpKind::add: return exact_add(v[0], v[1]);
    case OpKind::product:
    case OpKind::fma: return exact_add(exact_mul(v[0], v[1]), v[2]);
    case OpKind::int_product: return exact_mul(v[0], v[1]);
    case OpKind::int_sum: return exact_add(v[0], v[1]);
    case OpKind::dot2: return exact_add(exact_add(exact_mul(v[0], v[1]), exact_mul(v[2], v[3])), v[4]);
    case OpKind::exact_dot: {
      ExactValue sum = v[0];
      for (std::size_t k = 1; k + 1 < v.size(); k += 2) sum = exact_add(sum, exact_mul(v[k], v[k + 1]));
      return sum;
    }
  }
  return std::nullopt;
}

std::optional<ExactValue> grid_value(const Dot2Grid& g) {
  if (g.path != Dot2Grid::Path::grid) return std::nullopt;
  return ExactValue{boost::multiprecision::cpp_int(g.frame_neg ? -g.s : g.s), g.g};
}

// The DOT2 terms named for the flags: C, then the products of the step's two k.
std::string term_name(int term, const std::vector<int>& ks) {
  if (term == 0) return "C";
  const auto n = static_cast<std::size_t>(term - 1);
  return n < ks.size() ? fmt::format("A*B k={}", ks[n]) : fmt::format("product {}", term - 1);
}

// Why a DOT2 step's grid value differs from the exact sum (docs/spec/numerics.md §B.4): terms whose
// bits below 2^G were truncated away, and terms of the sign opposite to C's, which one's complement
// counts as -m-1, one grid unit low. Empty when neither happened (or there is no grid).
std::vector<std::string> grid_flags(const TraceOp& op, const std::vector<int>& ks) {
  std::vector<std::string> flags;
  if (!op.grid || op.grid->path != Dot2Grid::Path::grid) return flags;
  const auto names = [&](std::uint8_t mask) {
    std::string list;
    for (int t = 0; t < 3; ++t)
      if ((mask >> t) & 1) {
        if (!list.empty()) list += ", ";
        list += term_name(t, ks);
      }
    return list;
  };
  if (op.grid->truncated != 0)
    flags.push_back(fmt::format("truncated off the grid 2^{}: {}", op.grid->g, names(op.grid->truncated)));
  if (op.grid->complemented != 0)
    flags.push_back(fmt::format("one's complement: {} counted one grid unit low (-m-1)", names(op.grid->complemented)));
  return flags;
}

// What happened in the rounding: exact, rounded, overflow, underflow, NaN, flushed, subnormal; for
// a DOT2 step also the grid's truncations and one's-complement shifts, and "exact" only when the
// result equals the exact sum (not merely the grid value).
std::vector<std::string> op_flags(const TraceOp& op, const std::optional<ExactValue>& rounded_value,
                                  const std::optional<ExactValue>& exact_sum = std::nullopt,
                                  const std::vector<int>& ks = {}) {
  std::vector<std::string> flags = grid_flags(op, ks);
  const TracedNumber& r = op.result;
  if (!r.format) {
    if (rounded_value && !exact_equal(*rounded_value, exact_integer(r.integer))) flags.push_back("wrapped or saturated");
    return flags;
  }
  const Unpacked u = decode(*r.format, r.bits);
  if (u.is_nan()) flags.push_back("NaN");
  if (!rounded_value) return flags;
  if (u.is_inf()) {
    flags.push_back("overflow");
    return flags;
  }
  if (u.is_nan()) return flags;
  const bool exact = exact_equal(*exact_value(*r.format, r.bits), *rounded_value);
  if (op.kind == OpKind::read) {
    if (r.format != op.operands[0].format) flags.push_back("widened exactly");
    else if (r.bits == op.operands[0].bits) flags.push_back("unchanged");
    else flags.push_back(rounded_value->num != 0 ? "subnormal flushed to zero" : "-0 read as +0");
  } else if (u.is_zero() && rounded_value->num != 0) {
    flags.push_back(op.rule.find("flush") != std::string::npos ? "flushed to zero" : "underflow to zero");
  } else if (op.grid && op.grid->path == Dot2Grid::Path::grid && exact_sum) {
    const bool equals_sum = exact_equal(*exact_value(*r.format, r.bits), *exact_sum);
    flags.push_back(equals_sum ? "exact" : exact ? "grid value kept, not the exact sum" : "rounded");
  } else {
    flags.push_back(exact ? "exact" : "rounded");
  }
  if (u.cls == FpClass::subnormal) flags.push_back("subnormal result");
  return flags;
}

// The operation as a formula over its operands.
std::string op_formula(const TraceOp& op) {
  const auto& o = op.operands;
  switch (op.kind) {
    case OpKind::read: return fmt::format("{} read: {}", op.role, number_text(o[0]));
    case OpKind::product: return fmt::format("{} = {} * {} + {}", op.role, number_text(o[0]), number_text(o[1]), number_text(o[2]));
    case OpKind::add: return fmt::format("{} = {} + {}", op.role, number_text(o[0]), number_text(o[1]));
    case OpKind::fma: return fmt::format("acc = fma({}, {}, {})", number_text(o[0]), number_text(o[1]), number_text(o[2]));
    case OpKind::dot2:
      return fmt::format("acc = {} + {} * {} + {} * {}", number_text(o[4]), number_text(o[0]), number_text(o[1]),
                         number_text(o[2]), number_text(o[3]));
    case OpKind::exact_dot: return fmt::format("acc = C {} + the {} products", number_text(o[0]), (o.size() - 1) / 2);
    case OpKind::int_product: return fmt::format("{} = {} * {}", op.role, number_text(o[0]), number_text(o[1]));
    case OpKind::int_sum: return fmt::format("D = C + sum = {} + {}", number_text(o[0]), number_text(o[1]));
  }
  return "";
}

// ---- placing quick values into registers -------------------------------------------------------

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return "";
  return std::string(s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1));
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) out.push_back(trim(item));
  if (!text.empty() && text.back() == ',') out.push_back("");
  return out;
}

std::uint64_t parse_value(const InstrDesc& d, const Modifiers& mods, Operand op, const std::string& text,
                          const std::string& what) {
  const ElemType type = operand_type(d, op, mods);
  if (const FormatSpec* f = element_format(type, d.arch_traits().fp8_encoding)) return parse_float_element(*f, text, what);
  return parse_integer_element(elem_bits(type), operand_signed(d, mods, op), text, what);
}

// Writes value `bits` into every replica slot of the element a feed reads; a slot asked to hold two
// different values (BLGP on single-block shapes reads one slot for two k) is an error.
void place(const OperandLayout& layout, const FeedingSlot& feed, std::uint64_t bits, const std::string& what,
           LaneRegFile& regs, int base, std::map<std::tuple<int, int, int>, std::pair<std::uint64_t, std::string>>& used) {
  for (const Placement& copy : layout.forward(feed.read.block, feed.read.row, feed.read.col)) {
    const auto key = std::tuple{copy.slot.lane, copy.slot.vgpr, copy.slot.bit_lo};
    const auto [it, fresh] = used.try_emplace(key, bits, what);
    if (!fresh && it->second.first != bits)
      throw InvalidArgument(fmt::format("{} and {} are read from the same slot {} (modifiers {}); give them equal values",
                                        it->second.second, what, slot_notation(copy.slot),
                                        format_modifiers(layout.desc(), layout.modifiers())));
    write_slot(regs, base, copy.slot, bits);
  }
}

struct Loaded {
  Modifiers mods;
  Switches switches;
  std::optional<LaneRegFile> regs;
  MatrixOperands ops;
};

Loaded load_values_file(const InstrDesc& d, const Modifiers& mods, const Switches& switches, const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InvalidArgument(fmt::format("--values: '{}' is a directory, not a file with one `mxlane eval` line", path));
  std::ifstream in(path);
  if (!in) throw InvalidArgument(fmt::format("--values: cannot open '{}'", path));
  std::string line, text;
  int lines = 0;
  while (std::getline(in, line))
    if (!trim(line).empty()) {
      text = line;
      ++lines;
    }
  if (lines != 1) throw InvalidArgument(fmt::format("--values: '{}' has {} non-empty lines; give exactly one `mxlane eval` line", path, lines));
  std::optional<LoadedMatrixLine> loaded;
  try {
    loaded.emplace(load_matrix_line(text));
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(fmt::format("--values: {}", e.what()));
  }
  if (loaded->desc != &d)
    throw InvalidArgument(fmt::format("--values: the line is {} (wave{}), not --inst {} (wave{})", loaded->desc->mnemonic,
                                      loaded->desc->wave, d.mnemonic, d.wave));
  if (mods != Modifiers{} && mods != loaded->mods)
    throw InvalidArgument(fmt::format("--values: the line's mods ({}) differ from the command line's ({}); give them in one place",
                                      format_modifiers(d, loaded->mods), format_modifiers(d, mods)));
  if (switches != Switches{} && switches != loaded->switches)
    throw InvalidArgument("--values: the line's options differ from the command line's --option; give them in one place");
  return Loaded{loaded->mods, loaded->switches, std::move(loaded->regs), loaded->ops};
}

// --a/--b as K items (an empty item is +0): either up to K values for k = 0, 1, ... (the rest +0),
// or k=value pairs in any order (the k not named +0). Mixing the forms would make a position
// ambiguous, so it is refused, as are a k out of range, a k given twice and an empty value.
std::vector<std::string> quick_value_items(const std::string& option, const std::string& text, const InstrDesc& d) {
  const std::vector<std::string> given = split_list(text);
  std::vector<std::string> items(static_cast<std::size_t>(d.k));
  const bool pairs = std::any_of(given.begin(), given.end(), [](const std::string& g) { return g.find('=') != std::string::npos; });
  if (!pairs) {
    if (static_cast<int>(given.size()) > d.k)
      throw InvalidArgument(fmt::format("{}: {} values given, {} has K = {} (give at most K; missing ones are +0)", option,
                                        given.size(), d.mnemonic, d.k));
    for (std::size_t n = 0; n < given.size(); ++n) {
      if (given[n].empty())
        throw InvalidArgument(fmt::format("{}: value {} is empty (write 0 for zero)", option, n + 1));
      items[n] = given[n];
    }
    return items;
  }
  for (const std::string& g : given) {
    const auto eq = g.find('=');
    int k = -1;
    const char* end = g.data() + (eq == std::string::npos ? 0 : eq);
    const auto [next, ec] = std::from_chars(g.data(), end, k);
    if (eq == std::string::npos || ec != std::errc() || next != end)
      throw InvalidArgument(fmt::format("{}: '{}' is not k=value (all items are k=value pairs once one is)", option, g));
    if (k < 0 || k >= d.k)
      throw InvalidArgument(fmt::format("{}: '{}': k {} is out of range for {} (k 0..{})", option, g, k, d.mnemonic, d.k - 1));
    const std::string value = trim(std::string_view(g).substr(eq + 1));
    if (value.empty()) throw InvalidArgument(fmt::format("{}: '{}' has no value after '='", option, g));
    if (!items[static_cast<std::size_t>(k)].empty())
      throw InvalidArgument(fmt::format("{}: k={} is given twice", option, k));
    items[static_cast<std::size_t>(k)] = value;
  }
  return items;
}

// Registers holding the quick values in the slots the element reads; operands not given are +0.
Loaded load_quick_values(const InstrDesc& d, const Modifiers& mods, const Switches& switches, const OutputFeeds& feeds,
                         const TraceRequest& r) {
  Loaded l{mods, switches, LaneRegFile(d.wave, d.vgprs_a + d.vgprs_b + 2 * d.vgprs_cd), {}};
  l.ops = MatrixOperands{{0}, {d.vgprs_a}, {d.vgprs_a + d.vgprs_b}, {d.vgprs_a + d.vgprs_b + d.vgprs_cd}, {}, {}, {}};
  const OperandLayout la(d, Operand::A, mods, switches), lb(d, Operand::B, mods, switches), lc(d, Operand::C, mods, switches);
  for (const auto& [option, op, text, list, layout, base] :
       {std::tuple{"--a", Operand::A, &r.a, &feeds.a, &la, l.ops.a.base},
        std::tuple{"--b", Operand::B, &r.b, &feeds.b, &lb, l.ops.b.base}}) {
    if (text->empty()) continue;
    const std::vector<std::string> items = quick_value_items(option, *text, d);
    std::map<std::tuple<int, int, int>, std::pair<std::uint64_t, std::string>> used;
    for (int k = 0; k < d.k; ++k) {
      const FeedingSlot& f = (*list)[static_cast<std::size_t>(k)];
      const std::string what = fmt::format("{} k={} ({})", option, k, element_notation(op, f.read, d.blocks > 1));
      const std::string& item = items[static_cast<std::size_t>(k)];
      place(*layout, f, item.empty() ? 0 : parse_value(d, mods, op, item, what), what, *l.regs, base, used);
    }
  }
  if (!r.c.empty()) {
    const std::uint64_t c = parse_value(d, mods, Operand::C, trim(r.c), "--c");
    write_slot(*l.regs, l.ops.c.base, feeds.c.read.slot, c);
  }
  return l;
}

// ---- rendering -------------------------------------------------------------------------------

std::string slot_text(const Slot& s) {
  if (s.width() == 64)
    return fmt::format("{} (lane {}, vgprs {}-{}, bits [63:0])", slot_notation(s), s.lane, s.vgpr, s.vgpr + 1);
  return fmt::format("{} (lane {}, vgpr {}, bits [{}:{}])", slot_notation(s), s.lane, s.vgpr, s.bit_hi, s.bit_lo);
}

// Where a feed is read from; a k of a sparse row that holds no stored value is read from nowhere.
std::string feed_slot_text(const FeedingSlot& f) {
  return f.zero ? std::string("not stored: +0 (IDX names no stored value for this k)") : slot_text(f.read.slot);
}

bool same_element(const Placement& a, const Placement& b) {
  return a.block == b.block && a.row == b.row && a.col == b.col;
}

// "A[5][0]", or under CBSZ/BLGP "A[1][0].B3 (read in place of A[1][0].B0)", with NEG/ABS marks.
std::string feed_name(const InstrDesc& d, const FeedingSlot& f) {
  const bool multi = d.blocks > 1;
  std::string name = element_notation(f.operand, f.source, multi);
  if (!same_element(f.source, f.read)) {
    Placement logical = f.read;
    logical.negated = logical.absolute = false;
    name += fmt::format(" (read in place of {})", element_notation(f.operand, logical, multi));
  }
  return name;
}

Json slot_json(const Slot& s) {
  return Json{{"slot", slot_notation(s)}, {"lane", s.lane}, {"vgpr", s.vgpr}, {"bit_lo", s.bit_lo}, {"bit_hi", s.bit_hi}};
}

Json feed_json(const ElementTrace& t, const FeedingSlot& f, std::optional<std::uint64_t> value) {
  const bool multi = t.desc->blocks > 1;
  Json j = f.zero ? Json{{"slot", nullptr}, {"stored", false}} : slot_json(f.read.slot);
  j["element"] = element_notation(f.operand, f.source, multi);
  Placement logical = f.read;
  logical.negated = logical.absolute = false;
  j["used_as"] = element_notation(f.operand, logical, multi);
  j["neg"] = f.read.negated;
  j["abs"] = f.read.absolute;
  if (f.k >= 0) j["k"] = f.k;
  if (value) {
    j["bits"] = fmt::format("{:#0{}x}", *value, elem_bits(t.desc->type(f.operand)) / 4 + 2);
    const FormatSpec* fmt_spec = element_format(t.desc->type(f.operand), t.desc->arch_traits().fp8_encoding);
    j["value"] = fmt_spec ? decimal_text(*fmt_spec, *value) : element_text(*t.desc, t.mods, f.operand, *value);
  }
  return j;
}

std::string step_heading(const TracedStep& s) {
  if (s.ks.empty()) return "";
  if (s.ks.size() == 1) return fmt::format("k = {}: ", s.ks[0]);
  if (s.ks.back() - s.ks.front() + 1 == static_cast<int>(s.ks.size()))
    return fmt::format("k = {}..{}: ", s.ks.front(), s.ks.back());
  return fmt::format("k = {}: ", fmt::join(s.ks, ","));
}

std::string op_line(const TraceOp& op, const std::vector<int>& ks) {
  const std::optional<ExactValue> exact = exact_before_rounding(op);
  std::optional<ExactValue> rounded = exact;
  std::string text = op_formula(op);
  if (op.grid) {
    if (const auto g = grid_value(*op.grid)) {
      rounded = g;
      text += fmt::format(": exact {}, on the grid S = {}, G = {}: {}", exact ? decimal_text(*exact) : "-", op.grid->s,
                          op.grid->g, decimal_text(*g));
    } else {
      text += op.grid->path == Dot2Grid::Path::special ? ": special values (docs/spec/numerics.md §B.4 precedence)" : ": all terms zero";
    }
  } else if (op.kind != OpKind::read && exact) {
    text += fmt::format(": exact {}", decimal_text(*exact));
  }
  text += fmt::format(" -> {}", number_text(op.result));
  const std::vector<std::string> flags = op_flags(op, rounded, exact, ks);
  if (!flags.empty()) text += fmt::format(" [{}]", fmt::join(flags, ", "));
  return text;
}

Json op_json(const TraceOp& op, const std::vector<int>& ks) {
  static constexpr const char* kNames[] = {"read", "product", "add", "fma", "exact_dot", "dot2", "int_product", "int_sum"};
  Json j{{"op", kNames[static_cast<int>(op.kind)]}, {"role", op.role}};
  if (op.k >= 0) j["k"] = op.k;
  Json operands = Json::array();
  for (const TracedNumber& n : op.operands) operands.push_back(number_json(n));
  j["operands"] = std::move(operands);
  const std::optional<ExactValue> exact = exact_before_rounding(op);
  j["exact"] = exact ? Json(decimal_text(*exact)) : Json(nullptr);
  std::optional<ExactValue> rounded = exact;
  if (op.grid) {
    static constexpr const char* kPaths[] = {"grid", "all_zero", "special"};
    Json g{{"path", kPaths[static_cast<int>(op.grid->path)]}};
    if (const auto v = grid_value(*op.grid)) {
      rounded = v;
      g["S"] = op.grid->s;
      g["G"] = op.grid->g;
      g["frame_neg"] = op.grid->frame_neg;
      g["truncated"] = op.grid->truncated;
      g["complemented"] = op.grid->complemented;
      g["value"] = decimal_text(*v);
    }
    j["grid"] = std::move(g);
  }
  j["result"] = number_json(op.result);
  j["rule"] = op.rule;
  j["flags"] = op_flags(op, rounded, exact, ks);
  return j;
}

std::string modifiers_text(const InstrDesc& d, const Modifiers& mods, const Switches& switches) {
  std::string text = format_modifiers(d, mods);
  for (const SwitchInfo& s : all_switches())
    if (switches.get(s.id) != 0) text += fmt::format(" {}={}", s.name, switch_value_name(switches, s.id));
  return text;
}

// Layout caveats of the operands the trace reads (CBSZ model, BLGP on one block, f64 4x4x4 order).
std::vector<std::string> layout_notes(const InstrDesc& d, const Modifiers& mods, const Switches& switches) {
  std::vector<std::string> notes;
  for (Operand op : {Operand::A, Operand::B, Operand::D})
    for (const std::string& n : OperandLayout(d, op, mods, switches).notes())
      if (std::find(notes.begin(), notes.end(), n) == notes.end()) notes.push_back(n);
  return notes;
}

// ---- the exact dot product and the once-rounded reference -------------------------------------

// An element's exact value as the instruction reads it (NEG/ABS already applied to t.a, t.b, t.c);
// nullopt for NaN and infinities.
std::optional<ExactValue> element_exact(const InstrDesc& d, const Modifiers& mods, Operand op, std::uint64_t bits) {
  const ElemType type = operand_type(d, op, mods);
  if (const FormatSpec* f = element_format(type, d.arch_traits().fp8_encoding)) return exact_value(*f, bits);
  const int width = elem_bits(type);
  std::int64_t v = static_cast<std::int64_t>(bits);
  if (operand_signed(d, mods, op) && width < 64 && ((bits >> (width - 1)) & 1) != 0) v -= std::int64_t{1} << width;
  return exact_integer(v);
}

// "Why is my result off": C + sum of A[k]*B[k] computed exactly from the values the instruction
// read (no flushing, no intermediate rounding), that sum rounded once to D's format (RNE), and
// D's distance from it in ulps (in units for integer D).
struct ReferenceComparison {
  std::optional<ExactValue> exact;      // nullopt: a NaN or infinite input
  std::optional<std::uint64_t> reference;  // D's format; integer D: nullopt when the sum leaves 32 bits
  std::optional<std::uint64_t> ulps;    // nullopt: a NaN on either side, or no reference
};

// An E8M0 byte's exponent as the instruction reads it (switch scale_zero_is_identity, docs/cdna4-numerics.md §3).
int scale_exponent(const ElementTrace& t, std::uint8_t byte) {
  return t.switches.scale_zero_is_identity() == ScaleZero::identity && byte == 0 ? 0 : int{byte} - 127;
}

ReferenceComparison compare_with_reference(const ElementTrace& t) {
  const InstrDesc& d = *t.desc;
  ReferenceComparison r;
  std::optional<ExactValue> sum = element_exact(d, t.mods, Operand::C, t.c);
  for (std::size_t k = 0; sum && k < t.a.size(); ++k) {
    const auto a = element_exact(d, t.mods, Operand::A, t.a[k]);
    const auto b = element_exact(d, t.mods, Operand::B, t.b[k]);
    if (!a || !b) {
      sum.reset();
      continue;
    }
    ExactValue product = exact_mul(*a, *b);
    if (!t.scale_a.empty()) {
      // Scaled f8f6f4: the product times its block's 2^(sa+sb-254); 0xFF is NaN (docs/cdna4.md §2.3).
      const std::size_t block = k / 32;
      const std::uint8_t sa = t.scale_a[block], sb = t.scale_b[block];
      if (sa == 0xFF || sb == 0xFF) {
        sum.reset();
        continue;
      }
      product.exp += scale_exponent(t, sa) + scale_exponent(t, sb);
    }
    sum = exact_add(*sum, product);
  }
  r.exact = sum;
  if (!sum) return r;
  if (const FormatSpec* f = element_format(d.d_type)) {
    r.reference = round_exact_rne(*f, *sum);
    r.ulps = ulp_distance(*f, t.d, *r.reference);
    return r;
  }
  using boost::multiprecision::cpp_int;
  const cpp_int value = sum->num << sum->exp;  // an integer sum has exp 0
  if (value >= cpp_int(INT32_MIN) && value <= cpp_int(INT32_MAX)) {
    r.reference = static_cast<std::uint32_t>(static_cast<std::int32_t>(value));
    const auto got = static_cast<std::int64_t>(static_cast<std::int32_t>(static_cast<std::uint32_t>(t.d)));
    const std::int64_t want = static_cast<std::int32_t>(static_cast<std::uint32_t>(*r.reference));
    r.ulps = static_cast<std::uint64_t>(got > want ? got - want : want - got);
  }
  return r;
}

void render_reference_text(const ElementTrace& t, std::ostream& out) {
  const InstrDesc& d = *t.desc;
  const ReferenceComparison r = compare_with_reference(t);
  const bool integer = element_format(d.d_type) == nullptr;
  if (!r.exact) {
    out << "Exact: not defined (a NaN or infinite input); no reference to compare with\n";
    return;
  }
  out << fmt::format("Exact: C + sum of A*B = {} (the values as read, NEG/ABS applied; no flushing, no intermediate rounding)\n",
                     decimal_text(*r.exact));
  if (!r.reference) {
    out << "Reference: the exact sum does not fit in 32 bits; D was wrapped or saturated\n";
    return;
  }
  if (integer)
    out << fmt::format("Reference: {} (the exact integer sum)\n", element_text(d, t.mods, Operand::D, *r.reference));
  else
    out << fmt::format("Reference: {}, the exact sum rounded once to {} (RNE)\n",
                       element_text(d, t.mods, Operand::D, *r.reference), elem_name(d.d_type));
  const std::string got = element_text(d, t.mods, Operand::D, t.d);
  if (!r.ulps) out << fmt::format("Distance: D = {}: no ulp distance to a NaN\n", got);
  else if (integer) out << fmt::format("Distance: D = {} is {} from the exact sum\n", got, *r.ulps);
  else out << fmt::format("Distance: D = {} is {} ulp from the reference\n", got, *r.ulps);
}

Json reference_json(const ElementTrace& t) {
  const InstrDesc& d = *t.desc;
  const ReferenceComparison r = compare_with_reference(t);
  Json j{{"exact", r.exact ? Json(decimal_text(*r.exact)) : Json(nullptr)}};
  if (!r.reference) j["reference"] = nullptr;
  else if (const FormatSpec* f = element_format(d.d_type)) j["reference"] = number_json(TracedNumber::fp(*f, *r.reference));
  else j["reference"] = number_json(TracedNumber::int_value(static_cast<std::int32_t>(static_cast<std::uint32_t>(*r.reference))));
  j["ulps"] = r.ulps ? Json(*r.ulps) : Json(nullptr);
  return j;
}

// ---- the one-line summary, like the calculator's --output-calculation ---------------------------

std::string summary_register(const char* field, const FeedingSlot& f) {
  if (f.zero) return "0";  // a k of a sparse row with no stored value
  std::string text = fmt::format("{}_{}", field, slot_notation(f.read.slot));
  if (f.read.absolute) text = "|" + text + "|";
  if (f.read.negated) text = "-" + text;
  return text;
}

void render_summary(const ElementTrace& t, std::ostream& out) {
  const InstrDesc& d = *t.desc;
  const bool multi = d.blocks > 1;
  const std::string element = element_notation(Operand::D, t.feeds.d, multi);
  std::string registers, elements;
  for (std::size_t k = 0; k < t.feeds.a.size(); ++k) {
    registers += fmt::format("{}*{} + ", summary_register("Src0", t.feeds.a[k]), summary_register("Src1", t.feeds.b[k]));
    elements += fmt::format("{}*{} + ", element_notation(Operand::A, t.feeds.a[k].source, multi),
                            element_notation(Operand::B, t.feeds.b[k].source, multi));
  }
  registers += summary_register("Src2", t.feeds.c);
  elements += element_notation(Operand::C, t.feeds.c.source, multi);
  out << fmt::format("{} = Vdst_{} = {}\n", element, slot_notation(t.feeds.d.slot), registers);
  out << fmt::format("{} = {}{}\n", element, elements,
                     t.evaluated ? " = " + element_text(d, t.mods, Operand::D, t.d) : std::string());
}

void render_text(const ElementTrace& t, const LanemapHeader& h, std::ostream& out) {
  const InstrDesc& d = *t.desc;
  const bool multi = d.blocks > 1;
  const std::string alias = h.requested_arch != h.arch->name ? fmt::format(", requested as {}", h.requested_arch) : "";
  out << fmt::format("Architecture: {} ({}{})\n", h.arch->name, h.arch->family, alias);
  out << fmt::format("Instruction: {} ({}, wave{})\n", d.mnemonic, d.full_builtin(), d.wave);
  out << "Modifiers: " << modifiers_text(d, t.mods, t.switches) << '\n';
  Placement element = t.feeds.d;
  out << fmt::format("Trace: {} = {}\n", element_notation(Operand::D, element, multi), slot_text(t.feeds.d.slot));
  out << "Model: " << model_summary(t) << '\n';
  if (d.family().replicated_inputs)
    out << fmt::format("Replica: D is in lane group {}, so A and B are read from copy {} (rdna3_replica={}, docs/spec/layouts.md §8.5)\n",
                       t.feeds.d.slot.lane / 16, t.feeds.replica, switch_value_name(t.switches, SwitchId::rdna3_replica));
  for (const std::string& n : layout_notes(d, t.mods, t.switches)) out << "Note: " << n << '\n';
  if (!t.feeds.idx.empty()) {
    std::string fields;
    for (const FeedingSlot& f : t.feeds.idx)
      fields += fmt::format("{}{}->k{}", fields.empty() ? "" : ", ", f.read.col, f.k);
    out << fmt::format("Sparse A: stored value c -> k ({}{}): {}\n", t.evaluated ? "from IDX" : "canonical indices 0,1 per group; give --values for the registers'",
                       t.feeds.irregular_indices ? "; some group's indices are not increasing: undefined in the ISA" : "", fields);
  }
  if (!t.feeds.sa.empty()) {
    // Scaled f8f6f4: each 32-k block's E8M0 bytes and the factor 2^(sa+sb-254) (docs/cdna4.md §2.3).
    std::string blocks;
    for (std::size_t kb = 0; kb < t.feeds.sa.size(); ++kb) {
      blocks += fmt::format("{}k{}..{}: SA {}", blocks.empty() ? "" : "; ", 32 * kb, 32 * kb + 31,
                            slot_text(t.feeds.sa[kb].read.slot));
      if (t.evaluated) blocks += fmt::format(" = {:#04x}", t.scale_a[kb]);
      blocks += fmt::format(", SB {}", slot_text(t.feeds.sb[kb].read.slot));
      if (t.evaluated) blocks += fmt::format(" = {:#04x}", t.scale_b[kb]);
      if (t.evaluated)
        blocks += t.scale_a[kb] == 0xFF || t.scale_b[kb] == 0xFF
                      ? " (NaN)"
                      : fmt::format(" (x 2^{})", scale_exponent(t, t.scale_a[kb]) + scale_exponent(t, t.scale_b[kb]));
    }
    out << fmt::format("Scales: {}{}\n", blocks, t.evaluated ? "" : " (give --values for the registers' bytes)");
  }
  const auto value = [&](Operand op, std::uint64_t bits) { return t.evaluated ? " = " + element_text(d, t.mods, op, bits) : std::string(); };
  int number = 0;
  for (const TracedStep& s : t.steps) {
    out << fmt::format("Step {}: {}{}\n", ++number, step_heading(s), step_combine_text(t, s));
    if (s.kind == StepKind::read_c || s.kind == StepKind::integer_sum || s.kind == StepKind::exact_dot)
      out << fmt::format("  {} = {}{}\n", feed_name(d, t.feeds.c), slot_text(t.feeds.c.read.slot), value(Operand::C, t.c));
    for (int term : s.ks) {
      const auto i = static_cast<std::size_t>(term);
      const int k = t.feeds.b[i].k;  // the B row: the term itself except for a sparse A (docs/cdna3.md §3)
      if (t.feeds.a[i].zero)
        out << fmt::format("  k={}: no stored A value = {}\n", k, feed_slot_text(t.feeds.a[i]));
      else
        out << fmt::format("  k={}: {} = {}{}\n", k, feed_name(d, t.feeds.a[i]), feed_slot_text(t.feeds.a[i]), value(Operand::A, t.a[i]));
      out << fmt::format("  {}  {} = {}{}\n", std::string(std::to_string(k).size() + 2, ' '), feed_name(d, t.feeds.b[i]),
                         feed_slot_text(t.feeds.b[i]), value(Operand::B, t.b[i]));
    }
    if (t.evaluated)
      for (const TraceOp& op : s.ops) out << "    " << op_line(op, s.ks) << '\n';
  }
  out << fmt::format("Result: {} = {}{}\n", element_notation(Operand::D, element, multi), slot_text(t.feeds.d.slot),
                     value(Operand::D, t.d));
  if (t.evaluated) render_reference_text(t, out);
}

void render_json(const ElementTrace& t, const LanemapHeader& h, std::ostream& out) {
  const InstrDesc& d = *t.desc;
  Json mods = Json::object();
  for (const ModifierRange& r : legal_modifiers(d)) mods[r.name] = modifier_value(t.mods, r.name);
  Json options = Json::object();
  for (const SwitchInfo& s : all_switches()) options[std::string(s.name)] = switch_value_name(t.switches, s.id);
  Json d_slot = slot_json(t.feeds.d.slot);
  d_slot["element"] = element_notation(Operand::D, t.feeds.d, d.blocks > 1);
  Json doc{{"format", "mxlane.trace/1"},
           {"arch", h.arch->name},
           {"inst", d.mnemonic},
           {"builtin", d.full_builtin()},
           {"wave", d.wave},
           {"mods", mods},
           {"options", options},
           {"element", {{"block", t.block}, {"row", t.row}, {"col", t.col}}},
           {"d", d_slot},
           {"replica", t.feeds.replica},
           {"model", model_summary(t)},
           {"notes", layout_notes(d, t.mods, t.switches)},
           {"evaluated", t.evaluated}};
  const auto v = [&](std::uint64_t bits) { return t.evaluated ? std::optional<std::uint64_t>(bits) : std::nullopt; };
  Json steps = Json::array();
  static constexpr const char* kKinds[] = {"read_c", "fma", "exact_dot", "pairwise_group", "dot2", "integer_sum", "dot4",
                                           "fused_group"};
  for (const TracedStep& s : t.steps) {
    Json step{{"kind", kKinds[static_cast<int>(s.kind)]}, {"k", s.ks}, {"combine", step_combine_text(t, s)}};
    if (s.kind == StepKind::read_c || s.kind == StepKind::integer_sum || s.kind == StepKind::exact_dot)
      step["c"] = feed_json(t, t.feeds.c, v(t.c));
    Json a = Json::array(), b = Json::array();
    for (int k : s.ks) {
      a.push_back(feed_json(t, t.feeds.a[static_cast<std::size_t>(k)], v(t.a[static_cast<std::size_t>(k)])));
      b.push_back(feed_json(t, t.feeds.b[static_cast<std::size_t>(k)], v(t.b[static_cast<std::size_t>(k)])));
    }
    step["a"] = std::move(a);
    step["b"] = std::move(b);
    if (t.evaluated) {
      Json ops = Json::array();
      for (const TraceOp& op : s.ops) ops.push_back(op_json(op, s.ks));
      step["ops"] = std::move(ops);
    }
    steps.push_back(std::move(step));
  }
  doc["steps"] = std::move(steps);
  if (t.evaluated) {
    doc["result"] = Json{{"bits", fmt::format("{:#0{}x}", t.d, elem_bits(d.d_type) / 4 + 2)},
                         {"value", element_text(d, t.mods, Operand::D, t.d)}};
    doc["reference"] = reference_json(t);
  }
  out << doc.dump() << '\n';
}

}  // namespace

void render_trace(const InstrDesc& d, const Modifiers& cli_mods, const Switches& cli_switches, const LanemapHeader& h,
                  const TraceRequest& r, std::ostream& out) {
  const bool quick = !r.a.empty() || !r.b.empty() || !r.c.empty();
  if (quick && !r.values_file.empty()) throw InvalidArgument("--values and --a/--b/--c exclude each other");
  if (quick && d.has(Operand::IDX))
    throw InvalidArgument(fmt::format("--a/--b/--c: {} is sparse; give its registers, IDX included, with --values "
                                      "(one `mxlane eval` line)",
                                      d.mnemonic));
  if (quick && d.has(Operand::SA))
    throw InvalidArgument(fmt::format("--a/--b/--c: {} is block-scaled; give its registers, SA and SB included, with "
                                      "--values (one `mxlane eval` line)",
                                      d.mnemonic));
  Loaded loaded;
  if (!r.values_file.empty()) {
    loaded = load_values_file(d, cli_mods, cli_switches, r.values_file);
  } else {
    loaded.mods = cli_mods;
    loaded.switches = cli_switches;
  }
  try {
    validate_modifiers(d, loaded.mods);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(std::string("modifier ") + e.what());
  }
  std::optional<OutputFeeds> feeds;
  try {
    feeds.emplace(output_feeds(d, loaded.mods, loaded.switches, r.block, r.row, r.col));
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(fmt::format("--trace: {}", e.what()));
  }
  if (quick) loaded = load_quick_values(d, loaded.mods, loaded.switches, *feeds, r);
  ElementTrace trace = loaded.regs ? trace_element(d, loaded.mods, loaded.switches, r.block, r.row, r.col, *loaded.regs, loaded.ops)
                                   : trace_element(d, loaded.mods, loaded.switches, r.block, r.row, r.col);
  if (loaded.regs) {
    // The evaluated element must be what `mxlane eval` writes for the same registers.
    LaneRegFile regs = *loaded.regs;
    execute_matrix(d, regs, loaded.ops, loaded.mods, loaded.switches);
    const std::uint64_t written = read_slot(regs, loaded.ops.d.base, trace.feeds.d.slot, loaded.ops.d.bank);
    if (written != trace.d)
      throw std::logic_error(fmt::format("trace result {:#x} differs from execute_matrix's {:#x}", trace.d, written));
  }
  if (r.json) render_json(trace, h, out);
  else if (r.summary) render_summary(trace, out);
  else render_text(trace, h, out);
}

}  // namespace mxlane::cli
