// Packing per-lane builtin values (scalars or std::array vectors of bit containers and integers)
// into a lane's consecutive VGPRs, the way clang's vector types lie in registers, and back.
#pragma once

#include <span>
#include <type_traits>

#include "emu/formats/format.hpp"
#include "emu/wave/lane_regfile.hpp"

namespace mxlane::detail {

template <class E> constexpr bool is_bit_container =
    std::is_same_v<E, F64> || std::is_same_v<E, F32> || std::is_same_v<E, F16> || std::is_same_v<E, BF16>;

template <class E> std::uint64_t to_bits(const E& e) {
  if constexpr (is_bit_container<E>) return e.bits;
  else return static_cast<std::make_unsigned_t<E>>(e);
}
template <class E> E from_bits(std::uint64_t bits) {
  if constexpr (is_bit_container<E>) return E{static_cast<decltype(E::bits)>(bits)};
  else return static_cast<E>(static_cast<std::make_unsigned_t<E>>(bits));
}

template <class V> auto elements(const V& v) {
  if constexpr (requires { v.size(); }) return std::span(v.data(), v.size());
  else return std::span(&v, 1);
}
template <class V> auto elements(V& v) {
  if constexpr (requires { v.size(); }) return std::span(v.data(), v.size());
  else return std::span(&v, 1);
}

// Vector element e of a lane value lies in bits [e*w, e*w + w) of the operand's registers read as
// one little-endian bit string (clang ext_vector_type in consecutive VGPRs).
template <class V> void pack_lane(LaneRegFile& regs, int base, int lane, const V& value) {
  auto elems = elements(value);
  const int width = static_cast<int>(sizeof(elems[0]) * 8);
  const std::uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
  for (std::size_t e = 0; e < elems.size(); ++e) {
    const int first = static_cast<int>(e) * width;
    regs.write(base + first / 32, lane, first % 32, width, to_bits(elems[e]) & mask);
  }
}

template <class V> V unpack_lane(const LaneRegFile& regs, int base, int lane) {
  V out{};
  auto elems = elements(out);
  using E = std::remove_reference_t<decltype(elems[0])>;
  const int width = static_cast<int>(sizeof(E) * 8);
  for (std::size_t e = 0; e < elems.size(); ++e) {
    const int first = static_cast<int>(e) * width;
    elems[e] = from_bits<E>(regs.read(base + first / 32, lane, first % 32, width));
  }
  return out;
}

}  // namespace mxlane::detail
