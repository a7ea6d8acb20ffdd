// The VALU lane-array kernels' interface, shared by the portable driver (valu_fast.cpp) and the
// ISA units that implement them (isa_scalar.cpp, isa_avx2.cpp, isa_avx512.cpp; kernel_table.hpp explains the separation).
// The kinds (ValuKind) are the fast-path column of the VALU table (emu/isa/valu_fast_path.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "emu/fast/simd_level.hpp"
#include "emu/isa/valu_fast_path.hpp"
#include "emu/semantics/valu_int_dot.hpp"

namespace mxlane::fast {

// A batch of lanes. Operand n holds the instruction's VGPR count of dwords per lane (valu_desc.hpp:
// ValuShape), lane after lane, low word first; most kernels here have single-dword operands.
struct ValuLanes {
  std::size_t lanes = 0;
  const std::uint32_t* src[3] = {nullptr, nullptr, nullptr};
  std::uint32_t* dst = nullptr;
  std::uint8_t* needs_reference = nullptr;  // set to 1 for lanes the kernel leaves to the reference
  IntDotSpec int_dot{};
  bool clamp = false;
  bool bf16 = false;
  bool cdna_model = false;                        // fdot2_f32: the CDNA exact model instead of gfx1100's grid
  const std::uint32_t* fp8_table = nullptr;       // fp8_to_f32, dot4_f32_fp8 (A): the binary32 value of each byte
  const std::uint32_t* fp8_table_b = nullptr;     // dot4_f32_fp8: the same for B's format
  std::uint32_t factor_nan = 0, invalid_nan = 0;  // dot4_f32_fp8: §5.2's NaN results (dot_specials.hpp)
  int byte_shift = 0;                             // fp8_to_f32: S0 >> byte_shift holds the byte(s);
                                                  // f32_to_fp8: where the result goes in S2 (old)
  bool packed = false;                            // fp8_to_f32: two bytes, two results; f32_to_fp8: RNE pair
  bool bf8 = false;                               // f32_to_fp8: OCP BF8 (E5M2) instead of FP8 (E4M3)
  bool flush = false;                             // fdot2_f32, CDNA model (gfx908/gfx90a): f16 subnormal inputs read as
                                                  // +0 and subnormal results flushed (default switches)
};

// Processes the first lanes (a multiple of its vector width; the caller does the rest) and
// returns how many it did.
using ValuLanesKernel = std::size_t (*)(const ValuLanes& batch);

namespace scalar {
ValuLanesKernel valu_kernel(ValuKind kind);
}
namespace avx2 {
ValuLanesKernel valu_kernel(ValuKind kind);
ValuLanesKernel intrinsic_valu_kernel(ValuKind kind);  // only the kinds written with AVX2 intrinsics, else nullptr
}  // namespace avx2
namespace avx512 {
ValuLanesKernel valu_kernel(ValuKind kind);
}

// The kernel of `kind` at `level`; nullptr when that level has none, or the CPU lacks the level.
ValuLanesKernel valu_kernel(SimdLevel level, ValuKind kind);

}  // namespace mxlane::fast
