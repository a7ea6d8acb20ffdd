// The benchmark families, registered at run time (their names feed the summary table).
#pragma once

#include <string>

namespace mxlane_bench {

void register_gemm_benchmarks();
void register_valu_benchmarks();

// Benchmark names shared with the summary.
inline std::string gemm_name(const std::string& mnemonic, int size, int threads) {
  return "gemm/" + mnemonic + "/" + std::to_string(size) + "/threads:" + std::to_string(threads);
}
inline std::string eigen_name(const std::string& type, int size) { return "eigen_native/" + type + "/" + std::to_string(size); }
inline std::string valu_name(const std::string& builtin, const std::string& arch) { return "valu/" + builtin + "/" + arch; }

}  // namespace mxlane_bench
