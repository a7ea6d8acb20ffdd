// Fast lane-array kernels of the VALU builtins. Each instruction's own file (emu/insns/valu/)
// registers, next to its reference semantics, which fast kernel computes the same function
// (MXLANE_VALU_FAST); there is no central list of mnemonics. run_valu_lanes() uses the kernel
// where it covers the request and the reference lane kernel everywhere else.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "emu/fast/valu_lanes.hpp"

namespace mxlane {
struct ValuDesc;
struct ValuContext;
}  // namespace mxlane

namespace mxlane::fast {

// How a registered instruction maps onto its kernel's parameters.
struct ValuFastPath {
  ValuKind kind;
  IntDotSpec int_dot{};          // int_dot: lanes, width, signedness, C and result types
  bool signed_from_neg = false;  // int_dot: A / B signedness from NEG[0] / NEG[1] (sudot)
  bool bf16 = false;             // fdot2_f32: bf16 factors instead of f16
  bool bf8 = false;              // fp8_to_f32: BF8 bytes instead of FP8
  bool packed = false;           // fp8_to_f32: two bytes (word_sel) instead of one (byte_sel)
};

class ValuFastRegistration {
 public:
  ValuFastRegistration(std::string_view mnemonic, const ValuFastPath& path);
};

// The fast path registered for an instruction, or nullptr.
const ValuFastPath* valu_fast_path(std::string_view mnemonic);

// Whether the registered kernel computes exactly the reference for this architecture, modifiers
// and switches: every switch at its default (conservative, as for the GEMM), and fdot2_f32 for the
// models it has (gfx1100's grid and the CDNA exact model; not gfx1200's window).
bool valu_fast_path_applies(const ValuFastPath& path, const ValuContext& ctx);

// Runs `desc` on `lanes` lanes: operand n's words for lane l are src[n][l * words + w] (words =
// the operand's VGPR count, valu_desc.hpp), D's go to dst the same way. Every lane runs (no EXEC).
// The fast kernel of the active SIMD level where valu_fast_path_applies(), else the reference
// lane kernel (emu/insns/valu/<mnemonic>.cpp) on each lane.
void run_valu_lanes(const ValuDesc& desc, const ValuContext& ctx, const std::uint32_t* const src[3], std::uint32_t* dst,
                    std::size_t lanes);

}  // namespace mxlane::fast

// In an instruction's file: its semantics are `kernel` with these parameters, e.g.
//   MXLANE_VALU_FAST(v_sad_u8, {fast::ValuKind::sad_u8});
#define MXLANE_VALU_FAST(mnemonic, ...) \
  static const ::mxlane::fast::ValuFastRegistration mxlane_valu_fast_##mnemonic{#mnemonic, ::mxlane::fast::ValuFastPath __VA_ARGS__}
