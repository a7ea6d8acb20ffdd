// Reading the values a trace evaluates: one `mxlane eval` line (--values) or quick values for the
// element's own A, B and C (--a, --b, --c), placed into the slots the element reads.
#include "emu/protocol/trace_values.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <tuple>

#include "emu/formats/exact_value.hpp"
#include "emu/isa/errors.hpp"
#include "emu/protocol/element_text.hpp"
#include "emu/protocol/eval_line.hpp"
#include "fmt/format.h"
#include "layouts/slot_notation.hpp"

namespace mxlane::protocol {
namespace {

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

// Writes value `bits` into every replica slot of the element a feed reads; a slot asked to hold two
// different values (BLGP on single-block shapes reads one slot for two k) is an error.
void place(const OperandLayout& layout, const FeedingSlot& feed, std::uint64_t bits, const std::string& what,
           LaneRegFile& regs, int base,
           std::map<std::tuple<int, int, int>, std::pair<std::uint64_t, std::string>>& used) {
  for (const Placement& copy : layout.forward(feed.read.block, feed.read.row, feed.read.col)) {
    const auto key = std::tuple{copy.slot.lane, copy.slot.vgpr, copy.slot.bit_lo};
    const auto [it, fresh] = used.try_emplace(key, bits, what);
    if (!fresh && it->second.first != bits)
      throw InvalidArgument(fmt::format(
          "{} and {} are read from the same slot {} (modifiers {}); give them equal values", it->second.second, what,
          slot_notation(copy.slot), format_modifiers(layout.desc(), layout.modifiers())));
    write_slot(regs, base, copy.slot, bits);
  }
}

// --a/--b as K items (an empty item is +0): either up to K values for k = 0, 1, ... (the rest +0),
// or k=value pairs in any order (the k not named +0). Mixing the forms would make a position
// ambiguous, so it is refused, as are a k out of range, a k given twice and an empty value.
std::vector<std::string> quick_value_items(const std::string& option, const std::string& text, const InstrDesc& d) {
  const std::vector<std::string> given = split_list(text);
  std::vector<std::string> items(static_cast<std::size_t>(d.k));
  const bool pairs =
      std::any_of(given.begin(), given.end(), [](const std::string& g) { return g.find('=') != std::string::npos; });
  if (!pairs) {
    if (static_cast<int>(given.size()) > d.k)
      throw InvalidArgument(fmt::format("{}: {} values given, {} has K = {} (give at most K; missing ones are +0)",
                                        option, given.size(), d.mnemonic, d.k));
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
      throw InvalidArgument(
          fmt::format("{}: '{}' is not k=value (all items are k=value pairs once one is)", option, g));
    if (k < 0 || k >= d.k)
      throw InvalidArgument(
          fmt::format("{}: '{}': k {} is out of range for {} (k 0..{})", option, g, k, d.mnemonic, d.k - 1));
    const std::string value = trim(std::string_view(g).substr(eq + 1));
    if (value.empty()) throw InvalidArgument(fmt::format("{}: '{}' has no value after '='", option, g));
    if (!items[static_cast<std::size_t>(k)].empty())
      throw InvalidArgument(fmt::format("{}: k={} is given twice", option, k));
    items[static_cast<std::size_t>(k)] = value;
  }
  return items;
}

}  // namespace

TraceInputs load_trace_values_file(const InstrDesc& d, const Modifiers& mods, const Switches& switches,
                                   const std::string& path) {
  // "-": standard input (the browser's API hands the page's values line over this way).
  std::ifstream file;
  std::istream* input = &std::cin;
  if (path != "-") {
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
      throw InvalidArgument(fmt::format("--values: '{}' is a directory, not a file with one `mxlane eval` line", path));
    file.open(path);
    if (!file) throw InvalidArgument(fmt::format("--values: cannot open '{}'", path));
    input = &file;
  }
  std::istream& in = *input;
  std::string line, text;
  int lines = 0;
  while (std::getline(in, line))
    if (!trim(line).empty()) {
      text = line;
      ++lines;
    }
  if (lines != 1)
    throw InvalidArgument(
        fmt::format("--values: {} has {} non-empty lines; give exactly one `mxlane eval` line",
                    path == "-" ? "standard input" : "'" + path + "'", lines));
  std::optional<LoadedMatrixLine> loaded;
  try {
    loaded.emplace(load_matrix_line(text));
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(fmt::format("--values: {}", e.what()));
  }
  if (loaded->desc != &d)
    throw InvalidArgument(fmt::format("--values: the line is {} (wave{}), not --inst {} (wave{})",
                                      loaded->desc->mnemonic, loaded->desc->wave, d.mnemonic, d.wave));
  if (mods != Modifiers{} && mods != loaded->mods)
    throw InvalidArgument(
        fmt::format("--values: the line's mods ({}) differ from the command line's ({}); give them in one place",
                    format_modifiers(d, loaded->mods), format_modifiers(d, mods)));
  if (switches != Switches{} && switches != loaded->switches)
    throw InvalidArgument(
        "--values: the line's options differ from the command line's --option; give them in one place");
  return TraceInputs{loaded->mods, loaded->switches, std::move(loaded->regs), loaded->ops};
}

// Registers holding the quick values in the slots the element reads; operands not given are +0.
TraceInputs load_quick_trace_values(const InstrDesc& d, const Modifiers& mods, const Switches& switches,
                                    const OutputFeeds& feeds, const TraceRequest& r) {
  TraceInputs l{mods, switches, LaneRegFile(d.wave, d.vgprs_a + d.vgprs_b + d.vgprs_c + d.vgprs_cd), {}};
  l.ops = MatrixOperands{{0}, {d.vgprs_a}, {d.vgprs_a + d.vgprs_b}, {d.vgprs_a + d.vgprs_b + d.vgprs_c}, {}, {}, {}};
  const OperandLayout la(d, Operand::A, mods, switches), lb(d, Operand::B, mods, switches),
      lc(d, Operand::C, mods, switches);
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
      place(*layout, f, item.empty() ? 0 : parse_element_value(d, mods, op, item, what), what, *l.regs, base, used);
    }
  }
  if (!r.c.empty()) {
    const std::uint64_t c = parse_element_value(d, mods, Operand::C, trim(r.c), "--c");
    write_slot(*l.regs, l.ops.c.base, feeds.c.read.slot, c);
  }
  return l;
}

}  // namespace mxlane::protocol
