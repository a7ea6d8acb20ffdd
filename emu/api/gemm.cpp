// gemm(): checks the request, picks the path (fast kernels or a reference) and runs it.
#include "emu/api/gemm.hpp"

#include <algorithm>
#include <thread>

#include "emu/api/gemm_internal.hpp"
#include "emu/api/huge_pages.hpp"
#include "emu/fast/kernel_table.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/modifier_set_traits.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

using gemm_detail::GemmRequest;

// Modifiers that act on the numbers alone, which the element kernels and the fast families take
// as parameters; the others act through the register layouts (the set's layout_modifiers;
// validate_modifiers() has already rejected what an instruction does not accept).
// The f8f6f4 format modifiers place elements in the registers, but gemm()'s matrices hold elements, not registers:
// there they only choose the kernel (fast::gemm_family).
bool numbers_only_modifiers(const InstrDesc& d, const Modifiers& m) {
  Modifiers layout = m;
  if (d.formats_from_modifiers())
    for (Operand op : {Operand::A, Operand::B}) set_modifier(layout, d.format_modifier(op), 0);
  return only_numeric_modifiers(d.modifiers, layout);
}

// Why the fast path does not apply, or empty when it does.
std::string fast_path_obstacle(const InstrDesc& d, const GemmOptions& o) {
  if (!fast::gemm_family(d, o.mods)) return fmt::format("no fast kernel family covers {}", d.mnemonic);
  if (!numbers_only_modifiers(d, o.mods))
    return fmt::format("modifiers {} act through the register layouts", format_modifiers(d, o.mods));
  if (!(o.switches == Switches{})) return "a behaviour switch is not at its default";
  const fast::FamilyChoice f = *fast::gemm_family(d, o.mods);
  if (fast::gemm_kernel(fast::active_simd_level(), f.family, f.acc_bits) == nullptr)
    return fmt::format("no {} kernel for this family", fast::simd_level_name(fast::active_simd_level()));
  return {};
}

int storage_bits(ElemType t) { return std::max(8, elem_bits(t)); }

std::string_view storage_name(int bits) {
  switch (bits) {
    case 8: return "uint8_t";
    case 16: return "uint16_t";
    case 32: return "uint32_t";
    default: return "uint64_t";
  }
}

fast::Storage storage_of(int bits) {
  switch (bits) {
    case 8: return fast::Storage::u8;
    case 16: return fast::Storage::u16;
    case 32: return fast::Storage::u32;
    default: return fast::Storage::u64;
  }
}

void check_dimension(const InstrDesc& d, char name, long value, int tile) {
  if (value <= 0 || value % tile != 0)
    throw InvalidArgument(fmt::format("gemm: {} = {} must be a positive multiple of {}'s {} = {}", name, value,
                                      d.mnemonic, static_cast<char>(name - 'A' + 'a'), tile));
}

void run(const GemmRequest& r) {
  const InstrDesc& d = *r.desc;
  switch (gemm_path(d, r.options)) {
    case GemmPath::fast: {
      const fast::FamilyChoice f = *fast::gemm_family(d, r.options.mods);
      gemm_detail::run_fast(r, f, *fast::gemm_kernel(fast::active_simd_level(), f.family, f.acc_bits));
      return;
    }
    case GemmPath::reference_elements: gemm_detail::run_reference_elements(r); return;
    default: gemm_detail::run_reference_tiles(r); return;
  }
}

}  // namespace

GemmPath gemm_path(const InstrDesc& d, const GemmOptions& o) {
  if (d.family().sparse_a)
    throw InvalidArgument(
        fmt::format("gemm: {} is sparse (its A is stored compressed with an index register); gemm() "
                    "multiplies dense matrices: use run_matrix() with the indices, its builtin or "
                    "`mxlane eval`",
                    d.mnemonic));
  if (d.has(Operand::SA))
    throw InvalidArgument(
        fmt::format("gemm: {} is block-scaled (a scale per row/column and k-block in SA/SB); "
                    "gemm() takes no scales: use run_matrix() with the scales, its builtin or `mxlane eval`",
                    d.mnemonic));
  if (d.c_type != d.d_type)
    throw InvalidArgument(
        fmt::format("gemm: {} reads a {} C and writes a {} D; gemm() accumulates in place, one type for C and D: "
                    "use run_matrix(), its builtin or `mxlane eval`",
                    d.mnemonic, elem_name(d.c_type), elem_name(d.d_type)));
  validate_modifiers(d, o.mods);
  if (o.threads < 0) throw InvalidArgument(fmt::format("gemm: threads = {} must be 0 (all) or positive", o.threads));
  const std::string obstacle = fast_path_obstacle(d, o);
  switch (o.path) {
    case GemmPath::fast:
      if (!obstacle.empty()) throw InvalidArgument(fmt::format("gemm: the fast path does not apply: {}", obstacle));
      return GemmPath::fast;
    case GemmPath::reference_elements:
      if (!numbers_only_modifiers(d, o.mods))
        throw InvalidArgument(fmt::format("gemm: the element reference cannot apply modifiers {}; use reference_tiles",
                                          format_modifiers(d, o.mods)));
      return GemmPath::reference_elements;
    case GemmPath::reference_tiles: return GemmPath::reference_tiles;
    case GemmPath::automatic: break;
  }
  if (obstacle.empty()) return GemmPath::fast;
  return numbers_only_modifiers(d, o.mods) ? GemmPath::reference_elements : GemmPath::reference_tiles;
}

