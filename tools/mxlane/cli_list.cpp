// `mxlane list`: its options; the list itself is emu/protocol/instruction_list.cpp.
#include "emu/protocol/instruction_list.hpp"
#include "tools/mxlane/commands.hpp"

namespace mxlane::cli {

using namespace protocol;  // the line protocol, the trace and the list this command prints

CLI::App* register_list(CLI::App& app, ListOptions& options) {
  CLI::App* cmd =
      app.add_subcommand("list", "List every instruction and builtin of an architecture with its properties.");
  cmd->add_option("-a,--arch", options.arch,
                  "Architecture (" + architecture_names() +
                      ") or an alias (cdna2, mi250x, rdna3, gfx1151, ...); "
                      "default: all. Example: --arch rdna3")
      ->check(non_empty("an empty architecture name (omit --arch for all)"));
  cmd->add_option("--format", options.format,
                  "text (default), json, or with --options markdown (the switch reference of docs/switches.md). "
                  "Example: --format json")
      ->check(CLI::IsMember({"text", "json", "markdown"}));
  CLI::Option* inst = cmd->add_option(
      "-i,--inst", options.inst,
      "One matrix instruction in detail (needs --arch), like the calculator's --detail-instruction: encoding, "
      "shape, types, FLOPs, cycles, VGPRs, alignment, AccVGPR use, modifiers and the index formulas of A, B, C and D "
      "in `mxlane check` syntax. Example: --arch gfx90a --inst v_mfma_f32_4x4x4f16");
  inst->check(non_empty());
  cmd->add_option("--wave", options.wave, "With --inst: 32 or 64 (RDNA3 builtins exist in both). Example: --wave 64")
      ->needs(inst);
  cmd->add_flag(
         "--options", options.switches,
         "The behaviour switches (`--option NAME=VALUE`) alone: each one's values and meanings, default, "
         "architectures and evidence; with --arch only those its instructions consult. Example: --options --arch gfx942")
      ->excludes(inst);
  cmd->footer(
      "Examples:\n"
      "  mxlane list                        every architecture, as a table\n"
      "  mxlane list --arch mi250x          gfx90a's 27 MFMA builtins\n"
      "  mxlane list --arch gfx1100 --format json\n"
      "  mxlane list --arch gfx90a --inst v_mfma_f32_32x32x8f16   one instruction in detail\n"
      "  mxlane list --options --format markdown     the switch reference (docs/switches.md)");
  return cmd;
}

int run_list(const ListOptions& options, std::ostream& out) {
  const ListFormat format = options.format == "json"       ? ListFormat::json
                            : options.format == "markdown" ? ListFormat::markdown
                                                           : ListFormat::text;
  write_instruction_list({.arch = options.arch,
                          .format = format,
                          .inst = options.inst,
                          .wave = options.wave,
                          .switches_only = options.switches},
                         out);
  return 0;
}

}  // namespace mxlane::cli
