// Integer matrix dot products: exact sums of C and the products, then wrap or saturate
// (CDNA2 INT8 MFMA, docs/spec/numerics.md §A.1 [INF]; RDNA3 IU8/IU4 WMMA, docs/spec/numerics.md §B.7 [INF]).
#pragma once

#include "emu/semantics/dot_inputs.hpp"

namespace mxlane {

// CDNA2 v_mfma_i32_*i8: signed bytes, exact sum, wrapped to 32 bits (switch cdna2_int8_overflow).
std::uint64_t cdna2_int8_dot(const DotInputs& in, const NumericsContext& ctx);

// RDNA3 v_wmma_i32_16x16x16_iu8/iu4: elements of `bits` (8 or 4) signed per ctx.a_signed /
// ctx.b_signed; C sign-extended; saturated to int32 when ctx.clamp (the switch rdna3_int_clamp
// selects the unsigned range for unsigned A and B), else wrapped.
std::uint64_t rdna3_integer_dot(int bits, const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
