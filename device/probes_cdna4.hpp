// The gfx950 (CDNA4) probes of docs/cdna4-numerics.md §6, ready for all_probes() once the gfx950
// matrix rows and their kernels exist (until then no catalog kernel matches their names).
#pragma once

#include <vector>

#include "device/probes.hpp"

namespace mxlane::device {

// One probe per gfx950 switch (E-C4-1 k16_layout, E-C4-2 fp6_layout, E-C4-3 scale_zero_is_identity,
// E-C4-4 f8f6f4_group and cdna4_kdoubled_group), each with every value of its switch as candidates.
std::vector<Probe> cdna4_pending_probes();

}  // namespace mxlane::device
