// The dot-product trace of one D element: its feeding slots (layouts/feeding_slots), the steps its
// numerics routine performs (emu/insns/element_trace), and, with values, every rounding.
#include "tools/mxlane/lanemap_trace.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "emu/formats/exact_value.hpp"
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

bool operand_signed(const InstrDesc& d, const Modifiers& mods, Operand op) {
  if (op == Operand::C || op == Operand::D || !d.family().neg_chooses_integer_signedness) return true;
  return (mods.neg & (op == Operand::A ? 1 : 2)) != 0;  // integer WMMA: NEG[0]/NEG[1] (docs/spec/layouts.md §8.4)
}

// "0x3c00 (1)" for a float element, "0xfd (-3)" for an integer element of `bits` bits.
std::string element_text(const InstrDesc& d, const Modifiers& mods, Operand op, std::uint64_t bits) {
  const ElemType type = d.type(op);
  const int width = elem_bits(type);
  if (const FormatSpec* f = element_format(type)) return fmt::format("{:#0{}x} ({})", bits, width / 4 + 2, decimal_text(*f, bits));
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

// What happened in the rounding: exact, rounded, overflow, underflow, NaN, flushed, subnormal.
std::vector<std::string> op_flags(const TraceOp& op, const std::optional<ExactValue>& rounded_value) {
  std::vector<std::string> flags;
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
  const ElemType type = d.type(op);
  if (const FormatSpec* f = element_format(type)) return parse_float_element(*f, text, what);
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
    throw InvalidArgument(fmt::format("--values: the line is {} (wave{}), not --inst {} (wave{})", loaded->desc->builtin,
                                      loaded->desc->wave, d.builtin, d.wave));
  if (mods != Modifiers{} && mods != loaded->mods)
    throw InvalidArgument(fmt::format("--values: the line's mods ({}) differ from the command line's ({}); give them in one place",
                                      format_modifiers(d, loaded->mods), format_modifiers(d, mods)));
  if (switches != Switches{} && switches != loaded->switches)
    throw InvalidArgument("--values: the line's options differ from the command line's --option; give them in one place");
  return Loaded{loaded->mods, loaded->switches, std::move(loaded->regs), loaded->ops};
}

// Registers holding the quick values in the slots the element reads; operands not given are +0.
Loaded load_quick_values(const InstrDesc& d, const Modifiers& mods, const Switches& switches, const OutputFeeds& feeds,
                         const TraceRequest& r) {
  Loaded l{mods, switches, LaneRegFile(d.wave, d.vgprs_a + d.vgprs_b + 2 * d.vgprs_cd), {}};
  l.ops = MatrixOperands{{0}, {d.vgprs_a}, {d.vgprs_a + d.vgprs_b}, {d.vgprs_a + d.vgprs_b + d.vgprs_cd}};
  const OperandLayout la(d, Operand::A, mods, switches), lb(d, Operand::B, mods, switches), lc(d, Operand::C, mods, switches);
  for (const auto& [option, op, text, list, layout, base] :
       {std::tuple{"--a", Operand::A, &r.a, &feeds.a, &la, l.ops.a.base},
        std::tuple{"--b", Operand::B, &r.b, &feeds.b, &lb, l.ops.b.base}}) {
    if (text->empty()) continue;
    const std::vector<std::string> items = split_list(*text);
    if (static_cast<int>(items.size()) != d.k)
      throw InvalidArgument(fmt::format("{}: {} values given, {} needs K = {} (one per k, comma-separated)", option,
                                        items.size(), d.mnemonic, d.k));
    std::map<std::tuple<int, int, int>, std::pair<std::uint64_t, std::string>> used;
    for (int k = 0; k < d.k; ++k) {
      const FeedingSlot& f = (*list)[static_cast<std::size_t>(k)];
      const std::string what = fmt::format("{} value {} ({})", option, k + 1,
                                           element_notation(op, f.read, d.blocks > 1));
      place(*layout, f, parse_value(d, mods, op, items[static_cast<std::size_t>(k)], what), what, *l.regs, base, used);
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
  Json j = slot_json(f.read.slot);
  j["element"] = element_notation(f.operand, f.source, multi);
  Placement logical = f.read;
  logical.negated = logical.absolute = false;
  j["used_as"] = element_notation(f.operand, logical, multi);
  j["neg"] = f.read.negated;
  j["abs"] = f.read.absolute;
  if (f.k >= 0) j["k"] = f.k;
  if (value) {
    j["bits"] = fmt::format("{:#0{}x}", *value, elem_bits(t.desc->type(f.operand)) / 4 + 2);
    const FormatSpec* fmt_spec = element_format(t.desc->type(f.operand));
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

std::string op_line(const TraceOp& op) {
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
  const std::vector<std::string> flags = op_flags(op, rounded);
  if (!flags.empty()) text += fmt::format(" [{}]", fmt::join(flags, ", "));
  return text;
}

Json op_json(const TraceOp& op) {
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
      g["value"] = decimal_text(*v);
    }
    j["grid"] = std::move(g);
  }
  j["result"] = number_json(op.result);
  j["rule"] = op.rule;
  j["flags"] = op_flags(op, rounded);
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
  const auto value = [&](Operand op, std::uint64_t bits) { return t.evaluated ? " = " + element_text(d, t.mods, op, bits) : std::string(); };
  int number = 0;
  for (const TracedStep& s : t.steps) {
    out << fmt::format("Step {}: {}{}\n", ++number, step_heading(s), step_combine_text(t, s));
    if (s.kind == StepKind::read_c || s.kind == StepKind::integer_sum || s.kind == StepKind::exact_dot)
      out << fmt::format("  {} = {}{}\n", feed_name(d, t.feeds.c), slot_text(t.feeds.c.read.slot), value(Operand::C, t.c));
    for (int k : s.ks) {
      const auto i = static_cast<std::size_t>(k);
      out << fmt::format("  k={}: {} = {}{}\n", k, feed_name(d, t.feeds.a[i]), slot_text(t.feeds.a[i].read.slot), value(Operand::A, t.a[i]));
      out << fmt::format("  {}  {} = {}{}\n", std::string(std::to_string(k).size() + 2, ' '), feed_name(d, t.feeds.b[i]),
                         slot_text(t.feeds.b[i].read.slot), value(Operand::B, t.b[i]));
    }
    if (t.evaluated)
      for (const TraceOp& op : s.ops) out << "    " << op_line(op) << '\n';
  }
  out << fmt::format("Result: {} = {}{}\n", element_notation(Operand::D, element, multi), slot_text(t.feeds.d.slot),
                     value(Operand::D, t.d));
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
  static constexpr const char* kKinds[] = {"read_c", "fma", "exact_dot", "pairwise_group", "dot2", "integer_sum"};
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
      for (const TraceOp& op : s.ops) ops.push_back(op_json(op));
      step["ops"] = std::move(ops);
    }
    steps.push_back(std::move(step));
  }
  doc["steps"] = std::move(steps);
  if (t.evaluated)
    doc["result"] = Json{{"bits", fmt::format("{:#0{}x}", t.d, elem_bits(d.d_type) / 4 + 2)},
                         {"value", element_text(d, t.mods, Operand::D, t.d)}};
  out << doc.dump() << '\n';
}

}  // namespace

void render_trace(const InstrDesc& d, const Modifiers& cli_mods, const Switches& cli_switches, const LanemapHeader& h,
                  const TraceRequest& r, std::ostream& out) {
  const bool quick = !r.a.empty() || !r.b.empty() || !r.c.empty();
  if (quick && !r.values_file.empty()) throw InvalidArgument("--values and --a/--b/--c exclude each other");
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
  else render_text(trace, h, out);
}

}  // namespace mxlane::cli
