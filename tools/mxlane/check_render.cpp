// Formula-check output: a header saying what was checked, the first mismatches with what the
// formula and the layout say (v{R}{L}.[hi:lo] and lane/vgpr/bits), the verdict and its caveats.
#include "tools/mxlane/check_render.hpp"

#include <nlohmann/json.hpp>

#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "layouts/slot_notation.hpp"

namespace mxlane::cli {
namespace {

using Json = nlohmann::ordered_json;
using formula::CheckReport;
using formula::ForwardMismatch;
using formula::SlotMismatch;

std::string element_text(const OperandLayout& l, std::int64_t block, std::int64_t row, std::int64_t col) {
  return fmt::format("{}[{}][{}]{}", operand_name(l.operand()), row, col,
                     l.blocks() > 1 ? fmt::format(".B{}", block) : "");
}

// "lane 5, vgpr 1, bits 16 (v1{5}.[31:16])": a position the formula gives. The notation is left
// out for values no register file has.
std::string formula_position(const OperandLayout& l, const ForwardMismatch& m) {
  std::string text = fmt::format("lane {}, vgpr {}", m.lane, m.vgpr);
  if (m.bits) text += fmt::format(", bits {}", *m.bits);
  const auto plausible = [](std::int64_t v) { return v >= 0 && v < 4096; };
  if (!plausible(m.lane) || !plausible(m.vgpr) || (m.bits && !plausible(*m.bits))) return text;
  const int width = l.element_bits();
  Slot slot{static_cast<int>(m.lane), static_cast<int>(m.vgpr), 0, 31};  // no bits: the whole VGPR
  if (width == 64)
    slot.bit_hi = 63;
  else if (m.bits)
    slot = Slot{slot.lane, slot.vgpr, static_cast<int>(*m.bits), static_cast<int>(*m.bits) + width - 1};
  return fmt::format("{} ({})", text, slot_notation(slot));
}

// "lane 3 or 19, vgpr 2, bits 16 (v2{3,19}.[31:16])": where the layout puts an element's copies.
std::string layout_position(const OperandLayout& l, const std::vector<Slot>& copies, bool show_bits) {
  std::string lanes;
  std::vector<int> lane_list;
  for (const Slot& s : copies) {
    append_item(lanes, std::to_string(s.lane), " or ");
    lane_list.push_back(s.lane);
  }
  const Slot& first = copies.front();
  return fmt::format("lane {}, vgpr {}{} ({})", lanes, first.vgpr,
                     show_bits || l.element_bits() < 32 ? fmt::format(", bits {}", first.bit_lo) : "",
                     slot_notation(first, lane_list));
}

std::string layout_elements(const OperandLayout& l, const std::vector<Placement>& elements) {
  std::string text;
  for (const Placement& p : elements) append_item(text, element_text(l, p.block, p.row, p.col), " ");
  return text;
}

void print_mismatch(const CheckRequest& r, const ForwardMismatch& m, std::ostream& out) {
  const OperandLayout& l = *r.layout;
  out << fmt::format("{}{}: formula {}; layout {}\n", element_text(l, m.block, m.row, m.col),
                     m.replica ? fmt::format(" copy {}", *m.replica) : "", formula_position(l, m),
                     layout_position(l, m.layout, r.bits_given));
}

void print_mismatch(const CheckRequest& r, const SlotMismatch& m, std::ostream& out) {
  const OperandLayout& l = *r.layout;
  std::string said = element_text(l, m.formula.block, m.formula.row, m.formula.col);
  if (r.mode == CheckMode::load)
    said = m.formula.inside
               ? fmt::format("loads memory[{}] = {}", *m.index, said)
               : fmt::format("loads memory[{}], which holds no element of {}", *m.index, operand_name(l.operand()));
  else if (!m.formula.inside)
    said = fmt::format("formula {} (not an element of {})", said, operand_name(l.operand()));
  else
    said = "formula " + said;
  const std::string step = r.steps > 0 ? fmt::format(" s={}", m.step) : "";
  const std::string before =
      m.k_before ? fmt::format(" (the K index of its k at step {} is {} in an earlier slot)", m.step, *m.k_before) : "";
  out << fmt::format("L={} G={}{} ({}): {}; layout {}{}\n", m.slot.lane, m.g, step, slot_notation(m.slot), said,
                     layout_elements(l, m.layout), before);
}

std::string expressions_text(const CheckRequest& r) {
  std::string text;
  for (const auto& [option, expression] : r.expressions)
    append_item(text, fmt::format("--{} '{}'", option, expression), " ");
  if (r.steps > 0) text += fmt::format(" over {} chained step{}", r.steps, r.steps == 1 ? "" : "s");
  if (r.mode == CheckMode::load)
    text += fmt::format(" (--order {} --ld {}{})", r.order == formula::MemoryOrder::row_major ? "row" : "col", r.ld,
                        r.block_stride ? fmt::format(" --block-stride {}", *r.block_stride) : "");
  return text;
}

// "for i = 0..15, k = 0..15[, b = ..][, r = ..]" or "for L = 0..31, G = 0..15 (16-bit elements)".
std::string ranges_text(const CheckRequest& r, const CheckReport& report) {
  const OperandLayout& l = *r.layout;
  if (r.mode == CheckMode::forward) {
    const std::vector<std::string> names = formula::forward_variables(l);
    std::string text = fmt::format("for {} = 0..{}, {} = 0..{}", names[0], l.rows() - 1, names[1], l.cols() - 1);
    if (l.blocks() > 1) text += fmt::format(", b = 0..{}", l.blocks() - 1);
    if (report.per_copy) text += fmt::format(", r = 0..{}", l.replicas() - 1);
    return text;
  }
  return fmt::format("for L = 0..{}, G = 0..{}{} ({}-bit elements){}", l.wave() - 1, formula::vector_length(l) - 1,
                     r.steps > 0 ? fmt::format(", s = 0..{}", r.steps - 1) : "", l.element_bits(),
                     r.sweep.empty() ? "" : ", " + r.sweep);
}

bool any_modifier(const Modifiers& m) {
  return m.cbsz != 0 || m.abid != 0 || m.blgp != 0 || m.opsel != 0 || m.neg != 0 || m.neg_hi != 0;
}

std::string k_text(const std::vector<std::int64_t>& ks) {
  if (ks.empty()) return "none";
  std::string text;
  for (std::size_t n = 0; n < ks.size() && n < 32; ++n) append_item(text, std::to_string(ks[n]), " ");
  return ks.size() > 32 ? text + fmt::format(" ... ({} in all)", ks.size()) : text;
}

// "s=0: 0 1 2 3 8 9 10 11; s=1: 4 5 6 7 12 13 14 15": the K index of each step's k.
std::string k_order_text(const CheckReport& report) {
  const std::size_t per_step = report.k_order.size() / static_cast<std::size_t>(report.steps);
  std::string text;
  for (int s = 0; s < report.steps && s < 8; ++s) {
    std::string step;
    for (std::size_t k = 0; k < per_step; ++k)
      append_item(step, std::to_string(report.k_order[static_cast<std::size_t>(s) * per_step + k]), " ");
    append_item(text, fmt::format("s={}: {}", s, step), "; ");
  }
  return report.steps > 8 ? text + "; ..." : text;
}

std::string verdict(const CheckRequest& r, const CheckReport& report) {
  const std::string op(operand_name(r.layout->operand()));
  const std::string what = r.mode == CheckMode::forward ? (report.per_copy ? "element copies" : "elements")
                           : r.steps > 0                ? "slots (L, G, s)"
                                                        : "slots (L, G)";
  const std::string points =
      r.sweep_points > 1 ? fmt::format(", at each of the {} points of {}", r.sweep_points, r.sweep) : "";
  if (report.ok()) {
    if (r.mode == CheckMode::load)
      return r.layout->operand() == Operand::D  // the instruction writes D: the formula says where it goes
                 ? fmt::format("OK: all {} {} of {} map to the element the instruction writes there{}", report.checked,
                               what, op, points)
                 : fmt::format("OK: all {} {} of {} receive the element the instruction reads there{}", report.checked,
                               what, op, points);
    return fmt::format("OK: all {} {} of {} match{}", report.checked, what, op, points);
  }
  const std::string at = r.sweep_failed.empty() ? "" : fmt::format(" with {}", r.sweep_failed);
  const std::size_t shown = r.mode == CheckMode::forward ? report.forward.size() : report.slots.size();
  const std::string first =
      shown < static_cast<std::size_t>(report.mismatches) ? fmt::format(" (first {} shown)", shown) : "";
  if (r.mode == CheckMode::load)
    return fmt::format("FAILED{}: {} of {} {} of {} {} the wrong element{}", at, report.mismatches, report.checked,
                       what, op, r.layout->operand() == Operand::D ? "map to" : "receive", first);
  if (report.mismatches == 0)  // a chain whose slots agree but whose K order misses or repeats an index
    return fmt::format("FAILED{}: the {} {} of {} give no K order: K indices named by no (s, k): {}; by several: {}",
                       at, report.checked, what, op, k_text(report.k_missing), k_text(report.k_doubled));
  return fmt::format("FAILED{}: {} of {} {} of {} do not match{}", at, report.mismatches, report.checked, what, op,
                     first);
}

std::vector<std::string> check_notes(const CheckRequest& r, const CheckReport& report) {
  const OperandLayout& l = *r.layout;
  std::vector<std::string> notes;
  if (r.mode == CheckMode::forward && !r.bits_given && l.element_bits() < 32)
    notes.push_back(
        fmt::format("--bits not given: only the lane and the VGPR were checked, not where the {}-bit "
                    "element sits inside the VGPR",
                    l.element_bits()));
  if (!report.copies_named.empty()) {
    std::string named;
    for (std::size_t c = 0; c < report.copies_named.size(); ++c)
      if (report.copies_named[c] != 0) append_item(named, fmt::format("copy {} for {}", c, report.copies_named[c]));
    notes.push_back(fmt::format(
        "{} holds {} copies of each element (copy r in lanes 16r..16r+15); the formula names "
        "{} element{}; use the variable r to check every copy",
        operand_name(l.operand()), l.replicas(), named.empty() ? "no copy of any" : named, named.empty() ? "" : "s"));
  }
  if (r.steps > 0 && report.ok()) {
    const std::string k_name = l.operand() == Operand::A ? "A's columns" : "B's rows";
    if (report.k_in_order())
      notes.push_back(
          fmt::format("{} follow the instructions' order: step s's k is K index s*{} + k", k_name, l.desc().k));
    else
      notes.push_back(fmt::format(
          "{} follow a K order of their own (the K index of each step's k: {}); the sums are the same only if the "
          "other operand's formula follows the same order (check both together with --pair)",
          k_name, k_order_text(report)));
  }
  if (report.unused_slots != 0)
    notes.push_back(fmt::format("{} slots (L, G) that the instruction does not {} were not checked",
                                report.unused_slots, l.operand() == Operand::D ? "write" : "read"));
  return notes;
}

// Pair mode: "5" for a correct product A[i][5]*B[5][j]; otherwise what each side loads: its k when
// the row (A) or column (B) is right, else the element, or the memory index outside the matrix.
std::string pair_side(char name, const formula::ElementAt& e, std::int64_t index, bool own_line, std::int64_t k) {
  if (!e.inside) return fmt::format("{}:memory[{}](outside)", name, index);
  if (own_line) return std::to_string(k);
  return fmt::format("{}[{}][{}]", name, e.row, e.col);
}

std::string k_list(const std::vector<std::int64_t>& ks) {
  if (ks.empty()) return "none";
  std::string text;
  for (std::int64_t k : ks) append_item(text, std::to_string(k), " ");
  return text;
}

void print_pair_mismatch(const formula::PairMismatch& m, std::int64_t k_total, std::ostream& out) {
  std::string text;
  int step = -1;
  for (const formula::PairProduct& p : m.products) {
    if (p.step != step) {
      text += fmt::format("{}s={}:", step < 0 ? "" : "; ", p.step);
      step = p.step;
    }
    if (formula::pair_product_ok(p, m.row, m.col, k_total))
      text += fmt::format(" {}", p.a.col);
    else
      text += fmt::format(" {}*{}", pair_side('A', p.a, p.a_index, p.a.row == m.row, p.a.col),
                          pair_side('B', p.b, p.b_index, p.b.col == m.col, p.b.row));
  }
  out << fmt::format("D[{}][{}]: k of A*B by step: {}; missing k: {}; doubled k: {}\n", m.row, m.col, text,
                     k_list(m.missing), k_list(m.doubled));
}

const char* order_name(formula::MemoryOrder o) { return o == formula::MemoryOrder::row_major ? "row" : "col"; }

}  // namespace

void render_pair_text(const PairRequest& r, const formula::PairReport& report, std::ostream& out) {
  const InstrDesc& d = *r.desc;
  out << fmt::format(
      "Checking A x B of {} ({}, wave{}{}) over {} chained step{} against --load-a '{}' (--order-a {} --ld-a {}) "
      "--load-b '{}' (--order-b {} --ld-b {}), for D[i][j], i = 0..{}, j = 0..{}, k = 0..{}{}\n",
      d.mnemonic, r.arch->name, d.wave, any_modifier(r.mods) ? ", " + format_modifiers(d, r.mods) : "", r.steps,
      r.steps == 1 ? "" : "s", r.load_a, order_name(r.order_a), r.ld_a, r.load_b, order_name(r.order_b), r.ld_b,
      d.m - 1, d.n - 1, report.k_total - 1, r.sweep.empty() ? "" : ", " + r.sweep);
  for (const std::string& note : r.notes) out << "Note: " << note << '\n';
  for (const formula::PairMismatch& m : report.first) print_pair_mismatch(m, report.k_total, out);
  const std::string once = fmt::format("A[i][k]*B[k][j] for k = 0..{} once each", report.k_total - 1);
  if (report.ok()) {
    out << fmt::format(
        "OK: all {} elements of D get {}{}\n", report.checked, once,
        r.sweep_points > 1 ? fmt::format(", at each of the {} points of {}", r.sweep_points, r.sweep) : "");
    return;
  }
  const std::string first = report.first.size() < static_cast<std::size_t>(report.mismatches)
                                ? fmt::format(" (first {} shown)", report.first.size())
                                : "";
  out << fmt::format("FAILED{}: {} of {} elements of D do not get {}{}\n",
                     r.sweep_failed.empty() ? "" : " with " + r.sweep_failed, report.mismatches, report.checked, once,
                     first);
}

namespace {
// The fields both JSON formats share: the swept variables (when any) and the totals.
template <class Request, class Report>
void add_sweep_and_totals(Json& doc, const Request& r, const Report& report) {
  if (!r.sweep.empty()) {
    doc["sweep"] = r.sweep;
    doc["sweep_points"] = r.sweep_points;
    if (!r.sweep_failed.empty()) doc["sweep_failed"] = r.sweep_failed;
  }
  doc["ok"] = report.ok();
  doc["checked"] = report.checked;
  doc["mismatches"] = report.mismatches;
}
}  // namespace

void render_pair_json(const PairRequest& r, const formula::PairReport& report, std::ostream& out) {
  const InstrDesc& d = *r.desc;
  // Its own format: the per-D-element mismatches have another shape than mxlane.check/1's slots.
  Json doc{{"format", "mxlane.check.pair/1"},
           {"arch", r.arch->name},
           {"inst", d.mnemonic},
           {"builtin", d.full_builtin()},
           {"wave", d.wave},
           {"mode", "pair"},
           {"expressions", Json{{"load-a", r.load_a}, {"load-b", r.load_b}}},
           {"order_a", order_name(r.order_a)},
           {"ld_a", r.ld_a},
           {"order_b", order_name(r.order_b)},
           {"ld_b", r.ld_b},
           {"steps", r.steps},
           {"k", report.k_total}};
  if (!r.notes.empty()) doc["transposed"] = true;
  add_sweep_and_totals(doc, r, report);
  Json first = Json::array();
  for (const formula::PairMismatch& m : report.first) {
    Json products = Json::array();
    auto side = [](const formula::ElementAt& e, std::int64_t index) {
      return Json{{"index", index}, {"row", e.row}, {"col", e.col}, {"inside", e.inside}};
    };
    for (const formula::PairProduct& p : m.products)
      products.push_back(Json{{"step", p.step},
                              {"position", p.position},
                              {"a", side(p.a, p.a_index)},
                              {"b", side(p.b, p.b_index)},
                              {"ok", formula::pair_product_ok(p, m.row, m.col, report.k_total)}});
    first.push_back(Json{{"row", m.row},
                         {"col", m.col},
                         {"products", std::move(products)},
                         {"missing", m.missing},
                         {"doubled", m.doubled}});
  }
  doc["first_mismatches"] = std::move(first);
  out << doc.dump() << '\n';
}

void render_check_text(const CheckRequest& r, const CheckReport& report, std::ostream& out) {
  const OperandLayout& l = *r.layout;
  const InstrDesc& d = l.desc();
  out << fmt::format("Checking {} of {} ({}, wave{}{}) against {}, {}\n", operand_name(l.operand()), d.mnemonic,
                     r.arch->name, d.wave, any_modifier(l.modifiers()) ? ", " + format_modifiers(d, l.modifiers()) : "",
                     expressions_text(r), ranges_text(r, report));
  for (const std::string& note : r.notes) out << "Note: " << note << '\n';
  for (const std::string& note : l.notes()) out << "Note: " << note << '\n';
  for (const ForwardMismatch& m : report.forward) print_mismatch(r, m, out);
  for (const SlotMismatch& m : report.slots) print_mismatch(r, m, out);
  out << verdict(r, report) << '\n';
  for (const std::string& note : check_notes(r, report)) out << "Note: " << note << '\n';
  for (const std::string& hint : r.hints) out << "Hint: " << hint << '\n';
}

void render_check_json(const CheckRequest& r, const CheckReport& report, std::ostream& out) {
  const OperandLayout& l = *r.layout;
  const InstrDesc& d = l.desc();
  Json mods = Json::object();
  for (const ModifierRange& range : legal_modifiers(d)) mods[range.name] = modifier_value(l.modifiers(), range.name);
  Json expressions = Json::object();
  for (const auto& [option, expression] : r.expressions) expressions[option] = expression;
  static constexpr const char* kModes[] = {"forward", "inverse", "load", "linear"};
  Json doc{{"format", "mxlane.check/1"},
           {"arch", r.arch->name},
           {"inst", d.mnemonic},
           {"builtin", d.full_builtin()},
           {"operand", operand_name(l.operand())},
           {"wave", d.wave},
           {"mods", mods},
           {"mode", kModes[static_cast<int>(r.mode)]},
           {"expressions", expressions}};
  if (!r.notes.empty()) doc["transposed"] = true;
  if (r.steps > 0) doc["steps"] = r.steps;
  if (r.mode == CheckMode::load) {
    doc["order"] = r.order == formula::MemoryOrder::row_major ? "row" : "col";
    doc["ld"] = r.ld;
    if (r.block_stride) doc["block_stride"] = *r.block_stride;
  }
  add_sweep_and_totals(doc, r, report);
  doc["unused_slots"] = report.unused_slots;
  if (!report.copies_named.empty()) doc["copies_named"] = report.copies_named;
  if (r.steps > 0) {
    doc["k_order"] = report.k_order;
    doc["k_missing"] = report.k_missing;
    doc["k_doubled"] = report.k_doubled;
  }
  doc["notes"] = r.notes;
  for (const std::string& note : l.notes()) doc["notes"].push_back(note);
  for (const std::string& note : check_notes(r, report)) doc["notes"].push_back(note);
  doc["hints"] = r.hints;
  Json first = Json::array();
  for (const ForwardMismatch& m : report.forward) {
    Json e{{"block", m.block}, {"row", m.row}, {"col", m.col}};
    if (m.replica) e["replica"] = *m.replica;
    e["formula"] = Json{{"lane", m.lane}, {"vgpr", m.vgpr}};
    if (m.bits) e["formula"]["bits"] = *m.bits;
    Json slots = Json::array();
    for (const Slot& s : m.layout)
      slots.push_back(Json{{"lane", s.lane}, {"vgpr", s.vgpr}, {"bit_lo", s.bit_lo}, {"bit_hi", s.bit_hi}});
    e["layout"] = std::move(slots);
    first.push_back(std::move(e));
  }
  for (const SlotMismatch& m : report.slots) {
    Json e{
        {"lane", m.slot.lane}, {"g", m.g}, {"vgpr", m.slot.vgpr}, {"bit_lo", m.slot.bit_lo}, {"bit_hi", m.slot.bit_hi}};
    if (r.steps > 0) e["step"] = m.step;
    if (m.k_before) e["k_before"] = *m.k_before;
    if (m.index) e["index"] = *m.index;
    e["formula"] =
        Json{{"block", m.formula.block}, {"row", m.formula.row}, {"col", m.formula.col}, {"inside", m.formula.inside}};
    Json elements = Json::array();
    for (const Placement& p : m.layout)
      elements.push_back(Json{{"block", p.block}, {"row", p.row}, {"col", p.col}, {"replica", p.replica}});
    e["layout"] = std::move(elements);
    first.push_back(std::move(e));
  }
  doc["first_mismatches"] = std::move(first);
  out << doc.dump() << '\n';
}

}  // namespace mxlane::cli
