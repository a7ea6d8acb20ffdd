// Conversion and packing of the VALU (docs/spec/valu.md §6), on bit patterns.
#pragma once

#include <cstdint>

#include "emu/formats/format.hpp"
#include "emu/formats/round_pack.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane {

// §6.1: f32 -> f16 toward zero; NaN quieted keeping its top payload bits; finite overflow 0x7BFF.
std::uint16_t f32_to_f16_rtz(std::uint32_t x);
// §6.2: clamp to [-1, 1] ([0, 1] unsigned), times 32767 (65535) exactly, one RNE; NaN -> 0.
std::uint16_t f32_to_snorm16(std::uint32_t x);
std::uint16_t f32_to_unorm16(std::uint32_t x);
// §6.4: clamp to [0, 255], rounded by `mode` (MODE.FP_ROUND, RNE by default); NaN -> 0.
std::uint8_t f32_to_u8(std::uint32_t x, RoundingMode mode);

// FP8/BF8 formats by architecture (§6.5): FNUZ on gfx942, OCP on gfx950 and gfx1200.
const FormatSpec& fp8_format(ArchId arch, bool bf8);
// §6.6: an FP8/BF8 byte to binary32 (always exact). NaN: sign | 0x7FC00000 (OCP), or per the switch
// fnuz_nan_decode (FNUZ).
std::uint32_t fp8_to_f32(const FormatSpec& format, std::uint8_t byte, const Switches& switches);
// §6.7, §6.8: binary32 to an FP8/BF8 byte, RNE or stochastic (the random bits are seed's high
// S1[31:12] / S1[31:11]); `saturate` is MODE.FP16_OVFL for OCP formats.
std::uint8_t f32_to_fp8(const FormatSpec& format, std::uint32_t x, bool stochastic, std::uint32_t seed, bool saturate,
                        const Switches& switches);

}  // namespace mxlane
