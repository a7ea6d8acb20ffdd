// Which operand layout a request names (architecture, instruction, operand, wave, modifiers, switch
// settings), resolved into the layout: shared by `mxlane lanemap`/`check`, the trace and the Python module.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "emu/isa/arch.hpp"
#include "emu/isa/modifiers.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane::protocol {

struct LayoutSelection {
  std::string arch;
  std::string inst;
  std::string operand;
  std::optional<int> wave;
  Modifiers mods;
  std::vector<std::string> switch_settings;  // NAME=VALUE
};

struct SelectedLayout {
  const ArchInfo* arch;
  OperandLayout layout;
};
// Resolves the selection; throws InvalidArgument naming the option at fault.
SelectedLayout select_layout(const LayoutSelection& selection);

// The architecture a lanemap or trace output names: the table's, and the user's spelling (an alias, maybe).
struct LanemapHeader {
  const ArchInfo* arch;
  std::string requested_arch;
};

}  // namespace mxlane::protocol
