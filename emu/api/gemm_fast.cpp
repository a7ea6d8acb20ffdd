// The fast GEMM path: columns of D in chunks over the workers, each worker with its own packing
// workspace and its own floating-point environment (MXCSR is per thread; FloatEnvGuard sets the
// kernel's and restores the worker's previous state).
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <numeric>
#include <vector>

#include "emu/api/gemm_internal.hpp"
#include "emu/fast/float_env.hpp"

namespace mxlane::gemm_detail {
namespace {

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};

// Columns per chunk, a multiple of the kernel's granule and of the instruction's n (any split gives
// the same bits; this one keeps tiles whole). Every chunk packs all of A again, so one thread takes
// all columns at once; several threads take two chunks each on average, so that a worker slowed
// down by other processes does not hold the rest back.
int chunk_columns(const GemmRequest& r, int workers, int granule) {
  const int unit = std::lcm(granule, r.desc->n);
  const int chunks = workers == 1 ? 1 : 2 * workers;
  return std::max(unit, (r.n / chunks + unit - 1) / unit * unit);
}

}  // namespace

void run_fast(const GemmRequest& r, const fast::FamilyChoice& f, const fast::GemmKernel& kernel) {
  fast::GemmProblem p;
  p.family = f.family;
  p.m = r.m;
  p.n = r.n;
  p.k = r.k;
  p.k_step = r.desc->k;
  p.group = f.group;
  p.element_bits = f.element_bits;
  p.acc_bits = f.acc_bits;
  p.acc_bfloat16 = f.acc_bfloat16;
  p.a_signed = f.signedness_from_neg ? (r.options.mods.neg & 1) != 0 : true;
  p.b_signed = f.signedness_from_neg ? (r.options.mods.neg & 2) != 0 : true;
  p.clamp = r.options.mods.clamp != 0;
  p.clamp_stages = f.clamp_stages;
  p.a_fp8 = f.a_fp8;
  p.b_fp8 = f.b_fp8;
  p.a = r.a;
  p.b = r.b;
  p.c = r.c;
  p.d = r.d;
  p.ldd = r.ldd;

  const int workers = worker_count(r.options);
  const int columns = chunk_columns(r, workers, kernel.column_granule);
  const int chunks = (r.n + columns - 1) / columns;
  const std::size_t bytes = (kernel.workspace_bytes(p, columns) + 63) / 64 * 64;
  std::vector<std::unique_ptr<void, FreeDeleter>> workspaces(static_cast<std::size_t>(std::min(workers, chunks)));
  for (auto& w : workspaces) {
    w.reset(std::aligned_alloc(64, bytes));
    if (!w) throw std::bad_alloc();
  }
  parallel_chunks(chunks, workers, [&](int worker, int chunk) {
    const fast::FloatEnvGuard env({kernel.env.flush_to_zero, kernel.env.denormals_are_zero});
    const int j_begin = chunk * columns;
    kernel.run(p, j_begin, std::min(r.n, j_begin + columns), workspaces[static_cast<std::size_t>(worker)].get());
  });
}

}  // namespace mxlane::gemm_detail
