// The differential runner: every kernel on the GPU (or any Launcher), compared bit for bit with the
// emulator, a report per builtin and per mismatch, and a capture file `mxlane replay` checks.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "device/cases.hpp"
#include "device/launcher.hpp"

namespace mxlane::device {

struct RunOptions {
  int random_cases = 16;
  std::uint64_t seed = 1;
  std::string filter = "*";  // glob over kernel names ("k_mfma_f32_*", "*sad*")
  int max_details = 8;       // mismatches printed per kernel
};

// One differing word: where, which element(s), the inputs that feed it, and both results.
struct Mismatch {
  std::string kernel;
  std::string case_kind;
  int case_index = 0;
  int lane = 0, vgpr = 0;
  std::uint64_t expected = 0, actual = 0;  // a 64-bit result's pair when bits == 64
  int bits = 32;
  std::string element;  // "D[13][1]" (matrix) or "" (VALU)
  std::string inputs;   // the inputs that feed it, as hex
};

struct RunReport {
  struct Row {
    std::string kernel;
    int cases = 0, mismatches = 0;
  };
  std::vector<Row> rows;
  std::vector<Mismatch> mismatches;
  bool clean() const { return mismatches.empty(); }
};

// Does `name` match the glob (`*` any run, `?` one character)?
bool glob_match(const std::string& glob, const std::string& name);

// Compares one case; `actual` is the launcher's output. Words the builtin leaves undefined (the
// unselected half of an untied 16-bit WMMA result) are ignored, and NaN payloads where the spec says
// the hardware's NaN bits are unknown are compared by class only (equal_outputs()).
std::vector<Mismatch> compare_case(const Kernel& kernel, const Case& c, int case_index,
                                   const std::vector<std::uint32_t>& expected, const std::vector<std::uint32_t>& actual);

// One `mxlane eval` line for a case, with "expect" set to `actual` (a capture line).
std::string capture_line(const Kernel& kernel, const Case& c, int case_index, const std::vector<std::uint32_t>& actual);

// Runs every kernel of `kernels` matching the filter through `launcher`.
RunReport run_kernels(const std::vector<Kernel>& kernels, Launcher& launcher, const RunOptions& options,
                      std::ostream* capture);

void print_report(const RunReport& report, const RunOptions& options, std::ostream& out);

}  // namespace mxlane::device
