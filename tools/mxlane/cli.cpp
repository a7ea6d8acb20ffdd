// Parses the command line with CLI11, dispatches to a subcommand, and maps errors to exit codes.
#include "tools/mxlane/cli.hpp"

#include "emu/isa/errors.hpp"
#include "emu/util/text.hpp"
#include "tools/mxlane/commands.hpp"

namespace mxlane::cli {

void require_output_written(std::ostream& out) {
  out.flush();
  if (!out) throw InvalidArgument("cannot write output (standard output)");
}

int run_cli(const std::vector<std::string>& command_line, std::ostream& out, std::ostream& err) {
  const std::vector<std::string> args = lanemap_short_arch(command_line);
  CLI::App app(
      "mxlane: bit-exact host emulation of AMD wave-matrix instructions (gfx90a MFMA, gfx1100 "
      "WMMA) and the lane/register layout of every operand.",
      "mxlane");
  app.set_version_flag("--version", "mxlane 0.1.0");
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 success, 1 a mismatch or failed check, 2 bad usage or bad input\n"
      "(77: `mxlane device` skipped, no AMD GPU).\n"
      "Examples:\n"
      "  mxlane list --arch gfx1100\n"
      "  mxlane lanemap --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand A\n"
      "  mxlane check --arch gfx1100 --inst v_wmma_f32_16x16x16_f16 --operand D --row 'G*2 + L/16' --col 'L%16'\n"
      "  mxlane eval cases.jsonl\n"
      "  mxlane replay capture.jsonl\n"
      "  mxlane device run --cases 64 --capture gpu.jsonl\n"
      "  mxlane site lanemaps          (then open lanemaps/index.html)\n"
      "Run `mxlane SUBCOMMAND --help` for each subcommand's options.");

  ListOptions list_options;
  LanemapOptions lanemap_options;
  CLI::App* list = register_list(app, list_options);
  CLI::App* lanemap = register_lanemap(app, lanemap_options);
  EvalOptions eval_options, replay_options;
  CLI::App* eval = register_eval(app, eval_options);
  CLI::App* replay = register_replay(app, replay_options);
  DeviceOptions device_options;
  CLI::App* device = register_device(app, device_options);
  CheckOptions check_options;
  CLI::App* check = register_check(app, check_options);
  SiteOptions site_options;
  CLI::App* site = register_site(app, site_options);

  std::string who = "mxlane";
  // A subcommand's exit code once its standard output has arrived (eval and replay check theirs
  // before their summary line on stderr).
  const auto written = [&](int code) {
    require_output_written(out);
    return code;
  };
  const std::vector<const CLI::App*> subcommands = {list, lanemap, eval, replay, device, check, site};
  if (args.size() > 1 && !args[1].empty() && args[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* sub : subcommands) {
      found = found || sub->get_name() == args[1];
      append_item(known, sub->get_name());
    }
    if (!found) {
      err << who << ": error: unknown subcommand '" << args[1] << "'; known: " << known << '\n';
      return kExitUsage;
    }
  }
  try {
    std::vector<const char*> argv;
    argv.reserve(args.size());
    for (const std::string& a : args) argv.push_back(a.c_str());
    app.parse(static_cast<int>(argv.size()), argv.data());
    if (list->parsed()) {
      who = "mxlane list";
      return written(run_list(list_options, out));
    }
    if (lanemap->parsed()) {
      who = "mxlane lanemap";
      return written(run_lanemap(lanemap_options, out));
    }
    if (eval->parsed()) {
      who = "mxlane eval";
      return run_eval(eval_options, out, err);
    }
    if (replay->parsed()) {
      who = "mxlane replay";
      return run_replay(replay_options, out, err);
    }
    if (device->parsed()) {
      who = "mxlane device";
      return run_device(device_options, out, err);
    }
    if (check->parsed()) {
      who = "mxlane check";
      return written(run_check(check_options, out, err));
    }
    if (site->parsed()) {
      who = "mxlane site";
      return written(run_site(site_options, out));
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
