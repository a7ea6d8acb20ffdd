// The gfx1250 (CDNA5) probes of docs/cdna5.md §4, which all_probes() lists after gfx950's.
#pragma once

#include <vector>

#include "device/probes.hpp"

namespace mxlane::device {

// P-C5-2 (switch cdna5_wmma on the f16 and FP8 WMMA), P-C5-3 (switch cdna5_bf16_output), P-C5-1 (the A/B slot
// pairing, one candidate) and P-C5-4 (the integer CLAMP staging, one candidate), each with handcrafted inputs.
std::vector<Probe> cdna5_probes();

}  // namespace mxlane::device
