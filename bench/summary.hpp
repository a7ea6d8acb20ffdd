// The benchmark's closing table: emulated GEMM time next to Eigen's native GEMM of the same size
// and the ratio, throughput per instruction family, VALU lane operations per second, each with
// the project's performance target (fast bit-exact kernels measured against a native GEMM; docs/performance.md).
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace mxlane_bench {

// Console output as usual, plus every run's seconds per iteration and counters, kept by name.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

 private:
  struct Result {
    double seconds = 0;      // real time per iteration
    double cpu_seconds = 0;  // CPU time per iteration of the benchmark's main thread
    std::map<std::string, double> counters;
  };
  std::map<std::string, Result> results_;
  const Result* find(const std::string& name) const;
  bool finalize_scaling(std::ostream& out) const;  // the scaling table; false when no scaling run is there
};

}  // namespace mxlane_bench