template <class In, class Acc>
GemmMatrix<Acc> gemm(const InstrDesc& d, const GemmMatrix<In>& a, const GemmMatrix<In>& b, const GemmMatrix<Acc>& c,
                     const GemmOptions& options) {
  const auto check_storage = [&](char operand, ElemType t, std::size_t got) {
    if (static_cast<int>(8 * got) != storage_bits(t))
      throw InvalidArgument(fmt::format("gemm: {}: {} takes {} elements, stored as {}; got {}-bit elements", operand,
                                        d.mnemonic, elem_name(t), storage_name(storage_bits(t)), 8 * got));
  };
  check_storage('A', d.a_type, sizeof(In));
  check_storage('B', d.b_type, sizeof(In));
  check_storage('C', d.c_type, sizeof(Acc));
  if (a.cols() != b.rows())
    throw InvalidArgument(fmt::format("gemm: A is {} x {} and B is {} x {}: A's columns and B's rows are both K",
                                      a.rows(), a.cols(), b.rows(), b.cols()));
  if (c.rows() != a.rows() || c.cols() != b.cols())
    throw InvalidArgument(
        fmt::format("gemm: C is {} x {}, but A*B is {} x {}", c.rows(), c.cols(), a.rows(), b.cols()));
  check_dimension(d, 'M', a.rows(), d.m);
  check_dimension(d, 'N', b.cols(), d.n);
  check_dimension(d, 'K', a.cols(), d.k);
  GemmMatrix<Acc> out(c.rows(), c.cols());
  gemm_detail::advise_huge_pages(out.data(),
                                 static_cast<std::size_t>(out.size()) * sizeof(Acc));  // before its first touch
  GemmRequest r;
  r.desc = &d;
  r.m = static_cast<int>(a.rows());
  r.n = static_cast<int>(b.cols());
  r.k = static_cast<int>(a.cols());
  r.a = {a.data(), a.outerStride(), storage_of(8 * sizeof(In))};
  r.b = {b.data(), b.outerStride(), storage_of(8 * sizeof(In))};
  r.c = {c.data(), c.outerStride(), storage_of(8 * sizeof(Acc))};
  r.d = out.data();
  r.ldd = out.outerStride();
  r.options = options;
  run(r);
  return out;
}

template GemmMatrix<std::uint32_t> gemm(const InstrDesc&, const GemmMatrix<std::uint32_t>&,
                                        const GemmMatrix<std::uint32_t>&, const GemmMatrix<std::uint32_t>&,
                                        const GemmOptions&);
template GemmMatrix<std::uint64_t> gemm(const InstrDesc&, const GemmMatrix<std::uint64_t>&,
                                        const GemmMatrix<std::uint64_t>&, const GemmMatrix<std::uint64_t>&,
                                        const GemmOptions&);
template GemmMatrix<std::uint32_t> gemm(const InstrDesc&, const GemmMatrix<std::uint16_t>&,
                                        const GemmMatrix<std::uint16_t>&, const GemmMatrix<std::uint32_t>&,
                                        const GemmOptions&);
template GemmMatrix<std::uint16_t> gemm(const InstrDesc&, const GemmMatrix<std::uint16_t>&,
                                        const GemmMatrix<std::uint16_t>&, const GemmMatrix<std::uint16_t>&,
                                        const GemmOptions&);
template GemmMatrix<std::uint32_t> gemm(const InstrDesc&, const GemmMatrix<std::uint8_t>&,
                                        const GemmMatrix<std::uint8_t>&, const GemmMatrix<std::uint32_t>&,
                                        const GemmOptions&);
template GemmMatrix<std::uint16_t> gemm(const InstrDesc&, const GemmMatrix<std::uint8_t>&,
                                        const GemmMatrix<std::uint8_t>&, const GemmMatrix<std::uint16_t>&,
                                        const GemmOptions&);

namespace {

template <class T>
GemmMatrix<T> narrow(const BitMatrix& m, int bits) {
  const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  return m.unaryExpr([mask](std::uint64_t x) { return static_cast<T>(x & mask); });
}

template <class In, class Acc>
BitMatrix typed(const InstrDesc& d, const BitMatrix& a, const BitMatrix& b, const BitMatrix& c, const GemmOptions& o) {
  return gemm<In, Acc>(d, narrow<In>(a, elem_bits(d.a_type)), narrow<In>(b, elem_bits(d.b_type)),
                       narrow<Acc>(c, elem_bits(d.c_type)), o)
      .template cast<std::uint64_t>();
}

}  // namespace

BitMatrix gemm(const InstrDesc& d, const BitMatrix& a, const BitMatrix& b, const BitMatrix& c, const GemmOptions& o) {
  switch (storage_bits(d.a_type) * 100 + storage_bits(d.c_type)) {
    case 3232: return typed<std::uint32_t, std::uint32_t>(d, a, b, c, o);
    // BitMatrix is GemmMatrix<uint64_t>: 64-bit elements need no narrowing and no widening copy (those copies,
    // 4 x 128 MB at 4096^2 on one thread, held the f64 GEMM to 7 of 16 cores: docs/performance.md).
    case 6464: return gemm<std::uint64_t, std::uint64_t>(d, a, b, c, o);
    case 1632: return typed<std::uint16_t, std::uint32_t>(d, a, b, c, o);
    case 1616: return typed<std::uint16_t, std::uint16_t>(d, a, b, c, o);
    case 832: return typed<std::uint8_t, std::uint32_t>(d, a, b, c, o);
    default: throw std::logic_error(fmt::format("gemm: no storage for {}", d.mnemonic));
  }
}

}  // namespace mxlane
