// Throughput of single vector instructions at 256 and 512 bits (int32 / binary32 lanes per second):
// the per-instruction side of the AVX-512-over-AVX2 ratio of the fast kernels (docs/performance.md).
// Each benchmark runs one instruction in a loop of 12 independent copies (no copy reads another's
// result, except the accumulating forms, whose 12 chains cover their latency), written in inline
// assembly so that the compiler can neither drop nor reorder it. The ymm and zmm forms of an
// instruction run in the same process, so their ratio holds whatever clock the core chose for each.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "bench_registry.hpp"

namespace mxlane_bench {
namespace {

// 12 copies of OP with sources R14, R15 (two-source forms) and destinations R0..R11.
#define MXLANE_OP12(OP, R)                                                                                           \
  OP " %%" R "14, %%" R "15, %%" R "0\n\t" OP " %%" R "14, %%" R "15, %%" R "1\n\t" OP " %%" R "14, %%" R "15, %%" R \
     "2\n\t" OP " %%" R "14, %%" R "15, %%" R "3\n\t" OP " %%" R "14, %%" R "15, %%" R "4\n\t" OP " %%" R "14, %%" R \
     "15, %%" R "5\n\t" OP " %%" R "14, %%" R "15, %%" R "6\n\t" OP " %%" R "14, %%" R "15, %%" R "7\n\t" OP " %%" R \
     "14, %%" R "15, %%" R "8\n\t" OP " %%" R "14, %%" R "15, %%" R "9\n\t" OP " %%" R "14, %%" R "15, %%" R         \
     "10\n\t" OP " %%" R "14, %%" R "15, %%" R "11\n\t"
// The one-source forms (conversions): OP R14, Ri.
#define MXLANE_OP12_1(OP, R)                                                                                          \
  OP " %%" R "14, %%" R "0\n\t" OP " %%" R "14, %%" R "1\n\t" OP " %%" R "14, %%" R "2\n\t" OP " %%" R "14, %%" R     \
     "3\n\t" OP " %%" R "14, %%" R "4\n\t" OP " %%" R "14, %%" R "5\n\t" OP " %%" R "14, %%" R "6\n\t" OP " %%" R     \
     "14, %%" R "7\n\t" OP " %%" R "14, %%" R "8\n\t" OP " %%" R "14, %%" R "9\n\t" OP " %%" R "14, %%" R "10\n\t" OP \
     " %%" R "14, %%" R "11\n\t"

// The loop: zeroed registers (no denormal, NaN or overflow in the float forms), `iterations` x 12, then
// vzeroupper (the compiler does not know the asm dirtied the upper halves). XOR clears R14 and R15:
// the VEX vpxor for ymm, the EVEX vpxord for zmm (AVX-512F; there is no VEX form at 512 bits).
#define MXLANE_OP_LOOP(NAME, XOR, R, BODY)                                                                           \
  void NAME(std::int64_t iterations) {                                                                               \
    asm volatile(XOR " %%" R "14, %%" R "14, %%" R "14\n\t" XOR " %%" R "15, %%" R "15, %%" R                        \
                     "15\n\t"                                                                                        \
                     "1:\n\t" BODY                                                                                   \
                     "dec %0\n\t"                                                                                    \
                     "jnz 1b\n\t"                                                                                    \
                     "vzeroupper\n\t"                                                                                \
                 : "+r"(iterations)                                                                                  \
                 :                                                                                                   \
                 : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", \
                   "xmm14", "xmm15", "cc");                                                                          \
  }

// The instructions the hot loops of the fused-group, DOT2 and DOT4 kernels are made of (perf annotate,
// docs/performance.md), each at both widths.
#define MXLANE_OP_PAIR(NAME, OP)                                     \
  MXLANE_OP_LOOP(NAME##_ymm, "vpxor", "ymm", MXLANE_OP12(OP, "ymm")) \
  MXLANE_OP_LOOP(NAME##_zmm, "vpxord", "zmm", MXLANE_OP12(OP, "zmm"))
#define MXLANE_OP_PAIR_1(NAME, OP)                                     \
  MXLANE_OP_LOOP(NAME##_ymm, "vpxor", "ymm", MXLANE_OP12_1(OP, "ymm")) \
  MXLANE_OP_LOOP(NAME##_zmm, "vpxord", "zmm", MXLANE_OP12_1(OP, "zmm"))

MXLANE_OP_PAIR(vpaddd, "vpaddd")
MXLANE_OP_PAIR(vpsravd, "vpsravd")
MXLANE_OP_PAIR(vpmaddwd, "vpmaddwd")
MXLANE_OP_PAIR(vpmaxsd, "vpmaxsd")
MXLANE_OP_PAIR(vmulps, "vmulps")
MXLANE_OP_PAIR(vfmadd231ps, "vfmadd231ps")
MXLANE_OP_PAIR_1(vcvttps2dq, "vcvttps2dq")
MXLANE_OP_PAIR_1(vcvtdq2ps, "vcvtdq2ps")
MXLANE_OP_PAIR_1(vpsrld, "vpsrld $3,")
MXLANE_OP_LOOP(vpand_ymm, "vpxor", "ymm", MXLANE_OP12("vpand", "ymm"))  // vpand has no EVEX form: vpandd
MXLANE_OP_LOOP(vpand_zmm, "vpxord", "zmm", MXLANE_OP12("vpandd", "zmm"))

struct VectorOp {
  const char* name;
  void (*ymm)(std::int64_t);
  void (*zmm)(std::int64_t);
};
constexpr VectorOp kVectorOps[] = {
    {"vpaddd", vpaddd_ymm, vpaddd_zmm},
    {"vpand", vpand_ymm, vpand_zmm},
    {"vpsrld", vpsrld_ymm, vpsrld_zmm},
    {"vpsravd", vpsravd_ymm, vpsravd_zmm},
    {"vpmaddwd", vpmaddwd_ymm, vpmaddwd_zmm},
    {"vpmaxsd", vpmaxsd_ymm, vpmaxsd_zmm},
    {"vmulps", vmulps_ymm, vmulps_zmm},
    {"vfmadd231ps", vfmadd231ps_ymm, vfmadd231ps_zmm},
    {"vcvttps2dq", vcvttps2dq_ymm, vcvttps2dq_zmm},
    {"vcvtdq2ps", vcvtdq2ps_ymm, vcvtdq2ps_zmm},
};

void vector_op_benchmark(benchmark::State& state, void (*loop)(std::int64_t), int lanes, bool zmm) {
  if (zmm ? !__builtin_cpu_supports("avx512bw") : !__builtin_cpu_supports("avx2")) {
    state.SkipWithError(zmm ? "this CPU has no AVX-512 BW" : "this CPU has no AVX2");
    return;
  }
  constexpr std::int64_t kIterations = 1 << 20;
  for (auto _ : state) loop(kIterations);
  state.counters["lanes/s"] =
      benchmark::Counter(static_cast<double>(kIterations) * 12 * lanes, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

void register_vector_op_benchmarks() {
  for (const VectorOp& op : kVectorOps) {
    benchmark::RegisterBenchmark((std::string("vector_op/") + op.name + "/ymm").c_str(), vector_op_benchmark, op.ymm, 8,
                                 false);
    benchmark::RegisterBenchmark((std::string("vector_op/") + op.name + "/zmm").c_str(), vector_op_benchmark, op.zmm,
                                 16, true);
  }
}

}  // namespace mxlane_bench
