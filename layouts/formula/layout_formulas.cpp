// Index formulas from a BitLayout: one term per run of consecutive index bits.
#include "layouts/formula/layout_formulas.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <vector>

#include "fmt/format.h"

namespace mxlane {
namespace {

// Bits [shift, shift+width) of variable `var` (which has `var_bits` bits in all), placed at bit
// `at` of the result: var/2^shift % 2^width * 2^at, with the identity parts left out.
struct Field {
  std::string var;
  int var_bits = 0;
  int shift = 0, width = 1, at = 0;
};

std::string field_text(const Field& f) {
  std::string text = f.var;
  if (f.shift > 0) text += fmt::format("/{}", 1 << f.shift);
  if (f.shift + f.width < f.var_bits) text += fmt::format("%{}", 1 << f.width);
  if (f.at > 0) text += fmt::format("*{}", 1 << f.at);
  return text;
}

// Appends bit `shift` of `var` placed at bit `at`, extending the last field when it continues it.
void add_bit(std::vector<Field>& fields, const std::string& var, int var_bits, int shift, int at) {
  if (!fields.empty()) {
    Field& last = fields.back();
    if (last.var == var && last.shift + last.width == shift && last.at + last.width == at) {
      ++last.width;
      return;
    }
  }
  fields.push_back(Field{var, var_bits, shift, 1, at});
}

std::string sum_text(const std::vector<Field>& fields) {
  if (fields.empty()) return "0";
  std::string text;
  for (const Field& f : fields) {
    if (!text.empty()) text += '+';
    text += field_text(f);
  }
  return text;
}

// `expr` as an operand of / % *: parenthesised when it is a sum.
std::string factor(const std::string& expr) { return expr.find('+') == std::string::npos ? expr : "(" + expr + ")"; }

int bit_count(int extent) { return std::countr_zero(static_cast<unsigned>(extent)); }

// check's name of a coordinate for this operand.
std::string coord_var(Operand op, Coord c) {
  switch (c) {
    case Coord::row: return op == Operand::B ? "k" : "i";
    case Coord::col: return op == Operand::A ? "k" : "j";
    case Coord::block: return "b";
    case Coord::replica: return "r";
  }
  return "?";
}

// The index bits `bits` as a formula over the coordinates.
std::string index_formula(const OperandLayout& l, const std::vector<BitRef>& bits) {
  std::vector<Field> fields;
  for (std::size_t n = 0; n < bits.size(); ++n)
    add_bit(fields, coord_var(l.operand(), bits[n].coord), bit_count(l.bit_layout().extent(bits[n].coord)), bits[n].bit,
            static_cast<int>(n));
  return sum_text(fields);
}

// Coordinate `c` as a formula over the lane L and the item expression `item`.
std::string coordinate_formula(const OperandLayout& l, Coord c, const std::string& item) {
  const BitLayout& b = l.bit_layout();
  // Collect (source, source bit, coordinate bit) ordered by coordinate bit so runs join up.
  struct Source {
    std::string var;
    int var_bits, shift, at;
  };
  std::vector<Source> sources;
  for (std::size_t n = 0; n < b.lane_bits.size(); ++n)
    if (b.lane_bits[n].coord == c)
      sources.push_back({"L", static_cast<int>(b.lane_bits.size()), static_cast<int>(n), b.lane_bits[n].bit});
  for (std::size_t n = 0; n < b.item_bits.size(); ++n)
    if (b.item_bits[n].coord == c)
      sources.push_back({item, static_cast<int>(b.item_bits.size()), static_cast<int>(n), b.item_bits[n].bit});
  std::sort(sources.begin(), sources.end(), [](const Source& x, const Source& y) { return x.at < y.at; });
  std::vector<Field> fields;
  for (const Source& s : sources) add_bit(fields, s.var, s.var_bits, s.shift, s.at);
  return sum_text(fields);
}

}  // namespace

OperandFormulas layout_formulas(const OperandLayout& l) {
  const Modifiers& m = l.modifiers();
  if (m.cbsz != 0 || m.abid != 0 || m.blgp != 0 || m.opsel != 0)
    throw std::logic_error("layout_formulas: formulas are given without modifiers");
  OperandFormulas f;
  const BitLayout& b = l.bit_layout();
  f.lane = index_formula(l, b.lane_bits);
  const std::string item = index_formula(l, b.item_bits);
  const int w = l.element_bits();
  // Items pack little-endian into the VGPRs (docs/spec/layouts.md §5.1); 16-bit RDNA3 C/D take one
  // half of each VGPR (§6), i.e. an item stride of 32 bits.
  const int stride = l.items_per_lane() * w == 32 * l.vgprs() || w == 64 ? w : 32 * l.vgprs() / l.items_per_lane();
  // "0" is move-assigned as std::string("0"): GCC 12 at -O3 flags assign(const char*) here with a
  // false -Wrestrict (the same text either way).
  if (w == 64) {
    f.vgpr = item == "0" ? "0" : fmt::format("{}*2", factor(item));
  } else if (stride == 32) {
    f.vgpr = item;
    if (w < 32) f.bits = std::string("0");
  } else if (l.items_per_lane() <= 32 / w) {  // every item in VGPR 0
    f.vgpr = std::string("0");
    f.bits = item == "0" ? "0" : fmt::format("{}*{}", factor(item), w);
  } else {
    const int per_vgpr = 32 / w;
    f.vgpr = item == "0" ? "0" : fmt::format("{}/{}", factor(item), per_vgpr);
    f.bits = item == "0" ? "0" : fmt::format("{}%{}*{}", factor(item), per_vgpr, w);
  }
  // G counts w-bit elements of the operand's VGPRs taken in order; item t starts at bit t*stride.
  const std::string item_of_g = stride == w || w == 64 ? "G" : fmt::format("(G/{})", stride / w);
  f.row = coordinate_formula(l, Coord::row, item_of_g);
  f.col = coordinate_formula(l, Coord::col, item_of_g);
  if (l.blocks() > 1) f.block = coordinate_formula(l, Coord::block, item_of_g);
  return f;
}

std::string forward_options(const OperandFormulas& f) {
  std::string text = fmt::format("--lane '{}' --vgpr '{}'", f.lane, f.vgpr);
  if (f.bits) text += fmt::format(" --bits '{}'", *f.bits);
  return text;
}

std::string inverse_options(const OperandFormulas& f) {
  std::string text = fmt::format("--row '{}' --col '{}'", f.row, f.col);
  if (f.block) text += fmt::format(" --block '{}'", *f.block);
  return text;
}

}  // namespace mxlane
