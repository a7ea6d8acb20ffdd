// Per-lane register file storage and bounds-checked typed access.
#include "emu/wave/lane_regfile.hpp"

namespace mxlane {

LaneRegFile::LaneRegFile(int wave, int num_vgprs, int num_agprs)
    : wave_(wave), num_vgprs_(num_vgprs), num_agprs_(num_agprs), exec_(ExecMask::all(wave)) {
  if (num_vgprs < 0 || num_agprs < 0)
    throw InvalidArgument(
        fmt::format("register counts must not be negative ({} VGPRs, {} AGPRs)", num_vgprs, num_agprs));
  vgprs_.assign(static_cast<std::size_t>(num_vgprs) * static_cast<std::size_t>(wave), 0);
  agprs_.assign(static_cast<std::size_t>(num_agprs) * static_cast<std::size_t>(wave), 0);
}

LaneRegFile LaneRegFile::for_arch(const ArchInfo& arch, int wave) {
  if (!arch_supports_wave(arch, wave)) throw InvalidArgument(fmt::format("{} does not run wave{}", arch.name, wave));
  return LaneRegFile(wave, arch.vgprs, arch.agprs);
}

std::size_t LaneRegFile::index_of(int reg, int lane, RegBank bank) const {
  const int count = num_regs(bank);
  const char* name = bank == RegBank::vgpr ? "VGPR" : "AccVGPR";
  if (reg < 0 || reg >= count)
    throw InvalidArgument(fmt::format("{} {} is outside the register file (0..{})", name, reg, count - 1));
  if (lane < 0 || lane >= wave_)
    throw InvalidArgument(fmt::format("lane {} is outside a wave{} (0..{})", lane, wave_, wave_ - 1));
  return static_cast<std::size_t>(reg) * static_cast<std::size_t>(wave_) + static_cast<std::size_t>(lane);
}

std::uint32_t LaneRegFile::word(int reg, int lane, RegBank bank) const {
  const std::size_t i = index_of(reg, lane, bank);
  return bank == RegBank::vgpr ? vgprs_[i] : agprs_[i];
}

void LaneRegFile::set_word(int reg, int lane, std::uint32_t value, RegBank bank) {
  const std::size_t i = index_of(reg, lane, bank);
  (bank == RegBank::vgpr ? vgprs_ : agprs_)[i] = value;
}

namespace {
void check_field(int bit_lo, int width) {
  // 2 bits: the SMFMAC index fields (docs/cdna3.md §3). 6 bits: the packed fp6/bf6 fields of the gfx950
  // f8f6f4 MFMA, at any bit of one word (a field crossing a word is read as two pieces, docs/cdna4.md §2.2).
  const bool width_ok =
      width == 2 || width == 4 || width == 6 || width == 8 || width == 16 || width == 32 || width == 64;
  const bool aligned = width == 6 || bit_lo % width == 0;
  if (!width_ok || bit_lo < 0 || !aligned || (width < 64 && bit_lo + width > 32) || (width == 64 && bit_lo != 0))
    throw InvalidArgument(
        fmt::format("bit field [{}:{}] is not a naturally aligned 2/4/8/16/32/64-bit field or a "
                    "6-bit field inside one word",
                    bit_lo + width - 1, bit_lo));
}
}  // namespace

std::uint64_t LaneRegFile::read(int reg, int lane, int bit_lo, int width, RegBank bank) const {
  check_field(bit_lo, width);
  if (width == 64) return std::uint64_t{word(reg, lane, bank)} | (std::uint64_t{word(reg + 1, lane, bank)} << 32);
  const std::uint32_t w = word(reg, lane, bank);
  if (width == 32) return w;
  return (w >> bit_lo) & ((1U << width) - 1U);
}

void LaneRegFile::write(int reg, int lane, int bit_lo, int width, std::uint64_t value, RegBank bank) {
  check_field(bit_lo, width);
  if (width == 64) {
    index_of(reg + 1, lane, bank);  // check both halves before writing either
    set_word(reg, lane, static_cast<std::uint32_t>(value), bank);
    set_word(reg + 1, lane, static_cast<std::uint32_t>(value >> 32), bank);
    return;
  }
  if (width < 64 && (value >> width) != 0)
    throw InvalidArgument(fmt::format("value {:#x} does not fit a {}-bit field", value, width));
  if (width == 32) {
    set_word(reg, lane, static_cast<std::uint32_t>(value), bank);
    return;
  }
  const std::uint32_t mask = ((1U << width) - 1U) << bit_lo;
  const std::uint32_t old = word(reg, lane, bank);
  set_word(reg, lane, (old & ~mask) | (static_cast<std::uint32_t>(value) << bit_lo), bank);
}

}  // namespace mxlane
