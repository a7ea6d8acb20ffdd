// [fast] Every fast GEMM kernel, called directly, on shapes no instruction has: rows that are not a
// multiple of the micro-tile's MR, columns short of a whole NR panel, and a column split inside the
// matrix. gemm() only hands kernels multiples of the instruction's shape, so the drivers' and the
// packers' padding branches are reached only here. Expected: gemm()'s element reference on the same
// matrices zero-padded to the instruction's shape (an element of D depends on its own row of A, its
// column of B and its C only, so the padding changes no element that is compared).
#include <algorithm>

#include "emu/fast/float_env.hpp"
#include "emu/fast/kernel_table.hpp"
#include "fast/fast_test_support.hpp"

using namespace mxlane;
using namespace mxlane_test;

namespace {

template <class T>
fast::MatrixView view(const GemmMatrix<T>& m) {
  const fast::Storage storage = sizeof(T) == 1   ? fast::Storage::u8
                                : sizeof(T) == 2 ? fast::Storage::u16
                                : sizeof(T) == 4 ? fast::Storage::u32
                                                 : fast::Storage::u64;
  return {m.data(), m.rows(), storage};
}

template <class T>
GemmMatrix<T> padded(const GemmMatrix<T>& m, int rows, int cols) {
  GemmMatrix<T> out = GemmMatrix<T>::Zero(rows, cols);
  out.topLeftCorner(m.rows(), m.cols()) = m;
  return out;
}

// D from the kernel for `family` at `level`, columns [0, n) in the pieces [0, split) and [split, n).
template <class In, class Acc>
GemmMatrix<Acc> run_kernel(const InstrDesc& d, const fast::FamilyChoice& f, const fast::GemmKernel& kernel,
                           const GemmMatrix<In>& a, const GemmMatrix<In>& b, const GemmMatrix<Acc>& c, int split) {
  GemmMatrix<Acc> out(c.rows(), c.cols());
  fast::GemmProblem p;
  p.family = f.family;
  p.m = static_cast<int>(c.rows());
  p.n = static_cast<int>(c.cols());
  p.k = static_cast<int>(a.cols());
  p.k_step = d.k;
  p.group = f.group;
  p.element_bits = f.element_bits;
  p.acc_bits = f.acc_bits;
  p.acc_bfloat16 = f.acc_bfloat16;
  p.a_signed = p.b_signed = !f.signedness_from_neg;  // no NEG modifier: unsigned integer WMMA inputs
  p.clamp_stages = f.clamp_stages;
  p.a_fp8 = f.a_fp8;
  p.b_fp8 = f.b_fp8;
  p.a = view(a);
  p.b = view(b);
  p.c = view(c);
  p.d = out.data();
  p.ldd = out.rows();
  std::vector<std::max_align_t> workspace(kernel.workspace_bytes(p, p.n) / sizeof(std::max_align_t) + 64);
  void* aligned = reinterpret_cast<void*>((reinterpret_cast<std::uintptr_t>(workspace.data()) + 63) / 64 * 64);
  const fast::FloatEnvGuard env({kernel.env.flush_to_zero, kernel.env.denormals_are_zero});
  kernel.run(p, 0, split, aligned);
  kernel.run(p, split, p.n, aligned);
  return out;
}

}  // namespace

TEST_CASE("Every fast kernel on partial micro-tiles and panels (called directly) equals the element reference",
          "[fast][gemm]") {
  std::uint64_t seed = 0x9A27;
  std::vector<std::pair<fast::GemmFamily, int>> done;  // (family, accumulator width)
  // The f8f6f4 rows reach a family per format pair (FP6, BF6 with themselves; FP6 A with FP4 B, the shared pair
  // kernel; fast::gemm_family).
  std::vector<std::pair<const InstrDesc*, Modifiers>> rows;
  for (const InstrDesc& d : instruction_table()) {
    rows.push_back({&d, Modifiers{}});
    if (d.formats_from_modifiers())
      for (const auto& [fa, fb] : {std::pair{2, 2}, std::pair{3, 3}, std::pair{2, 4}}) {
        Modifiers m;
        set_modifier(m, d.format_modifier(Operand::A), fa);
        set_modifier(m, d.format_modifier(Operand::B), fb);
        rows.push_back({&d, m});
      }
  }
  for (const auto& [row, mods] : rows) {
    const InstrDesc& d = *row;
    const auto family = fast::gemm_family(d, mods);
    if (!family) continue;
    const std::pair<fast::GemmFamily, int> key{family->family, family->acc_bits};
    if (std::find(done.begin(), done.end(), key) != done.end()) continue;
    done.push_back(key);
    const int m = d.m + 3, n = d.n + 5, k = 3 * d.k;  // 3 and 5: not multiples of any MR or NR
    const int m_padded = (m + d.m - 1) / d.m * d.m, n_padded = (n + d.n - 1) / d.n * d.n;
    mxlane::with_gemm_storage(d, [&](auto in, auto acc) {
      using In = decltype(in);
      using Acc = decltype(acc);
      for (Mix mix : {Mix::moderate, Mix::sparse_special, Mix::edge}) {
        mxref::Gen g(++seed);
        // The f8f6f4 formats' elements: random bits of the format's width (every FP6 / BF6 pattern is finite).
        const ElemType at = d.formats_from_modifiers() ? operand_type(d, Operand::A, mods) : d.a_type;
        const ElemType bt = d.formats_from_modifiers() ? operand_type(d, Operand::B, mods) : d.b_type;
        const auto field = [](ElemType t) {  // a sub-byte format: random bytes cut to its width; others as drawn
          return elem_bits(t) < 8 ? static_cast<In>((1u << elem_bits(t)) - 1) : static_cast<In>(~In{0});
        };
        const GemmMatrix<In> a =
            random_matrix<In>(g, elem_bits(at) < 8 ? ElemType::iu8 : at, mix, m, k).unaryExpr([&](In x) {
              return static_cast<In>(x & field(at));
            });
        const GemmMatrix<In> b =
            random_matrix<In>(g, elem_bits(bt) < 8 ? ElemType::iu8 : bt, mix, k, n).unaryExpr([&](In x) {
              return static_cast<In>(x & field(bt));
            });
        const auto c = random_matrix<Acc>(g, d.c_type, mix, m, n);
        const GemmMatrix<Acc> expected =
            gemm(d, padded(a, m_padded, k), padded(b, k, n_padded), padded(c, m_padded, n_padded),
                 options(GemmPath::reference_elements, mods))
                .topLeftCorner(m, n);
        int levels = 0;
        for (fast::SimdLevel level : simd_levels()) {
          const fast::GemmKernel* kernel = fast::gemm_kernel(level, family->family, family->acc_bits);
          if (kernel == nullptr) continue;
          ++levels;
          const int split = std::min(n - 1, kernel->column_granule);
          check_equal(expected, run_kernel(d, *family, *kernel, a, b, c, split),
                      std::string(d.builtin) + " " + mix_name(mix) + " " + std::string(fast::simd_level_name(level)));
        }
        CHECK(levels > 0);  // every family has a kernel at the portable level at least
      }
    });
  }
  for (int f = 0; f < static_cast<int>(fast::GemmFamily::count); ++f) {  // every family was reached
    CAPTURE(f);
    CHECK(std::any_of(done.begin(), done.end(), [&](const auto& key) { return static_cast<int>(key.first) == f; }));
  }
}
