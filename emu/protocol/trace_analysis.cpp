// Computing what the trace reports: the exact value each traced operation rounds, what happened in
// the rounding, and the element's exact dot product compared with D (docs/trace.md).
#include "emu/protocol/trace_analysis.hpp"

#include <boost/multiprecision/cpp_int.hpp>

#include "emu/formats/reference_rounding.hpp"
#include "emu/isa/instr_desc.hpp"
#include "fmt/format.h"

namespace mxlane::protocol {

static std::optional<ExactValue> exact_of(const TracedNumber& n) {
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
static std::string term_name(int term, const std::vector<int>& ks) {
  if (term == 0) return "C";
  const auto n = static_cast<std::size_t>(term - 1);
  return n < ks.size() ? fmt::format("A*B k={}", ks[n]) : fmt::format("product {}", term - 1);
}

// Why a DOT2 step's grid value differs from the exact sum (docs/spec/numerics.md §B.4): terms whose
// bits below 2^G were truncated away, and terms of the sign opposite to C's, which one's complement
// counts as -m-1, one grid unit low. Empty when neither happened (or there is no grid).
static std::vector<std::string> grid_flags(const TraceOp& op, const std::vector<int>& ks) {
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
                                  const std::optional<ExactValue>& exact_sum, const std::vector<int>& ks) {
  std::vector<std::string> flags = grid_flags(op, ks);
  const TracedNumber& r = op.result;
  if (!r.format) {
    if (rounded_value && !exact_equal(*rounded_value, exact_integer(r.integer)))
      flags.emplace_back("wrapped or saturated");
    return flags;
  }
  const Unpacked u = decode(*r.format, r.bits);
  if (u.is_nan()) flags.emplace_back("NaN");
  if (!rounded_value) return flags;
  if (u.is_inf()) {
    flags.emplace_back("overflow");
    return flags;
  }
  if (u.is_nan()) return flags;
  const bool exact = exact_equal(*exact_value(*r.format, r.bits), *rounded_value);
  if (op.kind == OpKind::read) {
    if (r.format != op.operands[0].format)
      flags.emplace_back("widened exactly");
    else if (r.bits == op.operands[0].bits)
      flags.emplace_back("unchanged");
    else
      flags.emplace_back(rounded_value->num != 0 ? "subnormal flushed to zero" : "-0 read as +0");
  } else if (u.is_zero() && rounded_value->num != 0) {
    flags.emplace_back(op.rule.find("flush") != std::string::npos ? "flushed to zero" : "underflow to zero");
  } else if (op.grid && op.grid->path == Dot2Grid::Path::grid && exact_sum) {
    const bool equals_sum = exact_equal(*exact_value(*r.format, r.bits), *exact_sum);
    flags.emplace_back(equals_sum ? "exact" : exact ? "grid value kept, not the exact sum" : "rounded");
  } else {
    flags.emplace_back(exact ? "exact" : "rounded");
  }
  if (u.cls == FpClass::subnormal) flags.emplace_back("subnormal result");
  return flags;
}

// An element's exact value as the instruction reads it (NEG/ABS already applied to t.a, t.b, t.c);
// nullopt for NaN and infinities.
static std::optional<ExactValue> element_exact(const InstrDesc& d, const Modifiers& mods, Operand op,
                                               std::uint64_t bits) {
  const ElemType type = operand_type(d, op, mods);
  if (const FormatSpec* f = element_format(type, d.arch_traits().fp8_encoding)) return exact_value(*f, bits);
  const int width = elem_bits(type);
  std::int64_t v = static_cast<std::int64_t>(bits);
  if (operand_signed(d, mods, op) && width < 64 && ((bits >> (width - 1)) & 1) != 0) v -= std::int64_t{1} << width;
  return exact_integer(v);
}

BlockScale scale_value(const ElementTrace& t, Operand op, std::uint8_t byte) {
  constexpr std::uint8_t kE8m0One = 0x7F;
  // scale_zero_is_identity=identity (gfx950 only): a 0x00 byte reads as 2^0.
  if (byte == 0 && t.switches.scale_zero_is_identity() == ScaleZero::identity) byte = kE8m0One;
  return decode_block_scale(scale_format(*t.desc, t.mods, op), byte);
}

std::string scale_product_text(const BlockScale& a, const BlockScale& b) {
  if (a.nan || b.nan) return "NaN";
  std::uint64_t sig = std::uint64_t{a.sig} * b.sig;
  if (sig == 0) return "0";
  int shift = a.exp - a.frac_bits + b.exp - b.frac_bits;
  while ((sig & 1) == 0) {
    sig >>= 1;
    ++shift;
  }
  const char* sign = a.neg != b.neg ? "-" : "";
  return sig == 1 ? fmt::format("{}2^{}", sign, shift) : fmt::format("{}{} * 2^{}", sign, sig, shift);
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
      // Block-scaled: the product times its block's A and B scales, exactly; a NaN scale leaves no exact sum
      // (docs/cdna4.md §2.3, docs/cdna5.md §2.7).
      const std::size_t block = k / (t.a.size() / t.scale_a.size());
      const BlockScale sa = scale_value(t, Operand::SA, t.scale_a[block]);
      const BlockScale sb = scale_value(t, Operand::SB, t.scale_b[block]);
      if (sa.nan || sb.nan) {
        sum.reset();
        continue;
      }
      const auto magnitude = static_cast<std::int64_t>(std::uint64_t{sa.sig} * sb.sig);
      product = exact_mul(product, ExactValue{sa.neg != sb.neg ? -magnitude : magnitude,
                                              sa.exp - sa.frac_bits + sb.exp - sb.frac_bits});
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

}  // namespace mxlane::protocol
