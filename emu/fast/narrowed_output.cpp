// gfx1250's 16-bit results on the fast path: per instruction (every k_step of K) the binary32 kernel runs on C
// widened exactly, and its result is rounded to the 16-bit format, which the next instruction reads widened
// again: what the element kernels do (emu/semantics/cdna5_wmma.cpp, docs/cdna5.md §3.5). Default switches only
// (gemm() sends any other setting to the reference), so no FP16_OVFL and no bf16 truncation here.
#include "emu/fast/narrowed_output.hpp"

#include <cstdint>
#include <vector>

#include "emu/fast/float_env.hpp"
#include "emu/fast/kernel_table.hpp"
#include "emu/formats/widen.hpp"
#include "emu/semantics/cdna5_wmma.hpp"

namespace mxlane::fast {
namespace {

// A 16-bit C or intermediate result widened exactly to binary32, as the element kernels read it (WidenNan::
// move_payload): bf16 is binary32's top half, an f16 normal is rebiased; the rest through widen().
std::uint32_t widen16(const FormatSpec& format, std::uint16_t h) {
  if (&format == &kBfloat16) return static_cast<std::uint32_t>(h) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1F;
  if (exponent != 0 && exponent != 0x1F)
    return (static_cast<std::uint32_t>(h & 0x8000) << 16) |
           ((static_cast<std::uint32_t>(h & 0x7FFF) << 13) + 0x38000000);
  return widen_to_f32(format, h, WidenNan::move_payload);
}

// The instruction-sized binary32 problem over columns [0, columns) that starts at column j0 and k0 of `p`,
// C and D in the caller's binary32 buffers.
GemmProblem wide_step(const GemmProblem& p, int j0, int columns, int k0, const std::uint32_t* c, std::uint32_t* d) {
  GemmProblem q = p;
  q.acc_bits = 32;
  q.n = columns;
  q.k = p.k_step;
  const std::size_t in = storage_bytes(p.a.storage);
  q.a.data = static_cast<const char*>(p.a.data) + static_cast<std::size_t>(k0) * static_cast<std::size_t>(p.a.ld) * in;
  q.b.data = static_cast<const char*>(p.b.data) +
             (static_cast<std::size_t>(k0) + static_cast<std::size_t>(j0) * static_cast<std::size_t>(p.b.ld)) * in;
  q.c = {c, p.m, Storage::u32};
  q.d = d;
  q.ldd = p.m;
  return q;
}

template <SimdLevel Level, GemmFamily Family>
struct Narrowed {
  static const GemmKernel& inner() { return *gemm_kernel(Level, Family, 32); }

  static std::size_t workspace_bytes(const GemmProblem& p, int columns) {
    const GemmProblem q = wide_step(p, 0, columns, 0, nullptr, nullptr);
    return (inner().workspace_bytes(q, columns) + 63) / 64 * 64;
  }

  static void run(const GemmProblem& p, int j_begin, int j_end, void* workspace) {
    const FloatEnvGuard env({inner().env.flush_to_zero, inner().env.denormals_are_zero});
    const FormatSpec& format = p.acc_bfloat16 ? kBfloat16 : kBinary16;
    const int columns = j_end - j_begin;
    const std::size_t size = static_cast<std::size_t>(p.m) * static_cast<std::size_t>(columns);
    thread_local std::vector<std::uint32_t> c, d;
    c.resize(size);
    d.resize(size);
    const auto* c16 = static_cast<const std::uint16_t*>(p.c.data);
    for (int j = 0; j < columns; ++j)
      for (int i = 0; i < p.m; ++i)
        c[static_cast<std::size_t>(i + j * p.m)] =
            widen16(format, c16[i + static_cast<std::ptrdiff_t>(j_begin + j) * p.c.ld]);
    auto* d16 = static_cast<std::uint16_t*>(p.d);
    for (int k0 = 0; k0 < p.k; k0 += p.k_step) {
      const GemmProblem q = wide_step(p, j_begin, columns, k0, c.data(), d.data());
      inner().run(q, 0, columns, workspace);
      const bool last = k0 + p.k_step >= p.k;
      for (int j = 0; j < columns; ++j)
        for (int i = 0; i < p.m; ++i) {
          const std::size_t x = static_cast<std::size_t>(i + j * p.m);
          const auto r = static_cast<std::uint16_t>(cdna5_result16(format, d[x], false, false));
          if (last)
            d16[i + static_cast<std::ptrdiff_t>(j_begin + j) * p.ldd] = r;
          else
            c[x] = widen16(format, r);
        }
    }
  }

  static const GemmKernel* kernel() {
    if (gemm_kernel(Level, Family, 32) == nullptr) return nullptr;
    // Chunks split where the inner kernel's would: it runs on each chunk's rows and columns as given.
    static const GemmKernel k{run, workspace_bytes, inner().column_granule, inner().row_granule, {}};
    return &k;
  }
};

template <SimdLevel Level>
const GemmKernel* at_level(GemmFamily family) {
  switch (family) {
    case GemmFamily::cdna3_fused_f16: return Narrowed<Level, GemmFamily::cdna3_fused_f16>::kernel();
    case GemmFamily::cdna3_fused_bf16: return Narrowed<Level, GemmFamily::cdna3_fused_bf16>::kernel();
    case GemmFamily::cdna4_f8f6f4_fp8: return Narrowed<Level, GemmFamily::cdna4_f8f6f4_fp8>::kernel();
    case GemmFamily::cdna4_f8f6f4_fp8_bf8: return Narrowed<Level, GemmFamily::cdna4_f8f6f4_fp8_bf8>::kernel();
    case GemmFamily::cdna4_f8f6f4_bf8_fp8: return Narrowed<Level, GemmFamily::cdna4_f8f6f4_bf8_fp8>::kernel();
    case GemmFamily::cdna4_f8f6f4_bf8_bf8: return Narrowed<Level, GemmFamily::cdna4_f8f6f4_bf8_bf8>::kernel();
    default: return nullptr;
  }
}

}  // namespace

const GemmKernel* narrowed_output_kernel(SimdLevel level, GemmFamily family) {
  switch (level) {
    case SimdLevel::scalar: return at_level<SimdLevel::scalar>(family);
    case SimdLevel::avx2: return at_level<SimdLevel::avx2>(family);
    case SimdLevel::avx512: return at_level<SimdLevel::avx512>(family);
  }
  return nullptr;
}

}  // namespace mxlane::fast
