// Resolving a layout selection into its operand layout, with errors that name the option.
#include "emu/protocol/layout_selection.hpp"

#include "emu/isa/errors.hpp"
#include "emu/protocol/name_resolution.hpp"
#include "fmt/format.h"

namespace mxlane::protocol {

SelectedLayout select_layout(const LayoutSelection& o) {
  const ArchInfo& arch = resolve_arch_option(o.arch);
  const InstrDesc& desc = resolve_inst_option(arch, o.inst, o.wave);
  const Operand operand = *parse_operand(o.operand);
  if (!desc.has(operand))
    throw InvalidArgument(operand == Operand::IDX
                              ? fmt::format("--operand {}: {} is dense; IDX is the index register of the sparse SMFMAC "
                                            "and SWMMAC instructions",
                                            o.operand, desc.mnemonic)
                              : fmt::format("--operand {}: {} has no scale registers; SA and SB belong to the gfx950 "
                                            "scaled f8f6f4 MFMA (v_mfma_scale_f32_*_f8f6f4)",
                                            o.operand, desc.mnemonic));
  const Switches switches = parse_switch_settings(o.switch_settings, arch_bit(arch.id));
  try {
    return SelectedLayout{&arch, OperandLayout(desc, operand, o.mods, switches)};
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(std::string("modifier ") + e.what());
  }
}

}  // namespace mxlane::protocol
