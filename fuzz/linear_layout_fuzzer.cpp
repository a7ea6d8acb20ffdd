// libFuzzer target: a linear layout document checked against an operand (fuzz_entries.hpp).
#include "fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mxlane::fuzz::linear_layout_input(data, size);
  return 0;
}
