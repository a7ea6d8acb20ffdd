// emulate(): a kernel's input buffer through the emulator, exactly as the kernel lays it out.
#include "device/launcher.hpp"
#include "emu/insns/execute.hpp"
#include "emu/insns/execute_valu.hpp"

#ifndef MXLANE_DEVICE_BUILD_DIR
#define MXLANE_DEVICE_BUILD_DIR ""
#endif

namespace mxlane::device {

std::vector<std::uint32_t> emulate(const Kernel& k, const std::vector<std::uint32_t>& in, const Switches& switches,
                                   const std::vector<std::uint32_t>* previous_out) {
  const int wave = k.target.wave;
  // Operands sit back to back, each on an even VGPR (64-bit fields are register pairs), and the result
  // follows them (or overwrites C when tied); the register file is sized from these operands, so a
  // 32x32 MFMA's 32-VGPR C and D fit as well as a one-VGPR dot.
  std::vector<int> base;
  int next = 0;
  for (int dwords : k.operand_dwords) {
    base.push_back(next);
    next += dwords + (dwords & 1);
  }
  int dst = next;
  LaneRegFile regs(wave, dst + k.out_dwords + (k.out_dwords & 1));
  int offset = 0;
  for (std::size_t n = 0; n < k.operand_dwords.size(); ++n) {
    for (int r = 0; r < k.operand_dwords[n]; ++r)
      for (int lane = 0; lane < wave; ++lane)
        regs.set_word(base[n] + r, lane, in[static_cast<std::size_t>(lane * k.in_dwords + offset + r)]);
    offset += k.operand_dwords[n];
  }
  if (k.matrix != nullptr) {
    MatrixOperands ops{{base[0]}, {base[1]}, {base[2]}, {dst}, {}, {}, {}};
    const std::vector<Operand> sources = kernel_source_operands(*k.matrix);
    for (std::size_t n = 3; n < sources.size(); ++n) {  // SMFMAC's IDX, or the scale VGPRs SA, SB
      if (sources[n] == Operand::IDX) ops.idx.base = base[n];
      if (sources[n] == Operand::SA) ops.sa.base = base[n];
      if (sources[n] == Operand::SB) ops.sb.base = base[n];
    }
    if (k.matrix->tied)
      ops.d.base = dst = base[2];
    else if (previous_out != nullptr)
      for (int r = 0; r < k.out_dwords; ++r)
        for (int lane = 0; lane < wave; ++lane)
          regs.set_word(dst + r, lane, (*previous_out)[static_cast<std::size_t>(lane * k.out_dwords + r)]);
    execute_matrix(*k.matrix, regs, ops, k.mods, switches);
  } else {
    ValuOperands ops;
    for (std::size_t n = 0; n < base.size(); ++n) ops.src[n] = base[n];
    ops.dst = dst;
    execute_valu(*k.valu, k.target.arch, regs, ops, k.mods, switches);
  }
  std::vector<std::uint32_t> out(static_cast<std::size_t>(wave * k.out_dwords));
  for (int lane = 0; lane < wave; ++lane)
    for (int r = 0; r < k.out_dwords; ++r)
      out[static_cast<std::size_t>(lane * k.out_dwords + r)] = regs.word(dst + r, lane);
  return out;
}

std::string default_code_object_dir() {
  if (const char* env = std::getenv("MXLANE_DEVICE_DIR")) return env;
  return MXLANE_DEVICE_BUILD_DIR;
}

}  // namespace mxlane::device
