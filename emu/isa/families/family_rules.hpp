// The interface every matrix family implements: FamilyRules<Id>::traits, one MatrixFamily row of
// named facts and rules. Each family is one header in this folder (plus a .cpp for its modifier
// texts); code outside emu/isa/families/ asks `desc.family()`, never the family id.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mxlane {

struct InstrDesc;

// The families; each has a header in emu/isa/families/ specialising FamilyRules (docs/matrix-families.md).
enum class MatrixFamilyId : std::uint8_t {
  mfma,                // CDNA dense MFMA (families/mfma.hpp)
  wmma,                // RDNA3 WMMA (families/wmma.hpp)
  smfmac,              // CDNA3/CDNA4 SMFMAC (families/smfmac.hpp)
  wmma_gfx12,          // RDNA4 dense WMMA (families/wmma_gfx12.hpp)
  mfma_f8f6f4,         // CDNA4 f8f6f4 MFMA (families/mfma_f8f6f4.hpp)
  swmmac_gfx12,        // RDNA4 SWMMAC (families/swmmac_gfx12.hpp)
  wmma_gfx1250,        // CDNA5 dense WMMA (families/wmma_gfx1250.hpp)
  swmmac_gfx1250,      // CDNA5 SWMMAC (families/swmmac_gfx1250.hpp)
  wmma_scale_gfx1250,  // CDNA5 block-scaled WMMA (families/wmma_scale_gfx1250.hpp)
};
inline constexpr std::size_t kMatrixFamilyCount = 9;

// Which lane map builder of layouts/ places the family's operands (layouts/operand_layout.cpp).
enum class LayoutRule : std::uint8_t {
  cdna,            // A/B by K groups over the lanes, C/D by the 4-row rule (layouts/cdna2_layouts.cpp)
  cdna_f8f6f4,     // 32 values of one row / column per lane, E8M0 scales (layouts/cdna4_layouts.cpp)
  rdna3,           // A/B replicated per lane group, C/D 8 rows per lane (layouts/rdna3_layouts.cpp)
  gfx12,           // K split across half-waves, packed 16-bit C/D (layouts/gfx12_layouts.cpp)
  gfx12_sparse,    // gfx12 with a compressed A (layouts/gfx12_layouts.cpp)
  gfx1250,         // K split across half-waves in blocks of 128 bits, packed 16-bit C/D (layouts/gfx1250_layouts.cpp)
  gfx1250_sparse,  // gfx1250 with a compressed A, B in blocks of 256 bits (layouts/gfx1250_layouts.cpp)
  gfx1250_block_scaled,  // gfx1250's block-scaled forms: partner-independent A/B, scales in a half-wave (same file)
};

// Where the index register's indices start, for the sparse families.
enum class IndexSelect : std::uint8_t {
  none,              // no IDX operand
  abid_picks_set,    // CBSZ = 0: ABID picks index set n at bit 2*Klc*n (docs/cdna3.md §3) [TOOL]
  index_key_picks,   // index_key n picks the window at bit 2*(stored values per lane)*n (docs/rdna4.md §2.5) [TOOL]
  index_key_shifts,  // the indices fill IDX; index_key 1 reads it shifted right by half its width, zeros entering
                     // (switch cdna5_index_key, docs/cdna5.md §2.5) [INF]
};

// The behaviour switch that orders a sparse row's rebuilt products (emu/semantics/sparse_row.cpp).
enum class SparseGroupingSwitch : std::uint8_t { none, smfmac_grouping, gfx12_swmmac_grouping, cdna5_swmmac_grouping };

// Which fast-kernel numerics serve the family (emu/fast/gemm_family.cpp); none: always the reference.
enum class FastNumerics : std::uint8_t { none, cdna_mfma, cdna4_f8f6f4, rdna3_wmma, gfx12_wmma, cdna5_wmma };

// Register-count rules, shared by the families whose lanes hold their operands the same way.
// Values of an A/B row held per lane: CDNA spreads K*rows*blocks over 64 lanes (docs/spec/layouts.md §4.1),
// gfx12 over the wave (docs/rdna4.md §2: the footprint halves in wave64), RDNA3 keeps all K (§6).
constexpr int values_over_64_lanes(int rows, int k, int blocks, int) { return k * rows * blocks / 64; }
constexpr int values_over_the_wave(int rows, int k, int blocks, int wave) { return k * rows * blocks / wave; }
constexpr int whole_row_per_lane(int, int k, int, int) { return k; }
// C/D VGPRs per lane: CDNA packs M*N*B/64 values (§4.1); RDNA3 gives each value a whole VGPR,
// 16-bit ones in one half (§4.2, §6); gfx12 packs 16-bit values two to a VGPR (docs/rdna4.md §2.4).
constexpr int packed_over_64_lanes(int m, int n, int blocks, int bits, int) {
  return m * n * blocks * bits / (64 * 32);
}
constexpr int vgpr_per_value(int m, int n, int blocks, int bits, int wave) {
  return m * n * blocks / wave * (bits > 32 ? bits / 32 : 1);
}
constexpr int packed_over_the_wave(int m, int n, int blocks, int bits, int wave) {
  return (m * n * blocks / wave * bits + 31) / 32;
}

