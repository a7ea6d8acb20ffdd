// LaneRegFile: a wavefront's per-lane register file (VGPRs, and AccVGPRs on gfx90a) with typed
// access to 4/8/16/32/64-bit elements and an exec mask.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "emu/isa/arch.hpp"
#include "emu/wave/exec_mask.hpp"

namespace mxlane {

// gfx90a has two banks of per-lane registers; RDNA3 only the first.
enum class RegBank : std::uint8_t { vgpr, agpr };

class LaneRegFile {
 public:
  // Every register zero, every lane active. Throws InvalidArgument for a wave size other than
  // 32/64 or a negative register count.
  LaneRegFile(int wave, int num_vgprs, int num_agprs = 0);

  // The register file of `arch` (256 VGPRs, plus 256 AccVGPRs on gfx90a) for `wave`; throws
  // when the architecture does not run that wave size.
  static LaneRegFile for_arch(const ArchInfo& arch, int wave);

  int wave() const { return wave_; }
  int num_regs(RegBank bank) const { return bank == RegBank::vgpr ? num_vgprs_ : num_agprs_; }
  ExecMask& exec() { return exec_; }
  const ExecMask& exec() const { return exec_; }

  // The 32-bit word of register `reg` in lane `lane`.
  std::uint32_t word(int reg, int lane, RegBank bank = RegBank::vgpr) const;
  void set_word(int reg, int lane, std::uint32_t value, RegBank bank = RegBank::vgpr);

  // Every word of a bank, index reg * wave + lane: bulk access for loops that have checked their
  // registers against num_regs() once (the eval fast path, emu/api/matrix_executor.cpp).
  std::span<std::uint32_t> words(RegBank bank = RegBank::vgpr) { return bank == RegBank::vgpr ? vgprs_ : agprs_; }
  std::span<const std::uint32_t> words(RegBank bank = RegBank::vgpr) const {
    return bank == RegBank::vgpr ? vgprs_ : agprs_;
  }

  // A `width`-bit field (4, 8, 16, 32, or 64) at bit `bit_lo` of register `reg`, lane `lane`.
  // Fields are naturally aligned (bit_lo a multiple of width). A 64-bit field is the register
  // pair (reg, reg+1) with the low word in `reg`, as the hardware stores it.
  std::uint64_t read(int reg, int lane, int bit_lo, int width, RegBank bank = RegBank::vgpr) const;
  void write(int reg, int lane, int bit_lo, int width, std::uint64_t value, RegBank bank = RegBank::vgpr);

  // Element `index` of a register seen as packed elements, low bits first: nibble 0..7,
  // byte 0..3, half 0..1. pair() is the 64-bit register pair starting at `reg`.
  std::uint8_t nibble(int reg, int lane, int index, RegBank bank = RegBank::vgpr) const {
    return static_cast<std::uint8_t>(read(reg, lane, 4 * index, 4, bank));
  }
  std::uint8_t byte(int reg, int lane, int index, RegBank bank = RegBank::vgpr) const {
    return static_cast<std::uint8_t>(read(reg, lane, 8 * index, 8, bank));
  }
  std::uint16_t half(int reg, int lane, int index, RegBank bank = RegBank::vgpr) const {
    return static_cast<std::uint16_t>(read(reg, lane, 16 * index, 16, bank));
  }
  std::uint64_t pair(int reg, int lane, RegBank bank = RegBank::vgpr) const { return read(reg, lane, 0, 64, bank); }

 private:
  std::size_t index_of(int reg, int lane, RegBank bank) const;

  int wave_;
  int num_vgprs_;
  int num_agprs_;
  ExecMask exec_;
  std::vector<std::uint32_t> vgprs_;  // [reg * wave + lane]
  std::vector<std::uint32_t> agprs_;
};

}  // namespace mxlane
