// Element types of matrix operands: name, width in bits, and whether they are integers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace mxlane {

enum class ElemType : std::uint8_t {
  f64,
  f32,
  f16,
  bf16,
  i8,
  i32,
  iu8,
  iu4,
  xf32,
  fp8,
  bf8,
  fp6,
  bf6,
  fp4,
  idx2,
  f8f6f4,
  e8m0,
  e5m3
};

// The block-scale formats: matrix_a_scale_fmt / matrix_b_scale_fmt 0 E8M0, 1 E5M3, 2 E4M3 (docs/cdna5.md §1)
// [LLVM]; gfx950's scales are E8M0 (docs/cdna4.md §2.3). Decoded by emu/formats/block_scale.hpp.
enum class BlockScaleFormat : std::uint8_t { e8m0, e5m3, e4m3 };

struct ElemTypeInfo {
  ElemType type;
  std::string_view name;  // as in instruction names and docs/spec/layouts.md §3
  int bits;
  bool is_integer;
  std::string_view description;
};

// docs/spec/layouts.md §3 "dict_math_types", and the CDNA3/CDNA4/RDNA4 input types. The 8-bit float types are decoded with the architecture's encoding trait
// (ArchInfo::fp8_encoding: FNUZ on gfx942, OCP on gfx950 and gfx1200), never by the type alone.
inline constexpr std::array<ElemTypeInfo, 18> kTypes = {{
    {ElemType::f64, "f64", 64, false, "IEEE binary64"},
    {ElemType::f32, "f32", 32, false, "IEEE binary32"},
    {ElemType::f16, "f16", 16, false, "IEEE binary16"},
    {ElemType::bf16, "bf16", 16, false, "bfloat16 (binary32 with 16 fraction bits dropped)"},
    {ElemType::i8, "i8", 8, true, "signed 8-bit integer"},
    {ElemType::i32, "i32", 32, true, "32-bit integer"},
    {ElemType::iu8, "iu8", 8, true, "8-bit integer, signedness chosen per operand by NEG"},
    {ElemType::iu4, "iu4", 4, true, "4-bit integer, signedness chosen per operand by NEG"},
    {ElemType::xf32, "xf32", 32, false, "binary32 registers read with 10 fraction bits (low 13 bits cleared)"},
    {ElemType::fp8, "fp8", 8, false, "FP8 E4M3 (FNUZ on gfx942, OCP E4M3FN on gfx950/gfx1200)"},
    {ElemType::bf8, "bf8", 8, false, "BF8 E5M2 (FNUZ on gfx942, OCP on gfx950/gfx1200)"},
    {ElemType::fp6, "fp6", 6, false, "FP6 E2M3 (OCP MX, finite only)"},
    {ElemType::bf6, "bf6", 6, false, "BF6 E3M2 (OCP MX, finite only)"},
    {ElemType::fp4, "fp4", 4, false, "FP4 E2M1 (OCP MX, finite only)"},
    // The IDX operand of SMFMAC: per stored value of the sparse A, its position in its group of four
    // k (docs/cdna3.md §3.3).
    {ElemType::idx2, "idx2", 2, true, "2-bit sparsity index: position (0-3) of a stored A value in its group of 4 k"},
    // gfx950 f8f6f4 MFMA: A and B hold whichever format CBSZ (A) / BLGP (B) names, so the table's type
    // is this placeholder and f8f6f4_type() gives the real one (docs/cdna4.md §1); 8 bits is the widest.
    {ElemType::f8f6f4, "f8f6f4", 8, false,
     "fp8, bf8, fp6, bf6 or fp4, as the format modifiers select (CBSZ / BLGP, matrix_a_fmt / matrix_b_fmt)"},
    // The scale registers SA / SB of the scaled f8f6f4 MFMA (docs/cdna4.md §2.3) and block-scaled WMMA.
    {ElemType::e8m0, "e8m0", 8, false, "E8M0 block scale: 2^(e-127), 0xFF = NaN (OCP MX)"},
    // gfx1250's E5M3 block scale (matrix_*_scale_fmt 1, docs/cdna5.md §2.7); its E4M3 scale is the type fp8.
    {ElemType::e5m3, "e5m3", 8, false, "E5M3 block scale: unsigned, bias 15, 0xFF = NaN, no infinity"},
}};

// The element type an f8f6f4 format code selects (0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4), or nullopt
// (docs/cdna4.md §1) [DOC][LLVM].
constexpr std::optional<ElemType> f8f6f4_type(int code) {
  constexpr ElemType kByCode[] = {ElemType::fp8, ElemType::bf8, ElemType::fp6, ElemType::bf6, ElemType::fp4};
  if (code < 0 || code > 4) return std::nullopt;
  return kByCode[code];
}

constexpr const ElemTypeInfo& elem_type_info(ElemType t) { return kTypes[static_cast<std::size_t>(t)]; }
constexpr int elem_bits(ElemType t) { return elem_type_info(t).bits; }
constexpr std::string_view elem_name(ElemType t) { return elem_type_info(t).name; }

}  // namespace mxlane
