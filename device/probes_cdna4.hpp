// The gfx950 (CDNA4) probes of docs/cdna4-numerics.md §6, which all_probes() lists after the others, in
// the order a session runs them (the K-doubled lane map before the f16 group size).
#pragma once

#include <vector>

#include "device/probes.hpp"

namespace mxlane::device {

// One probe per gfx950 switch but cdna4_kdoubled_group (E-C4-1 k16_layout, E-C4-2 fp6_layout, E-C4-3
// scale_zero_is_identity, E-C4-4 f8f6f4_group), each with every value of its switch as candidates.
std::vector<Probe> cdna4_probes();

}  // namespace mxlane::device
