// MatrixFamily: what one kind of matrix instruction shares on every architecture that has it
// (register counts, layout rule, modifier style, register-file rules, model texts, fast path).
// Code outside emu/isa/ asks these traits — `desc.family()` — never the architecture.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace mxlane {

// The families. A new one (SMFMAC, SWMMAC, scaled MFMA) is a new id, a row in matrix_family.cpp and
// the layout and numerics it names.
enum class MatrixFamilyId : std::uint8_t {
  mfma,  // CDNA dense MFMA: wave64, A/B spread over lanes by K groups, C/D by the 4-row rule (docs/spec/layouts.md §5)
  wmma,  // RDNA3 WMMA: A/B replicated per lane group, C/D 8 rows per lane (docs/spec/layouts.md §6)
  smfmac,  // CDNA3 SMFMAC: MFMA with a 4:2 structured-sparse A given compressed plus an index VGPR (docs/cdna3.md §3)
  wmma_gfx12,  // RDNA4 dense WMMA: no replicas, K split across half-waves, packed 16-bit C/D (docs/rdna4.md §2)
  mfma_f8f6f4,  // CDNA4 f8f6f4 MFMA: A/B formats chosen by CBSZ/BLGP, 32 values per lane, optional E8M0 scales (docs/cdna4.md §2.2)
  swmmac_gfx12,  // RDNA4 SWMMAC: gfx12 WMMA with a 2:4 structured-sparse A given compressed plus an index VGPR (docs/rdna4.md §2.5)
};

// The CDNA families, whose A/B hold Kl = K*M*B/64 values per lane and whose C/D follow the 4-row rule.
constexpr bool cdna_register_counts(MatrixFamilyId f) {
  return f == MatrixFamilyId::mfma || f == MatrixFamilyId::smfmac || f == MatrixFamilyId::mfma_f8f6f4;
}

// VGPRs per lane of an input operand (A: rows = M, B: rows = N) holding `bits`-bit values in a wave of
// `wave` lanes. The derived column of the instruction table (docs/spec/layouts.md §4.1: Kl = K*M*B/64
// values per lane on MFMA and SMFMAC, whose sparse A passes its stored K/2 as `k`; §6: an RDNA3 WMMA
// lane holds all K values of its row; docs/rdna4.md §2: a gfx12 lane holds its share K*rows/wave, so
// the footprint halves in wave64).
constexpr int family_input_vgprs(MatrixFamilyId f, int rows, int k, int blocks, int bits, int wave) {
  const int values = cdna_register_counts(f)                                                ? k * rows * blocks / 64
                     : f == MatrixFamilyId::wmma_gfx12 || f == MatrixFamilyId::swmmac_gfx12 ? k * rows * blocks / wave
                                                                                            : k;
  return (values * bits + 31) / 32;
}

// VGPRs per lane of C/D: MFMA packs M*N*B/64 values of `bits` bits (docs/spec/layouts.md §4.1); WMMA
// gives each of its M*N/wave values a whole VGPR, 16-bit ones in one half (§4.2, §6); gfx12 packs
// 16-bit C/D two to a VGPR (docs/rdna4.md §2.4).
constexpr int family_output_vgprs(MatrixFamilyId f, int m, int n, int blocks, int bits, int wave) {
  if (cdna_register_counts(f)) return m * n * blocks * bits / (64 * 32);
  if (f == MatrixFamilyId::wmma_gfx12 || f == MatrixFamilyId::swmmac_gfx12)
    return (m * n * blocks / wave * bits + 31) / 32;
  return m * n * blocks / wave * (bits > 32 ? bits / 32 : 1);
}

struct MatrixFamily {
  MatrixFamilyId id;
  std::string_view kind;       // "mfma" / "wmma": `list --format json` and Python's "kind"
  std::string_view display;    // "MFMA" / "WMMA" in texts
  std::string_view peak_unit;  // what a cycle count is per: "CU" (MFMA) / "WGP" (WMMA) (seeds 001 / 000)
  // Instruction encoding as AMD's matrix instruction calculator names it: MFMA is VOP3P-MAI (with a
  // MAI opcode, the low 6 bits of the VOP3P one), WMMA plain VOP3P.
  std::string_view encoding;
  bool mai_opcode;
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
  // A is 4:2 structured-sparse: stored compressed (M x K/2) with a 2-bit position per stored value
  // in the IDX register; the instruction computes with the dense A rebuilt from them (docs/cdna3.md §3).
  bool sparse_a = false;
  // CBSZ and BLGP name the A and B element formats (0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4), not broadcast
  // or lane patterns; each lane holds 32 values of its row / column (docs/cdna4.md §1, §2.2).
  bool formats_from_cbsz_blgp = false;
};

