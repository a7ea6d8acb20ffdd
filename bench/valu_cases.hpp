// The VALU builtin benchmarks: every builtin of the table on gfx1100 and on gfx90a where it exists
// (gfx1200, then gfx950, then gfx942 for the rest), with the performance target for its class (docs/performance.md).
#pragma once

#include <string>
#include <vector>

#include "emu/isa/arch.hpp"
#include "emu/isa/valu_desc.hpp"

namespace mxlane_bench {

struct ValuCase {
  const mxlane::ValuDesc* desc;
  mxlane::ArchId arch_id;
  std::string builtin, arch;
  std::string target_class;  // from the builtin's LLVM feature (docs/spec/valu.md §1.1)
  double target;             // lane operations per second
};

std::vector<ValuCase> valu_cases();
// The cases whose builtin has a fast path (ValuDesc::fast): also benchmarked per SIMD level and
// with the reference lane kernel alone.
const std::vector<ValuCase>& valu_level_cases();

}  // namespace mxlane_bench
