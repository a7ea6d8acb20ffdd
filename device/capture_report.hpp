// `mxlane device report`: the captures of one or many runs (the shards of a campaign) merged into
// one report, each case re-checked against the emulator with the runner's comparison rule.
#pragma once

#include <string>
#include <vector>

#include "device/runner.hpp"

namespace mxlane::device {

// Reads every capture line of `paths` (written by `device run --capture`), finds its kernel in
// `kernels` by the line's id, and compares the captured result with the emulator's. Rows follow the
// order of `kernels`. Throws InvalidArgument naming the file and line for a malformed line, an
// unknown kernel, or a case that appears twice (overlapping shards).
RunReport report_from_captures(const std::vector<std::string>& paths, const std::vector<Kernel>& kernels);

}  // namespace mxlane::device
