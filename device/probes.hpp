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
#include "emu/isa/switches.hpp"

namespace mxlane::device {

struct Candidate {
  std::string label;                  // "cbsz_model=calculator"
  std::vector<std::string> settings;  // switch NAME=VALUE settings that select it
};

struct Probe {
  std::string id;  // "docs/spec/layouts.md §11.1"
  std::string question;
  std::string arch;                   // the architecture whose GPU can answer it
  std::string kernel;                 // kernel name in the catalog
  std::vector<Candidate> candidates;  // the first is the current default
  bool raw_inputs = false;            // random lane words instead of matrices scattered through the layouts
  // Handcrafted inputs tried before the search, for questions random inputs rarely reach.
  std::function<std::vector<Case>(const Kernel&)> hints = nullptr;
};

// A Probe::hints of one handcrafted input.
template <class MakeCase>
std::function<std::vector<Case>(const Kernel&)> one_case(MakeCase make) {
  return [make](const Kernel& k) { return std::vector<Case>{make(k)}; };
}

std::vector<Probe> all_probes();

// One candidate per value of switch `name`, the default first.
std::vector<Candidate> switch_candidates(const std::string& name);

// The switches of a probe's own question: those its candidates set.
std::vector<SwitchId> own_switches(const Probe& probe);
// The other open questions a GPU of the probe's architecture answers in its own way: every switch that
// applies to that architecture, except the probe's own and the MODE fields (the kernel's known state).
std::vector<SwitchId> other_questions(const Probe& probe);

// Answers the probes before it in one session found: NAME=VALUE settings of switches (MODE fields never).
using KnownAnswers = std::vector<std::string>;

// The probes (ids) of the probe's architecture, listed before it, that a session must run first for it
// to decide: when none of its inputs decides alone, those that answer the other questions changing them
// (KnownAnswers), and theirs in turn.
std::vector<std::string> prerequisites(const Probe& probe, const std::vector<Kernel>& kernels);

// A probe input, with what besides the probe's own question can change its results.
struct ProbeCase {
  Case c;
  // Other questions not known yet whose answer changes some candidate's result on this input (each value
  // tried alone, with the remaining questions at their defaults, all at their second and all at their last
  // values). Empty: the input answers the probe's question alone.
  std::vector<SwitchId> interfering;
  // The candidates' results stay apart whatever those questions' answers (every combination): the input
  // decides the probe's question alone. Always true for a probe with one candidate.
  bool decides = false;
};

// Inputs on which the candidates' emulated results differ under the `known` answers (up to `wanted`
// cases, searched among the probe's hints and seeded generated cases): those no other question can
// change first, then those that decide the question whatever the other questions' answers, then the
// rest; empty when none was found. Probes with one candidate get plain cases.
std::vector<ProbeCase> discriminating_cases(const Probe& probe, const Kernel& kernel, int wanted = 4,
                                            const KnownAnswers& known = {});

// The catalog kernel a probe runs, or nullptr when its target is not built.
const Kernel* probe_kernel(const Probe& probe, const std::vector<Kernel>& kernels);

struct ProbeResult {
  std::string id;
  // "matches ...", "matches none ...", "cannot decide ...", "not observable ...", "skipped: ...", "error: ..."
  std::string outcome;
  // Labels of the candidates the hardware matched on every case, each under some answer to the
  // interfering other questions.
  std::vector<std::string> matching;
  bool answered() const { return matching.size() == 1; }
  // The answers found before it leave the candidates nothing to tell apart: no input gives them different
  // results (e.g. gfx908's subnormal question on a GPU whose MFMA follows MODE, docs/cdna1.md).
  bool not_observable = false;
};

// Which probes to run: ids matching any `only` glob (all when empty) and no `skip` glob.
struct ProbeSelection {
  std::vector<std::string> only, skip;
  bool leave_out_other_archs = false;  // the loopback runs one architecture at a time: no "needs a GPU" lines
  bool wants(const Probe& probe) const;
};

// Runs every selected probe whose architecture `launcher` serves (`arch`), in the list's order, each
// answered probe's settings known to the ones after it (KnownAnswers). Each probe's outcome is
// written to `out` and its capture lines to `capture` (flushed) as soon as it completes; a probe whose
// launch or emulation throws reports "error: ..." and the next probe still runs. Throws WriteError
// when the capture cannot be written.
std::vector<ProbeResult> run_probes(const std::vector<Kernel>& kernels, const std::string& arch, Launcher& launcher,
                                    std::ostream& out, std::ostream* capture, const ProbeSelection& selection = {});

}  // namespace mxlane::device
