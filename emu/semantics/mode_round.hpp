// The rounding mode that MODE.FP_ROUND (switch mode_round) selects (docs/spec/valu.md §2).
#pragma once

#include "emu/formats/round_pack.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane {

constexpr RoundingMode rounding_mode(RoundMode mode) {
  switch (mode) {
    case RoundMode::rtz: return RoundingMode::toward_zero;
    case RoundMode::rup: return RoundingMode::up;
    case RoundMode::rdn: return RoundingMode::down;
    case RoundMode::rne: break;
  }
  return RoundingMode::nearest_even;
}

}  // namespace mxlane