struct MatrixFamily {
  MatrixFamilyId id;
  std::string_view kind;       // "mfma" / "wmma": `list --format json` and Python's "kind"
  std::string_view display;    // "MFMA" / "WMMA" in texts
  std::string_view doc;        // where docs/ describes the family's layouts and numerics
  std::string_view peak_unit;  // what a cycle count is per: "CU" (MFMA) / "WGP" (WMMA) (seeds 001 / 000)
  // Instruction encoding as AMD's matrix instruction calculator names it: MFMA is VOP3P-MAI (with a
  // MAI opcode, the low 6 bits of the VOP3P one), WMMA plain VOP3P.
  std::string_view encoding;
  bool mai_opcode;
  // Register counts, the derived columns of the instruction table: values of an A/B row (sparse A:
  // its stored K/2) held per lane, and C/D VGPRs per lane (the rules above).
  int (*input_values_per_lane)(int rows, int k, int blocks, int wave);
  int (*output_vgprs)(int m, int n, int blocks, int bits, int wave);
  LayoutRule layout_rule;
  // Integer A/B are signed unless NEG[0]/NEG[1] say so (WMMA iu8/iu4, docs/spec/layouts.md §8.4);
  // MFMA i8 is always signed (§4.1).
  bool neg_chooses_integer_signedness;
  // 16-bit C/D occupy one half of each VGPR, the half chosen by OPSEL[2] (docs/spec/layouts.md §6, §8.3).
  bool cd16_in_half_vgpr;
  // A/B are held in several lane-group copies; an output row reads its group's copy (§8.5).
  bool replicated_inputs;
  // The builtin's _w32/_w64 suffix fixes the wave size (docs/spec/interfaces.md "Names").
  bool builtin_suffix_chooses_wave;
  // The EXEC mask's effect on D is an open question behind switch cdna2_exec (docs/spec/numerics.md §A.1).
  bool exec_mask_switchable;
  // Only the wave of this size has published cycle counts (0: every wave size; WMMA: wave32,
  // docs/spec/layouts.md §4.2).
  int cycles_published_wave;
  // Hardware captures pin down its NaN bits, so device comparisons check them (docs/spec/numerics.md §C.2).
  bool nan_bits_published;
  // The integer model's one-line description for traces, after the generation ("CDNA2 ").
  std::string_view integer_model_text;
  // The fast kernels that serve it (emu/fast/gemm_family.cpp).
  FastNumerics fast_numerics;
  // Why `name` is not a modifier of `d`, where the family has its own reason; nullopt leaves the
  // wording to emu/isa/modifiers.cpp.
  std::optional<std::string> (*refuse_modifier)(const InstrDesc& d, std::string_view name) = nullptr;
  // A is 4:2 structured-sparse: stored compressed (M x K/2) with a 2-bit position per stored value
  // in the IDX register; the instruction computes with the dense A rebuilt from them (docs/cdna3.md §3).
  bool sparse_a = false;
  std::string_view sparse_doc = "";  // the section that describes its sparse A and IDX
  IndexSelect index_select = IndexSelect::none;
  SparseGroupingSwitch sparse_grouping = SparseGroupingSwitch::none;
  // Why a NEG/NEG_HI value out of range is refused, where the family has its own reason.
  std::string_view neg_range_reason = "";
  // Why an index_key value out of range is refused, where the family has its own reason.
  std::string_view index_key_reason = "";
  // The modifiers that name the A and B element formats (0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4) of its rows whose
  // table type is the placeholder f8f6f4: CBSZ / BLGP on gfx950 (docs/cdna4.md §1), where they are then no
  // broadcast or lane pattern; matrix_a_fmt / matrix_b_fmt on gfx1250 (docs/cdna5.md §1). Empty: none.
  std::string_view a_format_modifier = "";
  std::string_view b_format_modifier = "";
  // Block-scaled forms: the modifiers that name SA's / SB's scale format (0 E8M0, 1 E5M3, 2 E4M3) and the
  // half-wave whose lanes hold them (0 lanes 0-15, 1 lanes 16-31): gfx1250's matrix_{a,b}_scale_fmt and
  // matrix_{a,b}_scale (docs/cdna5.md §2.7). Empty: E8M0 scales picked by byte (gfx950's opsel_a / opsel_b).
  std::string_view a_scale_format_modifier = "";
  std::string_view b_scale_format_modifier = "";
  std::string_view a_scale_half_modifier = "";
  std::string_view b_scale_half_modifier = "";
  // Its single-block shapes with four A and four B VGPRs are gfx950's K-doubled ones, whose lane map
  // is switch k16_layout's (docs/cdna4.md §2.1).
  bool kdoubled_layout_switchable = false;
  // Its multi-block f64 C/D order is switch f64_4x4x4_cd_order's (docs/spec/layouts.md §11.2).
  bool f64_cd_order_switchable = false;
  // The clang builtin types two VGPRs of 8-bit values as one `long` (BuiltinsAMDGPU.def).
  bool eight_bit_pair_is_long = false;
  // The model text of a trace's fused multiply-add chain, where it is the family's own (gfx12 FP8).
  std::string_view fma_chain_model_text = "";
  // The model text of a trace's fused groups, where they are the family's choice rather than a hardware-checked
  // model (gfx1250's cdna5_wmma=fused-groups); empty: the CDNA3/CDNA4 texts.
  std::string_view fused_group_model_text = "";
  // The clang builtins type bf16 vectors as __bf16 (BuiltinsAMDGPU.def letter `y`), not as short (gfx1250).
  bool bf16_builtin_vectors = false;
};

// The family rules, one specialisation per header of this folder.
template <MatrixFamilyId Id>
struct FamilyRules;

}  // namespace mxlane
