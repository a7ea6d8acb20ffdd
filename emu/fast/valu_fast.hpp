// Fast lane-array kernels of the VALU builtins. Which kernel computes a builtin is a column of the
// VALU table (ValuDesc::fast, emu/isa/valu_table.cpp); run_valu_fast_lanes() runs the kernel of the
// active SIMD level where it covers a request.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "emu/fast/valu_lanes.hpp"

namespace mxlane {
struct ValuDesc;
struct ValuContext;
}  // namespace mxlane

namespace mxlane::fast {

using mxlane::ValuFastPath;
using mxlane::ValuKind;

// The fast path of a builtin named by mnemonic or builtin name (find_valu()), or nullptr when it
// has none (or the name is not a VALU builtin).
const ValuFastPath* valu_fast_path(std::string_view name);

// Whether the kernel computes exactly the reference for this architecture, modifiers and switches:
// every switch at its default (conservative, as for the GEMM); fdot2_f32 for the models it has
// (gfx1100's grid and the CDNA exact model; not gfx1200's window); the FP8 dots and binary32 to
// FP8/BF8 for the OCP formats (gfx950, gfx1200; not gfx942's FNUZ).
bool valu_fast_path_applies(const ValuFastPath& path, const ValuContext& ctx);

// Runs the fast kernel of the active SIMD level on the first lanes of a request where
// valu_fast_path_applies() (operand n's words for lane l are src[n][l * words + w], words = the
// operand's VGPR count, valu_desc.hpp; D's go to dst the same way) and returns how many lanes it did,
// 0 where no kernel applies; needs_reference[l] is set for each of those lanes the kernel leaves to the
// reference lane kernel. run_valu_lanes() (emu/insns/run_valu_lanes.hpp) runs the reference on those
// and on the rest.
std::size_t run_valu_fast_lanes(const ValuDesc& desc, const ValuContext& ctx, const std::uint32_t* const src[3],
                                std::uint32_t* dst, std::size_t lanes, std::vector<std::uint8_t>& needs_reference);

}  // namespace mxlane::fast
