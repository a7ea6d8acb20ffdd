// The VALU float dot products per architecture (docs/spec/valu.md §5): V_DOT2_F32_F16,
// V_DOT2_F32_BF16, V_DOT2C_F32_BF16, V_DOT2_F16_F16, V_DOT2_BF16_BF16, V_DOT4_F32_{FP8,BF8}_*.
#pragma once

#include <cstdint>

#include "emu/formats/format.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/switches.hpp"
#include "emu/semantics/rdna3_dot2.hpp"

namespace mxlane {

// a0*b0 + a1*b1 + c to binary32 for 16-bit factors (a = a1<<16 | a0), with the architecture's
// model: gfx1100 the RDNA3 DOT2 grid (§5.4, [HW]), gfx1200 the RDNA4 window (§5.3, [HW]), the
// others the switch fdot2_cdna (default: exact sum, one RNE rounding [ASSUMED]; gfx90a flushes f16
// subnormal inputs [HW, LLVM PR #205101] and f32 subnormal outputs [DOC]). clamp: [0, 1] (§5.5).
std::uint32_t fdot2_f32(ArchId arch, Dot2Input input, std::uint32_t a, std::uint32_t b, std::uint32_t c, bool clamp,
                        const Switches& switches);

// The model fdot2_f32() uses on an architecture, and whether its CDNA model flushes f16 subnormal
// inputs (and, by default, binary32 subnormal results): gfx908 and gfx90a. Exposed for the fast
// paths (emu/fast/), which must follow the same choice.
Fdot2Model fdot2_model(ArchId arch);
bool cdna_fdot2_flushes(ArchId arch);

// The RDNA4 (gfx12) DOT2 F32 window model, exposed for tests (docs/spec/valu.md §5.3).
std::uint32_t rdna4_dot2(Dot2Input input, std::uint32_t a, std::uint32_t b, std::uint32_t c);

// V_DOT2_F16_F16 / V_DOT2_BF16_BF16 (gfx11, gfx12): the loose model of §5.5 [UNKNOWN exactness]:
// exact products, RNE_f32(p0 + p1), RNE_f32(t + c), then RNE to the 16-bit format (f16 overflow to
// inf, or 0x7BFF with MODE.FP16_OVFL; bf16 input and output subnormals flushed).
std::uint16_t fdot2_16(Dot2Input input, std::uint32_t a, std::uint32_t b, std::uint16_t c, const Switches& switches);

// V_DOT4_F32_* (gfx12): bytes of a in format fa times bytes of b in format fb (OCP FP8/BF8), plus c;
// the special values of §5.2; sequential binary32 adds (switch dot4_fp8_rounding) or one rounding.
std::uint32_t dot4_f32_fp8(const FormatSpec& fa, const FormatSpec& fb, std::uint32_t a, std::uint32_t b,
                           std::uint32_t c, const Switches& switches);

}  // namespace mxlane
