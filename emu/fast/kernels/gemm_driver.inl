// The blocked GEMM loop shared by every family (BLIS-style): for each block of kc values of k,
// pack the B panels of this thread's columns and, per block of rows, the A panels, then run the
// family's micro-kernel on every MR x NR tile of an accumulator kept in packed tiles from C to D.
// Included inside a per-ISA namespace after the SIMD vocabulary (simd/*.inl).
//
// Every output element sees exactly the instruction sequence of the GPU kernel: k blocks run in
// increasing order and each tile's accumulator goes from one block to the next unchanged, so the
// blocking never reorders an element's arithmetic (docs/spec/numerics.md §B: chains run in ascending k).
//
// A family F provides:
//   using Acc;                                   accumulator element of the packed tiles
//   static constexpr int MR, NR;                 micro-tile shape (NR a multiple of kLanes)
//   static int kc(const GemmProblem&);           k values per block: a multiple of p.k_step
//   static std::size_t a_panel_bytes(int kc), b_panel_bytes(int kc);   one MR-row / NR-column panel
//   static void pack_a(p, i0, rows, k0, kc, void* dst, std::size_t panel_stride): the MR-row panels
//     of `rows` rows (padded), panel q at dst + q * panel_stride, reading A column by column;
//   static void pack_b(p, k0, kc, j0, cols, void* dst): one NR-column panel (padded);
//   static Acc load_c(p, i, j);  static void store_d(p, i, j, Acc);
//   static void micro(p, k0, kc, const void* a_panel, const void* b_panel, Acc* tile, i0, j0);

inline std::size_t round_up_bytes(std::size_t n) { return (n + 63) / 64 * 64; }
inline int ceil_div(int a, int b) { return (a + b - 1) / b; }
inline int min_int(int a, int b) { return a < b ? a : b; }

template <class F>
struct GemmDriver {
  static constexpr int kRowBlock = 16 * F::MR;  // rows per packed A block (mc)

  struct Layout {
    int kc, row_panels, col_panels;
    std::size_t acc_bytes, b_bytes, a_bytes;
  };

  static Layout layout(const GemmProblem& p, int columns) {
    Layout l;
    l.kc = F::kc(p);
    l.row_panels = ceil_div(p.m, F::MR);
    l.col_panels = ceil_div(columns, F::NR);
    l.acc_bytes =
        round_up_bytes(sizeof(typename F::Acc) * static_cast<std::size_t>(l.row_panels) * l.col_panels * F::MR * F::NR);
    l.b_bytes = round_up_bytes(F::b_panel_bytes(l.kc)) * static_cast<std::size_t>(l.col_panels);
    l.a_bytes = round_up_bytes(F::a_panel_bytes(l.kc)) * static_cast<std::size_t>(kRowBlock / F::MR);
    return l;
  }

  static std::size_t workspace_bytes(const GemmProblem& p, int columns) {
    const Layout l = layout(p, columns);
    return l.acc_bytes + l.b_bytes + l.a_bytes;
  }

  static void run(const GemmProblem& p, int j_begin, int j_end, void* workspace) {
    using Acc = typename F::Acc;
    const int columns = j_end - j_begin;
    const Layout l = layout(p, columns);
    auto* acc = static_cast<Acc*>(workspace);
    auto* b_packed = static_cast<unsigned char*>(workspace) + l.acc_bytes;
    auto* a_packed = b_packed + l.b_bytes;
    const std::size_t b_stride = round_up_bytes(F::b_panel_bytes(l.kc));
    const std::size_t a_stride = round_up_bytes(F::a_panel_bytes(l.kc));
    const auto tile = [&](int rp, int cp) {
      return acc + (static_cast<std::size_t>(cp) * l.row_panels + rp) * (F::MR * F::NR);
    };

    // The problem is read from a local copy: stores to the tiles and panels could alias its integer
    // fields, which would be reloaded after each.
    const GemmProblem problem = p;
    // C into the packed tiles, column by column (rows/columns past the matrix stay zero and are
    // never stored).
    for (std::size_t x = 0; x < l.acc_bytes / sizeof(Acc); ++x) acc[x] = Acc{};
    for (int j = j_begin; j < j_end; ++j) {
      const int cp = (j - j_begin) / F::NR, c = (j - j_begin) % F::NR;
      for (int rp = 0; rp < l.row_panels; ++rp) {
        Acc* column = tile(rp, cp) + c;
        const int i0 = rp * F::MR, rows = min_int(F::MR, problem.m - i0);
        for (int r = 0; r < rows; ++r) column[r * F::NR] = F::load_c(problem, i0 + r, j);
      }
    }

    for (int k0 = 0; k0 < p.k; k0 += l.kc) {
      const int kc = min_int(l.kc, p.k - k0);
      for (int cp = 0; cp < l.col_panels; ++cp) {
        const int j0 = j_begin + cp * F::NR;
        F::pack_b(problem, k0, kc, j0, min_int(F::NR, j_end - j0), b_packed + cp * b_stride);
      }
      for (int i_block = 0; i_block < p.m; i_block += kRowBlock) {
        const int block_rows = min_int(kRowBlock, p.m - i_block);
        const int block_panels = ceil_div(block_rows, F::MR);
        F::pack_a(problem, i_block, block_rows, k0, kc, a_packed, a_stride);
        for (int cp = 0; cp < l.col_panels; ++cp)
          for (int bp = 0; bp < block_panels; ++bp) {
            const int rp = i_block / F::MR + bp;
            F::micro(problem, k0, kc, a_packed + bp * a_stride, b_packed + cp * b_stride, tile(rp, cp), rp * F::MR,
                     j_begin + cp * F::NR);
          }
      }
    }

    for (int j = j_begin; j < j_end; ++j) {
      const int cp = (j - j_begin) / F::NR, c = (j - j_begin) % F::NR;
      for (int rp = 0; rp < l.row_panels; ++rp) {
        const Acc* column = tile(rp, cp) + c;
        const int i0 = rp * F::MR, rows = min_int(F::MR, problem.m - i0);
        for (int r = 0; r < rows; ++r) F::store_d(problem, i0 + r, j, column[r * F::NR]);
      }
    }
  }

