// Linear layouts as compilers write them (Triton's LinearLayout): an operand's map from (register
// element G, lane L) to (block, row, col) as one vector per input bit, combined by XOR.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "layouts/formula/formula_check.hpp"

namespace mxlane::formula {

// One output vector. `block` is 0 for a single-block operand.
struct LinearVector {
  std::int64_t block = 0, row = 0, col = 0;
  bool operator==(const LinearVector&) const = default;
  bool zero() const { return block == 0 && row == 0 && col == 0; }
};

// The map over GF(2): bit b of the register index G contributes register[b], bit b of the lane
// contributes lane[b], and the contributions combine by XOR. The register dimension counts the
// lane's elements as `mxlane check` does (vector_index: w-bit slots of the operand's registers, so
// a 16-bit RDNA3 accumulator's used elements are every other G). A zero vector is a bit the map
// ignores: a replica (RDNA3 A/B lanes 16-31 repeat lanes 0-15) or a bit whose slots the
// instruction does not use.
struct LinearLayout {
  std::vector<LinearVector> register_bases;  // in_dims register = 2^register_bases.size()
  std::vector<LinearVector> lane_bases;      // in_dims lane = 2^lane_bases.size()

  std::int64_t register_size() const { return std::int64_t{1} << register_bases.size(); }
  std::int64_t lane_size() const { return std::int64_t{1} << lane_bases.size(); }
  // The vector of (lane, g): XOR of the bases of their set bits.
  LinearVector apply(std::int64_t lane, std::int64_t g) const;
  bool operator==(const LinearLayout&) const = default;
};

// The operand's layout as a LinearLayout over its whole register vector (vector_length(layout)
// elements) and its wave. Slots the instruction does not use constrain nothing; a bit no used slot
// determines gets the zero vector. Throws InvalidArgument, saying why, when there is none: the
// per-lane vector is not a power of two long, a slot feeds several elements (a broadcast
// modifier), or the map is not linear (the message names the first slot whose element differs from
// the XOR of what its bits give, with those bits).
LinearLayout derive_linear_layout(const OperandLayout& layout);

// Inverse-mode check of a linear layout: every used slot (L, G) must hold the element the bases
// give it. With `steps` > 0 the layout spans that many chained instructions (register index
// s*vector_length + G) and is judged by check_chain's shared-K-order rule. The sizes must match the
// operand (register: vector_length, times steps; lane: the wave); the caller validates them
// (protocol::parse_linear_layout names the field).
CheckReport check_linear(const OperandLayout& layout, const LinearLayout& linear, std::size_t keep, int steps = 0);

// The layout meant for the instruction issued with A and B swapped (D^T = B^T x A^T): dim0 and dim1
// exchanged in every vector.
LinearLayout transposed(LinearLayout linear);

// The layout's bases as an index expression in L and G (and s for a chain whose register index is
// s*G_count + G: `g_count` > 0), one per output coordinate: "(G>>1&1)*2 ^ (L>>4&1)*8", "0" when
// every vector is zero there. Used to print an equivalent --row/--col or --load formula.
enum class LinearCoordinate { block, row, col };
std::string linear_expression(const LinearLayout& linear, LinearCoordinate coordinate, int g_count = 0);

}  // namespace mxlane::formula
