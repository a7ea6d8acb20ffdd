// SummaryReporter: Google Benchmark's console table, then the summary against the project's performance targets (docs/performance.md).
#include "summary.hpp"

#include <fmt/format.h>

#include "bench_registry.hpp"
#include "emu/fast/simd_level.hpp"
#include "valu_cases.hpp"

namespace mxlane_bench {
namespace {

constexpr double kThreadTarget = 1.5;  // two threads at least 1.5x one thread

std::string verdict(bool met) { return met ? "met" : "NOT met"; }

}  // namespace

void SummaryReporter::ReportRuns(const std::vector<Run>& runs) {
  ConsoleReporter::ReportRuns(runs);
  for (const Run& run : runs) {
    if (run.error_occurred || run.run_type != Run::RT_Iteration || run.iterations == 0) continue;
    Result r;
    r.seconds = run.real_accumulated_time / static_cast<double>(run.iterations);
    r.cpu_seconds = run.cpu_accumulated_time / static_cast<double>(run.iterations);
    for (const auto& [name, counter] : run.counters) r.counters[name] = counter.value;
    results_[run.run_name.function_name] = r;
  }
}

// The thread-scaling table (`mxlane_bench --scaling`): per GEMM, the wall time at each thread count,
// the speedup over one thread and the cores the run really had; the target at kScalingThreads.
bool SummaryReporter::finalize_scaling(std::ostream& out) const {
  std::map<std::string, std::map<int, const Result*>> rows;  // name -> threads -> result
  const std::string prefix = "scaling/";
  for (const auto& [name, r] : results_) {
    if (name.rfind(prefix, 0) != 0) continue;
    const std::size_t threads_at = name.rfind("/threads:");
    const std::size_t size_at = name.rfind('/', threads_at - 1);
    rows[name.substr(prefix.size(), size_at - prefix.size())][std::stoi(name.substr(threads_at + 9))] = &r;
  }
  if (rows.empty()) return false;
  out << fmt::format(
      "\n== Thread scaling, GEMM {0}x{0}x{0}, fast kernels at {1} (wall ms; speedup over one thread; "
      "cores = process CPU time / wall time)\n",
      kScalingSize, mxlane::fast::simd_level_name(mxlane::fast::active_simd_level()));
  for (const auto& [name, by_threads] : rows) {
    const auto one = by_threads.find(1);
    std::string line = fmt::format("{:<32}", name);
    for (const auto& [threads, r] : by_threads) {
      const double speedup = one != by_threads.end() ? one->second->seconds / r->seconds : 0.0;
      const double cores = r->counters.count("cores") ? r->counters.at("cores") : 0.0;
      line += fmt::format("  {}t {:.0f} ms {:.2f}x ({:.1f} cores)", threads, 1e3 * r->seconds, speedup, cores);
    }
    const auto at_target = by_threads.find(kScalingThreads);
    if (one != by_threads.end() && at_target != by_threads.end()) {
      const double speedup = one->second->seconds / at_target->second->seconds;
      line += fmt::format("  target {}t >= {:.0f}x {}", kScalingThreads, kScalingTarget,
                          verdict(speedup >= kScalingTarget));
    } else {
      line += fmt::format("  target {}t >= {:.0f}x not measured (fewer CPUs)", kScalingThreads, kScalingTarget);
    }
    out << line << '\n';
  }
  out.flush();
  return true;
}

const SummaryReporter::Result* SummaryReporter::find(const std::string& name) const {
  const auto it = results_.find(name);
  return it == results_.end() ? nullptr : &it->second;
}

void SummaryReporter::Finalize() {
  ConsoleReporter::Finalize();
  auto& out = GetOutputStream();
  if (finalize_scaling(out)) return;
  out << fmt::format(
      "\n== Emulated GEMM {0}x{0}x{0} vs Eigen's native GEMM (ratio = emulated time / native time; fast kernels at "
      "{1}, Eigen built for {2})\n",
      kHeadlineSize, mxlane::fast::simd_level_name(mxlane::fast::active_simd_level()), native_isa_name());
  // cpu ratio: the same ratio in CPU time of the single thread, which other processes on a shared
  // machine disturb less than wall time; cores: the cores the 2-thread run really had (the "cores"
  // counter, gemm_bench.cpp).
  out << fmt::format("{:<26} {:>5} {:>11} {:>8} {:>12} {:>7} {:>9} {:>7} {:>8} {:>11} {:>8} {:>8} {:>8} {:>6} {:>6}\n",
                     "instruction", "in", "1 thread ms", "native", "native ms", "ratio", "cpu ratio", "target", "",
                     "2 threads ms", "speedup", "target", "", "cores", "work");
  for (const HeadlineGemm& h : kHeadlineGemms) {
    const Result* one = find(gemm_name(h.name(), kHeadlineSize, 1));
    const Result* two = find(gemm_name(h.name(), kHeadlineSize, 2));
    const Result* native = find(eigen_name(h.native, kHeadlineSize));
    if (one == nullptr || native == nullptr) continue;
    const double ratio = one->seconds / native->seconds;
    std::string threads = fmt::format("{:>11} {:>8} {:>8} {:>8}", "-", "-", "-", "");
    if (two != nullptr) {
      const double speedup = one->seconds / two->seconds;
      const auto cores = [](const Result* r) { return r->counters.count("cores") ? r->counters.at("cores") : 0.0; };
      // work: the 2-thread run's CPU time (all threads) over the 1-thread run's; 1.0 means the
      // split costs nothing, so on two otherwise idle cores the speedup would be about 2 / work.
      const double work = (two->seconds * cores(two)) / (one->seconds * cores(one));
      threads = fmt::format("{:>11.1f} {:>7.2f}x {:>7.1f}x {:>8} {:>6.2f} {:>6.2f}", 1e3 * two->seconds, speedup,
                            kThreadTarget, verdict(speedup >= kThreadTarget), cores(two), work);
    }
    out << fmt::format("{:<26} {:>5} {:>11.1f} {:>8} {:>12.1f} {:>6.2f}x {:>8.2f}x {:>6.1f}x {:>8} {}\n", h.name(),
                       h.inputs, 1e3 * one->seconds, h.native, 1e3 * native->seconds, ratio,
                       one->cpu_seconds / native->cpu_seconds, h.target_ratio, verdict(ratio <= h.target_ratio),
                       threads);
  }

  out << "\n== Per numerics family (one thread; an instruction = its m*n*k*blocks MACs)\n";
  out << fmt::format("{:<28} {:>14} {:>14} {:>16} {:>10}\n", "instruction", "fast instr/s", "fast MAC/s",
                     "reference instr/s", "speedup");
  const std::string headline_size = fmt::format("/{}/", kHeadlineSize);
  for (const auto& [name, r] : results_) {
    if (name.rfind("gemm/", 0) != 0 || name.find("/threads:1") == std::string::npos ||
        name.find(headline_size) != std::string::npos)
      continue;
    const std::string mnemonic = name.substr(5, name.find('/', 5) - 5);
    const Result* ref = nullptr;
    for (const auto& [other, rr] : results_)
      if (other.rfind(fmt::format("reference/{}/", mnemonic), 0) == 0) ref = &rr;
    const double fast_ips = r.counters.count("instr/s") ? r.counters.at("instr/s") : 0;
    const double ref_ips = ref && ref->counters.count("instr/s") ? ref->counters.at("instr/s") : 0;
    out << fmt::format("{:<28} {:>14.3e} {:>14.3e} {:>16.3e} {:>9.0f}x\n", mnemonic, fast_ips,
                       r.counters.count("MAC/s") ? r.counters.at("MAC/s") : 0.0, ref_ips,
                       ref_ips > 0 ? fast_ips / ref_ips : 0.0);
  }

  out << "\n== VALU builtins (one thread, lane operations per second)\n";
  out << fmt::format("{:<18} {:<8} {:<16} {:>14} {:>10} {:>8}\n", "builtin", "arch", "class", "lane ops/s", "target",
                     "");
  for (const ValuCase& v : valu_cases()) {
    const Result* r = find(valu_name(v.builtin, v.arch));
    if (r == nullptr || !r->counters.count("lane_ops/s")) continue;
    const double rate = r->counters.at("lane_ops/s");
    out << fmt::format("{:<18} {:<8} {:<16} {:>14.3e} {:>10.1e} {:>8}\n", v.builtin, v.arch, v.target_class, rate,
                       v.target, verdict(rate >= v.target));
  }

  // The same run's per-level rows (valu_bench.cpp): each SIMD level's kernels and the reference
  // lane kernel alone on the same operands, so the ratios do not depend on the machine's load as
  // much as the absolute numbers do.
  out << "\n== VALU builtins per SIMD level (one thread, lane operations per second; x = over the reference)\n";
  out << fmt::format("{:<18} {:<8} {:>12} {:>8} {:>12} {:>8} {:>12} {:>8} {:>12} {:>10} {:>8}\n", "builtin", "arch",
                     "scalar", "", "avx2", "", "avx512", "", "reference", "target", "scalar");
  for (const ValuCase& v : valu_level_cases()) {
    const auto rate = [&](const char* engine) {
      const Result* r = find(valu_level_name(v.builtin, v.arch, engine));
      return r != nullptr && r->counters.count("lane_ops/s") ? r->counters.at("lane_ops/s") : 0.0;
    };
    const double scalar = rate("scalar"), avx2 = rate("avx2"), avx512 = rate("avx512"), reference = rate("reference");
    if (reference == 0) continue;
    out << fmt::format(
        "{:<18} {:<8} {:>12.3e} {:>7.1f}x {:>12.3e} {:>7.1f}x {:>12.3e} {:>7.1f}x {:>12.3e} {:>10.1e} {:>8}\n",
        v.builtin, v.arch, scalar, scalar / reference, avx2, avx2 / reference, avx512, avx512 / reference, reference,
        v.target, verdict(scalar >= v.target));
  }
  out.flush();
}

}  // namespace mxlane_bench
