// The reference GEMM paths: the instruction itself, per element (its element kernel, as
// execute_matrix runs it) or per tile (run_matrix, through the register layouts and modifiers).
#include <vector>

#include "emu/api/gemm_internal.hpp"
#include "emu/insns/execute.hpp"
#include "emu/insns/matrix_insn.hpp"

namespace mxlane::gemm_detail {
namespace {

std::uint64_t mask_of(ElemType t) {
  const int bits = elem_bits(t);
  return bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

}  // namespace

void run_reference_elements(const GemmRequest& r) {
  const InstrDesc& d = *r.desc;
  const ElementKernel kernel = element_kernel(d);
  const NumericsContext ctx = numerics_context(d, r.options.mods, r.options.switches);  // as execute_matrix() does
  const std::uint64_t a_mask = mask_of(d.a_type), b_mask = mask_of(d.b_type), c_mask = mask_of(d.c_type);
  // A by rows and B by columns, so that each instruction's slice of k is contiguous.
  std::vector<std::uint64_t> a_rows(static_cast<std::size_t>(r.m) * r.k), b_cols(static_cast<std::size_t>(r.n) * r.k);
  for (int i = 0; i < r.m; ++i)
    for (int k = 0; k < r.k; ++k) a_rows[static_cast<std::size_t>(i) * r.k + k] = read_bits(r.a, i, k) & a_mask;
  for (int j = 0; j < r.n; ++j)
    for (int k = 0; k < r.k; ++k) b_cols[static_cast<std::size_t>(j) * r.k + k] = read_bits(r.b, k, j) & b_mask;
  parallel_chunks(r.n / d.n, worker_count(r.options), [&](int, int tile_col) {
    for (int j = tile_col * d.n; j < (tile_col + 1) * d.n; ++j)
      for (int i = 0; i < r.m; ++i) {
        std::uint64_t acc = read_bits(r.c, i, j) & c_mask;
        for (int k0 = 0; k0 < r.k; k0 += d.k) {
          const std::span<const std::uint64_t> a(&a_rows[static_cast<std::size_t>(i) * r.k + k0],
                                                 static_cast<std::size_t>(d.k));
          const std::span<const std::uint64_t> b(&b_cols[static_cast<std::size_t>(j) * r.k + k0],
                                                 static_cast<std::size_t>(d.k));
          acc = kernel(DotInputs{a, b, acc}, ctx) & c_mask;
        }
        write_bits(r, i, j, acc);
      }
  });
}

void run_reference_tiles(const GemmRequest& r) {
  const InstrDesc& d = *r.desc;
  const auto tile_of = [&](const fast::MatrixView& v, int i0, int j0, int rows, int cols) {
    BitMatrix t(rows, cols);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) t(i, j) = read_bits(v, i0 + i, j0 + j);
    return std::vector<BitMatrix>(static_cast<std::size_t>(d.blocks), t);  // every block the same tile
  };
  parallel_chunks(r.n / d.n, worker_count(r.options), [&](int, int tile_col) {
    const int j0 = tile_col * d.n;
    for (int i0 = 0; i0 < r.m; i0 += d.m) {
      BitMatrix acc = tile_of(r.c, i0, j0, d.m, d.n)[0];
      for (int k0 = 0; k0 < r.k; k0 += d.k) {
        const std::vector<BitMatrix> c(static_cast<std::size_t>(d.blocks), acc);
        acc = run_matrix(d, tile_of(r.a, i0, k0, d.m, d.k), tile_of(r.b, k0, j0, d.k, d.n), c, r.options.mods,
                         r.options.switches)[0];
      }
      for (int i = 0; i < d.m; ++i)
        for (int j = 0; j < d.n; ++j) write_bits(r, i0 + i, j0 + j, acc(i, j));
    }
  });
}

}  // namespace mxlane::gemm_detail
