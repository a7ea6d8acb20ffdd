// The VALU lane-array kernels' interface, shared by the portable driver (valu_fast.cpp) and the
// ISA unit that implements them (isa_avx2.cpp; kernel_table.hpp explains the separation).
#pragma once

#include <cstddef>
#include <cstdint>

#include "emu/semantics/valu_int_dot.hpp"

namespace mxlane::fast {

// One kernel per semantics function of emu/semantics/ (docs/spec/valu.md section in brackets).
enum class ValuKind : std::uint8_t {
  sad_u8,           // §3.1
  sad_hi_u8,        // §3.2
  sad_u16,          // §3.3
  msad_u8,          // §3.4
  qsad_pk_u16_u8,   // §3.5
  mqsad_pk_u16_u8,  // §3.5, masked
  mqsad_u32_u8,     // §3.6, wrapped (the default of switch mqsad_u32_overflow)
  int_dot,          // §4.1 (valu_int_dot)
  fdot2_f32,        // §5.1-§5.4 fdot2_f32(): gfx1100's DOT2 grid, or the CDNA exact model (+ clamp)
  fdot2_f16,        // §5.5 v_dot2_f16_f16 (fdot2_16, the loose model)
  fdot2_bf16,       // §5.5 v_dot2_bf16_bf16
  cvt_pkrtz,        // §6.1
  cvt_pknorm_i16,   // §6.2
  cvt_pknorm_u16,   // §6.2
  cvt_pk_i16,       // §6.3
  cvt_pk_u16,       // §6.3
  cvt_pk_u8_f32,    // §6.4, MODE round = RNE
  fp8_to_f32,       // §6.6 FP8/BF8 to binary32: the reference's own 256 results, looked up
  count
};

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
  bool cdna_model = false;   // fdot2_f32: the CDNA exact model instead of gfx1100's grid
  const std::uint32_t* fp8_table = nullptr;  // fp8_to_f32: the binary32 result of each byte
  int byte_shift = 0;                        // fp8_to_f32: S0 >> byte_shift holds the byte(s)
  bool packed = false;                       // fp8_to_f32: two bytes, two results
  bool flush = false;        // fdot2_f32, CDNA model (gfx908/gfx90a): f16 subnormal inputs read as
                             // +0 and subnormal results flushed (default switches)
};

// Processes the first lanes (a multiple of its vector width; the caller does the rest) and
// returns how many it did.
using ValuLanesKernel = std::size_t (*)(const ValuLanes& batch);

namespace avx2 {
ValuLanesKernel valu_kernel(ValuKind kind);
}

}  // namespace mxlane::fast
