// A kernel's s_setreg of HW_REG_MODE as switch settings, so that the loopback plays a GPU whose
// instructions see the MODE the kernel wrote (kernel_catalog.cpp's mode variants).
#include "device/mode_write.hpp"

#include <algorithm>

#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane::device {
namespace {

// MODE fields (AMD's CDNA3 and RDNA3 ISA reference guides, the MODE hardware register; the same layout
// kernel_catalog.cpp writes, device/README.md "MODE writes"): FP_ROUND [3:0] (2 bits for binary32,
// 2 for binary16/binary64: 0 nearest even, 1 +inf, 2 -inf, 3 toward zero), FP_DENORM [7:4] (2 bits
// each, bit 0 keeps input and bit 1 output denormals: 3 keeps both, 0 flushes both), FP16_OVFL [23].
constexpr int kHwRegMode = 1;
constexpr RoundMode kRoundByField[4] = {RoundMode::rne, RoundMode::rup, RoundMode::rdn, RoundMode::rtz};

DenormMode denorm_field(const Kernel& k, unsigned bits) {
  if (bits == 3) return DenormMode::preserve;
  if (bits == 0) return DenormMode::flush;
  throw InvalidArgument(fmt::format("{}: FP_DENORM value {} keeps denormals on one side only", k.name, bits));
}

}  // namespace

Switches after_mode_write(const Kernel& k, Switches s, std::span<const SwitchId> kept) {
  if (k.mode_imm == 0) return s;
  // s_setreg's immediate: (size - 1) << 11 | offset << 6 | register id.
  const unsigned id = static_cast<unsigned>(k.mode_imm) & 0x3F,
                 offset = (static_cast<unsigned>(k.mode_imm) >> 6) & 0x1F,
                 size = ((static_cast<unsigned>(k.mode_imm) >> 11) & 0x1F) + 1;
  if (id != kHwRegMode)
    throw InvalidArgument(fmt::format("{}: s_setreg of hardware register {}, not MODE", k.name, id));
  const std::uint64_t written_mask = ((std::uint64_t{1} << size) - 1) << offset;
  const std::uint64_t mode = (static_cast<std::uint64_t>(k.mode_value) << offset) & written_mask;
  const auto write = [&](SwitchId field, std::uint8_t value) {
    if (std::find(kept.begin(), kept.end(), field) == kept.end()) s.set(field, value);
  };
  // The fields the write covers whole; one covered in part has no switch value.
  const auto covers = [&](unsigned lo, unsigned bits) {
    const std::uint64_t field = ((std::uint64_t{1} << bits) - 1) << lo;
    if ((written_mask & field) != 0 && (written_mask & field) != field)
      throw InvalidArgument(fmt::format("{}: the MODE write covers bits {}..{} in part", k.name, lo, lo + bits - 1));
    return (written_mask & field) == field;
  };
  if (covers(0, 4)) {
    const unsigned f32 = mode & 3, f16 = (mode >> 2) & 3;
    if (f32 != f16)
      throw InvalidArgument(
          fmt::format("{}: FP_ROUND differs for binary32 ({}) and binary16/64 ({})", k.name, f32, f16));
    write(SwitchId::mode_round, static_cast<std::uint8_t>(kRoundByField[f32]));
  }
  if (covers(4, 4)) {
    write(SwitchId::mode_denorm_f32, static_cast<std::uint8_t>(denorm_field(k, (mode >> 4) & 3)));
    write(SwitchId::mode_denorm_f16_f64, static_cast<std::uint8_t>(denorm_field(k, (mode >> 6) & 3)));
  }
  if (covers(23, 1))
    write(SwitchId::fp16_ovfl, static_cast<std::uint8_t>((mode >> 23) & 1 ? ModeBit::on : ModeBit::off));
  return s;
}

}  // namespace mxlane::device
