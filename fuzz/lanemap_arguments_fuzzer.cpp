// libFuzzer target: `mxlane lanemap` with fuzzed arguments, one per line (fuzz_entries.hpp).
#include "fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mxlane::fuzz::lanemap_arguments_input(data, size);
  return 0;
}
