// mxlane_bench: `scripts/bench.sh` builds it in Release and runs it; it prints Google Benchmark's
// table, then the summary (summary.cpp). Any Google Benchmark flag works, e.g. --benchmark_filter.
// `mxlane_bench --headline-gemms` prints the target GEMMs instead (one line each: benchmark name,
// Eigen scalar type, target ratio, AVX-512 over AVX2 target or 0), the list scripts/bench_check.py measures. `mxlane_bench --scaling`
// runs the thread-scaling GEMMs instead (bench_registry.hpp); `--scaling-target` prints their target
// (threads, speedup). MXLANE_SIMD=avx2 (or scalar) caps the
// fast paths' level; the Eigen baseline follows it (gemm_bench.cpp).
#include <cstdio>
#include <cstring>

#include <benchmark/benchmark.h>

#include "bench_registry.hpp"
#include "emu/fast/simd_level.hpp"
#include "summary.hpp"

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--scaling-target") == 0) {  // THREADS TARGET, for bench_check.py
    if (std::printf("%d %g\n", mxlane_bench::kScalingThreads, mxlane_bench::kScalingTarget) < 0) return 1;
    return std::fflush(stdout) == 0 ? 0 : 1;
  }
  if (argc == 2 && std::strcmp(argv[1], "--headline-gemms") == 0) {
    for (const mxlane_bench::HeadlineGemm& h : mxlane_bench::kHeadlineGemms)
      if (std::printf("%s %s %g %g\n", h.name(), h.native, h.target_ratio, h.avx512_target) < 0) return 1;
    return std::fflush(stdout) == 0 ? 0 : 1;
  }
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
    std::fprintf(stderr,
                 "mxlane_bench: this program compares against Eigen built for x86-64-v3 and needs AVX2 + FMA\n");
    return 2;
  }
  // --scaling (ours, taken out before Google Benchmark reads the rest): the thread-scaling GEMMs only.
  bool scaling = false;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--scaling") == 0) {
      scaling = true;
      for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
      --argc;
      break;
    }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  std::printf("mxlane fast paths: %s (detected %s)\n",
              std::string(mxlane::fast::simd_level_name(mxlane::fast::active_simd_level())).c_str(),
              std::string(mxlane::fast::simd_level_name(mxlane::fast::detected_simd_level())).c_str());
  if (scaling) {
    mxlane_bench::register_scaling_benchmarks();
  } else {
    mxlane_bench::register_gemm_benchmarks();
    mxlane_bench::register_valu_benchmarks();
    mxlane_bench::register_vector_op_benchmarks();
  }
  mxlane_bench::SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
