// Parses the command line with CLI11, dispatches to a subcommand, and maps errors to exit codes.
#include "tools/mxlane/cli.hpp"

#include <functional>
#include <memory>

#include "emu/fast/simd_level.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/isa/valu_desc.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "fmt/ranges.h"
#include "tools/mxlane/commands.hpp"

namespace mxlane::cli {

void require_output_written(std::ostream& out) {
  out.flush();
  if (!out) throw InvalidArgument("cannot write output (standard output)");
}

int run_cli(const std::vector<std::string>& command_line, std::ostream& out, std::ostream& err) {
  const std::vector<std::string> args = lanemap_short_arch(command_line);
  std::vector<std::string_view> valu_archs;  // the architectures with VALU builtins, from the VALU table
  for (const ArchInfo& a : all_archs())
    if (!valu_builtins_for_arch(a.id).empty()) valu_archs.push_back(a.name);
  CLI::App app(fmt::format("mxlane: bit-exact host emulation of AMD wave-matrix instructions ({}), the VALU "
                           "SAD/dot/packing builtins (on {}), and the lane/register layout of every operand.",
                           matrix_coverage(), fmt::join(valu_archs, ", ")),
               "mxlane");
  // The version line also names the fast kernels' instruction set, so a user (or a test) can see what
  // MXLANE_SIMD and the CPU chose.
  app.set_version_flag("--version", fmt::format("mxlane 0.1.0 (fast kernels: {}; this CPU: {})",
                                                fast::simd_level_name(fast::active_simd_level()),
                                                fast::simd_level_name(fast::detected_simd_level())));
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 success, 1 a mismatch or failed check, 2 bad usage or bad input\n"
      "(77: `mxlane device` skipped, no AMD GPU).\n"
      "Environment: MXLANE_SIMD=scalar|avx2|avx512 caps the fast kernels' instruction set\n"
      "(the results are the same bits at every level; --version names the level in use).\n"
      "Examples:\n"
      "  mxlane list --arch gfx1100\n"
      "  mxlane lanemap --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand A\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand D --row 'G*2 + L/16' --col 'L%16'\n"
      "  mxlane eval cases.jsonl\n"
      "  mxlane replay capture.jsonl\n"
      "  mxlane device run --cases 64 --capture gpu.jsonl\n"
      "  mxlane site lanemaps          (then open lanemaps/index.html)\n"
      "Run `mxlane SUBCOMMAND --help` for each subcommand's options.");

  // One row per subcommand: its options, how it registers and runs them, and whether it checks its own
  // standard output (eval, replay and device write their summary to stderr after checking it); the
  // others' exit code stands once their output has arrived.
  struct Subcommand {
    CLI::App* app;
    std::function<int(std::ostream&, std::ostream&)> run;
    bool checks_own_output;
  };
  const auto subcommand = [&app]<class Options>(CLI::App* (*register_options)(CLI::App&, Options&), auto run,
                                                bool own_output) {
    auto options = std::make_shared<Options>();
    CLI::App* sub = register_options(app, *options);
    return Subcommand{sub, [options, run](std::ostream& o, std::ostream& e) { return run(*options, o, e); },
                      own_output};
  };
  const std::vector<Subcommand> subcommands = {
      subcommand(
          &register_list, [](const ListOptions& o, std::ostream& to, std::ostream&) { return run_list(o, to); }, false),
      subcommand(
          &register_lanemap,
          [](const LanemapOptions& o, std::ostream& to, std::ostream&) { return run_lanemap(o, to); }, false),
      subcommand(
          &register_eval,
          [](const EvalOptions& o, std::ostream& to, std::ostream& diag) { return run_eval(o, to, diag); }, true),
      subcommand(
          &register_replay,
          [](const EvalOptions& o, std::ostream& to, std::ostream& diag) { return run_replay(o, to, diag); }, true),
#ifndef MXLANE_WEB_MODULE  // the browser's module (web/) has no GPU to drive and no files to write
      subcommand(
          &register_device,
          [](const DeviceOptions& o, std::ostream& to, std::ostream& diag) { return run_device(o, to, diag); }, true),
#endif
      subcommand(
          &register_check,
          [](const CheckOptions& o, std::ostream& to, std::ostream& diag) { return run_check(o, to, diag); }, false),
#ifndef MXLANE_WEB_MODULE
      subcommand(
          &register_site, [](const SiteOptions& o, std::ostream& to, std::ostream&) { return run_site(o, to); }, false),
#endif
  };

  std::string who = "mxlane";
  if (args.size() > 1 && !args[1].empty() && args[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const Subcommand& sub : subcommands) {
      found = found || sub.app->get_name() == args[1];
      append_item(known, sub.app->get_name());
    }
    if (!found) {
      err << who << ": error: unknown subcommand '" << args[1] << "'; known: " << known << '\n';
      return kExitUsage;
    }
  }
  // MXLANE_SIMD caps the fast kernels' instruction set (emu/fast/simd_level.hpp); a value that names
  // no level is bad input, not something to run past.
  if (const std::string problem = fast::simd_environment_problem(); !problem.empty()) {
    err << who << ": error: " << problem << '\n';
    return kExitUsage;
  }
  try {
    std::vector<const char*> argv;
    argv.reserve(args.size());
    for (const std::string& a : args) argv.push_back(a.c_str());
    app.parse(static_cast<int>(argv.size()), argv.data());
    for (const Subcommand& sub : subcommands) {
      if (!sub.app->parsed()) continue;
      who = "mxlane " + sub.app->get_name();
      const int code = sub.run(out, err);
      if (!sub.checks_own_output) require_output_written(out);
      return code;
    }
    err << who << ": error: no subcommand given\n";
    return kExitUsage;
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return kExitOk;
  } catch (const CLI::CallForVersion& e) {
    out << e.what() << '\n';
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    for (const CLI::App* sub : app.get_subcommands()) who = "mxlane " + sub->get_name();
    err << who << ": error: " << e.what() << '\n';
    return kExitUsage;
  } catch (const InvalidArgument& e) {
    err << who << ": error: " << e.what() << '\n';
    return kExitUsage;
  } catch (const std::exception& e) {
    err << who << ": internal error (a bug in mxlane, please report it): " << e.what() << '\n';
    return kExitUsage;
  }
}

}  // namespace mxlane::cli
