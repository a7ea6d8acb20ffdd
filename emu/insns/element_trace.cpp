// Recording one element's accumulation through the numerics routines' observer, on zero inputs
// (structure) or on register values (evaluation), plus the one-line descriptions of the model.
#include "emu/insns/element_trace.hpp"

#include "emu/insns/matrix_insn.hpp"
#include "emu/isa/families/modifier_names.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

class Recorder final : public AccumulationObserver {
 public:
  explicit Recorder(std::vector<TracedStep>& steps) : steps_(steps) {}
  void step(StepKind kind, std::span<const int> ks) override {
    steps_.push_back(TracedStep{kind, std::vector<int>(ks.begin(), ks.end()), {}});
  }
  void op(TraceOp op) override {
    if (steps_.empty())
      throw std::logic_error("a numerics routine reported an operation before its first step");
    steps_.back().ops.push_back(std::move(op));
  }

 private:
  std::vector<TracedStep>& steps_;
};

ElementTrace start(const InstrDesc& d, const Modifiers& mods, const Switches& switches, int block,
                   int row, int col) {
  ElementTrace t;
  t.desc = &d;
  t.mods = mods;
  t.switches = switches;
  t.block = block;
  t.row = row;
  t.col = col;
  t.feeds = output_feeds(d, mods, switches, block, row, col);
  t.a.assign(t.feeds.a.size(), 0);
  t.b.assign(t.feeds.b.size(), 0);
  constexpr std::uint8_t kScaleOne = 0x7F;  // E8M0 2^0
  t.scale_a.assign(t.feeds.sa.size(), kScaleOne);
  t.scale_b.assign(t.feeds.sb.size(), kScaleOne);
  return t;
}

void run(ElementTrace& t) {
  Recorder recorder(t.steps);
  NumericsContext ctx = numerics_context(*t.desc, t.mods, t.switches);
  ctx.observer = &recorder;
  t.d = element_kernel(*t.desc)(DotInputs{t.a, t.b, t.c, t.scale_a, t.scale_b}, ctx);
}

std::string_view out_name(const InstrDesc& d) {
  switch (d.d_type) {
    case ElemType::f16: return "f16";
    case ElemType::bf16: return "bf16";
    case ElemType::f64: return "binary64";
    default: return "binary32";
  }
}

}  // namespace

ElementTrace trace_element(const InstrDesc& d, const Modifiers& mods, const Switches& switches,
                           int block, int row, int col) {
  ElementTrace t = start(d, mods, switches, block, row, col);
  run(t);
  return t;
}

ElementTrace trace_element(const InstrDesc& d, const Modifiers& mods, const Switches& switches,
                           int block, int row, int col, const LaneRegFile& regs,
                           const MatrixOperands& ops) {
  ElementTrace t = start(d, mods, switches, block, row, col);
  if (d.has(Operand::IDX)) {
    // SMFMAC: the feeds follow the row's index fields in the registers (docs/cdna3.md §3).
    const FeedingSlots slots(d, mods, switches);
    t.feeds = slots.of(block, row, col, slots.read_indices(regs, ops.idx.base, block, row));
    t.a.assign(t.feeds.a.size(), 0);
    t.b.assign(t.feeds.b.size(), 0);
  }
  for (std::size_t i = 0; i < t.feeds.a.size(); ++i) {
    t.a[i] = t.feeds.a[i].zero ? 0 : read_element(regs, ops.a.base, t.feeds.a[i].read, ops.a.bank);
    t.b[i] = read_element(regs, ops.b.base, t.feeds.b[i].read, ops.b.bank);
  }
  t.c = read_element(regs, ops.c.base, t.feeds.c.read, ops.c.bank);
  for (std::size_t kb = 0; kb < t.feeds.sa.size(); ++kb) {
    t.scale_a[kb] = static_cast<std::uint8_t>(
        read_element(regs, ops.sa.base, t.feeds.sa[kb].read, ops.sa.bank));
    t.scale_b[kb] = static_cast<std::uint8_t>(
        read_element(regs, ops.sb.base, t.feeds.sb[kb].read, ops.sb.bank));
  }
  t.evaluated = true;
  run(t);
  return t;
}

