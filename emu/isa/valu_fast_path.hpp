// The fast-path column of the VALU table: which lane-array kernel (emu/fast/) computes a builtin,
// and with which parameters. Plain data, so that emu/isa/valu_table.cpp can hold it in each row.
#pragma once

#include <cstdint>

#include "emu/isa/int_dot_spec.hpp"

namespace mxlane {

// One kernel per semantics function of emu/semantics/ (docs/spec/valu.md section in brackets).
enum class ValuKind : std::uint8_t {
  none,             // no fast kernel: the reference lane kernel runs on every lane
  sad_u8,           // §3.1
  sad_hi_u8,        // §3.2
  sad_u16,          // §3.3
  msad_u8,          // §3.4
  qsad_pk_u16_u8,   // §3.5
  mqsad_pk_u16_u8,  // §3.5, masked
  mqsad_u32_u8,     // §3.6, wrapped (the default of switch mqsad_u32_overflow)
  int_dot,          // §4.1 (valu_int_dot)
  fdot2_f32,        // §5.1-§5.4 fdot2_f32(): gfx1100's DOT2 grid, or the CDNA exact model (+ clamp)
  fdot2_f16,        // §5.5 v_dot2_f16_f16 (fdot2_16, the loose model)
  fdot2_bf16,       // §5.5 v_dot2_bf16_bf16
  dot4_f32_fp8,     // §5.5 V_DOT4_F32_{FP8,BF8}_{FP8,BF8}, default dot4_fp8_rounding = sequential
  cvt_pkrtz,        // §6.1
  cvt_pknorm_i16,   // §6.2
  cvt_pknorm_u16,   // §6.2
  cvt_pk_i16,       // §6.3
  cvt_pk_u16,       // §6.3
  cvt_pk_u8_f32,    // §6.4, MODE round = RNE
  fp8_to_f32,       // §6.6 FP8/BF8 to binary32: the reference's own 256 results, looked up
  f32_to_fp8,       // §6.7 (RNE, two results) and §6.8 (stochastic, one result), OCP formats
  count
};

// How a builtin maps onto its kernel's parameters.
struct ValuFastPath {
  ValuKind kind = ValuKind::none;
  IntDotSpec int_dot{};          // int_dot: lanes, width, signedness, C and result types
  bool signed_from_neg = false;  // int_dot: A / B signedness from NEG[0] / NEG[1] (sudot)
  bool bf16 = false;             // fdot2_f32: bf16 factors instead of f16
  bool bf8 = false;              // fp8_to_f32, f32_to_fp8: BF8 instead of FP8; dot4_f32_fp8: A is BF8
  bool packed = false;           // fp8_to_f32: two bytes (word_sel) instead of one (byte_sel);
                                 // f32_to_fp8: two results (word_sel, RNE) instead of one (byte_sel, stochastic)
  bool b_bf8 = false;            // dot4_f32_fp8: B is BF8
};
// (No member functions: the ISA units of emu/fast/ include this header and must not define inline
// code that an AVX2-compiled copy could replace; emu/fast/kernel_table.hpp.)

}  // namespace mxlane
