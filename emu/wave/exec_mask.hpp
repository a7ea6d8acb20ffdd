// ExecMask: which lanes of a wave32 or wave64 wavefront are active.
#pragma once

#include <bit>
#include <cstdint>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane {

class ExecMask {
 public:
  // All lanes of a `wave`-lane wavefront active.
  static ExecMask all(int wave) { return ExecMask(wave, lane_bits(wave)); }

  // Throws InvalidArgument when `wave` is not 32 or 64 or `bits` names lanes beyond the wave.
  ExecMask(int wave, std::uint64_t bits) : wave_(wave), bits_(bits) {
    if ((bits & ~lane_bits(wave)) != 0)
      throw InvalidArgument(fmt::format("exec mask {:#x} has bits beyond lane {} of a wave{}", bits, wave - 1, wave));
  }

  int wave() const { return wave_; }
  std::uint64_t bits() const { return bits_; }
  int active_count() const { return std::popcount(bits_); }
  bool active(int lane) const { return lane >= 0 && lane < wave_ && ((bits_ >> lane) & 1U) != 0; }
  void set(int lane, bool on) {
    check_lane(lane);
    const std::uint64_t bit = std::uint64_t{1} << lane;
    bits_ = on ? (bits_ | bit) : (bits_ & ~bit);
  }
  bool operator==(const ExecMask&) const = default;

 private:
  static std::uint64_t lane_bits(int wave) {
    if (wave != 32 && wave != 64) throw InvalidArgument(fmt::format("wave size {} is not 32 or 64", wave));
    return wave == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << 32) - 1;
  }
  void check_lane(int lane) const {
    if (lane < 0 || lane >= wave_)
      throw InvalidArgument(fmt::format("lane {} is outside a wave{} (0..{})", lane, wave_, wave_ - 1));
  }

  int wave_;
  std::uint64_t bits_;
};

}  // namespace mxlane
