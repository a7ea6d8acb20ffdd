// VALU builtin benchmarks: lane operations per second of the lane engine (emu/fast/valu_fast.hpp)
// that the builtin-level functions use, on random operands; for the builtins with a fast path also
// at each SIMD level and with the reference lane kernel alone, so that one run gives the ratios.
#include <deque>
#include <optional>
#include <random>
#include <vector>

#include "bench_registry.hpp"
#include "emu/fast/valu_fast.hpp"
#include "emu/insns/run_valu_lanes.hpp"
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

// How a benchmark runs the builtin: the lane engine at the active SIMD level (the headline rows),
// the lane engine capped at one level, or the reference lane kernel on every lane.
struct ValuVariant {
  const ValuCase* c;
  enum class Engine { active, level, reference } engine;
  mxlane::fast::SimdLevel level = mxlane::fast::SimdLevel::scalar;
};

void valu_benchmark(benchmark::State& state, const ValuVariant* v) {
  const ValuCase* c = v->c;
  std::optional<mxlane::fast::SimdLevelCap> cap;
  if (v->engine == ValuVariant::Engine::level) cap.emplace(v->level);
  const mxlane::ValuShape shape = c->desc->shape();
  std::mt19937_64 rng(7);
  std::vector<std::uint32_t> words[3];
  for (int s = 0; s < 3; ++s) {
    words[s].resize(kLanes * static_cast<std::size_t>(shape.src[s]));
    for (auto& w : words[s]) {
      // Half the words ordinary floats / float pairs of magnitude about 1, half uniform bits.
      const std::uint64_t r = rng();
      w = (r & 1) ? static_cast<std::uint32_t>(r >> 32)
                  : (0x3C003C00U ^ (static_cast<std::uint32_t>(r >> 20) & 0x83FF83FFU));
    }
  }
  std::vector<std::uint32_t> d(kLanes * static_cast<std::size_t>(shape.dst));
  const std::uint32_t* src[3] = {words[0].data(), words[1].data(), words[2].data()};
  const mxlane::ValuContext ctx{c->arch_id, {}, {}};
  for (auto _ : state) {
    if (v->engine == ValuVariant::Engine::reference)
      mxlane::run_valu_reference_lanes(*c->desc, ctx, src, d.data(), kLanes);
    else
      mxlane::run_valu_lanes(*c->desc, ctx, src, d.data(), kLanes);
    benchmark::DoNotOptimize(d.data());
  }
  state.counters["lane_ops/s"] =
      benchmark::Counter(static_cast<double>(kLanes), benchmark::Counter::kIsIterationInvariantRate);
  const bool fast = v->engine != ValuVariant::Engine::reference &&
                    mxlane::fast::valu_fast_path_applies(c->desc->fast, ctx) &&
                    mxlane::fast::valu_kernel(mxlane::fast::active_simd_level(), c->desc->fast.kind) != nullptr;
  state.SetLabel(fast ? "fast" : "reference");
}

}  // namespace

const std::vector<ValuCase>& valu_level_cases() {
  static const std::vector<ValuCase> out = [] {
    std::vector<ValuCase> v;
    for (const ValuCase& c : valu_cases())
      if (c.desc->fast.kind != mxlane::ValuKind::none) v.push_back(c);
    // The gfx1200 rows of the FP8 dots and binary32 -> FP8/BF8 conversions (valu_cases() picks their
    // architecture already) are among them.
    return v;
  }();
  return out;
}

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
  // Google Benchmark keeps the pointers: the cases and variants live as long as the program, in
  // containers that never move their elements (a vector's growth did, once a third SIMD level made
  // more variants than it had reserved).
  static const std::vector<ValuCase> cases = valu_cases();
  static const std::vector<ValuCase> level_cases = valu_level_cases();
  static std::deque<ValuVariant> variants;
  for (const ValuCase& c : cases) {
    variants.push_back({&c, ValuVariant::Engine::active});
    benchmark::RegisterBenchmark(valu_name(c.builtin, c.arch).c_str(), valu_benchmark, &variants.back())
        ->Unit(benchmark::kMicrosecond);
  }
  // The per-level rows and the reference, for the builtins of valu_level_cases() (the summary's ratios).
  for (const ValuCase& c : level_cases) {
    for (mxlane::fast::SimdLevel level : mxlane::fast::kAllSimdLevels) {
      if (level > mxlane::fast::detected_simd_level()) continue;
      variants.push_back({&c, ValuVariant::Engine::level, level});
      benchmark::RegisterBenchmark(
          valu_level_name(c.builtin, c.arch, std::string(mxlane::fast::simd_level_name(level))).c_str(), valu_benchmark,
          &variants.back())
          ->Unit(benchmark::kMicrosecond);
    }
    variants.push_back({&c, ValuVariant::Engine::reference});
    benchmark::RegisterBenchmark(valu_level_name(c.builtin, c.arch, "reference").c_str(), valu_benchmark,
                                 &variants.back())
        ->Unit(benchmark::kMicrosecond);
  }
}

}  // namespace mxlane_bench
