// `mxlane device run | probe | report | list`: the differential runner and the probes on an AMD GPU
// (or on the loopback, the emulator behind the same launch path), and the merged report of captures.
#include <sys/stat.h>

#include <algorithm>
#include <fstream>

#include "device/capture_report.hpp"
#include "device/probes.hpp"
#include "device/runner.hpp"
#include "emu/isa/errors.hpp"
#include "emu/isa/switch_scope.hpp"
#include "fmt/format.h"
#include "fmt/ranges.h"
#include "tools/mxlane/cli.hpp"
#include "tools/mxlane/commands.hpp"

namespace mxlane::cli {
namespace {

// The architectures with device kernels (kernel_catalog.cpp), in table order.
std::vector<std::string> device_archs() {
  std::vector<std::string> out;
  for (const ArchInfo& a : all_archs())
    for (const device::Target& t : device::targets_for({std::string(a.name)}))
      if (!device::kernels_for(t).empty()) {
        out.emplace_back(a.name);
        break;
      }
  return out;
}

// "auto" or an architecture with device kernels; anything else is a typo (exit 2).
void check_arch(const std::string& arch) {
  if (arch == "auto") return;
  std::string known;
  for (const std::string& a : device_archs()) {
    if (a == arch) return;
    known += (known.empty() ? "" : ", ") + a;
  }
  throw InvalidArgument(fmt::format("--arch: no device kernels for '{}'; known: auto, {}", arch, known));
}

std::vector<device::Kernel> all_kernels(const std::string& arch_filter) {
  return device::every_kernel(arch_filter == "auto" ? std::string() : arch_filter);
}

std::unique_ptr<std::ofstream> open_capture(const std::string& path) {
  if (path.empty()) return nullptr;
  auto f = std::make_unique<std::ofstream>(path);
  if (!*f) throw InvalidArgument(fmt::format("--capture: cannot write '{}'", path));
  return f;
}

bool is_directory(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// "--shard I/N" with 1 <= I <= N.
void parse_shard(const std::string& text, device::RunOptions& o) {
  if (text.empty()) return;
  const std::size_t slash = text.find('/');
  int i = 0, n = 0;
  std::size_t used_i = 0, used_n = 0;
  try {
    i = std::stoi(text.substr(0, slash), &used_i);
    n = slash == std::string::npos ? 0 : std::stoi(text.substr(slash + 1), &used_n);
  } catch (const std::exception&) {
    n = 0;
  }
  if (slash == std::string::npos || used_i != slash || used_n != text.size() - slash - 1 || n < 1 || i < 1 || i > n)
    throw InvalidArgument(fmt::format("--shard: expected I/N with 1 <= I <= N (e.g. 2/8), got '{}'", text));
  o.shard_index = i;
  o.shard_count = n;
}

int report_exit(const device::RunReport& report) { return report.clean() ? kExitOk : kExitMismatch; }

}  // namespace

CLI::App* register_device(CLI::App& app, DeviceOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "device", "Run every builtin on a real AMD GPU and compare with the emulator, or run the probes.");
  cmd->require_subcommand(1);
  cmd->footer(
      "Exit codes: 0 all match, 1 a mismatch or a failed kernel/probe, 2 bad usage or input,\n"
      "77 skipped: no AMD GPU (the reason and what to do are printed).\n"
      "Examples:\n"
      "  mxlane device run --cases 64 --capture gpu.jsonl\n"
      "  mxlane device run --filter 'k_mfma_f32_32x32*' --exclude '*blgp*' --max-details 3\n"
      "  mxlane device run --shard 2/8 --seed 7 --capture shard2.jsonl     (then: mxlane device report shard*.jsonl)\n"
      "  mxlane device probe --only 'docs/spec/numerics.md §E*' --capture probes.jsonl\n"
      "  mxlane device run --backend loopback --arch gfx1100 --cases 2    (the launch path, no GPU needed)\n"
      "  mxlane device list --arch gfx90a\n"
      "See device/README.md.");
  const auto common = [&o](CLI::App* sub) {
    sub->add_option(
        "--arch", o.arch,
        "auto (default: the GPU found; every architecture for the loopback) or one of " + architecture_names());
    sub->add_option(
        "--device-dir", o.device_dir,
        "Directory of the mxlane_<target>.co code objects (default: $MXLANE_DEVICE_DIR or the build's device/)");
    sub->add_option("--capture", o.capture,
                    "Write every case with the hardware's results as eval lines (for mxlane replay)");
    sub->add_option(
           "--backend", o.backend,
           "hip (default: a real GPU through the HIP runtime) or loopback (the emulator plays the GPU behind the "
           "same launch path; checks the runner, not the hardware)")
        ->check(CLI::IsMember({"hip", "loopback"}));
    sub->add_option(
        "--loopback-option", o.loopback_options,
        "With --backend loopback: the GPU it plays answers an open question this way, switch NAME=VALUE "
        "(repeatable; the switches: `mxlane list --options`). A MODE field (mode_round, mode_denorm_f32, mode_denorm_f16_f64, "
        "fp16_ovfl) given here stays so whatever a kernel writes. Example: --loopback-option cdna2_nan=propagate");
  };
  CLI::App* run =
      cmd->add_subcommand("run", "Run each builtin's targeted vectors and N random cases; report every differing bit");
  common(run);
  run->add_option("--cases", o.cases,
                  "Random cases per kernel (default 16), cycling uniform, special-value and cancellation inputs")
      ->check(CLI::Range(0, 100000));
  run->add_option("--seed", o.seed, "Seed of the random cases (default 1)");
  run->add_option("--filter", o.filters,
                  "Glob over kernel names (repeatable; default *), e.g. 'k_mfma_f32_16x16x16f16*' or '*sad*'");
  run->add_option("--exclude", o.excludes, "Glob of kernel names to leave out (repeatable)");
  run->add_option("--max-details", o.max_details, "Differing words printed per kernel (default 8)")
      ->check(CLI::Range(0, 1000000));
  run->add_option("--shard", o.shard,
                  "Run share I of N disjoint shares of the cases (same --seed and --cases in every shard)");
  run->footer(
      "Exit: 0 all match, 1 a mismatch or a failed kernel, 2 bad usage, 77 skipped (no AMD GPU).\n"
      "Examples:\n"
      "  mxlane device run --cases 64 --capture mi250x.jsonl\n"
      "  mxlane device run --filter 'k_mfma*' --exclude 'k_mfma_f64*' --max-details 2\n"
      "  HIP_VISIBLE_DEVICES=1 mxlane device run --shard 2/4 --seed 9 --capture shard2.jsonl");
  CLI::App* probe =
      cmd->add_subcommand("probe", "Settle the open questions: report which emulator switch the hardware matches");
  common(probe);
  probe->add_flag("--list", o.list, "List the probes and check their inputs discriminate (needs no GPU)");
  probe->add_option("--only", o.only,
                    "Run only the probes whose id matches this glob (repeatable), e.g. 'docs/spec/numerics.md §E1*'");
  probe->add_option("--skip", o.skip, "Leave out the probes whose id matches this glob (repeatable)");
  probe->footer(
      "Exit: 0 every probe answered, 1 a probe matched no candidate or failed, 2 bad usage, 77 skipped (no AMD GPU).\n"
      "Examples:\n"
      "  mxlane device probe --capture probes.jsonl\n"
      "  mxlane device probe --list\n"
      "  mxlane device probe --backend loopback --loopback-option cdna2_nan=propagate   (a GPU with other answers)\n"
      "  mxlane device probe --skip 'docs/spec/valu.md*'");
  CLI::App* report =
      cmd->add_subcommand("report", "Merge the captures of device run (e.g. the shards of a campaign) into one report");
  report->add_option("captures", o.captures, "Capture files written by device run --capture")->required();
  report->add_option("--max-details", o.max_details, "Differing words printed per kernel (default 8)")
      ->check(CLI::Range(0, 1000000));
  report->footer(
      "Exit: 0 all match, 1 a mismatch, 2 a malformed, unknown or duplicated line.\n"
      "Example: mxlane device report shard1.jsonl shard2.jsonl shard3.jsonl shard4.jsonl");
  CLI::App* list = cmd->add_subcommand("list", "List the device kernels of every target");
  list->add_option("--arch", o.arch, "Only this architecture");
  list->footer("Example: mxlane device list --arch gfx1100");
  o.run = run;
  o.probe = probe;
  o.list_cmd = list;
  o.report = report;
  return cmd;
}

int run_device(const DeviceOptions& o, std::ostream& out, std::ostream& err) {
  check_arch(o.arch);
  device::RunOptions options;
  options.random_cases = o.cases;
  options.seed = o.seed;
  if (!o.filters.empty()) options.filters = o.filters;
  options.excludes = o.excludes;
  options.max_details = o.max_details;
  parse_shard(o.shard, options);

  if (o.list_cmd->parsed()) {
    for (const device::Kernel& k : all_kernels(o.arch))
      out << fmt::format("{:<12} {:<58} in {:>3} out {:>2} {}\n", k.target.name(), k.name, k.in_dwords, k.out_dwords,
                         k.mnemonics[0]);
    return kExitOk;
  }
  const std::vector<device::Kernel> kernels = all_kernels("auto");
  if (o.report->parsed()) {
    const device::RunReport report = device::report_from_captures(o.captures, kernels);
    device::print_report(report, options, out);
    return report_exit(report);
  }
  if (o.probe->parsed() && o.list) {
    int bad = 0;
    for (const device::Probe& p : device::all_probes()) {
      const device::Kernel* k = device::probe_kernel(p, kernels);
      const std::vector<device::ProbeCase> found =
          k == nullptr ? std::vector<device::ProbeCase>{} : device::discriminating_cases(p, *k);
      const auto deciding =
          std::count_if(found.begin(), found.end(), [](const device::ProbeCase& c) { return c.decides; });
      const auto alone =
          std::count_if(found.begin(), found.end(), [](const device::ProbeCase& c) { return c.interfering.empty(); });
      bad += found.empty() ? 1 : 0;
      std::vector<std::string> interfering;  // what else changes these inputs' results, for the reader
      for (const device::ProbeCase& c : found)
        for (SwitchId id : c.interfering)
          if (std::find(interfering.begin(), interfering.end(), switch_info(id).name) == interfering.end())
            interfering.emplace_back(switch_info(id).name);
      const std::vector<std::string> before = device::prerequisites(p, kernels);
      out << fmt::format(
          "{:<40} {:<8} {:<44} {}{}\n", p.id, p.arch, p.kernel,
          found.empty()
              ? "NO discriminating input"
              : fmt::format(
                    "{} discriminating case(s): {} no other question changes, {} deciding "
                    "whatever the other questions' answers{}",
                    found.size(), alone, deciding,
                    interfering.empty() ? "" : fmt::format(" (also changed by {})", fmt::join(interfering, ", "))),
          before.empty() ? "" : fmt::format("; after {}", fmt::join(before, ", ")));
    }
    return bad == 0 ? kExitOk : kExitMismatch;
  }
  if (!o.device_dir.empty() && !is_directory(o.device_dir))
    throw InvalidArgument(fmt::format("--device-dir: '{}' is not a directory", o.device_dir));
  const std::string dir = o.device_dir.empty() ? device::default_code_object_dir() : o.device_dir;

  // The architectures this launcher serves: the GPU's, or for the loopback the ones asked for.
  std::vector<std::string> archs;
  std::unique_ptr<device::DeviceRuntime> runtime;
  if (o.backend == "loopback") {
    archs = o.arch == "auto" ? device_archs() : std::vector<std::string>{o.arch};
    ArchMask served = 0;
    for (const std::string& a : archs) served |= arch_bit(find_arch(a)->id);  // check_arch accepted each
    const Switches gpu = parse_switch_settings(o.loopback_options, served, "--loopback-option");
    std::vector<SwitchId> kept_mode_fields;  // the MODE fields given: a kernel's write leaves them as they are
    for (const SwitchInfo& info : all_switches())
      for (const std::string& setting : o.loopback_options)
        if (switch_is_mode_field(info.id) && setting.substr(0, setting.find('=')) == info.name)
          kept_mode_fields.push_back(info.id);
    runtime = device::open_loopback(is_directory(dir) ? dir : std::string(), gpu, kept_mode_fields);
  } else {
    if (!o.loopback_options.empty())
      throw InvalidArgument(
          fmt::format("--loopback-option: '{}' needs --backend loopback (a real GPU answers for itself)",
                      o.loopback_options.front()));
    std::string skipped, gpu_arch;
    runtime = device::open_hip(dir, o.arch, skipped, gpu_arch);
    if (!runtime) {
      out << "skipped: " << skipped << '\n';
      return kExitSkipped;
    }
    archs = {gpu_arch};
  }
  const std::string description = runtime->describe();
  device::RuntimeLauncher launcher(std::move(runtime));
  auto capture = open_capture(o.capture);
  out << "Device: " << description << '\n';
  std::vector<device::Kernel> mine;
  for (const device::Kernel& k : kernels)
    for (const std::string& a : archs)
      if (arch_info(k.target.arch).name == a) mine.push_back(k);
  try {
    if (o.probe->parsed()) {
      device::ProbeSelection selection{o.only, o.skip, o.backend == "loopback"};
      int failed = 0;
      for (const std::string& a : archs)
        for (const auto& r : device::run_probes(mine, a, launcher, out, capture.get(), selection))
          failed += r.answered() || r.not_observable || r.outcome.rfind("skipped", 0) == 0 ? 0 : 1;
      return failed == 0 ? kExitOk : kExitMismatch;
    }
    device::print_table_header(out);
    const device::RunReport report = device::run_kernels(mine, launcher, options, capture.get(), &out);
    device::print_report(report, options, out, false);
    return report_exit(report);
  } catch (const device::WriteError& e) {
    err << "mxlane device: error: " << e.what() << " ('" << o.capture << "')\n";
    return kExitUsage;
  }
}

}  // namespace mxlane::cli
