// `mxlane device run | probe | list`: the differential runner and the probes on an AMD GPU.
#include <fstream>

#include "device/probes.hpp"
#include "device/runner.hpp"
#include "emu/isa/errors.hpp"
#include "fmt/format.h"
#include "tools/mxlane/cli.hpp"
#include "tools/mxlane/commands.hpp"

namespace mxlane::cli {
namespace {

std::vector<device::Kernel> all_kernels(const std::string& arch_filter) {
  std::vector<device::Kernel> out;
  for (const ArchInfo& a : all_archs()) {
    if (arch_filter != "auto" && arch_filter != a.name) continue;
    for (const device::Target& t : device::targets_for({std::string(a.name)})) {
      auto ks = device::kernels_for(t);
      out.insert(out.end(), ks.begin(), ks.end());
    }
  }
  return out;
}

std::unique_ptr<std::ofstream> open_capture(const std::string& path) {
  if (path.empty()) return nullptr;
  auto f = std::make_unique<std::ofstream>(path);
  if (!*f) throw InvalidArgument(fmt::format("--capture: cannot write '{}'", path));
  return f;
}

}  // namespace

CLI::App* register_device(CLI::App& app, DeviceOptions& o) {
  CLI::App* cmd = app.add_subcommand("device", "Run every builtin on a real AMD GPU and compare with the emulator, or run the probes.");
  cmd->require_subcommand(1);
  const auto common = [&o](CLI::App* sub) {
    sub->add_option("--arch", o.arch, "auto (default: the GPU found) or gfx90a, gfx1100, ...");
    sub->add_option("--device-dir", o.device_dir,
                    "Directory of the mxlane_<target>.co code objects (default: $MXLANE_DEVICE_DIR or the build's device/)");
    sub->add_option("--capture", o.capture, "Write every case with the hardware's results as eval lines (for mxlane replay)");
  };
  CLI::App* run = cmd->add_subcommand("run", "Run each builtin's targeted vectors and N random cases; report every differing bit");
  common(run);
  run->add_option("--cases", o.cases, "Random cases per kernel (default 16), cycling uniform, special-value and cancellation inputs")
      ->check(CLI::Range(0, 100000));
  run->add_option("--seed", o.seed, "Seed of the random cases (default 1)");
  run->add_option("--filter", o.filter, "Glob over kernel names (default *), e.g. 'k_mfma_f32_16x16x16f16*' or '*sad*'");
  run->footer("Exit: 0 all match, 1 a mismatch, 77 skipped (no AMD GPU or HIP runtime).\n"
              "Example: mxlane device run --cases 64 --capture mi250x.jsonl");
  CLI::App* probe = cmd->add_subcommand("probe", "Settle the open questions: report which emulator switch the hardware matches");
  common(probe);
  probe->add_flag("--list", o.list, "List the probes and check their inputs discriminate (needs no GPU)");
  CLI::App* list = cmd->add_subcommand("list", "List the device kernels of every target");
  list->add_option("--arch", o.arch, "Only this architecture");
  o.run = run;
  o.probe = probe;
  o.list_cmd = list;
  return cmd;
}

int run_device(const DeviceOptions& o, std::ostream& out, std::ostream& err) {
  if (o.list_cmd->parsed()) {
    for (const device::Kernel& k : all_kernels(o.arch))
      out << fmt::format("{:<12} {:<58} in {:>3} out {:>2} {}\n", k.target.name(), k.name, k.in_dwords, k.out_dwords, k.mnemonics[0]);
    return kExitOk;
  }
  const std::vector<device::Kernel> kernels = all_kernels("auto");
  if (o.probe->parsed() && o.list) {
    int bad = 0;
    for (const device::Probe& p : device::all_probes()) {
      const device::Kernel* k = device::probe_kernel(p, kernels);
      const std::size_t found = k == nullptr ? 0 : device::discriminating_cases(p, *k).size();
      bad += found == 0 ? 1 : 0;
      out << fmt::format("{:<40} {:<8} {:<44} {}\n", p.id, p.arch, p.kernel,
                         found == 0 ? "NO discriminating input" : fmt::format("{} discriminating case(s)", found));
    }
    return bad == 0 ? kExitOk : kExitMismatch;
  }
  const std::string dir = o.device_dir.empty() ? device::default_code_object_dir() : o.device_dir;
  std::string why;
  std::unique_ptr<device::HipLauncher> gpu = device::HipLauncher::open(dir, o.arch, why);
  if (!gpu) {
    out << "skipped: " << why << '\n';
    return kExitSkipped;
  }
  auto capture = open_capture(o.capture);
  out << fmt::format("GPU: {} (code objects from {})\n", gpu->arch(), dir);
  std::vector<device::Kernel> mine;
  for (const device::Kernel& k : kernels)
    if (arch_info(k.target.arch).name == gpu->arch()) mine.push_back(k);
  if (o.probe->parsed()) {
    const auto results = device::run_probes(mine, gpu->arch(), *gpu, out, capture.get());
    for (const auto& r : results)
      if (r.outcome.rfind("matches none", 0) == 0) return kExitMismatch;
    return kExitOk;
  }
  device::RunOptions options;
  options.random_cases = o.cases;
  options.seed = o.seed;
  options.filter = o.filter;
  const device::RunReport report = device::run_kernels(mine, *gpu, options, capture.get());
  device::print_report(report, options, out);
  (void)err;
  return report.clean() ? kExitOk : kExitMismatch;
}

}  // namespace mxlane::cli
