// Writing a trace: the text a reader follows step by step, the mxlane.trace/1 JSON document and the
// calculator-style one-line summary (docs/trace.md).
#include "emu/protocol/trace_render.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "emu/isa/switch_scope.hpp"
#include "emu/protocol/element_text.hpp"
#include "emu/protocol/trace_analysis.hpp"
#include "fmt/format.h"
#include "fmt/ranges.h"
#include "layouts/operand_layout.hpp"
#include "layouts/slot_notation.hpp"

namespace mxlane::protocol {
namespace {

using Json = nlohmann::ordered_json;

// "0x3c00 (1)" for a float element, "0xfd (-3)" for an integer element of `bits` bits.
std::string element_text(const InstrDesc& d, const Modifiers& mods, Operand op, std::uint64_t bits) {
  return fmt::format("{} ({})", element_bits_text(d, mods, op, bits), element_value_text(d, mods, op, bits));
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

// The operation as a formula over its operands.
std::string op_formula(const TraceOp& op) {
  const auto& o = op.operands;
  switch (op.kind) {
    case OpKind::read: return fmt::format("{} read: {}", op.role, number_text(o[0]));
    case OpKind::product:
      return fmt::format("{} = {} * {} + {}", op.role, number_text(o[0]), number_text(o[1]), number_text(o[2]));
    case OpKind::add: return fmt::format("{} = {} + {}", op.role, number_text(o[0]), number_text(o[1]));
    case OpKind::fma:
      return fmt::format("acc = fma({}, {}, {})", number_text(o[0]), number_text(o[1]), number_text(o[2]));
    case OpKind::dot2:
      return fmt::format("acc = {} + {} * {} + {} * {}", number_text(o[4]), number_text(o[0]), number_text(o[1]),
                         number_text(o[2]), number_text(o[3]));
    case OpKind::exact_dot: return fmt::format("acc = C {} + the {} products", number_text(o[0]), (o.size() - 1) / 2);
    case OpKind::int_product: return fmt::format("{} = {} * {}", op.role, number_text(o[0]), number_text(o[1]));
    case OpKind::int_sum: return fmt::format("D = C + sum = {} + {}", number_text(o[0]), number_text(o[1]));
  }
  return "";
}

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
  return Json{
      {"slot", slot_notation(s)}, {"lane", s.lane}, {"vgpr", s.vgpr}, {"bit_lo", s.bit_lo}, {"bit_hi", s.bit_hi}};
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
      text += op.grid->path == Dot2Grid::Path::special ? ": special values (docs/spec/numerics.md §B.4 precedence)"
                                                       : ": all terms zero";
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
  static constexpr const char* kNames[] = {"read",      "product", "add",         "fma",
                                           "exact_dot", "dot2",    "int_product", "int_sum"};
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

void render_reference_text(const ElementTrace& t, std::ostream& out) {
  const InstrDesc& d = *t.desc;
  const ReferenceComparison r = compare_with_reference(t);
  const bool integer = element_format(d.d_type) == nullptr;
  if (!r.exact) {
    out << "Exact: not defined (a NaN or infinite input); no reference to compare with\n";
    return;
  }
  out << fmt::format(
      "Exact: C + sum of A*B = {} (the values as read, NEG/ABS applied; no flushing, no intermediate rounding)\n",
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
  if (!r.ulps)
    out << fmt::format("Distance: D = {}: no ulp distance to a NaN\n", got);
  else if (integer)
    out << fmt::format("Distance: D = {} is {} from the exact sum\n", got, *r.ulps);
  else
    out << fmt::format("Distance: D = {} is {} ulp from the reference\n", got, *r.ulps);
}

Json reference_json(const ElementTrace& t) {
  const InstrDesc& d = *t.desc;
  const ReferenceComparison r = compare_with_reference(t);
  Json j{{"exact", r.exact ? Json(decimal_text(*r.exact)) : Json(nullptr)}};
  if (!r.reference)
    j["reference"] = nullptr;
  else if (const FormatSpec* f = element_format(d.d_type))
    j["reference"] = number_json(TracedNumber::fp(*f, *r.reference));
  else
    j["reference"] =
        number_json(TracedNumber::int_value(static_cast<std::int32_t>(static_cast<std::uint32_t>(*r.reference))));
  j["ulps"] = r.ulps ? Json(*r.ulps) : Json(nullptr);
  return j;
}

std::string summary_register(const char* field, const FeedingSlot& f) {
  if (f.zero) return "0";  // a k of a sparse row with no stored value
  std::string text = fmt::format("{}_{}", field, slot_notation(f.read.slot));
  if (f.read.absolute) text = "|" + text + "|";
  if (f.read.negated) text = "-" + text;
  return text;
}

}  // namespace

void render_trace_summary(const ElementTrace& t, std::ostream& out) {
  const InstrDesc& d = *t.desc;
  const bool multi = d.blocks > 1;
  const std::string element = element_notation(Operand::D, t.feeds.d, multi);
  std::string registers, elements;
  for (std::size_t k = 0; k < t.feeds.a.size(); ++k) {
    registers +=
        fmt::format("{}*{} + ", summary_register("Src0", t.feeds.a[k]), summary_register("Src1", t.feeds.b[k]));
    elements += fmt::format("{}*{} + ", element_notation(Operand::A, t.feeds.a[k].source, multi),
                            element_notation(Operand::B, t.feeds.b[k].source, multi));
  }
  registers += summary_register("Src2", t.feeds.c);
  elements += element_notation(Operand::C, t.feeds.c.source, multi);
  out << fmt::format("{} = Vdst_{} = {}\n", element, slot_notation(t.feeds.d.slot), registers);
  out << fmt::format("{} = {}{}\n", element, elements,
                     t.evaluated ? " = " + element_text(d, t.mods, Operand::D, t.d) : std::string());
}

void render_trace_text(const ElementTrace& t, const LanemapHeader& h, std::ostream& out) {
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
    out << fmt::format(
        "Replica: D is in lane group {}, so A and B are read from copy {} (rdna3_replica={}, docs/spec/layouts.md §8.5)\n",
        t.feeds.d.slot.lane / 16, t.feeds.replica, switch_value_name(t.switches, SwitchId::rdna3_replica));
  for (const std::string& n : layout_notes(d, t.mods, t.switches)) out << "Note: " << n << '\n';
  if (!t.feeds.idx.empty()) {
    std::string fields;
    for (const FeedingSlot& f : t.feeds.idx)
      fields += fmt::format("{}{}->k{}", fields.empty() ? "" : ", ", f.read.col, f.k);
    out << fmt::format(
        "Sparse A: stored value c -> k ({}{}): {}\n",
        t.evaluated ? "from IDX" : "canonical indices 0,1 per group; give --values for the registers'",
        t.feeds.irregular_indices ? "; some group's indices are not increasing: undefined in the ISA" : "", fields);
  }
  if (!t.feeds.sa.empty()) {
    // Block-scaled: each k-block's scale bytes and the factor they give (docs/cdna4.md §2.3, docs/cdna5.md §2.7).
    std::string blocks;
    const std::size_t block_k = t.feeds.a.size() / t.feeds.sa.size();
    for (std::size_t kb = 0; kb < t.feeds.sa.size(); ++kb) {
      blocks += fmt::format("{}k{}..{}: SA {}", blocks.empty() ? "" : "; ", block_k * kb, block_k * kb + block_k - 1,
                            slot_text(t.feeds.sa[kb].read.slot));
      if (t.evaluated) blocks += fmt::format(" = {:#04x}", t.scale_a[kb]);
      blocks += fmt::format(", SB {}", slot_text(t.feeds.sb[kb].read.slot));
      if (t.evaluated) blocks += fmt::format(" = {:#04x}", t.scale_b[kb]);
      if (t.evaluated) {
        const std::string factor =
            scale_product_text(scale_value(t, Operand::SA, t.scale_a[kb]), scale_value(t, Operand::SB, t.scale_b[kb]));
        blocks += factor == "NaN" ? " (NaN)" : fmt::format(" (x {})", factor);
      }
    }
    out << fmt::format("Scales ({} A, {} B): {}{}\n", block_scale_format_name(scale_format(d, t.mods, Operand::SA)),
                       block_scale_format_name(scale_format(d, t.mods, Operand::SB)), blocks,
                       t.evaluated ? "" : " (give --values for the registers' bytes)");
  }
  const auto value = [&](Operand op, std::uint64_t bits) {
    return t.evaluated ? " = " + element_text(d, t.mods, op, bits) : std::string();
  };
  int number = 0;
  for (const TracedStep& s : t.steps) {
    out << fmt::format("Step {}: {}{}\n", ++number, step_heading(s), step_combine_text(t, s));
    if (s.kind == StepKind::read_c || s.kind == StepKind::integer_sum || s.kind == StepKind::exact_dot)
      out << fmt::format("  {} = {}{}\n", feed_name(d, t.feeds.c), slot_text(t.feeds.c.read.slot),
                         value(Operand::C, t.c));
    for (int term : s.ks) {
      const auto i = static_cast<std::size_t>(term);
      const int k = t.feeds.b[i].k;  // the B row: the term itself except for a sparse A (docs/cdna3.md §3)
      if (t.feeds.a[i].zero)
        out << fmt::format("  k={}: no stored A value = {}\n", k, feed_slot_text(t.feeds.a[i]));
      else
        out << fmt::format("  k={}: {} = {}{}\n", k, feed_name(d, t.feeds.a[i]), feed_slot_text(t.feeds.a[i]),
                           value(Operand::A, t.a[i]));
      out << fmt::format("  {}  {} = {}{}\n", std::string(std::to_string(k).size() + 2, ' '),
                         feed_name(d, t.feeds.b[i]), feed_slot_text(t.feeds.b[i]), value(Operand::B, t.b[i]));
    }
    if (t.evaluated)
      for (const TraceOp& op : s.ops) out << "    " << op_line(op, s.ks) << '\n';
  }
  out << fmt::format("Result: {} = {}{}\n", element_notation(Operand::D, element, multi), slot_text(t.feeds.d.slot),
                     value(Operand::D, t.d));
  if (t.evaluated) render_reference_text(t, out);
}

void render_trace_json(const ElementTrace& t, const LanemapHeader& h, std::ostream& out) {
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
  static constexpr const char* kKinds[] = {"read_c", "fma",         "exact_dot", "pairwise_group",
                                           "dot2",   "integer_sum", "dot4",      "fused_group"};
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

}  // namespace mxlane::protocol
