// The differential runner: every kernel on the GPU (or any Launcher), compared bit for bit with the
// emulator, a report per builtin and per mismatch, and a capture file `mxlane replay` checks.
#pragma once

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "device/cases.hpp"
#include "device/launcher.hpp"

namespace mxlane::device {

struct RunOptions {
  int random_cases = 16;
  std::uint64_t seed = 1;
  std::vector<std::string> filters{"*"};  // globs over kernel names ("k_mfma_f32_*", "*sad*"): any may match
  std::vector<std::string> excludes;      // globs of kernels to leave out
  int max_details = 8;                    // differing words printed per kernel
  // Campaigns: this run takes shard `shard_index` (1-based) of `shard_count` disjoint shares of the
  // (kernel, case) pairs; the shares of 1..N together are exactly the unsharded run.
  int shard_index = 1, shard_count = 1;
};

// Does the run (filters, excludes) select this kernel? MODE-writing kernels belong to the probes.
bool selected(const Kernel& kernel, const RunOptions& options);

// Is case `case_index` of `kernel` in this run's shard? (A stable hash of the target and kernel name
// plus the case index, modulo the shard count: independent of the filters and the kernel order.)
bool in_shard(const Kernel& kernel, int case_index, const RunOptions& options);

// A capture line or the report could not be written: the run stops (never "success" after a lost write).
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
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
  // Both words are NaNs of the same class where the specs leave NaN bits open (CDNA2 MFMA,
  // docs/spec/numerics.md §E2; the loose float dots): counted apart, but still a difference (see below).
  bool nan_class_only = false;
};

// The comparison rule, the same for `device run`, `device report` and `mxlane replay`: a case
// agrees when every compared bit is equal. Words that differ only in NaN payload where the specs
// leave NaN bits open are reported apart ("NaN class only"), yet count as differences, because
// replaying the capture compares bits and must give the same verdict.
inline constexpr const char* kComparisonRule =
    "every compared bit must match (as in mxlane replay); \"NaN class only\" counts cases whose only differences are "
    "NaN payloads the specs leave open (docs/spec/numerics.md §E2): reported apart, still differences";

struct RunReport {
  struct Row {
    std::string kernel;  // "gfx1100-w64 k_sad_u8"
    int cases = 0;
    int exact = 0;           // every compared bit equal
    int nan_class_only = 0;  // differences only in NaN payloads the specs leave open
    int mismatches = 0;      // any other difference
    std::string error;       // why the kernel stopped early ("" when it ran every case)
  };
  std::vector<Row> rows;
  std::vector<Mismatch> mismatches;  // includes the NaN-class-only words
  bool clean() const;
  // Counts one compared case into `row` from its differing words.
  static void count(Row& row, const std::vector<Mismatch>& found);
};

// Does `name` match the glob (`*` any run, `?` one character)?
bool glob_match(const std::string& glob, const std::string& name);

// Compares one case; `actual` is the launcher's output. Words the builtin leaves undefined (the
// unselected half of an untied 16-bit WMMA result) are ignored; every other differing word is
// returned, marked nan_class_only where both are NaNs whose bits the specs leave open.
std::vector<Mismatch> compare_case(const Kernel& kernel, const Case& c, int case_index,
                                   const std::vector<std::uint32_t>& expected,
                                   const std::vector<std::uint32_t>& actual);

// One `mxlane eval` line for a case, with "expect" set to `actual` (a capture line).
std::string capture_line(const Kernel& kernel, const Case& c, int case_index, const std::vector<std::uint32_t>& actual);

// The capture id of a case, "gfx1100-w64/k_sad_u8#3 (uniform)", and its inverse (false when `id`
// does not have that shape).
std::string capture_id(const Kernel& kernel, const Case& c, int case_index);
bool parse_capture_id(const std::string& id, std::string& target, std::string& kernel, int& case_index);

// Runs every selected kernel of `kernels` through `launcher`. A kernel whose launch or emulation
// throws is recorded with the error and the run goes on with the next kernel. Each case's capture
// line is written and flushed as soon as it is known; each kernel's table row is written to `live`
// (when given) as soon as the kernel is done. Throws WriteError when the capture cannot be written.
RunReport run_kernels(const std::vector<Kernel>& kernels, Launcher& launcher, const RunOptions& options,
                      std::ostream* capture, std::ostream* live = nullptr);

// The table header and one row, as `run_kernels` writes them live and print_report writes them.
void print_table_header(std::ostream& out);
void print_row(const RunReport::Row& row, std::ostream& out);

// The table (unless already written live), the differing words (up to max_details per kernel) and the
// totals with the comparison rule.
void print_report(const RunReport& report, const RunOptions& options, std::ostream& out, bool with_table = true);

}  // namespace mxlane::device
