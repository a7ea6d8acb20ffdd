// What the three GEMM paths share: the checked request, the worker pool over chunks and the fast path's grid.
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

// How the fast path splits D over its workers: chunks of `rows` x `columns` (the last row and column
// of chunks may be smaller), row_chunks x column_chunks of them.
struct ChunkGrid {
  int rows = 0, columns = 0, row_chunks = 1, column_chunks = 1;
};
// The grid for an m x n D on `workers` workers: chunk sides whole multiples of row_unit and
// column_unit (a partial last unit where m or n is not one), chunks of equal size as far as whole
// units allow. One worker: one chunk. Several: at least two chunks per worker where D has that many
// units, so that a worker slowed down by other processes does not hold the rest back; of those grids
// the one with the least repeated packing, since each chunk packs its own rows of A and columns of B:
// A column_chunks times and B row_chunks times, row_chunks * n + column_chunks * m elements per k.
ChunkGrid chunk_grid(int m, int n, int row_unit, int column_unit, int workers);

// The grid run_fast uses: chunk sides in whole instruction tiles and whole packing blocks of `kernel`
// (its row_granule and column_granule).
ChunkGrid fast_chunk_grid(const InstrDesc& desc, const fast::GemmKernel& kernel, int m, int n, int workers);

void run_fast(const GemmRequest& r, const fast::FamilyChoice& family, const fast::GemmKernel& kernel);
void run_reference_elements(const GemmRequest& r);
void run_reference_tiles(const GemmRequest& r);

}  // namespace mxlane::gemm_detail
