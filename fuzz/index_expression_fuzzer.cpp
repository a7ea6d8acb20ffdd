// libFuzzer target: `mxlane check`'s index-expression parser and evaluator (fuzz_entries.hpp).
#include "fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mxlane::fuzz::index_expression_input(data, size);
  return 0;
}
