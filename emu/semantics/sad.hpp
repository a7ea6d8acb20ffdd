// Sums of absolute differences (docs/spec/valu.md §3): all arithmetic unsigned and modulo 2^32.
#pragma once

#include <cstdint>

namespace mxlane {

std::uint32_t sad_u8(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2);     // §3.1
std::uint32_t sad_hi_u8(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2);  // §3.2
std::uint32_t sad_u16(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2);    // §3.3
std::uint32_t msad_u8(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2);    // §3.4: mask on S1 bytes
// §3.5: four 16-bit slots k from S0 bytes k..k+3 against S1, accumulator S2[16k+15:16k], wrapped.
std::uint64_t qsad_pk_u16_u8(std::uint64_t s0, std::uint32_t s1, std::uint64_t s2, bool masked);
// §3.6: D[k] = msad(S0 bytes k..k+3, S1, S2[k]); wrap (default) or saturate (switch mqsad_u32_overflow).
std::uint32_t mqsad_u32_slot(std::uint64_t s0, std::uint32_t s1, std::uint32_t s2k, int k, bool saturate);

}  // namespace mxlane
