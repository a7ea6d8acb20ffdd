// BitLayout: an operand layout as a bit permutation from (lane, item) index bits to the bits of the
// element's logical coordinates (docs/spec/layouts.md §5.4 and §13.1; Triton calls these "linear layouts").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mxlane {

// The logical coordinates of one stored element. `replica` numbers the copies of a replicated
// element (RDNA3 A/B); it is 0 elsewhere.
struct Coords {
  int block = 0;
  int row = 0;
  int col = 0;
  int replica = 0;
  bool operator==(const Coords&) const = default;
};

enum class Coord : std::uint8_t { row, col, block, replica };

// One physical index bit carries bit `bit` of coordinate `coord`.
struct BitRef {
  Coord coord;
  int bit;
};

// Every gfx90a and gfx1100 layout is a pure permutation of index bits (docs/spec/layouts.md §5.4, §6):
// lane bit n carries lane_bits[n], item bit n carries item_bits[n]. An "item" is the position of
// an element among the ones a lane holds for this operand, packed little-endian into its VGPRs.
struct BitLayout {
  std::vector<BitRef> lane_bits;
  std::vector<BitRef> item_bits;

  int lanes() const { return 1 << lane_bits.size(); }
  int items() const { return 1 << item_bits.size(); }
  // 2^(number of index bits that carry `coord`): the extent of that coordinate.
  int extent(Coord coord) const;

  // Forward: the lane and item that hold `c`.
  int lane_of(const Coords& c) const;
  int item_of(const Coords& c) const;
  // Inverse: the coordinates held at (lane, item).
  Coords coords_at(int lane, int item) const;

  // "L0-4:col0-4 L5:row2 | t0:row0 ..." for documentation and test failure messages.
  std::string describe() const;
};

}  // namespace mxlane
