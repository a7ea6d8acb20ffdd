// ModifierSetTraits: how each matrix modifier set reaches its builtins — the argument list, which
// modifiers move data between registers rather than change numbers, how NEG names signedness, and
// which combinations the device kernels instantiate. The builtin API, the HIP source, the kernel
// catalog, eval's `mods` and gemm()'s fast-path check all read this one row.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "emu/isa/modifiers.hpp"

namespace mxlane {

// The builtin's argument list (clang's BuiltinsAMDGPU.def; docs/spec/layouts.md §4.1, §4.2).
enum class BuiltinArgs : std::uint8_t {
  abc_cbsz_abid_blgp,       // MFMA: (a, b, c, cbsz, abid, blgp)
  abc,                      // float WMMA: (a, b, c)
  abc_opsel,                // 16-bit-output WMMA: (a, b, c, bool opsel)
  neg_abc_clamp,            // integer WMMA: (bool a_signed, a, bool b_signed, b, c, bool clamp)
  abc_idx_cbsz_abid,        // SMFMAC: (a, b, c, int idx, cbsz, abid)
  abc_formats_scales,       // scaled f8f6f4 MFMA: (a, b, c, cbsz, blgp, opsel_a, int scale_a, opsel_b, int scale_b)
  abc_formats_zero_scales,  // the same builtin with constant zero scales and opsel 0: the unscaled encoding
  abc_idx,                  // float SWMMAC: (a, b, c, int index) (docs/rdna4.md §1.1)
  neg_abc_idx_clamp,        // integer SWMMAC: (bool a_sign, a, bool b_sign, b, c, int index, bool clamp)
  // gfx1250 (docs/cdna5.md §1): c_mod is NEG[2] | NEG_HI[2] << 1 (0 none, 1 neg, 2 abs, 3 neg(abs)); reuse_a /
  // reuse_b are matrix_a_reuse / matrix_b_reuse.
  neg_abc_cmod_reuse,  // f32/f16/bf16 WMMA: (bool neg_a, a, bool neg_b, b, short c_mod, c, bool reuse_a, bool reuse_b)
  abc_cmod_reuse,      // FP8/BF8 WMMA: (a, b, short c_mod, c, bool reuse_a, bool reuse_b)
  signed_abc_reuse_clamp,  // IU8 WMMA: (bool a_signed, a, bool b_signed, b, c, bool reuse_a, bool reuse_b, bool clamp)
  formats_abc_cmod,        // f8f6f4 WMMA: (int fmt_a, a, int fmt_b, b, short c_mod, c)
  abc_cmod,                // 32x16x128 FP4 WMMA: (a, b, short c_mod, c)
  // gfx1250 SWMMAC (docs/cdna5.md §1): `int index` is one VGPR even where the instruction reads two (K=128).
  neg_abc_idx_reuse,           // f16/bf16: (bool neg_a, a, bool neg_b, b, c, int index, bool reuse_a, bool reuse_b)
  abc_idx_reuse,               // FP8/BF8: (a, b, c, int index, bool reuse_a, bool reuse_b)
  signed_abc_idx_reuse_clamp,  // IU8: (bool a_signed, a, bool b_signed, b, c, int index, reuse_a, reuse_b, clamp)
  // gfx1250 block-scaled WMMA (docs/cdna5.md §1, §2.7): after C, (int matrix_a_scale, int matrix_a_scale_fmt, scale_a,
  // int matrix_b_scale, int matrix_b_scale_fmt, scale_b, bool reuse_a, bool reuse_b); scale_a / scale_b an `int`
  // (32-k blocks) or a `long` (16-k blocks, the scale16 forms).
  formats_abc_cmod_scales_reuse,  // f8f6f4: (int fmt_a, a, int fmt_b, b, short c_mod, c, the scale arguments)
  abc_cmod_scales_reuse,          // 32x16x128 FP4: (a, b, short c_mod, c, the scale arguments)
};

// The modifier combinations a device kernel set covers (device/kernel_catalog.cpp).
enum class DeviceModifierSets : std::uint8_t {
  plain,             // the default only
  blgp,              // the default and BLGP 1..7
  cbsz_abid_blgp,    // those, and every CBSZ with ABID 0 and with the largest ABID
  opsel,             // the default and OPSEL[2]
  signedness_clamp,  // every NEG[1:0] x CLAMP
  index_set,         // every ABID with CBSZ 0, and CBSZ 1 (set 0, ABID ignored)
  formats_scales,    // every A x B format pair (the family's format modifiers) with opsel 0, and (with scale registers)
                     // each opsel_a / opsel_b 1..3
  block_scales       // gfx1250 block-scaled: every format pair with E8M0 scales in ROW0, each ROW1, the E5M3 / E4M3
                     // scales on FP4 operands, and C's NEG / ABS (device/kernel_catalog.cpp)
};

struct ModifierSetTraits {
  ModifierSet set;
  BuiltinArgs args;
  // NEG[0]/NEG[1] are the builtin's a_signed/b_signed (integer WMMA, docs/spec/layouts.md §8.4):
  // eval accepts those names, the assembly prints them as neg_lo.
  bool neg_is_signedness;
  // Modifiers that change which register slots feed which element: a GEMM on plain matrices needs
  // them at 0. (OPSEL only moves 16-bit C/D within a register; integer NEG and CLAMP are numbers.)
  std::array<std::string_view, 4> layout_modifiers;
  DeviceModifierSets device_sets;
  // BLGP is a sign mask (bit 0 negates A, bit 1 B, bit 2 C) rather than a lane pattern: CDNA3 f64
  // MFMA, where LLVM prints the same field as neg:[a,b,c] (docs/cdna3.md §2).
  bool blgp_negates = false;
  // The instruction reads the scale registers SA and SB, one scale byte per row (column) and block of this many
  // k; 0: no scale registers. gfx950: E8M0 bytes chosen by opsel_a / opsel_b, 32-k blocks (docs/cdna4.md §1,
  // §2.3); gfx1250: 32-k blocks (scale) or 16-k blocks (scale16) (docs/cdna5.md §2.7).
  int scale_block_k = 0;
  // It takes the gfx1250 operand-cache hints matrix_a_reuse / matrix_b_reuse (docs/cdna5.md §1).
  bool reuse_hints = false;
};

// One row per ModifierSet.
inline constexpr std::array<ModifierSetTraits, 29> kModifierSetTraits = {{
    {ModifierSet::mfma_cbsz_abid_blgp,
     BuiltinArgs::abc_cbsz_abid_blgp,
     false,
     {"cbsz", "abid", "blgp"},
     DeviceModifierSets::cbsz_abid_blgp},
    {ModifierSet::mfma_blgp,
     BuiltinArgs::abc_cbsz_abid_blgp,
     false,
     {"cbsz", "abid", "blgp"},
     DeviceModifierSets::blgp},
    {ModifierSet::mfma_none,
     BuiltinArgs::abc_cbsz_abid_blgp,
     false,
     {"cbsz", "abid", "blgp"},
     DeviceModifierSets::plain},
    // NEG/NEG_HI of float WMMA negate A/B in the registers; the builtins cannot set them.
    {ModifierSet::wmma_neg, BuiltinArgs::abc, false, {"neg", "neg_hi", ""}, DeviceModifierSets::plain},
    {ModifierSet::wmma_neg_opsel, BuiltinArgs::abc_opsel, false, {"neg", "neg_hi", ""}, DeviceModifierSets::opsel},
    {ModifierSet::wmma_int, BuiltinArgs::neg_abc_clamp, true, {"", "", ""}, DeviceModifierSets::signedness_clamp},
    {ModifierSet::mfma_plain,
     BuiltinArgs::abc_cbsz_abid_blgp,
     false,
     {"cbsz", "abid", "blgp"},
     DeviceModifierSets::plain},
    // The device kernels carry BLGP 1..7 and every CBSZ with ABID 0 and the largest (clang-22 compiles them,
    // the disassembly check reads the fields).
    {ModifierSet::mfma_kdouble_broadcast,
     BuiltinArgs::abc_cbsz_abid_blgp,
     false,
     {"cbsz", "abid", "blgp"},
     DeviceModifierSets::cbsz_abid_blgp},
    // The negate mask changes numbers, not slots; gemm()'s fast path still leaves it to the reference.
    {ModifierSet::mfma_f64_neg,
     BuiltinArgs::abc_cbsz_abid_blgp,
     false,
     {"cbsz", "abid", "blgp"},
     DeviceModifierSets::blgp,
     true},
    // CBSZ/ABID choose which index bits are read: they move data between slots.
    {ModifierSet::smfmac_index_set,
     BuiltinArgs::abc_idx_cbsz_abid,
     false,
     {"cbsz", "abid", ""},
     DeviceModifierSets::index_set},
    // gfx12 float WMMA: the builtins are (a, b, c) for every output width (clang appends the constant
    // OPSEL itself, docs/rdna4.md §1) and cannot set NEG/NEG_HI.
    {ModifierSet::wmma_gfx12_neg, BuiltinArgs::abc, false, {"neg", "neg_hi", ""}, DeviceModifierSets::plain},
    {ModifierSet::wmma_gfx12_fp8, BuiltinArgs::abc, false, {"neg", "neg_hi", ""}, DeviceModifierSets::plain},
    // CBSZ/BLGP choose the A/B formats (and so which bits hold which k); opsel_a/opsel_b move the scale bytes.
    {ModifierSet::f8f6f4_scaled,
     BuiltinArgs::abc_formats_scales,
     false,
     {"cbsz", "blgp", "opsel_a", "opsel_b"},
     DeviceModifierSets::formats_scales,
     false,
     32},
    {ModifierSet::f8f6f4_formats,
     BuiltinArgs::abc_formats_zero_scales,
     false,
     {"cbsz", "blgp", "", ""},
     DeviceModifierSets::formats_scales},
    // gfx12 SWMMAC: index_key moves which IDX bits are read; the builtins cannot set it (the backend
    // picks it, docs/rdna4.md §1.1), so the kernels run index_key 0.
    {ModifierSet::swmmac_gfx12_neg,
     BuiltinArgs::abc_idx,
     false,
     {"neg", "neg_hi", "index_key"},
     DeviceModifierSets::plain},
    {ModifierSet::swmmac_gfx12_int,
     BuiltinArgs::neg_abc_idx_clamp,
     true,
     {"index_key", "", ""},
     DeviceModifierSets::signedness_clamp},
    {ModifierSet::swmmac_gfx12_fp8, BuiltinArgs::abc_idx, false, {"index_key", "", ""}, DeviceModifierSets::plain},
    // gfx1250 WMMA: the builtins set NEG/NEG_HI (neg_a / neg_b, c_mod) and the reuse hints themselves.
    {ModifierSet::wmma_gfx1250_neg,
     BuiltinArgs::neg_abc_cmod_reuse,
     false,
     {"neg", "neg_hi", ""},
     DeviceModifierSets::plain,
     false,
     false,
     true},
    {ModifierSet::wmma_gfx1250_fp8,
     BuiltinArgs::abc_cmod_reuse,
     false,
     {"neg", "neg_hi", ""},
     DeviceModifierSets::plain,
     false,
     false,
     true},
    {ModifierSet::wmma_gfx1250_int,
     BuiltinArgs::signed_abc_reuse_clamp,
     true,
     {"", "", ""},
     DeviceModifierSets::signedness_clamp,
     false,
     false,
     true},
    // The formats decide which bits hold which k (and, for a sub-byte operand, its partner's format too).
    {ModifierSet::wmma_gfx1250_f8f6f4,
     BuiltinArgs::formats_abc_cmod,
     false,
     {"matrix_a_fmt", "matrix_b_fmt", "neg", "neg_hi"},
     DeviceModifierSets::formats_scales},
    {ModifierSet::wmma_gfx1250_cmod, BuiltinArgs::abc_cmod, false, {"neg", "neg_hi", ""}, DeviceModifierSets::plain},
    // gfx1250 SWMMAC: index_key has one legal value (0); neg_a / neg_b and the reuse hints are builtin arguments.
    {ModifierSet::swmmac_gfx1250_neg,
     BuiltinArgs::neg_abc_idx_reuse,
     false,
     {"neg", "neg_hi", "index_key"},
     DeviceModifierSets::plain,
     false,
     false,
     true},
    {ModifierSet::swmmac_gfx1250_fp8,
     BuiltinArgs::abc_idx_reuse,
     false,
     {"index_key", "", ""},
     DeviceModifierSets::plain,
     false,
     false,
     true},
    {ModifierSet::swmmac_gfx1250_int,
     BuiltinArgs::signed_abc_idx_reuse_clamp,
     true,
     {"index_key", "", ""},
     DeviceModifierSets::signedness_clamp,
     false,
     false,
     true},
    // gfx1250 block-scaled WMMA: the formats and the scales' half-wave move data between slots (docs/cdna5.md §2.7).
    {ModifierSet::wmma_gfx1250_scale_f8f6f4,
     BuiltinArgs::formats_abc_cmod_scales_reuse,
     false,
     {"matrix_a_fmt", "matrix_b_fmt", "matrix_a_scale", "matrix_b_scale"},
     DeviceModifierSets::block_scales,
     false,
     32,
     true},
    {ModifierSet::wmma_gfx1250_scale16_f8f6f4,
     BuiltinArgs::formats_abc_cmod_scales_reuse,
     false,
     {"matrix_a_fmt", "matrix_b_fmt", "matrix_a_scale", "matrix_b_scale"},
     DeviceModifierSets::block_scales,
     false,
     16,
     true},
    {ModifierSet::wmma_gfx1250_scale_f4,
     BuiltinArgs::abc_cmod_scales_reuse,
     false,
     {"matrix_a_scale", "matrix_b_scale", "", ""},
     DeviceModifierSets::block_scales,
     false,
     32,
     true},
    {ModifierSet::wmma_gfx1250_scale16_f4,
     BuiltinArgs::abc_cmod_scales_reuse,
     false,
     {"matrix_a_scale", "matrix_b_scale", "", ""},
     DeviceModifierSets::block_scales,
     false,
     16,
     true},
}};

constexpr const ModifierSetTraits& modifier_set_traits(ModifierSet s) {
  for (const ModifierSetTraits& t : kModifierSetTraits)
    if (t.set == s) return t;
  throw "a ModifierSet without a traits row";  // a compile error where evaluated at compile time
}

static_assert(modifier_set_traits(ModifierSet::mfma_blgp).set == ModifierSet::mfma_blgp &&
                  modifier_set_traits(ModifierSet::mfma_cbsz_abid_blgp).set == ModifierSet::mfma_cbsz_abid_blgp &&
                  modifier_set_traits(ModifierSet::mfma_none).set == ModifierSet::mfma_none &&
                  modifier_set_traits(ModifierSet::wmma_neg).set == ModifierSet::wmma_neg &&
                  modifier_set_traits(ModifierSet::wmma_neg_opsel).set == ModifierSet::wmma_neg_opsel &&
                  modifier_set_traits(ModifierSet::wmma_int).set == ModifierSet::wmma_int &&
                  modifier_set_traits(ModifierSet::mfma_plain).set == ModifierSet::mfma_plain &&
                  modifier_set_traits(ModifierSet::mfma_kdouble_broadcast).set == ModifierSet::mfma_kdouble_broadcast &&
                  modifier_set_traits(ModifierSet::mfma_f64_neg).set == ModifierSet::mfma_f64_neg &&
                  modifier_set_traits(ModifierSet::smfmac_index_set).set == ModifierSet::smfmac_index_set &&
                  modifier_set_traits(ModifierSet::wmma_gfx12_neg).set == ModifierSet::wmma_gfx12_neg &&
                  modifier_set_traits(ModifierSet::wmma_gfx12_fp8).set == ModifierSet::wmma_gfx12_fp8 &&
                  modifier_set_traits(ModifierSet::f8f6f4_scaled).set == ModifierSet::f8f6f4_scaled &&
                  modifier_set_traits(ModifierSet::f8f6f4_formats).set == ModifierSet::f8f6f4_formats &&
                  modifier_set_traits(ModifierSet::swmmac_gfx12_neg).set == ModifierSet::swmmac_gfx12_neg &&
                  modifier_set_traits(ModifierSet::swmmac_gfx12_int).set == ModifierSet::swmmac_gfx12_int &&
                  modifier_set_traits(ModifierSet::swmmac_gfx12_fp8).set == ModifierSet::swmmac_gfx12_fp8 &&
                  modifier_set_traits(ModifierSet::wmma_gfx1250_neg).set == ModifierSet::wmma_gfx1250_neg &&
                  modifier_set_traits(ModifierSet::wmma_gfx1250_fp8).set == ModifierSet::wmma_gfx1250_fp8 &&
                  modifier_set_traits(ModifierSet::wmma_gfx1250_int).set == ModifierSet::wmma_gfx1250_int &&
                  modifier_set_traits(ModifierSet::wmma_gfx1250_f8f6f4).set == ModifierSet::wmma_gfx1250_f8f6f4 &&
                  modifier_set_traits(ModifierSet::wmma_gfx1250_cmod).set == ModifierSet::wmma_gfx1250_cmod &&
                  modifier_set_traits(ModifierSet::swmmac_gfx1250_neg).set == ModifierSet::swmmac_gfx1250_neg &&
                  modifier_set_traits(ModifierSet::swmmac_gfx1250_fp8).set == ModifierSet::swmmac_gfx1250_fp8 &&
                  modifier_set_traits(ModifierSet::swmmac_gfx1250_int).set == ModifierSet::swmmac_gfx1250_int &&
                  modifier_set_traits(ModifierSet::wmma_gfx1250_scale_f8f6f4).set ==
                      ModifierSet::wmma_gfx1250_scale_f8f6f4 &&
                  modifier_set_traits(ModifierSet::wmma_gfx1250_scale16_f8f6f4).set ==
                      ModifierSet::wmma_gfx1250_scale16_f8f6f4 &&
                  modifier_set_traits(ModifierSet::wmma_gfx1250_scale_f4).set == ModifierSet::wmma_gfx1250_scale_f4 &&
                  modifier_set_traits(ModifierSet::wmma_gfx1250_scale16_f4).set == ModifierSet::wmma_gfx1250_scale16_f4,
              "every ModifierSet has its traits row");

// Whether `m` leaves every layout modifier of set `s` at 0 (gemm()'s fast path and matrix level).
inline bool only_numeric_modifiers(ModifierSet s, const Modifiers& m) {
  for (std::string_view name : modifier_set_traits(s).layout_modifiers)
    if (!name.empty() && modifier_value(m, name) != 0) return false;
  return true;
}

}  // namespace mxlane
