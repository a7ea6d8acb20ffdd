// The optional observer through which a matrix element's numerics routine reports its accumulation
// steps and every rounding inside them (for `mxlane lanemap --trace`). Null by default: the
// routines then do no extra work beyond a pointer test, and the arithmetic is the same either way.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "emu/formats/round_pack.hpp"

namespace mxlane {

// How one accumulation step combines its inputs. Each routine announces its steps in the order in
// which it performs them; that order is the hardware order of the model (docs/spec/numerics.md §A-§B).
enum class StepKind : std::uint8_t {
  read_c,          // C enters the accumulator (read as the model reads it: flushed, widened)
  fma,             // acc = fma(A[k], B[k], acc), one rounding (CDNA2 FP32/FP64, §B.1)
  exact_dot,       // C + all products, one rounding (switch cdna2_f64_algorithm=exact-dot, E13)
  pairwise_group,  // products, pairwise binary32 tree, acc = acc + group (CDNA2 FP16/BF16, §B.2)
  dot2,            // one DOT2 step over a k-pair on the truncating grid (RDNA3, §B.4/§B.5)
  integer_sum,     // exact integer sum of C and every product, then wrap or saturate (§A.1, §B.7)
  dot4,            // one gfx12 DOT4 step over four k on pair-aligned floor grids (docs/rdna4.md §3.1)
  fused_group,  // one CDNA3 fused group: truncated products, floored sum, one RNE into acc (docs/cdna3-numerics.md §2, §3)
};

// One operation inside a step. The operand list's meaning depends on the kind.
enum class OpKind : std::uint8_t {
  read,         // {raw}: an input as the model reads it (flush to zero, exact widening)
  product,      // {a, b, z}: round(a*b + z), the CDNA2 leaf (z = +0 in the model)
  add,          // {x, y}: round(x + y)
  fma,          // {a, b, c}: round(a*b + c)
  exact_dot,    // {c, a0, b0, a1, b1, ...}: round(c + sum a_k*b_k)
  dot2,         // {a0, b0, a1, b1, c}: the DOT2 step; `grid` holds the value it rounds
  int_product,  // {a, b}: exact integer product
  int_sum,      // {c, sum of products}: exact, then wrapped or saturated to 32 bits
};

// A value in a trace: a bit pattern of a float format, or an integer (format == nullptr).
struct TracedNumber {
  const FormatSpec* format = nullptr;
  std::uint64_t bits = 0;    // float bit pattern, or the integer's two's-complement bits
  std::int64_t integer = 0;  // the integer value when format == nullptr

  static TracedNumber fp(const FormatSpec& f, std::uint64_t bits) { return {&f, bits, 0}; }
  static TracedNumber int_value(std::int64_t v) { return {nullptr, static_cast<std::uint64_t>(v), v}; }
};

// The RDNA3 DOT2 value before its one rounding: (-1)^frame_neg * s * 2^g on the truncating grid
// (docs/spec/numerics.md §B.4), or the reason the grid was not used.
struct Dot2Grid {
  enum class Path : std::uint8_t { grid, all_zero, special } path = Path::grid;
  std::int64_t s = 0;
  int g = 0;
  bool frame_neg = false;  // C's sign, which frames the one's-complement sum
  // Per term (bit 0: C, bit 1: a0*b0, bit 2: a1*b1): bits below 2^g truncated away, and a term of
  // the sign opposite to C's counted as -m-1 (one's complement), for the trace's flags.
  std::uint8_t truncated = 0;
  std::uint8_t complemented = 0;
};

struct TraceOp {
  OpKind kind = OpKind::read;
  std::string role;  // "C", "A[k]", "p0", "(p0+p1)", "acc+group", "acc" ...
  int k = -1;        // the k of a single product, else -1
  std::vector<TracedNumber> operands;
  TracedNumber result;
  std::optional<Dot2Grid> grid;  // dot2 only
  std::string rule;              // how the result is rounded, e.g. "binary32 RNE, subnormal result flushed"
};

class AccumulationObserver {
 public:
  virtual ~AccumulationObserver() = default;
  // A new step begins; `ks` are the k indices whose products it consumes (empty for read_c).
  virtual void step(StepKind kind, std::span<const int> ks) = 0;
  // An operation of the current step, in execution order.
  virtual void op(TraceOp op) = 0;
};

// "RNE, gradual underflow", "RNE, subnormal result flushed to signed zero": the rule of a rounding.
std::string rounding_rule_text(const RoundingOptions& rounding);

// The role of a traced operation: a fixed name ("acc", "C+sum"), or a name and an index ("p" 3 ->
// "p3"), formatted only when an observer is attached.
struct TraceRole {
  std::string_view name;
  int index = -1;
  TraceRole(const char* n) : name(n) {}  // NOLINT: implicit, so literals read as roles
  TraceRole(std::string_view n, int i = -1) : name(n), index(i) {}
  TraceRole(const std::string& n) : name(n) {}  // NOLINT
};

// Thin helpers over an optional AccumulationObserver, so that a numerics body reads like its
// pseudo-code: every call is a pointer test and nothing else when no observer is attached (no
// string, no vector is built). Arguments are evaluated by the caller, so pass precomputed rule
// texts, not expressions that build strings.
class Trace {
 public:
  explicit Trace(AccumulationObserver* observer) : observer_(observer) {}
  bool on() const { return observer_ != nullptr; }

