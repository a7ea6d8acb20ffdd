// The vocabulary of the one-instruction-per-file semantics in emu/insns/: each file defines the
// element kernel of one mnemonic with MXLANE_MATRIX_SEMANTICS; the dispatcher finds it through the
// instruction table (instructions.def).
#pragma once

#include "emu/formats/format.hpp"
#include "emu/isa/instr_desc.hpp"
#include "emu/semantics/cdna2_fma_chain.hpp"
#include "emu/semantics/cdna2_pairwise_tree.hpp"
#include "emu/semantics/cdna3_fused_dot.hpp"
#include "emu/semantics/cdna5_wmma.hpp"
#include "emu/semantics/gfx12_dot4.hpp"
#include "emu/formats/element_format.hpp"
#include "emu/semantics/dot_inputs.hpp"
#include "emu/semantics/integer_dot.hpp"
#include "emu/semantics/rdna3_wmma_chain.hpp"

#define MXLANE_MATRIX_SEMANTICS(mnemonic)                           \
  std::uint64_t semantics_##mnemonic(const ::mxlane::DotInputs& in, \
                                     [[maybe_unused]] const ::mxlane::NumericsContext& ctx)

namespace mxlane::insns {

#define MXLANE_INSTRUCTION(arch, family, mnemonic, semantics, ...) \
  MXLANE_MATRIX_SEMANTICS(semantics);
#include "emu/isa/instructions.def"
#undef MXLANE_INSTRUCTION

}  // namespace mxlane::insns

namespace mxlane {

// The element kernel of a builtin's instruction.
ElementKernel element_kernel(const InstrDesc& desc);

}  // namespace mxlane
