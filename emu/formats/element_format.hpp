// element_format(): the bit format of a matrix operand's element type on an architecture.
#pragma once

#include "emu/formats/format.hpp"
#include "emu/isa/arch.hpp"
#include "emu/isa/element_type.hpp"

namespace mxlane {

// The format of `type`'s elements, or nullptr for integer types. The 8-bit float types depend on
// the architecture's encoding (ArchInfo::fp8_encoding: gfx942 FNUZ, gfx950/gfx1200 OCP;
// docs/spec/valu.md §6.5); xf32 is stored as binary32 (its reduction to 10 fraction bits is arithmetic).
const FormatSpec* element_format(ElemType type, Fp8Encoding fp8 = Fp8Encoding::ocp);

}  // namespace mxlane
