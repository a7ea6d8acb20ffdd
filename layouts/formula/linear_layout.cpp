// Linear layouts: solving for an operand's bases over GF(2), applying them, checking them, and
// writing them as index expressions.
#include "layouts/formula/linear_layout.hpp"

#include <bit>
#include <optional>
#include <utility>

#include "emu/util/text.hpp"
#include "fmt/format.h"

namespace mxlane::formula {
namespace {

LinearVector operator^(const LinearVector& a, const LinearVector& b) {
  return {a.block ^ b.block, a.row ^ b.row, a.col ^ b.col};
}

LinearVector vector_of(const Placement& p) { return {p.block, p.row, p.col}; }

// "lane bits 0, 4; register bit 1": the input bits of slot (lane, g).
std::string input_bits(std::int64_t lane, std::int64_t g) {
  auto bits = [](std::int64_t value) {
    std::string text;
    for (int b = 0; value >> b != 0; ++b)
      if ((value >> b & 1) != 0) append_item(text, std::to_string(b));
    return text;
  };
  std::string text;
  if (g != 0)
    text = fmt::format("register bit{} {}", std::has_single_bit(static_cast<std::uint64_t>(g)) ? "" : "s", bits(g));
  if (lane != 0)
    append_item(
        text,
        fmt::format("lane bit{} {}", std::has_single_bit(static_cast<std::uint64_t>(lane)) ? "" : "s", bits(lane)),
        "; ");
  return text.empty() ? "no bit set" : text;
}

// Gaussian elimination over GF(2), one unknown vector per input bit: each used slot x (its G bits
// low, its lane bits above) says XOR of the bases of x's set bits = the element it holds.
class BasisSolver {
 public:
  explicit BasisSolver(int bits) : pivots_(static_cast<std::size_t>(bits)) {}

  // Adds the equation; false when it contradicts the earlier ones.
  bool add(std::uint64_t mask, LinearVector value) {
    for (int b = static_cast<int>(pivots_.size()) - 1; b >= 0 && mask != 0; --b) {
      if ((mask >> b & 1) == 0) continue;
      auto& pivot = pivots_[static_cast<std::size_t>(b)];
      if (!pivot) {
        pivot = Pivot{mask, value};
        return true;
      }
      mask ^= pivot->mask;
      value = value ^ pivot->value;
    }
    return value.zero();
  }

  // One solution: the bits no equation determines get the zero vector.
  std::vector<LinearVector> bases() const {
    std::vector<LinearVector> base(pivots_.size());
    for (std::size_t b = 0; b < pivots_.size(); ++b) {  // a pivot's other bits are lower: already solved
      if (!pivots_[b]) continue;
      LinearVector v = pivots_[b]->value;
      for (std::size_t c = 0; c < b; ++c)
        if ((pivots_[b]->mask >> c & 1) != 0) v = v ^ base[c];
      base[b] = v;
    }
    return base;
  }

