// The DOT2-style variants (input format, output format) the RDNA3 and gfx12 reference tests sweep.
#pragma once

#include "emu/semantics/rdna3_dot2.hpp"
#include "reference/reference_generators.hpp"
#include "reference/reference_models.hpp"

namespace mxref {

struct Variant {
  const char* name;
  bool bf16_in;
  Out out;
  DotShape shape;  // acc is the C format of the instruction (binary32, or the 16-bit output format)
};

inline mxlane::Dot2Output to_output(Out o) {
  return o == Out::f32 ? mxlane::Dot2Output::f32 : o == Out::f16 ? mxlane::Dot2Output::f16 : mxlane::Dot2Output::bf16;
}

inline const Fmt& out_fmt(Out o) { return o == Out::f32 ? kRefF32 : o == Out::f16 ? kRefF16 : kRefBF16; }

}  // namespace mxref
