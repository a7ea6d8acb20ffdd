// The mxlane command line, runnable in-process: main() and the tests both call run_cli().
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace mxlane::cli {

// Exit codes everywhere (docs/spec/interfaces.md): success, mismatch / failed check, bad usage or input.
inline constexpr int kExitOk = 0;
inline constexpr int kExitMismatch = 1;
inline constexpr int kExitUsage = 2;
// `mxlane device` without an AMD GPU or HIP runtime (CTest's SKIP_RETURN_CODE convention).
inline constexpr int kExitSkipped = 77;

// Flushes `out` and throws InvalidArgument ("cannot write output ...") when any of it was lost (a
// full disk, /dev/full, a closed pipe): output that did not arrive is never a success.
void require_output_written(std::ostream& out);

// Run `mxlane` with `args` (args[0] is the program name). Normal output goes to `out`; an error
// is one line on `err`.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace mxlane::cli
