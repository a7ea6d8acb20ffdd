// What the three GEMM paths share: the checked request and the worker pool over column chunks.
#pragma once

#include <cstdint>
#include <functional>

#include "emu/api/gemm.hpp"
#include "emu/fast/gemm_family.hpp"

namespace mxlane::gemm_detail {

// A checked gemm() call: dimensions multiples of the tile, views of the typed matrices.
struct GemmRequest {
  const InstrDesc* desc = nullptr;
  int m = 0, n = 0, k = 0;
  fast::MatrixView a, b, c;
  void* d = nullptr;
  std::ptrdiff_t ldd = 0;
  GemmOptions options;
};

// Element (i, j) of a view, zero-extended.
std::uint64_t read_bits(const fast::MatrixView& v, int i, int j);
void write_bits(const GemmRequest& r, int i, int j, std::uint64_t value);

// Runs fn(worker, chunk) for chunk = 0..chunks-1 on `threads` workers (each chunk exactly once,
// taken in order by whichever worker is free); rethrows the first exception a worker threw.
void parallel_chunks(int chunks, int threads, const std::function<void(int worker, int chunk)>& fn);

// The worker count for `options.threads` (0 = every hardware thread).
int worker_count(const GemmOptions& options);

void run_fast(const GemmRequest& r, const fast::FamilyChoice& family, const fast::GemmKernel& kernel);
void run_reference_elements(const GemmRequest& r);
void run_reference_tiles(const GemmRequest& r);

}  // namespace mxlane::gemm_detail
