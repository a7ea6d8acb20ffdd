// Architecture registry: canonical names and the aliases of docs/spec/interfaces.md / docs/spec/layouts.md §1.
#include "emu/isa/arch.hpp"
#include "emu/util/text.hpp"

#include <array>
#include <string>

namespace mxlane {
namespace {

// Aliases follow the ROCm matrix instruction calculator (docs/spec/layouts.md §1); docs/spec/interfaces.md: gfx1101-1103
// and gfx1150-1153 share gfx1100's semantics; docs/spec/valu.md §1.2: gfx1150 matches gfx1100 and
// gfx908 matches gfx90a for the VALU builtins (gfx908 is its own entry because its MFMA differ).
constexpr std::array<std::string_view, 3> kGfx908Aliases = {"cdna1", "arcturus", "mi100"};
constexpr std::array<std::string_view, 6> kGfx90aAliases = {"cdna2", "aldebaran", "mi200", "mi210", "mi250", "mi250x"};
constexpr std::array<std::string_view, 7> kGfx942Aliases = {"cdna3",  "gfx940", "gfx941", "mi300",
                                                            "mi300a", "mi300x", "mi325x"};
constexpr std::array<std::string_view, 4> kGfx950Aliases = {"cdna4", "mi350", "mi350x", "mi355x"};
constexpr std::array<std::string_view, 2> kGfx1030Aliases = {"rdna2", "navi21"};
constexpr std::array<std::string_view, 10> kGfx1100Aliases = {"rdna3",   "rdna3.5", "gfx1101", "gfx1102", "gfx1103",
                                                              "gfx1150", "gfx1151", "gfx1152", "gfx1153", "navi31"};
constexpr std::array<std::string_view, 3> kGfx1200Aliases = {"rdna4", "gfx1201", "navi48"};
constexpr std::array<std::string_view, 3> kGfx1250Aliases = {"cdna5", "mi450", "mi455x"};

// Layout evidence per architecture, one sentence per source (HTML pages and `mxlane site`).
constexpr std::array<std::string_view, 4> kGfx90aEvidence = {
    "C/D: AMD's CDNA2 builtin page (seed 001), the ISA guide's output rule, AMD's matrix instruction calculator, "
    "AMD lab-notes kernels checked on MI200 (docs/spec/layouts.md \u00a75.3).",
    "A/B: the ISA guide's input rule, the calculator, lab-notes kernels (docs/spec/layouts.md \u00a75.2).",
    "BLGP: ISA Table 29, the calculator and rocjitsu agree (docs/spec/layouts.md \u00a78.2). CBSZ/ABID: every source "
    "agrees on a full broadcast; for a partial one they disagree (switch cbsz_model, docs/spec/layouts.md \u00a711.1).",
    "v_mfma_f64_4x4x4f64 C/D lane order: sources disagree (switch f64_4x4x4_cd_order, docs/spec/layouts.md \u00a711.2).",
};
constexpr std::array<std::string_view, 2> kGfx908Evidence = {
    "A/B and C/D: the gfx90a formulas (docs/spec/layouts.md \u00a75.2, \u00a75.3); AMD's matrix instruction calculator "
    "gives gfx908 exactly these for all 20 instructions (docs/cdna1.md).",
    "BLGP, CBSZ/ABID: as gfx90a, with the same partial-broadcast disagreement (switch cbsz_model, "
    "docs/spec/layouts.md \u00a711.1).",
};
constexpr std::array<std::string_view, 4> kGfx942Evidence = {
    "Renamed gfx90a instructions: the gfx90a formulas (docs/spec/layouts.md \u00a75.2, \u00a75.3); AMD's matrix instruction "
    "calculator's cdna3 table gives exactly these (docs/cdna3.md \u00a73).",
    "xf32, K-doubled i8 and fp8/bf8: the same input rule with 2 or 8 values per lane, consecutive k packed little-endian "
    "[TOOL] (docs/cdna3.md \u00a73).",
    "SMFMAC: A compressed to K/2 columns by the same rule, its 2-bit index fields beside each stored value in the index "
    "VGPR, the set chosen by ABID when CBSZ = 0 [TOOL] (docs/cdna3.md \u00a73).",
    "f64: BLGP is a negate mask, not a lane pattern [TOOL][DOC] (docs/cdna3.md \u00a72).",
};
constexpr std::array<std::string_view, 3> kGfx950Evidence = {
    "gfx942's instructions: gfx942's formulas (docs/cdna3.md \u00a73); AMD's calculator has no gfx950 table "
    "(docs/cdna4.md \u00a72).",
    "K-doubled f16/bf16/i8 and K-doubled SMFMAC: the general input rule with 8 (16) values per lane [INF]; the "
    "interleaved alternative is switch k16_layout, probe E-C4-1 (docs/cdna4.md \u00a72.1).",
    "fp8/bf8 bytes are OCP E4M3FN/E5M2, not gfx942's FNUZ [DOC] (docs/cdna4-numerics.md).",
};
constexpr std::array<std::string_view, 3> kGfx1100Evidence = {
    "A/B/C/D: AMD's RDNA3 builtin page (seed 000), the calculator, rocjitsu (hardware-checked on gfx1100), "
    "GPUOpen's WMMA sample (docs/spec/layouts.md \u00a76).",
    "Which copy of A/B an output row reads: rocjitsu's model, lane group g reads copy g (docs/spec/layouts.md \u00a78.5; "
    "switch rdna3_replica); seed 000 requires the copies to hold the same data.",
    "NEG/NEG_HI and OPSEL: docs/spec/layouts.md \u00a78.3, \u00a78.4.",
};
constexpr std::array<std::string_view, 3> kGfx1200Evidence = {
    "A/B/C/D: AMD's matrix instruction calculator's gfx12 table (no replicas, K split across the half-waves, packed "
    "16-bit C/D), consistent with every public gfx1201 capture [TOOL] (docs/rdna4.md \u00a72).",
    "iu4: K=16 in wave64 uses the wave32 lanes (lanes 32-63 unread) and K=32 has a second published packing; the "
    "captures cannot tell them apart (docs/rdna4.md \u00a72.3, probe E9).",
    "NEG/NEG_HI: A/B even/odd k and C negate/abs on f16/bf16; C only on FP8/BF8; no OPSEL [LLVM] (docs/rdna4.md \u00a71).",
};

constexpr std::array<std::string_view, 5> kGfx1251Evidence = {
    "Every gfx1250 matrix instruction, as on gfx1250: clang-22 compiles each gfx1250 matrix builtin for gfx1251 "
    "[LLVM] (docs/cdna5.md \u00a71).",
    "v_wmma_f64_16x16x4_f64: A/B in lane 16*k1 + i, VGPR pair 2*k0; C/D as the f32 C/D with 64-bit items; an "
    "FMA chain: AMD's ISA emulator (rocjitsu), unvalidated by its own account [SRC-EMU] (docs/cdna5.md \u00a72.6).",
    "LLVM 22 knows no v_wmma_f64_16x16x4_f64 (no mnemonic, no builtin): no device kernel (docs/cdna5.md \u00a72.6).",
    "NEG/NEG_HI, CLAMP and the builtins' arguments of the gfx1250 rows: LLVM 22 [LLVM] (docs/cdna5.md \u00a71).",
    "No public capture of any result: the arithmetic is a labelled choice with switches and probes (docs/cdna5.md "
    "\u00a73).",
};
constexpr std::array<std::string_view, 4> kGfx1250Evidence = {
    "A/B/C/D: AMD's CDNA5 ISA guide as AMD's own ISA emulator (rocjitsu) encodes it: K split across the "
    "half-waves in blocks of 8 (16-bit) or 16 (8-bit) k, packed 16-bit C/D [SRC-EMU] (docs/cdna5.md \u00a72).",
    "f32 D of the 16x16x32 f16/bf16 WMMA: confirmed by a public round trip on gfx1250 hardware; its A/B only up to a "
    "K order shared by A and B [HW] (docs/cdna5.md \u00a72.3).",
    "NEG/NEG_HI, CLAMP and the builtins' arguments: LLVM 22 (clang-22, llvm-mc-22) [LLVM] (docs/cdna5.md \u00a71).",
    "No public capture of any result: the arithmetic is a labelled choice with switches and probes (docs/cdna5.md "
    "\u00a73).",
};

// Register files: gfx908/gfx90a have 512 per-lane registers split into 256 ArchVGPRs and 256
// AccVGPRs (seed 001: "all four operands can reside in either accVGPRs or archVGPRs" on gfx90a; on
// gfx908 C and D must be AccVGPRs, docs/cdna1.md); RDNA has no AccVGPRs. Matrix instructions are
// emulated where matrix_modelled is true; the others are here for their VALU builtins
// (docs/spec/valu.md §1.2). fdot2: docs/spec/valu.md §5.1; FP8 encodings: §6.5.
// gfx1250: wave32 only, matrix unit programmed with WMMA/SWMMAC (docs/cdna5.md §1) [LLVM]; OCP FP8
// [LLVM]; subnormals kept by its matrix arithmetic, as on gfx950 [INF] (docs/cdna5.md §3). Its VALU
// builtins are not modelled yet: no VALU row names it (docs/cdna5.md §5), so the VALU traits
// below are never read.
constexpr ArchInfo kGfx1250Info = {.id = ArchId::gfx1250,
                                   .name = "gfx1250",
                                   .family = "cdna5",
                                   .products = "Instinct MI450 series (MI450X, MI455X)",
                                   .aliases = kGfx1250Aliases,
                                   .default_wave = 32,
                                   .wave32 = true,
                                   .wave64 = false,
                                   .vgprs = 256,
                                   .agprs = 0,
                                   .matrix_modelled = true,
                                   .tuple_align_regs = 1,
                                   .cd_accvgpr_only = false,
                                   .matrix_subnormals = MatrixSubnormals::keep,
                                   .gfx11_valu_mnemonics = true,
                                   .fdot2_model = Fdot2Model::rdna4_window,
                                   .fdot2_flushes = false,
                                   .fdot2_nan_bits_known = false,
                                   .fp8_encoding = Fp8Encoding::ocp,
                                   .dot2_captures = "",
                                   .packed16_fixtures = "",
                                   .layout_evidence = kGfx1250Evidence,
                                   .fp8_select_gfx9_encoding = false,
                                   .fp8_word_select_op_sel = true,
                                   .mfma_float_model = MfmaFloatModel::fused_groups};
// gfx1251: gfx1250's traits and every gfx1250 matrix row (emu/isa/instruction_rows.hpp kInheritedRows), plus
// v_wmma_f64_16x16x4_f64, which LLVM 22 does not know (docs/cdna5.md \u00a72.6) [LLVM; SRC-EMU].
constexpr ArchInfo kGfx1251Info = [] {
  ArchInfo a = kGfx1250Info;
  a.id = ArchId::gfx1251;
  a.name = "gfx1251";
  a.products = "CDNA5 gfx1251 (no product named yet)";
  a.aliases = {};
  a.layout_evidence = kGfx1251Evidence;
  return a;
}();

constexpr std::array<ArchInfo, 9> kArchs = {{
    {.id = ArchId::gfx908,
     .name = "gfx908",
     .family = "cdna1",
     .products = "MI100",
     .aliases = kGfx908Aliases,
     .default_wave = 64,
     .wave32 = false,
     .wave64 = true,
     .vgprs = 256,
     .agprs = 256,
     .matrix_modelled = true,
     .tuple_align_regs = 1,
     .cd_accvgpr_only = true,
     .matrix_subnormals = MatrixSubnormals::keep,
     .gfx11_valu_mnemonics = false,
     .fdot2_model = Fdot2Model::cdna,
     .fdot2_flushes = true,
     .fdot2_nan_bits_known = false,
     .fp8_encoding = Fp8Encoding::ocp,
     .dot2_captures = "",
     .packed16_fixtures = "",
     .layout_evidence = kGfx908Evidence,
     .valu_tied_e64 = true},
    {.id = ArchId::gfx90a,
     .name = "gfx90a",
     .family = "cdna2",
     .products = "MI200 series (MI210, MI250, MI250X)",
     .aliases = kGfx90aAliases,
     .default_wave = 64,
     .wave32 = false,
     .wave64 = true,
     .vgprs = 256,
     .agprs = 256,
     .matrix_modelled = true,
     .tuple_align_regs = 2,
     .cd_accvgpr_only = false,
     .matrix_subnormals = MatrixSubnormals::flush,
     .gfx11_valu_mnemonics = false,
     .fdot2_model = Fdot2Model::cdna,
     .fdot2_flushes = true,
     .fdot2_nan_bits_known = false,
     .fp8_encoding = Fp8Encoding::ocp,
     .dot2_captures = "",
     .packed16_fixtures = "",
     .layout_evidence = kGfx90aEvidence,
     .valu_tied_e64 = true},
    // gfx942: subnormals kept (MMA-Sim flushes only on CDNA2; docs/cdna3-numerics.md), FNUZ FP8.
    {.id = ArchId::gfx942,
     .name = "gfx942",
     .family = "cdna3",
     .products = "MI300 series (MI300A, MI300X, MI325X)",
     .aliases = kGfx942Aliases,
     .default_wave = 64,
     .wave32 = false,
     .wave64 = true,
     .vgprs = 256,
     .agprs = 256,
     .matrix_modelled = true,
     .tuple_align_regs = 2,
     .cd_accvgpr_only = false,
     .matrix_subnormals = MatrixSubnormals::keep,
     .gfx11_valu_mnemonics = false,
     .fdot2_model = Fdot2Model::cdna,
     .fdot2_flushes = false,
     .fdot2_nan_bits_known = false,
     .fp8_encoding = Fp8Encoding::fnuz,
     .dot2_captures = "",
     .packed16_fixtures = "",
     .layout_evidence = kGfx942Evidence,
     .fp8_select_gfx9_encoding = true,
     .fp8_word_select_op_sel = false,
     .mfma_float_model = MfmaFloatModel::fused_groups,
     .valu_tied_e64 = true},
    // gfx950: gfx942's rules carried over [INF] (subnormals kept), OCP FP8 (docs/cdna4-numerics.md).
    {.id = ArchId::gfx950,
     .name = "gfx950",
     .family = "cdna4",
     .products = "MI350 series (MI350X, MI355X)",
     .aliases = kGfx950Aliases,
     .default_wave = 64,
     .wave32 = false,
     .wave64 = true,
     .vgprs = 256,
     .agprs = 256,
     .matrix_modelled = true,
     .tuple_align_regs = 2,
     .cd_accvgpr_only = false,
     .matrix_subnormals = MatrixSubnormals::keep,
     .gfx11_valu_mnemonics = false,
     .fdot2_model = Fdot2Model::cdna,
     .fdot2_flushes = false,
     .fdot2_nan_bits_known = false,
     .fp8_encoding = Fp8Encoding::ocp,
     .dot2_captures = "",
     .packed16_fixtures = "",
     .layout_evidence = kGfx950Evidence,
     .fp8_select_gfx9_encoding = true,
     .fp8_word_select_op_sel = false,
     .mfma_float_model = MfmaFloatModel::fused_groups,
     .valu_tied_e64 = true},
    {.id = ArchId::gfx1030,
     .name = "gfx1030",
     .family = "rdna2",
     .products = "Radeon RX 6800/6900",
     .aliases = kGfx1030Aliases,
     .default_wave = 32,
     .wave32 = true,
     .wave64 = true,
     .vgprs = 256,
     .agprs = 0,
     .matrix_modelled = false,
     .tuple_align_regs = 1,
     .cd_accvgpr_only = false,
     .matrix_subnormals = MatrixSubnormals::keep,
     .gfx11_valu_mnemonics = false,
     .fdot2_model = Fdot2Model::cdna,
     .fdot2_flushes = false,
     .fdot2_nan_bits_known = false,
     .fp8_encoding = Fp8Encoding::ocp,
     .dot2_captures = "",
     .packed16_fixtures = "",
     .layout_evidence = {}},
    {.id = ArchId::gfx1100,
     .name = "gfx1100",
     .family = "rdna3",
     .products = "Radeon RX 7900 / Pro W7900 (and RDNA3.5 APUs)",
     .aliases = kGfx1100Aliases,
     .default_wave = 32,
     .wave32 = true,
     .wave64 = true,
     .vgprs = 256,
     .agprs = 0,
     .matrix_modelled = true,
     .tuple_align_regs = 1,
     .cd_accvgpr_only = false,
     .matrix_subnormals = MatrixSubnormals::keep,
     .gfx11_valu_mnemonics = true,
     .fdot2_model = Fdot2Model::rdna3_grid,
     .fdot2_flushes = false,
     .fdot2_nan_bits_known = true,
     .fp8_encoding = Fp8Encoding::ocp,
     .dot2_captures = "rdna3_dot2_captures.txt",
     .packed16_fixtures = "rdna3_wmma_packed_inputs.txt",
     .layout_evidence = kGfx1100Evidence},
    // gfx1200: dense WMMA modelled (docs/rdna4.md); subnormals kept by its WMMA (docs/rdna4.md §3.3).
    {.id = ArchId::gfx1200,
     .name = "gfx1200",
     .family = "rdna4",
     .products = "Radeon RX 9070 / AI Pro R9700",
     .aliases = kGfx1200Aliases,
     .default_wave = 32,
     .wave32 = true,
     .wave64 = true,
     .vgprs = 256,
     .agprs = 0,
     .matrix_modelled = true,
     .tuple_align_regs = 1,
     .cd_accvgpr_only = false,
     .matrix_subnormals = MatrixSubnormals::keep,
     .gfx11_valu_mnemonics = true,
     .fdot2_model = Fdot2Model::rdna4_window,
     .fdot2_flushes = false,
     .fdot2_nan_bits_known = true,
     .fp8_encoding = Fp8Encoding::ocp,
     .dot2_captures = "",
     .packed16_fixtures = "",
     .layout_evidence = kGfx1200Evidence,
     .fp8_select_gfx9_encoding = false,
     .fp8_word_select_op_sel = true},
    kGfx1250Info,
    kGfx1251Info,
}};

}  // namespace

std::span<const ArchInfo> all_archs() { return kArchs; }

const ArchInfo& arch_info(ArchId id) {
  for (const ArchInfo& a : kArchs)
    if (a.id == id) return a;
  return kArchs[0];  // unreachable: every ArchId has a row
}

const ArchInfo* find_arch(std::string_view name_or_alias) {
  const std::string key = lowercase(name_or_alias);
  for (const ArchInfo& a : kArchs) {
    if (key == a.name) return &a;
    for (std::string_view alias : a.aliases)
      if (key == alias) return &a;
  }
  return nullptr;
}

std::string_view known_arch_names() {
  static const std::string text = [] {
    std::string s;
    for (const ArchInfo& a : kArchs) {
      if (!s.empty()) s += "; ";
      s += a.name;
      s += " (aliases:";
      for (std::string_view alias : a.aliases) {
        s += ' ';
        s += alias;
      }
      s += ')';
    }
    return s;
  }();
  return text;
}

std::string arch_names(ArchMask mask) {
  std::string s;
  for (const ArchInfo& a : kArchs)
    if ((mask & arch_bit(a.id)) != 0) append_item(s, a.name);
  return s;
}

ArchMask every_arch() {
  ArchMask all = 0;
  for (const ArchInfo& a : kArchs) all |= arch_bit(a.id);
  return all;
}

bool arch_supports_wave(const ArchInfo& arch, int wave) {
  return (wave == 32 && arch.wave32) || (wave == 64 && arch.wave64);
}

}  // namespace mxlane
