// Packing per-lane builtin values (scalars or std::array vectors of bit containers and integers)
// into a lane's consecutive VGPRs, the way clang's vector types lie in registers, and back.
#pragma once

#include <bit>
#include <cstring>
#include <span>
#include <type_traits>

#include "emu/formats/format.hpp"
#include "emu/wave/lane_regfile.hpp"

namespace mxlane::detail {

template <class E>
constexpr bool is_bit_container =
    std::is_same_v<E, F64> || std::is_same_v<E, F32> || std::is_same_v<E, F16> || std::is_same_v<E, BF16>;

template <class E>
std::uint64_t to_bits(const E& e) {
  if constexpr (is_bit_container<E>)
    return e.bits;
  else
    return static_cast<std::make_unsigned_t<E>>(e);
}
template <class E>
E from_bits(std::uint64_t bits) {
  if constexpr (is_bit_container<E>)
    return E{static_cast<decltype(E::bits)>(bits)};
  else
    return static_cast<E>(static_cast<std::make_unsigned_t<E>>(bits));
}

template <class V>
auto elements(const V& v) {
  if constexpr (requires { v.size(); })
    return std::span(v.data(), v.size());
  else
    return std::span(&v, 1);
}
template <class V>
auto elements(V& v) {
  if constexpr (requires { v.size(); })
    return std::span(v.data(), v.size());
  else
    return std::span(&v, 1);
}

// Vector element e of a lane value lies in bits [e*w, e*w + w) of the operand's registers read as
// one little-endian bit string (clang ext_vector_type in consecutive VGPRs).
template <class V>
void pack_lane(LaneRegFile& regs, int base, int lane, const V& value) {
  auto elems = elements(value);
  const int width = static_cast<int>(sizeof(elems[0]) * 8);
  const std::uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
  for (std::size_t e = 0; e < elems.size(); ++e) {
    const int first = static_cast<int>(e) * width;
    regs.write(base + first / 32, lane, first % 32, width, to_bits(elems[e]) & mask);
  }
}

template <class V>
V unpack_lane(const LaneRegFile& regs, int base, int lane) {
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

// The same layout in a plain array of `count` 32-bit words (one lane's operand).
template <class V>
void pack_words(std::uint32_t* words, int count, const V& value) {
  if constexpr (std::endian::native == std::endian::little && std::is_trivially_copyable_v<V>) {
    if (sizeof(V) == 4 * static_cast<std::size_t>(count)) {  // the memory layout is the register layout
      std::memcpy(words, &value, sizeof(V));
      return;
    }
  }
  auto elems = elements(value);
  const int width = static_cast<int>(sizeof(elems[0]) * 8);
  const std::uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
  for (int w = 0; w < count; ++w) words[w] = 0;
  for (std::size_t e = 0; e < elems.size(); ++e) {
    const std::uint64_t bits = to_bits(elems[e]) & mask;
    const int first = static_cast<int>(e) * width;
    words[first / 32] |= static_cast<std::uint32_t>(bits << (first % 32));
    if (width == 64) words[first / 32 + 1] = static_cast<std::uint32_t>(bits >> 32);
  }
}

template <class V>
V unpack_words(const std::uint32_t* words) {
  V out{};
  if constexpr (std::endian::native == std::endian::little && std::is_trivially_copyable_v<V> && sizeof(V) % 4 == 0) {
    std::memcpy(static_cast<void*>(&out), words, sizeof(V));  // trivially copyable
    return out;
  }
  auto elems = elements(out);
  using E = std::remove_reference_t<decltype(elems[0])>;
  const int width = static_cast<int>(sizeof(E) * 8);
  for (std::size_t e = 0; e < elems.size(); ++e) {
    const int first = static_cast<int>(e) * width;
    std::uint64_t bits = words[first / 32] >> (first % 32);
    if (width == 64) bits |= std::uint64_t{words[first / 32 + 1]} << 32;
    elems[e] = from_bits<E>(width == 64 ? bits : bits & ((1ULL << width) - 1));
  }
  return out;
}

}  // namespace mxlane::detail
