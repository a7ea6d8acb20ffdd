// execute_valu(): gather each active lane's source words, run the builtin's kernel, write D.
#include "emu/insns/execute_valu.hpp"

#include <vector>

#include "emu/insns/valu_insn.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"

namespace mxlane {

ValuKernel valu_kernel(const ValuDesc& desc) {
  struct Entry {
    std::string_view builtin;
    ValuKernel kernel;
  };
  static constexpr Entry kKernels[] = {
#define MXLANE_VALU(builtin, mnemonic, ...) {#builtin, &insns::valu_##mnemonic},
#include "emu/isa/instructions.def"
#undef MXLANE_VALU
  };
  for (const Entry& e : kKernels)
    if (e.builtin == desc.builtin) return e.kernel;
  throw std::logic_error(fmt::format("no semantics for {}", desc.builtin));
}

void require_available(const ValuDesc& desc, ArchId arch) {
  if (!desc.available_on(arch))
    throw InvalidArgument(fmt::format("{} ({}) is not available on {}: it needs {}, which {} have",
                                      desc.builtin, desc.mnemonic, arch_info(arch).name,
                                      desc.feature, arch_names(desc.archs)));
}

void execute_valu(const ValuDesc& desc, ArchId arch, LaneRegFile& regs, const ValuOperands& ops,
                  const Modifiers& mods, const Switches& switches) {
  require_available(desc, arch);
  validate_valu_modifiers(desc, mods);
  const ValuShape shape = desc.shape();
  const auto check = [&](const char* name, int base, int count) {
    if (count > 0 && (base < 0 || base + count > regs.num_regs(RegBank::vgpr)))
      throw InvalidArgument(fmt::format("{}: VGPRs {}..{} are outside the register file", name,
                                        base, base + count - 1));
  };
  check("src0", ops.src[0], shape.src[0]);
  check("src1", ops.src[1], shape.src[1]);
  check("src2", ops.src[2], shape.src[2]);
  check("dst", ops.dst, shape.dst);
  const ValuContext ctx{arch, mods, switches};
  const ValuKernel kernel = valu_kernel(desc);
  std::vector<Dwords> results(static_cast<std::size_t>(regs.wave()));
  for (int lane = 0; lane < regs.wave(); ++lane) {
    if (!regs.exec().active(lane)) continue;
    ValuLane in;
    for (int s = 0; s < 3; ++s)
      for (int w = 0; w < shape.src[s]; ++w)
        in.src[static_cast<std::size_t>(s)][static_cast<std::size_t>(w)] =
            regs.word(ops.src[s] + w, lane);
    results[static_cast<std::size_t>(lane)] = kernel(in, ctx);
  }
  for (int lane = 0; lane < regs.wave(); ++lane) {
    if (!regs.exec().active(lane)) continue;
    for (int w = 0; w < shape.dst; ++w)
      regs.set_word(ops.dst + w, lane,
                    results[static_cast<std::size_t>(lane)][static_cast<std::size_t>(w)]);
  }
}

}  // namespace mxlane
