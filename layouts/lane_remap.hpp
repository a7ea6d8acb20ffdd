// LaneRemap: the lane permutations that CBSZ/ABID (on A) and BLGP (on B) apply when an MFMA reads
// its inputs: lane L uses the data of lane source(L) instead of its own (docs/spec/layouts.md §8.1, §8.2).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "emu/isa/instr_desc.hpp"
#include "emu/isa/switches.hpp"

namespace mxlane {

class LaneRemap {
 public:
  static LaneRemap identity(int wave);
  // A broadcast under either CBSZ model. `desc` must be a multi-block MFMA and the values legal.
  static LaneRemap cbsz_abid(const InstrDesc& desc, int cbsz, int abid, CbszModel model);
  // B lane-group pattern 0..7 (ISA Table 29).
  static LaneRemap blgp(int blgp);

  int wave() const { return wave_; }
  int source(int lane) const { return source_[static_cast<std::size_t>(lane)]; }
  bool is_identity() const;
  // Every lane whose read is served by `source_lane`, ascending (empty: its data is unused).
  std::vector<int> consumers(int source_lane) const;

 private:
  explicit LaneRemap(int wave);
  int wave_;
  std::array<std::uint8_t, 64> source_{};
};

}  // namespace mxlane
