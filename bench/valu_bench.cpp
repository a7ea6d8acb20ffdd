// VALU builtin benchmarks: lane operations per second of the lane engine (emu/fast/valu_fast.hpp)
// that the builtin-level functions use, on random operands.
#include <random>
#include <vector>

#include "bench_registry.hpp"
#include "emu/fast/valu_fast.hpp"
#include "emu/semantics/valu_lane.hpp"
#include "valu_cases.hpp"

#include <benchmark/benchmark.h>

namespace mxlane_bench {
namespace {

constexpr std::size_t kLanes = 1 << 16;

// The class of a builtin and its target (the performance targets: "SAD and integer dots: at least 500 million lane
// operations per second; float dots and conversions: at least 100 million"), from its feature.
std::pair<std::string, double> target_of(const mxlane::ValuDesc& d) {
  std::string f(d.feature);
  for (char& ch : f) ch = ch == '_' ? '-' : ch;
  if (f == "sad-insts") return {"SAD", 5e8};
  for (const char* integer : {"dot1-insts", "dot2-insts", "dot7-insts", "dot8-insts"})
    if (f == integer) return {"integer dot", 5e8};
  if (f.rfind("dot", 0) == 0) return {"float dot", 1e8};
  return {"conversion", 1e8};
}

void valu_benchmark(benchmark::State& state, const ValuCase* c) {
  const mxlane::ValuShape shape = c->desc->shape();
  std::mt19937_64 rng(7);
  std::vector<std::uint32_t> words[3];
  for (int s = 0; s < 3; ++s) {
    words[s].resize(kLanes * static_cast<std::size_t>(shape.src[s]));
    for (auto& w : words[s]) {
      // Half the words ordinary floats / float pairs of magnitude about 1, half uniform bits.
      const std::uint64_t r = rng();
      w = (r & 1) ? static_cast<std::uint32_t>(r >> 32) : (0x3C003C00U ^ (static_cast<std::uint32_t>(r >> 20) & 0x83FF83FFU));
    }
  }
  std::vector<std::uint32_t> d(kLanes * static_cast<std::size_t>(shape.dst));
  const std::uint32_t* src[3] = {words[0].data(), words[1].data(), words[2].data()};
  const mxlane::ValuContext ctx{c->arch_id, {}, {}};
  for (auto _ : state) {
    mxlane::fast::run_valu_lanes(*c->desc, ctx, src, d.data(), kLanes);
    benchmark::DoNotOptimize(d.data());
  }
  state.counters["lane_ops/s"] = benchmark::Counter(static_cast<double>(kLanes), benchmark::Counter::kIsIterationInvariantRate);
  const mxlane::fast::ValuFastPath* path = mxlane::fast::valu_fast_path(c->desc->mnemonic);
  state.SetLabel(path != nullptr && mxlane::fast::valu_fast_path_applies(*path, ctx) ? "fast" : "reference");
}

}  // namespace

std::vector<ValuCase> valu_cases() {
  std::vector<ValuCase> out;
  for (const mxlane::ValuDesc& d : mxlane::valu_table()) {
    std::vector<mxlane::ArchId> archs;
    for (mxlane::ArchId a : {mxlane::ArchId::gfx1100, mxlane::ArchId::gfx90a})
      if (d.available_on(a)) archs.push_back(a);
    if (archs.empty())
      for (mxlane::ArchId a : {mxlane::ArchId::gfx1200, mxlane::ArchId::gfx950, mxlane::ArchId::gfx942})
        if (d.available_on(a) && archs.empty()) archs.push_back(a);
    const auto [cls, target] = target_of(d);
    for (mxlane::ArchId a : archs)
      out.push_back({&d, a, std::string(d.builtin), std::string(mxlane::arch_info(a).name), cls, target});
  }
  return out;
}

void register_valu_benchmarks() {
  static const std::vector<ValuCase> cases = valu_cases();
  for (const ValuCase& c : cases)
    benchmark::RegisterBenchmark(valu_name(c.builtin, c.arch).c_str(), valu_benchmark, &c)->Unit(benchmark::kMicrosecond);
}

}  // namespace mxlane_bench
