// Instruction modifiers (CBSZ/ABID, BLGP, OPSEL, NEG/NEG_HI, CLAMP) and their legality rules.
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mxlane {

class Switches;  // emu/isa/switches.hpp

struct InstrDesc;

// Which modifiers an instruction takes. One value per row of the instruction table.
enum class ModifierSet : std::uint8_t {
  mfma_blgp,            // CDNA2 single-block MFMA: BLGP only
  mfma_cbsz_abid_blgp,  // CDNA2 multi-block MFMA: CBSZ/ABID and BLGP
  mfma_none,            // CDNA2 f64 MFMA: none (BLGP reserved)
  wmma_neg,             // RDNA3 float WMMA, 32-bit output: NEG/NEG_HI
  wmma_neg_opsel,       // RDNA3 float WMMA, 16-bit output: NEG/NEG_HI and OPSEL[2]
  wmma_int,             // RDNA3 integer WMMA: NEG[1:0] = A/B signed, CLAMP
  mfma_plain,           // CDNA3 single-block f16/bf16, xf32, fp8/bf8, K-doubled i8: no modifier (docs/cdna3.md §2)
  // gfx950 K-doubled f16/bf16/i8 MFMA: llvm-mc-22 encodes CBSZ/ABID/BLGP; gfx9's single-block meaning (BLGP lane
  // groups, CBSZ/ABID within 2^cbsz <= blocks) [INF], or refused (switch gfx950_kdouble_broadcast; docs/cdna4.md §2.4)
  mfma_kdouble_broadcast,
  mfma_f64_neg,      // CDNA3 f64 MFMA: BLGP is a negate mask of A, B, C (docs/cdna3.md §2)
  smfmac_index_set,  // CDNA3 SMFMAC: CBSZ/ABID choose the index set of IDX, no BLGP (docs/cdna3.md §2)
  wmma_gfx12_neg,    // RDNA4 f16/bf16 WMMA (any output): NEG/NEG_HI on A, B, C; no OPSEL (docs/rdna4.md §1)
  wmma_gfx12_fp8,    // RDNA4 FP8/BF8 WMMA: NEG[2]/NEG_HI[2] on C only (docs/rdna4.md §1)
  f8f6f4_scaled,   // CDNA4 scaled f8f6f4 MFMA: CBSZ/BLGP = A/B format, OPSEL_A/OPSEL_B = scale byte (docs/cdna4.md §1)
  f8f6f4_formats,  // CDNA4 unscaled f8f6f4 MFMA: CBSZ/BLGP = A/B format only (docs/cdna4.md §1)
  swmmac_gfx12_neg,     // RDNA4 f16/bf16 SWMMAC: NEG/NEG_HI on A and B (no C field), index_key (docs/rdna4.md §1.1)
  swmmac_gfx12_int,     // RDNA4 integer SWMMAC: NEG[1:0] = A/B signed, CLAMP, index_key (docs/rdna4.md §1.1)
  swmmac_gfx12_fp8,     // RDNA4 FP8/BF8 SWMMAC: index_key only (docs/rdna4.md §1.1)
  wmma_gfx1250_neg,     // CDNA5 f32/f16/bf16 WMMA: NEG/NEG_HI on A, B, C, operand reuse hints (docs/cdna5.md §1)
  wmma_gfx1250_fp8,     // CDNA5 FP8/BF8 WMMA: NEG[2]/NEG_HI[2] on C only, reuse hints (docs/cdna5.md §1)
  wmma_gfx1250_int,     // CDNA5 IU8 WMMA: NEG[1:0] = A/B signed, CLAMP, reuse hints (docs/cdna5.md §1)
  wmma_gfx1250_f8f6f4,  // CDNA5 f8f6f4 WMMA: matrix_a_fmt / matrix_b_fmt, NEG[2]/NEG_HI[2] on C (docs/cdna5.md §1)
  wmma_gfx1250_cmod,    // CDNA5 32x16x128 FP4 WMMA: NEG[2]/NEG_HI[2] on C only, no reuse hints (docs/cdna5.md §1)
  swmmac_gfx1250_neg,   // CDNA5 f16/bf16 SWMMAC: NEG/NEG_HI on A and B, reuse hints, index_key (docs/cdna5.md §1)
  swmmac_gfx1250_fp8,   // CDNA5 FP8/BF8 SWMMAC: reuse hints, index_key (docs/cdna5.md §1)
  swmmac_gfx1250_int,   // CDNA5 IU8 SWMMAC: NEG[1:0] = A/B signed, CLAMP, reuse hints, index_key (docs/cdna5.md §1)
  // CDNA5 block-scaled WMMA: matrix_{a,b}_scale (ROW0/ROW1) and matrix_{a,b}_scale_fmt, NEG[2]/NEG_HI[2] on C, reuse
  // hints; the f8f6f4 forms also matrix_a_fmt / matrix_b_fmt (docs/cdna5.md §1, §2.7).
  wmma_gfx1250_scale_f8f6f4,    // 32-k scale blocks (v_wmma_scale_f32_16x16x128_f8f6f4)
  wmma_gfx1250_scale16_f8f6f4,  // 16-k scale blocks (v_wmma_scale16_f32_16x16x128_f8f6f4)
  wmma_gfx1250_scale_f4,        // 32-k scale blocks (v_wmma_scale_f32_32x16x128_f4)
  wmma_gfx1250_scale16_f4,      // 16-k scale blocks (v_wmma_scale16_f32_32x16x128_f4)
};

// Raw modifier field values as the ISA encodes them. Absent modifiers are 0 (docs/spec/interfaces.md).
struct Modifiers {
  int cbsz = 0;
  int abid = 0;
  int blgp = 0;
  int opsel = 0;   // the VOP3P OPSEL field: WMMA uses only bit 2, so 0 or 4
  int neg = 0;     // NEG (NEG_LO) field, 3 bits
  int neg_hi = 0;  // NEG_HI field, 3 bits
  int clamp = 0;
  int byte_sel = 0;   // VALU conversions: which byte of the destination / source (constant argument)
  int word_sel = 0;   // VALU conversions: which 16-bit word (constant argument)
  int opsel_a = 0;    // scaled f8f6f4 MFMA: which byte of SA is A's scale (the builtin's opsel_a)
  int opsel_b = 0;    // scaled f8f6f4 MFMA: which byte of SB is B's scale (the builtin's opsel_b)
  int index_key = 0;  // gfx12 SWMMAC: which part of the IDX VGPR holds the indices (VOP3P OPSEL bits)
  // gfx1250 WMMA/SWMMAC: operand-cache hints that the A / B registers are read again by the next matrix
  // instruction; they change no result (docs/cdna5.md §1) [LLVM].
  int matrix_a_reuse = 0;
  int matrix_b_reuse = 0;
  // gfx1250 f8f6f4 WMMA: the A / B element formats, 0 FP8, 1 BF8, 2 FP6, 3 BF6, 4 FP4 (docs/cdna5.md §1) [LLVM].
  int matrix_a_fmt = 0;
  int matrix_b_fmt = 0;
  // gfx1250 block-scaled WMMA: which half-wave's lanes hold A's / B's scales (0 ROW0, 1 ROW1), and the scales'
  // format (0 E8M0, 1 E5M3, 2 E4M3) (docs/cdna5.md §2.4, §3.6).
  int matrix_a_scale = 0;
  int matrix_b_scale = 0;
  int matrix_a_scale_fmt = 0;
  int matrix_b_scale_fmt = 0;

  bool operator==(const Modifiers&) const = default;
};

// One modifier an instruction accepts, with every legal value (for `mxlane list`).
struct ModifierRange {
  std::string name;         // "cbsz", "abid", "blgp", "opsel", "neg", "neg_hi", "clamp"
  std::vector<int> values;  // every legal value, ascending
  std::string constraint;   // extra rule across fields ("abid < 2^cbsz"), or empty
  std::string meaning;      // one line, with its evidence label
};

// Every modifier field, by name, in a fixed order: the one list that parsers, printers and `list` walk.
struct ModifierField {
  std::string_view name;
  int Modifiers::*field;
  bool valu_only;  // a VALU conversion argument, not a matrix instruction modifier
};
inline constexpr ModifierField kModifierFields[] = {
    {"cbsz", &Modifiers::cbsz, false},
    {"abid", &Modifiers::abid, false},
    {"blgp", &Modifiers::blgp, false},
    {"opsel", &Modifiers::opsel, false},
    {"neg", &Modifiers::neg, false},
    {"neg_hi", &Modifiers::neg_hi, false},
    {"clamp", &Modifiers::clamp, false},
    {"byte_sel", &Modifiers::byte_sel, true},
    {"word_sel", &Modifiers::word_sel, true},
    {"opsel_a", &Modifiers::opsel_a, false},
    {"opsel_b", &Modifiers::opsel_b, false},
    {"index_key", &Modifiers::index_key, false},
    {"matrix_a_reuse", &Modifiers::matrix_a_reuse, false},
    {"matrix_b_reuse", &Modifiers::matrix_b_reuse, false},
    {"matrix_a_fmt", &Modifiers::matrix_a_fmt, false},
    {"matrix_b_fmt", &Modifiers::matrix_b_fmt, false},
    {"matrix_a_scale", &Modifiers::matrix_a_scale, false},
    {"matrix_b_scale", &Modifiers::matrix_b_scale, false},
    {"matrix_a_scale_fmt", &Modifiers::matrix_a_scale_fmt, false},
    {"matrix_b_scale_fmt", &Modifiers::matrix_b_scale_fmt, false},
};
inline constexpr auto kModifierNames = [] {
  std::array<std::string_view, std::size(kModifierFields)> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = kModifierFields[i].name;
  return names;
}();
// The keys an eval line's / a Python call's "mods" may hold for a matrix instruction: every modifier field (the
// VALU ones too when `with_valu_arguments`, so that their refusal names the instruction) plus the integer
// builtins' a_signed / b_signed.
std::vector<std::string_view> matrix_mod_keys(bool with_valu_arguments);

// The value of the field called `name` (one of kModifierNames; anything else is a logic error); set_modifier()
// writes it.
int modifier_value(const Modifiers& mods, std::string_view name);
void set_modifier(Modifiers& mods, std::string_view name, int value);

// The modifiers `desc` accepts, in a fixed order.
std::vector<ModifierRange> legal_modifiers(const InstrDesc& desc);

// The first field of `mods` (in kModifierNames order) that `legal` does not allow: a nonzero
// field with no range (range == nullptr), or a value outside its range. The callers (matrix and
// VALU validation) word the error for their kind of instruction.
struct ModifierViolation {
  std::string_view name;
  int value = 0;
  const ModifierRange* range = nullptr;
};
std::optional<ModifierViolation> first_violation(const std::vector<ModifierRange>& legal, const Modifiers& mods);

// Throws InvalidArgument naming the field and saying why when `mods` is illegal or undefined
// for `desc`. Evidence: docs/spec/layouts.md §8 (CBSZ/ABID §8.1, BLGP §8.2, OPSEL §8.3, NEG §8.4).
void validate_modifiers(const InstrDesc& desc, const Modifiers& mods);
// Throws InvalidArgument naming the switch when a switch refuses modifiers validate_modifiers() accepts
// (gfx950_kdouble_broadcast=refuse: CBSZ/ABID/BLGP on gfx950's K-doubled MFMA).
void validate_switched_modifiers(const InstrDesc& desc, const Modifiers& mods, const Switches& switches);
// Whether CBSZ/ABID and BLGP move lanes on `desc` under `switches`: everywhere but gfx950's K-doubled MFMA
// under gfx950_kdouble_broadcast=ignore (docs/cdna4.md §2.4).
bool lane_modifiers_apply(const InstrDesc& desc, const Switches& switches);

// How many index sets one IDX VGPR of SMFMAC `desc` holds (ABID picks one when CBSZ = 0).
int smfmac_index_sets(const InstrDesc& desc);

// How many index_key values one IDX VGPR of SWMMAC `desc` holds: 2 bits per stored A value of a lane
// (docs/rdna4.md §2.5).
int swmmac_index_keys(const InstrDesc& desc);

// "cbsz=1 abid=1 blgp=0" for the modifiers `desc` accepts.
std::string format_modifiers(const InstrDesc& desc, const Modifiers& mods);

}  // namespace mxlane
