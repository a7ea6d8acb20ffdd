// libFuzzer target: one `mxlane eval` / `replay` line end to end (fuzz_entries.hpp).
#include "fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mxlane::fuzz::eval_line_input(data, size);
  return 0;
}
