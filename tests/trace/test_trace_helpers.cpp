// The Trace helpers over AccumulationObserver: nothing reaches a missing observer, roles are
// formatted, read_if_changed reports only a changed read, read_c opens its own step.
#include "support/catch_compat.hpp"

#include <string>
#include <vector>

#include "emu/semantics/accumulation_observer.hpp"

namespace {

struct Recorder : mxlane::AccumulationObserver {
  std::vector<mxlane::StepKind> steps;
  std::vector<std::vector<int>> step_ks;
  std::vector<mxlane::TraceOp> ops;
  void step(mxlane::StepKind kind, std::span<const int> ks) override {
    steps.push_back(kind);
    step_ks.emplace_back(ks.begin(), ks.end());
  }
  void op(mxlane::TraceOp op) override { ops.push_back(std::move(op)); }
};

}  // namespace

TEST_CASE("Trace: a null observer is off and every helper is a no-op", "[trace]") {
  const mxlane::Trace trace(nullptr);
  CHECK_FALSE(trace.on());
  trace.step_range(mxlane::StepKind::pairwise_group, 0, 4);  // would dereference a null observer if not guarded
  trace.read_c(mxlane::kBinary32, 1, 0, "flushed");
  trace.fp_op(mxlane::OpKind::add, {"p", 3}, -1, mxlane::kBinary32, {1, 2}, 3, "rule");
  SUCCEED("no observer was called");
}

TEST_CASE("Trace: steps, roles, reads and operations reach the observer", "[trace]") {
  Recorder rec;
  const mxlane::Trace trace(&rec);
  REQUIRE(trace.on());
  trace.read_c(mxlane::kBinary32, 0x00000001, 0x00000000, "subnormal read as zero");
  trace.step_range(mxlane::StepKind::pairwise_group, 4, 3);
  trace.read_if_changed("A[k]", 4, mxlane::kBinary16, 0x0001, 0x0001, "unchanged: not reported");
  trace.read_if_changed("B[k]", 4, mxlane::kBinary16, 0x0001, 0x0000, "flushed");
  trace.fp_op(mxlane::OpKind::product, {"p", 2}, 6, mxlane::kBinary32, {0x3F800000, 0x40000000, 0}, 0x40000000,
              "binary32 RNE");

  REQUIRE(rec.steps == std::vector<mxlane::StepKind>{mxlane::StepKind::read_c, mxlane::StepKind::pairwise_group});
  CHECK(rec.step_ks[0].empty());
  CHECK(rec.step_ks[1] == std::vector<int>{4, 5, 6});
  REQUIRE(rec.ops.size() == 3);
  CHECK(rec.ops[0].role == "C");
  CHECK(rec.ops[0].kind == mxlane::OpKind::read);
  CHECK(rec.ops[0].operands.at(0).bits == 1);
  CHECK(rec.ops[0].result.bits == 0);
  CHECK(rec.ops[0].rule == "subnormal read as zero");
  CHECK(rec.ops[1].role == "B[k]");
  CHECK(rec.ops[1].k == 4);
  CHECK(rec.ops[1].operands.at(0).format == &mxlane::kBinary16);
  CHECK(rec.ops[2].role == "p2");
  CHECK(rec.ops[2].k == 6);
  CHECK(rec.ops[2].operands.size() == 3);
  CHECK(rec.ops[2].operands[1].bits == 0x40000000);
  CHECK(rec.ops[2].result.format == &mxlane::kBinary32);
  CHECK_FALSE(rec.ops[2].grid.has_value());
}
