// The gfx950 (CDNA4) probes of docs/cdna4-numerics.md §6 that all_probes() lists after its own (the
// K-doubled f16 group-size probe, which needs a targeted input, is written there).
#pragma once

#include <vector>

#include "device/probes.hpp"

namespace mxlane::device {

// One probe per gfx950 switch but cdna4_kdoubled_group (E-C4-1 k16_layout, E-C4-2 fp6_layout, E-C4-3
// scale_zero_is_identity, E-C4-4 f8f6f4_group), each with every value of its switch as candidates.
std::vector<Probe> cdna4_probes();

}  // namespace mxlane::device
