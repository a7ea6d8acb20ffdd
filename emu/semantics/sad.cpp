// The SAD family as the ISA pseudo-code states it (docs/spec/valu.md §3; CDNA4/RDNA3.5/RDNA4 ISA,
// CLRX, rocjitsu and gem5 agree except where §3 notes otherwise).
#include "emu/semantics/sad.hpp"

namespace mxlane {
namespace {

std::uint32_t absdiff(std::uint32_t x, std::uint32_t y) { return x > y ? x - y : y - x; }
std::uint32_t byte(std::uint64_t v, int i) { return static_cast<std::uint32_t>(v >> (8 * i)) & 0xFF; }

// The byte SAD into a 64-bit sum (so the caller decides how it wraps); masked skips S1 zero bytes.
std::uint64_t byte_sad(std::uint32_t s0, std::uint32_t s1, std::uint64_t acc, bool masked) {
  for (int i = 0; i < 4; ++i)
    if (!masked || byte(s1, i) != 0) acc += absdiff(byte(s0, i), byte(s1, i));
  return acc;
}

}  // namespace

std::uint32_t sad_u8(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2) {
  return static_cast<std::uint32_t>(byte_sad(s0, s1, s2, false));  // full 32-bit S2
}

std::uint32_t sad_hi_u8(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2) {
  return (sad_u8(s0, s1, 0) << 16) + s2;  // a carry out of S2's low half reaches the high half
}

std::uint32_t sad_u16(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2) {
  return s2 + absdiff(s0 & 0xFFFF, s1 & 0xFFFF) + absdiff(s0 >> 16, s1 >> 16);
}

std::uint32_t msad_u8(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2) {
  return static_cast<std::uint32_t>(byte_sad(s0, s1, s2, true));
}

std::uint64_t qsad_pk_u16_u8(std::uint64_t s0, std::uint32_t s1, std::uint64_t s2, bool masked) {
  std::uint64_t d = 0;
  for (int k = 0; k < 4; ++k) {
    const auto window = static_cast<std::uint32_t>(s0 >> (8 * k));
    const std::uint64_t acc = (s2 >> (16 * k)) & 0xFFFF;
    d |= (byte_sad(window, s1, acc, masked) & 0xFFFF) << (16 * k);  // truncated to 16 bits
  }
  return d;
}

std::uint32_t mqsad_u32_slot(std::uint64_t s0, std::uint32_t s1, std::uint32_t s2k, int k, bool saturate) {
  const std::uint64_t sum = byte_sad(static_cast<std::uint32_t>(s0 >> (8 * k)), s1, s2k, true);
  if (saturate && sum > 0xFFFFFFFFULL) return 0xFFFFFFFFU;  // CLRX's reading (switch)
  return static_cast<std::uint32_t>(sum);                   // ISA pseudo-code: plain 32-bit sum
}

}  // namespace mxlane