 private:
  struct Pivot {
    std::uint64_t mask;
    LinearVector value;
  };
  std::vector<std::optional<Pivot>> pivots_;
};

std::string element_name(const OperandLayout& l, const LinearVector& v) {
  return fmt::format("{}[{}][{}]{}", operand_name(l.operand()), v.row, v.col,
                     l.blocks() > 1 ? fmt::format(".B{}", v.block) : "");
}

}  // namespace

LinearVector LinearLayout::apply(std::int64_t lane, std::int64_t g) const {
  LinearVector v;
  for (std::size_t b = 0; b < register_bases.size(); ++b)
    if ((g >> b & 1) != 0) v = v ^ register_bases[b];
  for (std::size_t b = 0; b < lane_bases.size(); ++b)
    if ((lane >> b & 1) != 0) v = v ^ lane_bases[b];
  return v;
}

LinearLayout derive_linear_layout(const OperandLayout& layout) {
  const std::string what = fmt::format("{} of {}", operand_name(layout.operand()), layout.desc().mnemonic);
  const int length = vector_length(layout);
  if (!std::has_single_bit(static_cast<unsigned>(length)))
    throw InvalidArgument(fmt::format(
        "{} has no linear layout: a lane holds {} elements G, not a power of two, so no register bits index them", what,
        length));
  const int register_bits = std::countr_zero(static_cast<unsigned>(length));
  const int lane_bits = std::countr_zero(static_cast<unsigned>(layout.wave()));
  BasisSolver solver(register_bits + lane_bits);
  const int step = layout.element_bits() == 64 ? 2 : 1;
  for (int lane = 0; lane < layout.wave(); ++lane) {
    for (int vgpr = 0; vgpr < layout.vgprs(); vgpr += step) {
      for (const SlotContents& contents : layout.inverse(vgpr, lane)) {
        if (contents.elements.empty()) continue;  // a slot the instruction does not use constrains nothing
        const int g = vector_index(layout, contents.slot);
        const LinearVector held = vector_of(contents.elements.front());
        for (const Placement& p : contents.elements)
          if (!(vector_of(p) == held))
            throw InvalidArgument(fmt::format(
                "{} has no linear layout: lane {}, G {} feeds {} elements ({} and {}, a broadcast modifier), "
                "but a linear layout maps each slot to one",
                what, lane, g, contents.elements.size(), element_name(layout, held),
                element_name(layout, vector_of(p))));
        const std::uint64_t x = static_cast<std::uint64_t>(g) | static_cast<std::uint64_t>(lane) << register_bits;
        if (solver.add(x, held)) continue;
        // The first slot that contradicts the slots before it (lane by lane, G ascending).
        const std::vector<LinearVector> bases = solver.bases();
        LinearVector predicted;
        for (int b = 0; b < register_bits + lane_bits; ++b)
          if ((x >> b & 1) != 0) predicted = predicted ^ bases[static_cast<std::size_t>(b)];
        throw InvalidArgument(fmt::format(
            "{} is not linear over GF(2): lane {}, G {} ({}) holds {}, but the XOR of what those bits give in the "
            "slots before it is {}",
            what, lane, g, input_bits(lane, g), element_name(layout, held), element_name(layout, predicted)));
      }
    }
  }
  const std::vector<LinearVector> bases = solver.bases();
  LinearLayout linear;
  linear.register_bases.assign(bases.begin(), bases.begin() + register_bits);
  linear.lane_bases.assign(bases.begin() + register_bits, bases.end());
  return linear;
}

CheckReport check_linear(const OperandLayout& layout, const LinearLayout& linear, std::size_t keep, int steps) {
  if (steps > 0) {
    const std::int64_t length = vector_length(layout);
    return check_chain(
        layout, steps,
        [&](int lane, int g, int step) {
          const LinearVector v = linear.apply(lane, step * length + g);
          return ElementAt{v.block, v.row, v.col, true};
        },
        keep);
  }
  const std::int64_t rows = layout.rows(), cols = layout.cols(), blocks = layout.blocks();
  return check_slots(layout, keep, [&](int lane, int g) {
    SlotMismatch m;
    const LinearVector v = linear.apply(lane, g);
    m.formula = ElementAt{v.block, v.row, v.col,
                          v.row >= 0 && v.row < rows && v.col >= 0 && v.col < cols && v.block >= 0 && v.block < blocks};
    return m;
  });
}

LinearLayout transposed(LinearLayout linear) {
  for (auto* bases : {&linear.register_bases, &linear.lane_bases})
    for (LinearVector& v : *bases) std::swap(v.row, v.col);
  return linear;
}

std::string linear_expression(const LinearLayout& linear, LinearCoordinate coordinate, int g_count) {
  const int g_bits = g_count > 0 ? std::countr_zero(static_cast<unsigned>(g_count)) : 64;
  auto component = [&](const LinearVector& v) {
    return coordinate == LinearCoordinate::block ? v.block : coordinate == LinearCoordinate::row ? v.row : v.col;
  };
  std::string text;
  // Runs of bits b..b+n-1 whose vectors are v, 2v, 4v, ... read as one field: (X>>b&(2^n-1))*v.
  auto add_terms = [&](const std::vector<LinearVector>& bases, auto variable_bit) {
    for (std::size_t b = 0; b < bases.size();) {
      const std::int64_t value = component(bases[b]);
      std::size_t end = b + 1;
      const auto [name, bit] = variable_bit(static_cast<int>(b));
      while (value != 0 && end < bases.size() && component(bases[end]) == value << (end - b) &&
             variable_bit(static_cast<int>(end)).first == name)
        ++end;
      if (value != 0) {
        const std::int64_t mask = (std::int64_t{1} << (end - b)) - 1;
        const std::string field =
            bit == 0 ? fmt::format("({}&{})", name, mask) : fmt::format("({}>>{}&{})", name, bit, mask);
        append_item(text, value == 1 ? field : fmt::format("{}*{}", field, value), " ^ ");
      }
      b = end;
    }
  };
  add_terms(linear.register_bases, [&](int b) {
    return b < g_bits ? std::pair<std::string, int>{"G", b} : std::pair<std::string, int>{"s", b - g_bits};
  });
  add_terms(linear.lane_bases, [](int b) { return std::pair<std::string, int>{"L", b}; });
  return text.empty() ? "0" : text;
}

}  // namespace mxlane::formula