// "CDNA2", "CDNA1", "RDNA3": the generation named in model texts (the families' helper).
using families::generation;

std::string model_summary(const ElementTrace& t) {
  const InstrDesc& d = *t.desc;
  for (const TracedStep& s : t.steps) {
    switch (s.kind) {
      case StepKind::read_c: continue;
      case StepKind::fma:
        if (!d.family().fma_chain_model_text.empty())
          return std::string(d.family().fma_chain_model_text);
        return fmt::format(
            "{} {} MFMA: a chain of IEEE fused multiply-adds from C, k ascending, RNE each step, "
            "subnormals kept (docs/spec/numerics.md §A.1, §B.1) [MODEL]",
            generation(d), d.a_type == ElemType::f64 ? "FP64" : "FP32");
      case StepKind::exact_dot:
        return "switch cdna2_f64_algorithm=exact-dot: C plus every product, rounded once (docs/spec/numerics.md §E, E13 "
               "alternative) [INF]";
      case StepKind::pairwise_group:
        return fmt::format(
            "{} {} MFMA (MMA-Sim model): groups of {} consecutive k, a pairwise binary32 tree per group, groups "
            "added to C in order; {} (docs/spec/numerics.md §A.1, §B.2{}) [MODEL]",
            generation(d),
            d.a_type == ElemType::f16 ? "FP16"
            : s.ks.size() == 2        ? "legacy BF16"
                                      : "BF16_1K",
            s.ks.size(),
            numerics_context(d, t.mods, t.switches).subnormals == MatrixSubnormals::flush
                ? "A, B, C subnormal or -0 read as +0; every binary32 result RNE, then flushed to signed zero if subnormal"
                : "every binary32 result RNE with gradual underflow, nothing flushed, -0 kept",
            d.arch_traits().matrix_subnormals == MatrixSubnormals::keep
                ? "; docs/cdna1.md, switch cdna1_subnormals"
                : "");
      case StepKind::dot2:
        return fmt::format(
            "RDNA3 WMMA: eight chained DOT2 steps over k-pairs (0,1)..(14,15) from C, each three terms on a "
            "truncating integer grid with one rounding to {} (docs/spec/numerics.md §A.2, §B.4, §B.5) {}",
            out_name(d), d.d_type == ElemType::bf16 ? "[HW-claimed]" : "[HW]");
      case StepKind::integer_sum:
        return generation(d) + " " + std::string(d.family().integer_model_text);
      case StepKind::dot4:
        if (d.family().sparse_a)
          return fmt::format(
              "RDNA4 SWMMAC, switch gfx12_swmmac_grouping={}: chained DOT4 steps of the dense gfx12 WMMA over {} from C, "
              "one rounding to {} per step (docs/rdna4.md §3.4, probe E2) [UNKNOWN]",
              switch_value_name(t.switches, SwitchId::gfx12_swmmac_grouping),
              t.switches.gfx12_swmmac_grouping() == SmfmacGrouping::dense_k
                  ? "the rebuilt K-long row (unstored k are +0 factors)"
                  : "the K/2 stored values, four per step",
              out_name(d));
        return fmt::format(
            "RDNA4 WMMA: chained DOT4 steps over k groups (0..3), (4..7), ... from C; products aligned in pairs "
            "with floor truncation, one rounding to {} per step (docs/rdna4.md §3.1, §3.2) {}",
            out_name(d), d.d_type == ElemType::f32 ? "[HW]" : "[MODEL]");
      case StepKind::fused_group:
        if (!d.family().fused_group_model_text.empty())
          return fmt::format(
              "{}; groups of {} k{}", d.family().fused_group_model_text, s.ks.size(),
              d.has(Operand::SA)
                  ? fmt::format(
                        ", each product times its {}-k block's A and B scales exactly before the sum "
                        "(docs/cdna5.md §3.7)",
                        d.k / d.cols(Operand::SA))
                  : "");
        if (d.cbsz_blgp_are_formats())
          return fmt::format(
              "CDNA4 f8f6f4 MFMA (A {}, B {}): fused groups of {} k from C, products exact, the group sum floored, "
              "{}one RNE into the binary32 accumulator per group; switches f8f6f4_group, scale_zero_is_identity "
              "(docs/cdna4-numerics.md §3) [INF]",
              elem_name(operand_type(d, Operand::A, t.mods)),
              elem_name(operand_type(d, Operand::B, t.mods)), s.ks.size(),
              d.has(Operand::SA)
                  ? "each 32-k block's sum times 2^(sa+sb-254) (E8M0 scales) before it joins, "
                  : "");
        return fmt::format(
            "{} {} MFMA (MMA-Sim model, hardware-checked): fused groups of {} k from C; per group the products are "
            "truncated below the largest one, the sum floored toward -inf, C floored, then one RNE into the binary32 "
            "accumulator{} (docs/cdna3-numerics.md §2, §3) [MODEL-HW]",
            generation(d), elem_name(d.a_type), s.ks.size(),
            d.a_type == ElemType::fp8 || d.a_type == ElemType::bf8
                ? "; even and odd k fused separately first"
                : "");
    }
  }
  return "";
}