// One row per family, in MatrixFamilyId order.
inline constexpr std::array<MatrixFamily, 6> kFamilies = {{
    {.id = MatrixFamilyId::mfma,
     .kind = "mfma",
     .display = "MFMA",
     .peak_unit = "CU",
     .encoding = "VOP3P-MAI",
     .mai_opcode = true,
     .neg_chooses_integer_signedness = false,
     .cd16_in_half_vgpr = false,
     .replicated_inputs = false,
     .builtin_suffix_chooses_wave = false,
     .exec_mask_switchable = true,
     .cycles_published_wave = 0,
     .nan_bits_published = false,
     .integer_model_text = "INT8 MFMA: exact integer sum of C and the products, then wrapped to 32 bits "
                           "(docs/spec/numerics.md §A.1) [INF, unverified]"},
    {.id = MatrixFamilyId::wmma,
     .kind = "wmma",
     .display = "WMMA",
     .peak_unit = "WGP",
     .encoding = "VOP3P",
     .mai_opcode = false,
     .neg_chooses_integer_signedness = true,
     .cd16_in_half_vgpr = true,
     .replicated_inputs = true,
     .builtin_suffix_chooses_wave = true,
     .exec_mask_switchable = false,
     .cycles_published_wave = 32,
     .nan_bits_published = true,
     .integer_model_text = "integer WMMA: exact sum of the sign-extended C and the products, then saturated "
                           "with CLAMP or wrapped (docs/spec/numerics.md §A.2, §B.7) [INF]"},
    {.id = MatrixFamilyId::smfmac,
     .kind = "smfmac",
     .display = "SMFMAC",
     .peak_unit = "CU",
     .encoding = "VOP3P-MAI",
     .mai_opcode = true,
     .neg_chooses_integer_signedness = false,
     .cd16_in_half_vgpr = false,
     .replicated_inputs = false,
     .builtin_suffix_chooses_wave = false,
     .exec_mask_switchable = true,
     .cycles_published_wave = 0,
     .nan_bits_published = false,
     .integer_model_text = "INT8 SMFMAC: exact integer sum of C and the products of the rebuilt dense row, then "
                           "wrapped to 32 bits (docs/cdna3-numerics.md §4) [INF, unverified]",
     .sparse_a = true},
    // gfx12: no replicas, packed 16-bit C/D (docs/rdna4.md §2); one published cycle count, read as
    // wave32's like RDNA3's [TOOL]; NaN constants pinned by the gfx1201 captures (docs/rdna4.md §3.1).
    {.id = MatrixFamilyId::wmma_gfx12,
     .kind = "wmma",
     .display = "WMMA",
     .peak_unit = "WGP",
     .encoding = "VOP3P",
     .mai_opcode = false,
     .neg_chooses_integer_signedness = true,
     .cd16_in_half_vgpr = false,
     .replicated_inputs = false,
     .builtin_suffix_chooses_wave = true,
     .exec_mask_switchable = false,
     .cycles_published_wave = 32,
     .nan_bits_published = true,
     .integer_model_text = "integer WMMA: exact products; C plus the first half of K, saturated with CLAMP, then "
                           "the second half, saturated again; without CLAMP wrapped mod 2^32 (docs/rdna4.md §3.2) "
                           "[HW-digest wave32]"},
    // gfx950 f8f6f4: its own kind, since A/B formats and the scale operands make its calls differ from
    // every dense MFMA's; no integer form; cycle counts not published for gfx950 (docs/cdna4.md §0).
    {.id = MatrixFamilyId::mfma_f8f6f4,
     .kind = "mfma_scale",
     .display = "MFMA",
     .peak_unit = "CU",
     .encoding = "VOP3P-MAI",
     .mai_opcode = true,
     .neg_chooses_integer_signedness = false,
     .cd16_in_half_vgpr = false,
     .replicated_inputs = false,
     .builtin_suffix_chooses_wave = false,
     .exec_mask_switchable = true,
     .cycles_published_wave = 0,
     .nan_bits_published = false,
     .integer_model_text = "",
     .sparse_a = false,
     .formats_from_cbsz_blgp = true},
    // gfx12 SWMMAC: the gfx12 WMMA traits with a sparse A (docs/rdna4.md §2.5); the accumulator is read
    // from D's registers, given as C.
    {.id = MatrixFamilyId::swmmac_gfx12,
     .kind = "swmmac",
     .display = "SWMMAC",
     .peak_unit = "WGP",
     .encoding = "VOP3P",
     .mai_opcode = false,
     .neg_chooses_integer_signedness = true,
     .cd16_in_half_vgpr = false,
     .replicated_inputs = false,
     .builtin_suffix_chooses_wave = true,
     .exec_mask_switchable = false,
     .cycles_published_wave = 32,
     .nan_bits_published = true,
     .integer_model_text = "integer SWMMAC: exact products of the rebuilt dense row; C plus the first half of K "
                           "(the stored values in lanes 0-15), saturated with CLAMP, then the second half, "
                           "saturated again; without CLAMP wrapped mod 2^32 (docs/rdna4.md §3.2) [HW-digest wave32]",
     .sparse_a = true},
}};

constexpr const MatrixFamily& matrix_family(MatrixFamilyId id) { return kFamilies[static_cast<std::size_t>(id)]; }

}  // namespace mxlane
