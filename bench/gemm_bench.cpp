// GEMM benchmarks: the emulated GEMM of the instructions with performance targets at 1024^3 with 1 and 2
// threads, Eigen's native float and double GEMM of the same size, and every fast numerics family's
// instructions and MACs per second (fast path and the reference it replaces).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <sched.h>
#include <random>
#include <string>
#include <vector>

#include "bench_registry.hpp"
#include "eigen_native.hpp"
#include "emu/api/gemm.hpp"
#include "emu/fast/gemm_family.hpp"
#include "emu/fast/simd_level.hpp"

namespace mxlane_bench {
namespace {

using mxlane::ElemType;
using mxlane::GemmMatrix;
using mxlane::InstrDesc;

constexpr int kFamilySize = 256;
constexpr int kReferenceSize = 64;

// CPU time of the whole process (all threads) and wall time since construction.
class ProcessClock {
 public:
  ProcessClock() : cpu_(cpu_seconds()), wall_(std::chrono::steady_clock::now()) {}
  double cores() const {
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count();
    return wall > 0 ? (cpu_seconds() - cpu_) / wall : 0.0;
  }

 private:
  static double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  }
  double cpu_;
  std::chrono::steady_clock::time_point wall_;
};

// Ordinary GEMM data: finite values of magnitude 2^-6 .. 1 with random signs and fractions
// (integers: uniform bits), as bit patterns of the element type.
std::uint64_t ordinary(std::mt19937_64& rng, ElemType t) {
  const std::uint64_t r = rng();
  const auto pattern = [&](int man, int bias, int width) {
    const std::uint64_t e = static_cast<std::uint64_t>(bias - 6 + static_cast<int>(r % 7));
    const std::uint64_t frac = (r >> 8) & ((std::uint64_t{1} << man) - 1);
    return ((r >> 63) << (width - 1)) | (e << man) | frac;
  };
  switch (t) {
    case ElemType::f64: return pattern(52, 1023, 64);
    case ElemType::f32: return pattern(23, 127, 32);
    case ElemType::f16: return pattern(10, 15, 16);
    case ElemType::bf16: return pattern(7, 127, 16);
    case ElemType::fp8: return pattern(3, 7, 8);  // exponent fields 1..7: finite in FNUZ and OCP E4M3
    case ElemType::bf8: return pattern(2, 15, 8);
    case ElemType::f8f6f4: return pattern(3, 7, 8);  // gfx950 f8f6f4 at its default formats (CBSZ = BLGP = 0): OCP E4M3
    case ElemType::iu4:
    case ElemType::fp4: return r & 0xF;  // FP4 E2M1: every pattern is finite
    default: return r & 0xFF;
  }
}

template <class T>
GemmMatrix<T> matrix(std::mt19937_64& rng, ElemType t, int rows, int cols) {
  GemmMatrix<T> m(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) m(i, j) = static_cast<T>(ordinary(rng, t));
  return m;
}

void gemm_benchmark(benchmark::State& state, const InstrDesc* d, int size, mxlane::GemmOptions options) {
  mxlane::with_gemm_storage(*d, [&](auto in, auto acc) {
    using In = decltype(in);
    using Acc = decltype(acc);
    std::mt19937_64 rng(42);
    const auto a = matrix<In>(rng, d->a_type, size, size), b = matrix<In>(rng, d->b_type, size, size);
    const auto c = matrix<Acc>(rng, d->c_type, size, size);
    const ProcessClock clock;
    for (auto _ : state) benchmark::DoNotOptimize(mxlane::gemm(*d, a, b, c, options).data());
    // How many cores the run really had: the process's CPU time (every thread) over the wall time.
    // Below the thread count, other processes took the rest (the machine is shared).
    state.counters["cores"] = clock.cores();
  });
  const double macs = static_cast<double>(size) * size * size;
  state.counters["MAC/s"] = benchmark::Counter(macs, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["instr/s"] = benchmark::Counter(macs / (static_cast<double>(d->m) * d->n * d->k * d->blocks),
                                                 benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(std::string(mxlane::fast::simd_level_name(mxlane::fast::active_simd_level())) + " " +
                 (options.path == mxlane::GemmPath::reference_elements ? "reference" : "fast"));
}

// Eigen at the instruction-set level of the fast paths in this run (native_is_v4(), bench_registry.hpp).
void eigen_benchmark(benchmark::State& state, int size, bool f64) {
  const bool v4 = native_is_v4();
  MxlaneNativeGemm* native =
      v4 ? mxlane_native_v4_gemm_create(size, f64 ? 1 : 0) : mxlane_native_v3_gemm_create(size, f64 ? 1 : 0);
  for (auto _ : state)
    benchmark::DoNotOptimize(v4 ? mxlane_native_v4_gemm_run(native) : mxlane_native_v3_gemm_run(native));
  if (v4)
    mxlane_native_v4_gemm_destroy(native);
  else
    mxlane_native_v3_gemm_destroy(native);
  state.counters["MAC/s"] =
      benchmark::Counter(static_cast<double>(size) * size * size, benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(native_isa_name());
}

mxlane::GemmOptions options(int threads, mxlane::GemmPath path) {
  mxlane::GemmOptions o;
  o.threads = threads;
  o.path = path;
  return o;
}

const InstrDesc& instruction(mxlane::ArchId arch, const char* mnemonic) {
  return mxlane::resolve_instruction(mxlane::arch_info(arch), mnemonic);
}

}  // namespace

void register_gemm_benchmarks() {
  // The target GEMMs (docs/performance.md) next to Eigen.
  benchmark::RegisterBenchmark(eigen_name("float", kHeadlineSize).c_str(), eigen_benchmark, kHeadlineSize, false)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->MinTime(2.0);
  benchmark::RegisterBenchmark(eigen_name("double", kHeadlineSize).c_str(), eigen_benchmark, kHeadlineSize, true)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->MinTime(2.0);
  for (const HeadlineGemm& h : kHeadlineGemms)
    for (int threads : {1, 2}) {
      const InstrDesc* d = &instruction(h.arch, h.mnemonic);
      benchmark::RegisterBenchmark(gemm_name(h.name(), kHeadlineSize, threads).c_str(), gemm_benchmark, d,
                                   kHeadlineSize, options(threads, mxlane::GemmPath::automatic))
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->MinTime(2.0);
    }

  // Every family (and accumulator width): the first instruction of the table that uses it, named by
  // its element kernel (unique across architectures, unlike some mnemonics).
  std::vector<std::pair<mxlane::fast::GemmFamily, int>> seen;
  for (const InstrDesc& d : mxlane::instruction_table()) {
    const auto f = mxlane::fast::gemm_family(d);
    if (!f || d.tied || (d.family().builtin_suffix_chooses_wave && d.wave == 64)) continue;
    const std::pair<mxlane::fast::GemmFamily, int> key{f->family, f->acc_bits};
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    benchmark::RegisterBenchmark(gemm_name(std::string(d.semantics), kFamilySize, 1).c_str(), gemm_benchmark, &d,
                                 kFamilySize, options(1, mxlane::GemmPath::automatic))
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(
        ("reference/" + std::string(d.semantics) + "/" + std::to_string(kReferenceSize)).c_str(), gemm_benchmark, &d,
        kReferenceSize, options(1, mxlane::GemmPath::reference_elements))
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
}

// The thread counts 1, 2, 4, ... up to the CPUs this process may use (and that number itself).
std::vector<int> scaling_thread_counts() {
  cpu_set_t set;
  CPU_ZERO(&set);
  const int cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
  std::vector<int> out;
  for (int t = 1; t < cpus; t *= 2) out.push_back(t);
  out.push_back(cpus);
  return out;
}

void register_scaling_benchmarks() {
  // One headline GEMM per numerics family (and accumulator width), plus the integer family, which
  // has no headline GEMM.
  std::vector<std::pair<std::string, const InstrDesc*>> gemms;
  std::vector<std::pair<mxlane::fast::GemmFamily, int>> seen;
  const auto add = [&](const std::string& name, const InstrDesc* d) {
    const auto f = mxlane::fast::gemm_family(*d);
    if (!f) return;
    const std::pair<mxlane::fast::GemmFamily, int> key{f->family, f->acc_bits};
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) return;
    seen.push_back(key);
    gemms.emplace_back(name, d);
  };
  for (const HeadlineGemm& h : kHeadlineGemms) add(h.name(), &instruction(h.arch, h.mnemonic));
  add("v_mfma_i32_32x32x8i8", &instruction(mxlane::ArchId::gfx90a, "v_mfma_i32_32x32x8i8"));
  for (const auto& [name, d] : gemms)
    for (int threads : scaling_thread_counts())
      benchmark::RegisterBenchmark(scaling_name(name, kScalingSize, threads).c_str(), gemm_benchmark, d, kScalingSize,
                                   options(threads, mxlane::GemmPath::automatic))
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          // A GEMM of 2 s or more runs once; a shorter one (the cheap families on many threads, 0.1 to
          // 0.5 s) repeats for about 2 s and reports the mean: single iterations on a shared host varied
          // by tens of percent (docs/performance.md).
          ->MinTime(2.0);
}

}  // namespace mxlane_bench
