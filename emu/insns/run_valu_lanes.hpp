// A VALU builtin on an array of lanes: the fast kernel (emu/fast/) where it applies, the instruction's
// reference lane kernel (emu/insns/valu/) on every other lane.
#pragma once

#include <cstddef>
#include <cstdint>

#include "emu/isa/valu_desc.hpp"
#include "emu/semantics/valu_lane.hpp"

namespace mxlane {

// Runs `desc` on `lanes` lanes: operand n's words for lane l are src[n][l * words + w] (words = the
// operand's VGPR count, valu_desc.hpp), D's go to dst the same way. Every lane runs (no EXEC). The fast
// kernel of the active SIMD level where valu_fast_path_applies() (emu/fast/valu_fast.hpp), else the
// reference lane kernel (emu/insns/valu/<mnemonic>.cpp) on each lane.
void run_valu_lanes(const ValuDesc& desc, const ValuContext& ctx, const std::uint32_t* const src[3],
                    std::uint32_t* dst, std::size_t lanes);

// The same with the reference lane kernel on every lane (benchmarks compare the two in one run).
void run_valu_reference_lanes(const ValuDesc& desc, const ValuContext& ctx,
                              const std::uint32_t* const src[3], std::uint32_t* dst,
                              std::size_t lanes);

}  // namespace mxlane
