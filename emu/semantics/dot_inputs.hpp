// What every matrix element kernel receives: one A row, one B column and one C value, as raw bit
// patterns with NEG/ABS already applied, plus the behaviour switches and integer modifiers.
#pragma once

#include <cstdint>
#include <span>

#include "emu/isa/arch.hpp"
#include "emu/isa/element_type.hpp"
#include "emu/isa/switches.hpp"
#include "emu/semantics/accumulation_observer.hpp"

namespace mxlane {

struct DotInputs {
  std::span<const std::uint64_t> a;  // A[i][0..K-1]
  std::span<const std::uint64_t> b;  // B[0..K-1][j]
  std::uint64_t c = 0;               // C[i][j]
  // Scaled f8f6f4 MFMA / block-scaled WMMA: the scale byte of each k-block of A's row and B's column (SA/SB, as
  // the layouts place them: docs/cdna4.md §2.3, docs/cdna5.md §2.7); empty elsewhere.
  std::span<const std::uint8_t> scale_a = {};
  std::span<const std::uint8_t> scale_b = {};
};

struct FormatSpec;

struct NumericsContext {
  Switches switches;
  bool a_signed = true;  // integer WMMA: NEG[0]
  bool b_signed = true;  // integer WMMA: NEG[1]
  bool clamp = false;    // integer WMMA: CLAMP
  // What the CDNA FP16/BF16 data path does with subnormals: the architecture's trait, or the
  // switch cdna1_subnormals on gfx908 (numerics_context()).
  MatrixSubnormals subnormals = MatrixSubnormals::flush;
  // How FP8/BF8 operands are encoded: the architecture's trait (gfx942 FNUZ, gfx950/gfx1200 OCP), so
  // one mnemonic present on several architectures decodes its bytes per architecture.
  Fp8Encoding fp8 = Fp8Encoding::ocp;
  // f8f6f4 MFMA: the A and B element formats CBSZ and BLGP select (docs/cdna4.md §1); null elsewhere.
  const FormatSpec* a_format = nullptr;
  const FormatSpec* b_format = nullptr;
  // Block-scaled WMMA: the formats of SA's and SB's bytes (matrix_a_scale_fmt / matrix_b_scale_fmt); gfx950: E8M0.
  BlockScaleFormat a_scale_format = BlockScaleFormat::e8m0;
  BlockScaleFormat b_scale_format = BlockScaleFormat::e8m0;
  // Optional: receives every accumulation step and rounding (lanemap --trace); null in execution.
  AccumulationObserver* observer = nullptr;
};

// Signature of one output element's computation.
using ElementKernel = std::uint64_t (*)(const DotInputs& in, const NumericsContext& ctx);

}  // namespace mxlane