std::string step_combine_text(const ElementTrace& t, const TracedStep& s) {
  const InstrDesc& d = *t.desc;
  const std::string rule = s.ops.empty() ? std::string() : s.ops.back().rule;
  switch (s.kind) {
    case StepKind::read_c: return fmt::format("C enters first: acc = C; {}", rule);
    case StepKind::fma:
      return fmt::format("FMA: acc = fma(A, B, acc), one rounding: {} {}", out_name(d),
                         rule.substr(rule.find(' ') + 1));
    case StepKind::exact_dot:
      return fmt::format("exact sum of C and all {} products, one rounding: {}", s.ks.size(), rule);
    case StepKind::pairwise_group: {
      const std::string tree =
          s.ops.size() >= 2 ? s.ops[s.ops.size() - 2].role : "";  // the tree's root, then acc
      return fmt::format(
          "group of {} products p = round32(A*B + 0), pairwise tree {}, then acc = acc + group; "
          "each operation {}",
          s.ks.size(), tree, rule);
    }
    case StepKind::dot2:
      return fmt::format(
          "DOT2 step: acc = round(acc + A*B (k={}) + A*B (k={})), the three terms truncated onto an "
          "integer grid of LSB 2^G, opposite signs in one's complement; {}",
          s.ks[0], s.ks[1], rule);
    case StepKind::dot4:
      return fmt::format(
          "DOT4 step: acc = round(acc + the products of k={}..{}), each pair floor-aligned to its "
          "larger product grid, pair sums and acc floor-aligned to the step grid 2^G; {}",
          s.ks.front(), s.ks.back(), rule);
    case StepKind::fused_group:
      return fmt::format(
          "fused group k={}..{}: acc = RNE32(floor(truncated products) + floor(acc)); {}",
          s.ks.front(), s.ks.back(), rule);
    case StepKind::integer_sum: {
      const bool neg_signs = d.family().neg_chooses_integer_signedness;
      const bool a_signed = !neg_signs || (t.mods.neg & 1) != 0,
                 b_signed = !neg_signs || (t.mods.neg & 2) != 0;
      // gfx12 sums in stages, one per half of K, each ending in its own saturation (docs/rdna4.md §3.2).
      if (s.ks.size() < static_cast<std::size_t>(d.k))
        return fmt::format(
            "stage k={}..{}: acc = acc + the {} exact products (A {}, B {}), acc starting at C; {}",
            s.ks.front(), s.ks.back(), s.ks.size(), a_signed ? "signed" : "unsigned",
            b_signed ? "signed" : "unsigned", rule);
      return fmt::format(
          "exact integer sum of C and all {} products (A {}, B {}); C enters the exact sum; {}",
          s.ks.size(), a_signed ? "signed" : "unsigned", b_signed ? "signed" : "unsigned", rule);
    }
  }
  return "";
}

}  // namespace mxlane