  // A new step consuming the products ks (empty for read_c).
  void step(StepKind kind, std::span<const int> ks = {}) const {
    if (observer_) observer_->step(kind, ks);
  }
  // A new step consuming the products first, first+1, ..., first+count-1.
  void step_range(StepKind kind, std::size_t first, std::size_t count) const {
    if (observer_) step_range_slow(kind, first, count);
  }
  // The read_c step: C as the model reads it (raw and used patterns of `format`).
  void read_c(const FormatSpec& format, std::uint64_t raw, std::uint64_t used, std::string_view rule) const {
    if (observer_) read_c_slow(format, format, raw, used, rule);
  }
  void read_c(const FormatSpec& raw_format, const FormatSpec& used_format, std::uint64_t raw, std::uint64_t used,
              std::string_view rule) const {
    if (observer_) read_c_slow(raw_format, used_format, raw, used, rule);
  }
  // An input read differently from its bits (flushed, widened); nothing when `used` == `raw` and
  // the formats agree.
  void read_if_changed(TraceRole role, int k, const FormatSpec& format, std::uint64_t raw, std::uint64_t used,
                       std::string_view rule) const {
    if (observer_ && raw != used)
      op_slow(OpKind::read, role, k, {TracedNumber::fp(format, raw)}, TracedNumber::fp(format, used), rule);
  }
  // An operation whose operands and result are all patterns of `format`.
  void fp_op(OpKind kind, TraceRole role, int k, const FormatSpec& format,
             std::initializer_list<std::uint64_t> operands, std::uint64_t result, std::string_view rule) const {
    if (observer_) fp_op_slow(kind, role, k, format, operands, result, rule);
  }
  // Any operation.
  void op(OpKind kind, TraceRole role, int k, std::initializer_list<TracedNumber> operands, TracedNumber result,
          std::string_view rule, std::optional<Dot2Grid> grid = std::nullopt) const {
    if (observer_) op_slow(kind, role, k, std::vector<TracedNumber>(operands), result, rule, grid);
  }
  void op(OpKind kind, TraceRole role, int k, std::vector<TracedNumber> operands, TracedNumber result,
          std::string_view rule) const {
    if (observer_) op_slow(kind, role, k, std::move(operands), result, rule);
  }

 private:
  void step_range_slow(StepKind kind, std::size_t first, std::size_t count) const;
  void read_c_slow(const FormatSpec& raw_format, const FormatSpec& used_format, std::uint64_t raw, std::uint64_t used,
                   std::string_view rule) const;
  void fp_op_slow(OpKind kind, TraceRole role, int k, const FormatSpec& format,
                  std::initializer_list<std::uint64_t> operands, std::uint64_t result, std::string_view rule) const;
  void op_slow(OpKind kind, TraceRole role, int k, std::vector<TracedNumber> operands, TracedNumber result,
               std::string_view rule, std::optional<Dot2Grid> grid = std::nullopt) const;

  AccumulationObserver* observer_;
};

}  // namespace mxlane
