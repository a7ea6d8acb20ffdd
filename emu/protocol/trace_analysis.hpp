// What the trace computes beyond the emulation itself: the exact value each traced operation rounds,
// the flags of its rounding, and the exact dot product of the element compared with D.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "emu/formats/block_scale.hpp"
#include <string>
#include <vector>

#include "emu/formats/exact_value.hpp"
#include "emu/insns/element_trace.hpp"

namespace mxlane::protocol {

// The exact value an operation rounds (nullopt when an operand is NaN or infinite); for DOT2 the sum
// of the exact terms (the grid value the hardware rounds is grid_value()).
std::optional<ExactValue> exact_before_rounding(const TraceOp& op);
// A DOT2 step's value on its grid, when it took the grid path (docs/spec/numerics.md §B.4).
std::optional<ExactValue> grid_value(const Dot2Grid& grid);
// What happened in the rounding of `op` to `rounded_value` (exact, rounded, overflow, flushed, ...);
// for a DOT2 step also the grid's truncations and one's-complement shifts of the terms of `ks`.
std::vector<std::string> op_flags(const TraceOp& op, const std::optional<ExactValue>& rounded_value,
                                  const std::optional<ExactValue>& exact_sum = std::nullopt,
                                  const std::vector<int>& ks = {});

// "Why is my result off": C + sum of A[k]*B[k] computed exactly from the values the instruction
// read (no flushing, no intermediate rounding), that sum rounded once to D's format (RNE), and
// D's distance from it in ulps (in units for integer D).
struct ReferenceComparison {
  std::optional<ExactValue> exact;         // nullopt: a NaN or infinite input
  std::optional<std::uint64_t> reference;  // D's format; integer D: nullopt when the sum leaves 32 bits
  std::optional<std::uint64_t> ulps;       // nullopt: a NaN on either side, or no reference
};

// A scale byte of SA (`op` = SA) or SB as the instruction reads it: its format's value (gfx950 E8M0 with switch
// scale_zero_is_identity, docs/cdna4-numerics.md §3; gfx1250 E8M0 / E5M3 / E4M3, docs/cdna5.md §2.7).
BlockScale scale_value(const ElementTrace& t, Operand op, std::uint8_t byte);
// "2^-3", "-9 * 2^-6", "0", "NaN": the product of one block's A and B scales.
std::string scale_product_text(const BlockScale& a, const BlockScale& b);
ReferenceComparison compare_with_reference(const ElementTrace& t);

}  // namespace mxlane::protocol
