// mxlane_bench: `scripts/bench.sh` builds it in Release and runs it; it prints Google Benchmark's
// table, then the summary (summary.cpp). Any Google Benchmark flag works, e.g. --benchmark_filter.
#include <cstdio>

#include <benchmark/benchmark.h>

#include "bench_registry.hpp"
#include "emu/fast/simd_level.hpp"
#include "summary.hpp"

int main(int argc, char** argv) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
    std::fprintf(stderr, "mxlane_bench: this program compares against Eigen built for x86-64-v3 and needs AVX2 + FMA\n");
    return 2;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  std::printf("mxlane fast paths: %s (detected %s)\n",
              std::string(mxlane::fast::simd_level_name(mxlane::fast::active_simd_level())).c_str(),
              std::string(mxlane::fast::simd_level_name(mxlane::fast::detected_simd_level())).c_str());
  mxlane_bench::register_gemm_benchmarks();
  mxlane_bench::register_valu_benchmarks();
  mxlane_bench::SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
