// The fast GEMM path: D in chunks of rows and columns over the workers, each worker with its own packing
// workspace and its own floating-point environment (MXCSR is per thread; FloatEnvGuard sets the
// kernel's and restores the worker's previous state).
#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

#include "emu/api/gemm_internal.hpp"
#include "emu/api/huge_pages.hpp"
#include "emu/fast/float_env.hpp"

namespace mxlane::gemm_detail {
namespace {

// The problem restricted to the rows [i0, i0 + rows) of A, C and D: the kernels compute each element
// from its own row, column and C alone, so a row chunk is a smaller GEMM of the same family.
fast::GemmProblem row_slice(const fast::GemmProblem& p, int i0, int rows) {
  fast::GemmProblem q = p;
  q.m = rows;
  const auto offset = [&](const void* data, fast::Storage s) {
    return static_cast<const char*>(data) + static_cast<std::size_t>(i0) * fast::storage_bytes(s);
  };
  q.a.data = offset(p.a.data, p.a.storage);
  q.c.data = offset(p.c.data, p.c.storage);
  q.d =
      static_cast<char*>(p.d) + static_cast<std::size_t>(i0) * fast::storage_bytes(p.c.storage);  // D is stored like C
  return q;
}

}  // namespace

ChunkGrid chunk_grid(int m, int n, int row_unit, int column_unit, int workers) {
  if (workers <= 1) return ChunkGrid{m, n, 1, 1};
  // In units (a partial last unit counts as one): row_units x column_units. `parts` chunks of as
  // equal a size as whole units allow: ceil(units / parts) units each, which makes exactly `parts`
  // chunks only for some counts (others make fewer, and are skipped).
  const int row_units = (m + row_unit - 1) / row_unit, column_units = (n + column_unit - 1) / column_unit;
  const int wanted = std::min(2 * workers, row_units * column_units);  // a small D has fewer chunks
  const auto per_chunk = [](int units, int parts) { return (units + parts - 1) / parts; };
  const auto even = [&](int units, int parts) { return per_chunk(units, per_chunk(units, parts)) == parts; };
  ChunkGrid best;
  double best_cost = 0;
  for (int row_chunks = 1; row_chunks <= row_units; ++row_chunks) {
    if (!even(row_units, row_chunks)) continue;
    int column_chunks = std::min(column_units, per_chunk(wanted, row_chunks));
    while (!even(column_units, column_chunks)) ++column_chunks;  // column_units itself is even
    if (row_chunks * column_chunks < wanted) continue;
    const double cost = static_cast<double>(row_chunks) * n + static_cast<double>(column_chunks) * m;
    if (best.rows == 0 || cost < best_cost) {
      best = {std::min(m, per_chunk(row_units, row_chunks) * row_unit),
              std::min(n, per_chunk(column_units, column_chunks) * column_unit), row_chunks, column_chunks};
      best_cost = cost;
    }
  }
  return best;
}

ChunkGrid fast_chunk_grid(const InstrDesc& desc, const fast::GemmKernel& kernel, int m, int n, int workers) {
  // Chunk sides: whole instruction tiles, and whole packing blocks of the kernel (rows: its block of
  // packed A, 16 x MR rows; columns: its micro-tile's NR).
  return chunk_grid(m, n, std::lcm(kernel.row_granule, desc.m), std::lcm(kernel.column_granule, desc.n), workers);
}

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
  const ChunkGrid grid = fast_chunk_grid(*r.desc, kernel, r.m, r.n, workers);
  const int chunks = grid.row_chunks * grid.column_chunks;
  const std::size_t bytes =
      (kernel.workspace_bytes(row_slice(p, 0, grid.rows), grid.columns) + 63) / 64 * 64;  // the largest chunk's
  std::vector<AlignedBuffer> workspaces;
  for (int w = 0; w < std::min(workers, chunks); ++w) workspaces.push_back(allocate_workspace(bytes));
  // Chunks column-major in the grid, so that the workers that start together share B's columns.
  parallel_chunks(chunks, workers, [&](int worker, int chunk) {
    const fast::FloatEnvGuard env({kernel.env.flush_to_zero, kernel.env.denormals_are_zero});
    const int i_begin = chunk % grid.row_chunks * grid.rows, j_begin = chunk / grid.row_chunks * grid.columns;
    kernel.run(row_slice(p, i_begin, std::min(grid.rows, r.m - i_begin)), j_begin,
               std::min(r.n, j_begin + grid.columns), workspaces[static_cast<std::size_t>(worker)].get());
  });
}

}  // namespace mxlane::gemm_detail