  static GemmKernel kernel(KernelEnv env) { return GemmKernel{&run, &workspace_bytes, F::NR, kRowBlock, env}; }
};

// ---- element access of the column-major views -----------------------------------------------
template <class T>
inline T element(const MatrixView& v, int i, int j) {
  return static_cast<const T*>(v.data)[i + static_cast<std::ptrdiff_t>(j) * v.ld];
}
template <class T>
inline void put(const GemmProblem& p, int i, int j, T value) {
  static_cast<T*>(p.d)[i + static_cast<std::ptrdiff_t>(j) * p.ldd] = value;
}
// body(r, k, inside) for the rows [0, padded) of an A block and k in [0, kc), column by column of
// A (rows are contiguous in a column-major A); rows at or past `rows` are padding.
template <class Body>
inline void for_each_a_element(int rows, int kc, int mr, Body&& body) {
  const int padded = (rows + mr - 1) / mr * mr;
  for (int k = 0; k < kc; ++k)
    for (int r = 0; r < padded; ++r) body(r, k, r < rows);
}
// Writes at values[summary] the OR of the `count` flags at values[first...]: a packed panel's "some
// factor is special" summary, computed once when packing instead of once per micro-tile.
inline void store_flag_summary(std::int32_t* values, std::ptrdiff_t first, std::ptrdiff_t count,
                               std::ptrdiff_t summary) {
  std::int32_t any_flag = 0;
  for (std::ptrdiff_t x = 0; x < count; ++x) any_flag |= values[first + x];
  values[summary] = any_flag;
}
template <class T>
inline T* panel(void* dst, std::size_t panel_stride, int q) {
  return reinterpret_cast<T*>(static_cast<unsigned char*>(dst) + static_cast<std::size_t>(q) * panel_stride);
}
// The raw values of an A block (T elements, zero-extended) into plane `plane` of its MR-row panels:
// row r, k at [(plane * kc + k) * MR + r % MR] of panel r / MR, padding rows 0. A is column-major, so
// each k reads the block's rows contiguously and writes MR contiguous values per panel.
template <class T, int MR>
inline void pack_a_raw(const MatrixView& a, int i0, int rows, int k0, int kc, int plane, void* dst,
                       std::size_t panel_stride) {
  const int full = rows / MR, panels = ceil_div(rows, MR);
  for (int k = 0; k < kc; ++k) {
    const T* column = static_cast<const T*>(a.data) + i0 + static_cast<std::ptrdiff_t>(k0 + k) * a.ld;
    const std::ptrdiff_t at = (static_cast<std::ptrdiff_t>(plane) * kc + k) * MR;
    for (int q = 0; q < full; ++q) {
      std::int32_t* out = panel<std::int32_t>(dst, panel_stride, q) + at;
      for (int r = 0; r < MR; ++r) out[r] = column[q * MR + r];
    }
    if (full < panels) {
      std::int32_t* out = panel<std::int32_t>(dst, panel_stride, full) + at;
      for (int r = 0; r < MR; ++r) out[r] = full * MR + r < rows ? column[full * MR + r] : 0;
    }
  }
}
// The raw values of `cols` columns of B (T elements, zero-extended) into plane `plane` of one NR-column
// panel: k, column c at [(plane * kc + k) * NR + c], padding columns 0. B is column-major: NR streams,
// each k-contiguous, written NR values at a time.
template <class T, int NR>
inline void pack_b_raw(const MatrixView& b, int k0, int kc, int j0, int cols, int plane, std::int32_t* values) {
  const T* column[NR];
  for (int c = 0; c < NR; ++c)
    column[c] = static_cast<const T*>(b.data) + k0 + static_cast<std::ptrdiff_t>(j0 + (c < cols ? c : 0)) * b.ld;
  std::int32_t* out = values + static_cast<std::ptrdiff_t>(plane) * kc * NR;
  if (cols == NR) {
    for (int k = 0; k < kc; ++k)
      for (int c = 0; c < NR; ++c) out[k * NR + c] = column[c][k];
  } else {
    for (int k = 0; k < kc; ++k)
      for (int c = 0; c < NR; ++c) out[k * NR + c] = c < cols ? column[c][k] : 0;
  }
}
template <class To, class From>
inline To bits_as(From x) {
  static_assert(sizeof(To) == sizeof(From));
  To t;
  std::memcpy(&t, &x, sizeof t);
  return t;
}
