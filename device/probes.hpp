// Probes that settle the open questions on real hardware: each runs one kernel on inputs where the
// candidate behaviours disagree, and reports which candidate (emulator switch setting) the hardware
// matches (docs/spec/numerics.md §E, docs/spec/valu.md §8, docs/spec/layouts.md §11).
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "device/cases.hpp"
#include "device/launcher.hpp"

namespace mxlane::device {

struct Candidate {
  std::string label;                  // "cbsz_model=calculator"
  std::vector<std::string> settings;  // switch NAME=VALUE settings that select it
};

struct Probe {
  std::string id;        // "docs/spec/layouts.md §11.1"
  std::string question;
  std::string arch;      // the architecture whose GPU can answer it
  std::string kernel;    // kernel name in the catalog
  std::vector<Candidate> candidates;  // the first is the current default
  bool raw_inputs = false;  // random lane words instead of matrices scattered through the layouts
  // Handcrafted inputs tried before the search, for questions random inputs rarely reach.
  std::function<Case(const Kernel&)> hint = nullptr;
};

std::vector<Probe> all_probes();

// Inputs on which the candidates' emulated results differ (up to `wanted` cases, searched among
// seeded generated cases); empty when none was found. Probes with one candidate get plain cases.
std::vector<Case> discriminating_cases(const Probe& probe, const Kernel& kernel, int wanted = 4);

// The catalog kernel a probe runs, or nullptr when its target is not built.
const Kernel* probe_kernel(const Probe& probe, const std::vector<Kernel>& kernels);

struct ProbeResult {
  std::string id;
  std::string outcome;  // "matches: ...", "matches none ...", "skipped: ..."
  std::vector<std::string> matching;  // labels of the candidates the hardware matched on every case
};

// Which probes to run: ids matching any `only` glob (all when empty) and no `skip` glob.
struct ProbeSelection {
  std::vector<std::string> only, skip;
  bool leave_out_other_archs = false;  // the loopback runs one architecture at a time: no "needs a GPU" lines
  bool wants(const Probe& probe) const;
};

// Runs every selected probe whose architecture `launcher` serves (`arch`). Each probe's outcome is
// written to `out` and its capture lines to `capture` (flushed) as soon as it completes; a probe whose
// launch or emulation throws reports "error: ..." and the next probe still runs. Throws WriteError
// when the capture cannot be written.
std::vector<ProbeResult> run_probes(const std::vector<Kernel>& kernels, const std::string& arch, Launcher& launcher,
                                    std::ostream& out, std::ostream* capture, const ProbeSelection& selection = {});

}  // namespace mxlane::device
