// Emulated GEMM: D = A*B + C for matrices of any size that the chosen instruction's tile divides,
// computed as a GPU kernel does with that instruction: each m x n tile of D starts from the tile
// of C, then acc = instruction(A tile, B tile, acc) for the k tiles in increasing order. The bits
// are those of the instruction (docs/matrix-overview.md); fast SIMD kernels are used where they provably
// give the same bits (docs/performance.md), the reference everywhere else.
//
//   const auto& inst = mxlane::resolve_instruction(mxlane::arch_info(mxlane::ArchId::gfx90a), "v_mfma_f32_32x32x8f16");
//   mxlane::GemmMatrix<std::uint32_t> d = mxlane::gemm(inst, a16, b16, c32, {.threads = 2});
//
// Multi-block instructions (CDNA2 2/4/16 blocks): the blocks are independent copies of the same
// per-element computation (docs/spec/numerics.md §A.1), so which tile a kernel gives each block changes no
// number; mxlane feeds every block the same tile and keeps block 0's result.
#pragma once

#include <Eigen/Core>
#include <cstdint>

#include "emu/api/matrix.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane {

// Raw element bits, column-major (Eigen's default). The storage type follows the element type:
// f64 uint64_t; f32 and i32 uint32_t; f16 and bf16 uint16_t; i8, iu8 and iu4 (low nibble) uint8_t.
template <class T>
using GemmMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

// Calls f(In{}, Acc{}) with the storage types of desc's A/B and C/D elements (the rule above: at
// least 8 bits; 16-bit inputs with a 32-bit or a 16-bit accumulator), so that code generic over
// instructions can build its GemmMatrix types: with_gemm_storage(d, [&](auto in, auto acc) {...}).
template <class F>
void with_gemm_storage(const InstrDesc& desc, F&& f) {
  const int in = elem_bits(desc.a_type) > 8 ? elem_bits(desc.a_type) : 8;
  const int acc = elem_bits(desc.c_type) > 8 ? elem_bits(desc.c_type) : 8;
  if (in == 32)
    f(std::uint32_t{}, std::uint32_t{});
  else if (in == 64)
    f(std::uint64_t{}, std::uint64_t{});
  else if (in == 16 && acc == 32)
    f(std::uint16_t{}, std::uint32_t{});
  else if (in == 16)
    f(std::uint16_t{}, std::uint16_t{});
  else if (acc == 16)  // gfx1250 FP8/BF8 with an f16 C/D
    f(std::uint8_t{}, std::uint16_t{});
  else
    f(std::uint8_t{}, std::uint32_t{});
}

enum class GemmPath : std::uint8_t {
  automatic,           // the fastest of the three that applies
  fast,                // SIMD kernels per numerics family (only with default switches and the
                       // modifiers a family covers; see gemm_path())
  reference_elements,  // the instruction's own element kernel (what execute_matrix runs), per element
  reference_tiles,     // run_matrix per tile and k step: modifiers act through the register layouts
};

struct GemmOptions {
  int threads = 1;  // worker threads over chunks of D; 0 = every hardware thread
  Modifiers mods;
  Switches switches;
  GemmPath path = GemmPath::automatic;
};

// The path gemm() takes for `options` (automatic resolved): fast when a kernel family covers the
// instruction (emu/fast/gemm_family.hpp), every switch is at its default and the modifiers are
// ones the family handles (none on MFMA; OPSEL on the float WMMAs; NEG[1:0] and CLAMP on the
// integer WMMAs); otherwise reference_elements when the modifiers act on numbers only, else
// reference_tiles. Throws InvalidArgument for illegal modifiers, or when `fast` is forced but
// does not apply (the message says why).
GemmPath gemm_path(const InstrDesc& desc, const GemmOptions& options = {});

// A is M x K, B is K x N, C is M x N in the instruction's storage types; M, N, K must be multiples
// of the instruction's m, n, k. Throws InvalidArgument naming the operand or dimension otherwise.
template <class In, class Acc>
GemmMatrix<Acc> gemm(const InstrDesc& desc, const GemmMatrix<In>& a, const GemmMatrix<In>& b, const GemmMatrix<Acc>& c,
                     const GemmOptions& options = {});

// The same on BitMatrix (every element in a uint64_t, as run_matrix takes them).
BitMatrix gemm(const InstrDesc& desc, const BitMatrix& a, const BitMatrix& b, const BitMatrix& c,
               const GemmOptions& options = {});

extern template GemmMatrix<std::uint32_t> gemm(const InstrDesc&, const GemmMatrix<std::uint32_t>&,
                                               const GemmMatrix<std::uint32_t>&, const GemmMatrix<std::uint32_t>&,
                                               const GemmOptions&);
extern template GemmMatrix<std::uint64_t> gemm(const InstrDesc&, const GemmMatrix<std::uint64_t>&,
                                               const GemmMatrix<std::uint64_t>&, const GemmMatrix<std::uint64_t>&,
                                               const GemmOptions&);
extern template GemmMatrix<std::uint32_t> gemm(const InstrDesc&, const GemmMatrix<std::uint16_t>&,
                                               const GemmMatrix<std::uint16_t>&, const GemmMatrix<std::uint32_t>&,
                                               const GemmOptions&);
extern template GemmMatrix<std::uint16_t> gemm(const InstrDesc&, const GemmMatrix<std::uint16_t>&,
                                               const GemmMatrix<std::uint16_t>&, const GemmMatrix<std::uint16_t>&,
                                               const GemmOptions&);
extern template GemmMatrix<std::uint32_t> gemm(const InstrDesc&, const GemmMatrix<std::uint8_t>&,
                                               const GemmMatrix<std::uint8_t>&, const GemmMatrix<std::uint32_t>&,
                                               const GemmOptions&);
extern template GemmMatrix<std::uint16_t> gemm(const InstrDesc&, const GemmMatrix<std::uint8_t>&,
                                               const GemmMatrix<std::uint8_t>&, const GemmMatrix<std::uint16_t>&,
                                               const GemmOptions&);

}  // namespace mxlane
