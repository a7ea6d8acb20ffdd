// The options that choose one operand layout (--arch, --inst, --operand, --wave, the modifiers,
// --option), shared by the subcommands that work on a layout (lanemap, check).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/modifiers.hpp"
#include "emu/protocol/layout_selection.hpp"

namespace mxlane::cli {

using protocol::LayoutSelection;
using protocol::select_layout;
using protocol::SelectedLayout;

// Registers --arch, --inst, --operand, --wave, --cbsz, --abid, --blgp, --opsel, --neg, --neg-hi and
// --option on `cmd`. lanemap leaves --operand optional (--trace names a D element, --format html
// draws all four operands) and checks it itself; check requires it.
enum class OperandOption { required, optional };
// Whether --arch also gets the short name -a. lanemap has the option --a (A's values), and CLI11 2.4
// (Debian 13) refuses -a and --a in one subcommand (they would clash in its config files), so
// lanemap registers --arch alone and accepts -a through lanemap_short_arch() (cli_lanemap.cpp).
enum class ArchShortName { with_a, without };
void add_layout_options(CLI::App* cmd, LayoutSelection& selection, OperandOption operand = OperandOption::required,
                        ArchShortName arch_short = ArchShortName::with_a);

}  // namespace mxlane::cli
