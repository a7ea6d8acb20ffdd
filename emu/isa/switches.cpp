// Registry of the behaviour switches, their values (default first) and their evidence.
#include "emu/isa/switches.hpp"

#include <iterator>

#include "emu/isa/switch_scope.hpp"

#include "emu/isa/errors.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"

namespace mxlane {
namespace {

constexpr SwitchValue kScaleZero[] = {
    {"e8m0", "a scale byte 0x00 is 2^-127, as E8M0 defines it (the scaled encoding)"},
    {"identity", "a scale byte 0x00 leaves the block unscaled (what the unscaled encoding uses)"},
};
constexpr SwitchValue kF8f6f4Groups[] = {
    {"block32", "one fused group per 32-k scale block: exact products truncated to 24 fraction bits below "
                "the block's largest product, the scaled sum floored and rounded into the accumulator"},
    {"split16", "gfx942's fp8 structure: two groups of 16 per block, each with the even/odd split, each "
                "scaled by the block's scales and rounded into the accumulator"},
};
constexpr SwitchValue kKdoubledGroups[] = {
    {"8", "fused groups of 8 products, as gfx942's f16/bf16 MFMA"},
    {"16", "fused groups of 16 products (one group per lane's 8 values of two lane groups)"},
};
constexpr SwitchValue kK16Layouts[] = {
    {"contiguous", "each lane holds Kl consecutive k: k = Kl*g + t (g = lane / M)"},
    {"interleaved16B", "the f8f6f4 fp8 rule on the two 64-bit halves: half h, item j holds k = (Kl/2)*(G*h + g) + j"},
};
constexpr SwitchValue kFp6Layouts[] = {
    {"contiguous", "each lane holds 32 consecutive k (k = 32*g + e), element e at bits 6e..6e+5 of v0..v5"},
    {"interleaved", "the fp8 rule: element e < 16 holds k = 16*g + e, e >= 16 holds k = 16*G + 16*g + e - 16"},
};

constexpr SwitchValue kCbszModels[] = {
    {"isa", "every lane l reads A from lane (l mod S) + S*abid, S = 64 >> cbsz: the top cbsz "
            "lane bits are forced to abid (AMD ISA guide §7.1.6.1 text; rocjitsu)"},
    {"calculator", "block b reads A from block (b with its low cbsz bits cleared) + abid: runs "
                   "of 2^cbsz adjacent blocks (ROCm matrix calculator, AMD lab notes, HIP CDNA2 "
                   "docs)"},
};

constexpr SwitchValue kF64QuadOrders[] = {
    {"lab-notes", "D[b][i][j] in lane j + 4b + 16i (seed 001 layout, calculator, AMD lab-notes "
                  "example verified on the host, rocjitsu)"},
    {"isa-general", "D[b][i][j] in lane j + 4i + 16b (the ISA's general output rule with H=1 "
                    "applied literally)"},
};

constexpr SwitchValue kReplicaSources[] = {
    {"own-group", "D rows held in lane group g read the A/B copies of lane group g (rocjitsu model)"},
    {"group0", "every D row reads the copies in lanes 0-15 (the calculator's --output-calculation)"},
};

constexpr SwitchValue kRoundModes[] = {
    {"rne", "MODE.FP_ROUND round to nearest even (HIP/HSA default)"},
    {"rtz", "round toward zero"},
    {"rup", "round toward +infinity"},
    {"rdn", "round toward -infinity"},
};
constexpr SwitchValue kDenormModes[] = {
    {"preserve", "MODE.FP_DENORM keeps denormals (HIP/HSA default)"},
    {"flush", "MODE.FP_DENORM flushes denormal inputs and outputs to zero"},
};
constexpr SwitchValue kBits[] = {
    {"0", "off (HIP/HSA default)"},
    {"1", "on"},
};
constexpr SwitchValue kModeEffect[] = {
    {"ignored", "the instruction does not consult MODE: the observed/modelled behaviour"},
    {"honoured", "the instruction applies MODE.FP_ROUND and MODE.FP_DENORM"},
};
constexpr SwitchValue kExecEffect[] = {
    {"ignored", "every lane computes and writes D whatever EXEC holds"},
    {"masked", "lanes whose EXEC bit is 0 keep their previous D (gem5's model)"},
};
constexpr SwitchValue kNanResults[] = {
    {"canonical", "every NaN result is 0x7FC00000 (f32) / 0x7FF8000000000000 (f64)"},
    {"propagate", "the first NaN operand, quieted; invalid operations give the default NaN"},
};
constexpr SwitchValue kFlushedSign[] = {
    {"positive", "a flushed subnormal or -0 input reads as +0 and each product is a*b + (+0), so -0 never survives (MMA-Sim)"},
    {"keep", "flushed inputs keep their sign and products are a*b + (-0), so -0 results survive"},
};
constexpr SwitchValue kIntOverflow[] = {
    {"wrap", "the exact sum wrapped to 32 bits"},
    {"saturate", "the exact sum saturated to the int32 range"},
};
constexpr SwitchValue kProductOverflow[] = {
    {"ieee", "a bf16 product beyond binary32 becomes +-inf (IEEE rounding)"},
    {"saturate", "it becomes the largest finite binary32 value"},
};
constexpr SwitchValue kF64Algorithms[] = {
    {"fma-chain", "acc = fma(a_k, b_k, acc) for k ascending, from C (MMA-Sim)"},
    {"exact-dot", "the exact sum C + sum a_k*b_k rounded once"},
};
constexpr SwitchValue kRdna3Grids[] = {
    {"published", "alignment grid G = max(Gp, Gl) with the F16-output C lead floored at -14"},
    {"no-f16-c-floor", "the same grid without the -14 floor on C's lead for F16 output"},
};
constexpr SwitchValue kBf16Outputs[] = {
    {"truncate", "each step rounds to binary32 (RNE, flush) and keeps the top 16 bits"},
    {"round", "each step rounds to binary32, then to bfloat16 with RNE"},
};
constexpr SwitchValue kIntClamps[] = {
    {"final", "C + all products summed exactly, then one saturation (when clamp is set)"},
    {"unsigned-range", "with A and B both unsigned, clamp saturates to [0, 2^32-1] instead of the int32 range"},
};

constexpr SwitchValue kFdot2Cdna[] = {
    {"exact", "C + a0*b0 + a1*b1 rounded once with RNE (docs/spec/valu.md §5.1 recommendation)"},
    {"sequential", "the ISA text read literally: tmp = C; tmp += a0*b0; tmp += a1*b1, each RNE"},
    {"gfx12-window", "the RDNA4 window model of §5.3"},
};
constexpr SwitchValue kFlushKeep[] = {
    {"flush", "f32 subnormal results become zero (PyTorch: MI200 V_DOT2 flushes outputs)"},
    {"keep", "f32 subnormal results are kept"},
};
constexpr SwitchValue kClampNan[] = {
    {"zero", "a NaN result with clamp becomes +0 (DX10_CLAMP = 1)"},
    {"nan", "a NaN result stays NaN with clamp"},
};
constexpr SwitchValue kDot4Rounding[] = {
    {"sequential", "C + p0 + p1 + p2 + p3 in binary32, each add RNE (the ISA text; goc's model)"},
    {"single", "the exact sum rounded once"},
};
constexpr SwitchValue kFnuzNan[] = {
    {"0x7fc00000", "FNUZ 0x80 decodes to the default quiet NaN"},
    {"0x7fffffff", "FNUZ 0x80 decodes to 0x7FFFFFFF (one third-party MI300 port)"},
};
constexpr SwitchValue kCdna1Subnormals[] = {
    {"keep", "A, B, C and every binary32 result keep their subnormals (gradual underflow, -0 kept)"},
    {"flush", "gfx90a's rules: subnormal or -0 inputs read as +0, subnormal results flushed"},
};
constexpr SwitchValue kFnuzUnderflow[] = {
    {"zero", "a negative value that rounds to zero encodes as 0x00 (FNUZ has no -0)"},
    {"nan", "it encodes as 0x80 (NaN), as a third-party MI300 port hints"},
};
constexpr SwitchValue kGfx12IntClamps[] = {
    {"two-stage", "CLAMP saturates after the products of the first half of K (lanes 0-15 in wave32), then "
                  "after the second half (docs/rdna4.md §3.3) [HW-digest wave32]"},
    {"final", "CLAMP saturates once, after C and every product (the RDNA3 rule)"},
};
constexpr SwitchValue kSmfmacGroupings[] = {
    {"dense-k", "the dense instruction's arithmetic on the rebuilt K-long A row (unstored k are +0 and still "
                "enter each group) [INF]"},
    {"compressed-k", "only the K/2 stored values, each times the B row its index picks, grouped by the "
                     "compressed K (8 stored f16 values form one fused group)"},
};

constexpr SwitchValue kSwmmacGroupings[] = {
    {"dense-k", "the dense gfx12 DOT4 chain on the rebuilt K-long A row: eight DOT4 steps over k (0..3), (4..7), "
                "..., unstored k are +0 factors (docs/rdna4.md §3.2) [INF]"},
    {"compressed-k", "DOT4 steps over the K/2 stored values only, four per step in compressed order, each times "
                     "the B row its index picks"},
};

constexpr SwitchValue kGfx12Fp8Wmma[] = {
    {"dot4", "the f16/bf16 DOT4 chain applied to the decoded OCP FP8/BF8 factors (docs/rdna4.md §3.2) [INF]"},
    {"fma-chain", "one binary32 fused multiply-add per product, K ascending (GoC's loose model)"},
};

constexpr SwitchInfo kSwitches[] = {
    {SwitchId::cbsz_model, "cbsz_model", kCbszModels,
     "gfx908/gfx90a/gfx942/gfx950 multi-block MFMA, operand A, 0 < cbsz < log2(blocks)",
     "[ISA] default vs [DOC] alternative; the two agree when cbsz = log2(blocks). Unverified on "
     "hardware: probe v_mfma_f32_16x16x1f32 cbsz=1 abid=1, A = lane id (docs/spec/layouts.md §11.1)"},
    {SwitchId::f64_4x4x4_cd_order, "f64_4x4x4_cd_order", kF64QuadOrders,
     "gfx90a v_mfma_f64_4x4x4f64 and gfx942/gfx950 v_mfma_f64_4x4x4_4b_f64, operands C and D",
     "[DOC] default (seed 001 + a host-verified lab-notes kernel) vs [ISA] general formula; "
     "confirm on hardware (docs/spec/layouts.md §11.2)"},
    {SwitchId::rdna3_replica, "rdna3_replica", kReplicaSources,
     "gfx1100 WMMA A and B whose replicas differ",
     "[MODEL] rocjitsu's gfx11 lane-group execution; replicas must be equal per seed 000, so this "
     "matters only for programs that break that rule (docs/spec/layouts.md §8.5)"},
    {SwitchId::mode_round, "mode_round", kRoundModes, "MODE register state (where an instruction honours it)",
     "docs/spec/valu.md §2: emulate the HSA/ROCm defaults"},
    {SwitchId::mode_denorm_f32, "mode_denorm_f32", kDenormModes, "MODE register state, binary32",
     "docs/spec/valu.md §2: emulate the HSA/ROCm defaults"},
    {SwitchId::mode_denorm_f16_f64, "mode_denorm_f16_f64", kDenormModes,
     "MODE register state, binary16 and binary64", "docs/spec/valu.md §2: emulate the HSA/ROCm defaults"},
    {SwitchId::fp16_ovfl, "fp16_ovfl", kBits, "MODE.FP16_OVFL: gfx1100 f16-output WMMA overflow gives 0x7BFF",
     "docs/spec/numerics.md §B.4 ROUND_F16 (model only), open question E8"},
    {SwitchId::cdna2_mode, "cdna2_mode", kModeEffect, "gfx908/gfx90a MFMA",
     "[MODEL] MMA-Sim ran with the default HIP MODE; whether MFMA honours MODE is open question E1"},
    {SwitchId::cdna2_exec, "cdna2_exec", kExecEffect, "gfx908/gfx90a/gfx942/gfx950 MFMA with a partial EXEC mask",
     "[ISA] CDNA4 guide §7.1.2 (\"ignores exec mask ... forces it to 1 for all threads\") and rocjitsu's "
     "CDNA2 MFMA; the MI200 guide's text was not found. gfx1100 WMMA always ignores EXEC: RDNA3 guide "
     "§16.10 pseudocode sets EXEC to all ones around the operation"},
    {SwitchId::cdna2_nan, "cdna2_nan", kNanResults, "gfx908/gfx90a float MFMA NaN results",
     "[UNKNOWN] MMA-Sim does not model NaN bits; open question E2 (docs/spec/numerics.md §C.1, §G)"},
    {SwitchId::cdna2_flushed_input_sign, "cdna2_flushed_input_sign", kFlushedSign,
     "gfx90a FP16/BF16 MFMA inputs (A, B, C) that are subnormal or -0 (gfx908 with cdna1_subnormals=flush)",
     "[MODEL] MMA-Sim maps subnormals and -0 to +0; open question E3 (docs/spec/numerics.md §B.2)"},
    {SwitchId::cdna2_int8_overflow, "cdna2_int8_overflow", kIntOverflow, "gfx908/gfx90a/gfx942/gfx950 INT8 MFMA",
     "[INF] no public model; open question E4 (gfx942: probe E-C3-1, docs/cdna3.md §4)"},
    {SwitchId::cdna2_bf16_product_overflow, "cdna2_bf16_product_overflow", kProductOverflow,
     "gfx908/gfx90a BF16 MFMA products", "[MODEL] IEEE binary32 arithmetic; open question E5"},
    {SwitchId::cdna2_f64_algorithm, "cdna2_f64_algorithm", kF64Algorithms, "gfx90a FP64 MFMA",
     "[MODEL] MMA-Sim; the seed's \"IEEE round-to-nearest-even\" agrees; open question E13"},
    {SwitchId::cdna1_subnormals, "cdna1_subnormals", kCdna1Subnormals, "gfx908 FP16/BF16 MFMA",
     "[MODEL] MMA-Sim runs CDNA1 through the CDNA2 code with its flush flag off (no hardware harness); "
     "probe E-C1-1: docs/spec/numerics.md §D.1 T1-T7 on an MI100 (docs/cdna1.md)"},
    {SwitchId::rdna3_mode, "rdna3_mode", kModeEffect, "gfx1100 float WMMA",
     "[HW] captures show fixed flushing; the ISA summary says denormals follow MODE; open question E7"},
    {SwitchId::rdna3_grid, "rdna3_grid", kRdna3Grids, "gfx1100 float WMMA DOT2 steps",
     "[HW-claimed] the published model; its -14 floor (and lead-26 term) are not pinned by the "
     "public captures; open question E9 (docs/spec/numerics.md §B.4)"},
    {SwitchId::rdna3_bf16_output, "rdna3_bf16_output", kBf16Outputs, "gfx1100 v_wmma_bf16_16x16x16_bf16",
     "[HW-claimed] goc model; open question E10"},
    {SwitchId::rdna3_int_clamp, "rdna3_int_clamp", kIntClamps, "gfx1100 integer WMMA with clamp",
     "[INF] goc model text (adapted from rocjitsu); open question E11"},
    {SwitchId::fdot2_cdna, "fdot2_cdna", kFdot2Cdna, "fdot2 / fdot2_f32_bf16 / fdot2c_f32_bf16 on gfx908, gfx90a, gfx942, gfx950, gfx1030",
     "[ASSUMED] docs/spec/valu.md §5.1; unknown arithmetic, §8 question 1"},
    {SwitchId::gfx90a_fdot2_output_flush, "gfx90a_fdot2_output_flush", kFlushKeep, "fdot2 on gfx908/gfx90a",
     "[DOC] PyTorch: MI200 FP16/BF16 V_DOT2 flush input and output denormals; §5.1, §8 question 1"},
    {SwitchId::fdot_clamp_nan, "fdot_clamp_nan", kClampNan, "float dots with clamp",
     "[ASSUMED] DX10_CLAMP = 1 default; §5.5, §8 question 2"},
    {SwitchId::dot4_fp8_rounding, "dot4_fp8_rounding", kDot4Rounding, "dot4_f32_{fp8,bf8}_{fp8,bf8} on gfx1200",
     "[UNKNOWN] §5.5; discriminator D8; §8 question 4"},
    {SwitchId::mqsad_u32_overflow, "mqsad_u32_overflow", kIntOverflow, "mqsad_u32_u8",
     "[ISA] pseudo-code wraps; CLRX says it saturates; §3.6, §8 question 7"},
    {SwitchId::fnuz_nan_decode, "fnuz_nan_decode", kFnuzNan, "cvt_f32_fp8/bf8 and cvt_pk_f32_fp8/bf8 on gfx942",
     "[UNKNOWN] §6.6, §8 question 5"},
    {SwitchId::fnuz_negative_underflow, "fnuz_negative_underflow", kFnuzUnderflow, "FP8/BF8 encodes on gfx942",
     "[ASSUMED] §6.7, §8 question 5"},
    {SwitchId::gfx12_mode, "gfx12_mode", kModeEffect, "gfx1200 float WMMA",
     "[HW] the gfx1201 fixtures (default MODE) keep subnormal factors, C and results; whether MODE.FP_DENORM "
     "changes that is probe E5 (docs/rdna4.md §E)"},
    {SwitchId::gfx12_int_clamp, "gfx12_int_clamp", kGfx12IntClamps, "gfx1200 integer WMMA with clamp",
     "[HW-digest] 384 gfx1201 wave32 register-image digests need two stages; wave64 staging is probe E4 (docs/rdna4.md §E)"},
    {SwitchId::gfx12_fp8_wmma, "gfx12_fp8_wmma", kGfx12Fp8Wmma, "gfx1200 FP8/BF8 WMMA",
     "[UNKNOWN] no capture and no exact model; probe E1 (docs/rdna4.md §E)"},
    {SwitchId::smfmac_grouping, "smfmac_grouping", kSmfmacGroupings, "gfx942/gfx950 SMFMAC",
     "[UNKNOWN] no public model; dense-k follows the ISA summary (the dense instruction on the rebuilt A); "
     "probe E-C3-2 (docs/cdna3-numerics.md §4, §6)"},
    {SwitchId::scale_zero_is_identity, "scale_zero_is_identity", kScaleZero, "gfx950 scaled f8f6f4 MFMA",
     "[UNKNOWN] E8M0 defines 0x00 as 2^-127; third-party kernels pass 0 and report unscaled results; probe "
     "E-C4-3 (docs/cdna4-numerics.md §6)"},
    {SwitchId::f8f6f4_group, "f8f6f4_group", kF8f6f4Groups, "gfx950 f8f6f4 MFMA (scaled and unscaled)",
     "[INF] one scale block = one fused group (AMD: scales applied after the dot product, before accumulation); "
     "probe E-C4-4 (docs/cdna4-numerics.md §6)"},
    {SwitchId::cdna4_kdoubled_group, "cdna4_kdoubled_group", kKdoubledGroups, "gfx950 K-doubled f16/bf16 MFMA",
     "[INF] gfx942's group of 8 carried over; probe E-C4-4 (docs/cdna4-numerics.md §6)"},
    {SwitchId::k16_layout, "k16_layout", kK16Layouts, "gfx950 K-doubled f16/bf16/i8 MFMA A/B layout",
     "[INF] the general CDNA input rule with a larger Kl; probe E-C4-1 (docs/cdna4.md §2.1)"},
    {SwitchId::fp6_layout, "fp6_layout", kFp6Layouts, "gfx950 f8f6f4 fp6/bf6 A/B layout",
     "[INF] as fp4 (contiguous); probe E-C4-2 (docs/cdna4.md §2.2)"},
    {SwitchId::gfx12_swmmac_grouping, "gfx12_swmmac_grouping", kSwmmacGroupings,
     "gfx1200 float SWMMAC (integer SWMMAC: exact sums, the same either way)",
     "[UNKNOWN] no capture and no exact model (GoC: loose only); dense-k is the dense WMMA on the expanded A; "
     "probe E2 (docs/rdna4.md §E)"},
};

// Which architectures' instructions consult each switch, in SwitchId order (the `applies_to` text
// of kSwitches says the same in words). The matrix-instruction switches belong to the
// architectures whose MFMA/WMMA they model (gfx908 shares gfx90a's open questions, docs/cdna1.md); MODE register state (round, denorm, FP16_OVFL,
// DX10_CLAMP) exists on every architecture; the VALU switches follow their builtins' feature sets
// in instructions.def (sad-insts everywhere, fdot2 under dot10/dot2, FNUZ FP8 only on gfx942,
// dot11 only on gfx1200).
constexpr ArchMask kGfx90a = arch_bit(ArchId::gfx90a);
constexpr ArchMask kGfx1100 = arch_bit(ArchId::gfx1100);
constexpr ArchMask kGfx942 = arch_bit(ArchId::gfx942);
constexpr ArchMask kGfx1200 = arch_bit(ArchId::gfx1200);
constexpr ArchMask kGfx908 = arch_bit(ArchId::gfx908);
constexpr ArchMask kGfx908Gfx90a = kGfx908 | kGfx90a;
// The CDNA generations whose MFMA share an open question (docs/cdna3.md §4 lists which carry over to gfx942).
constexpr ArchMask kGfx950 = arch_bit(ArchId::gfx950);
// gfx950 carries gfx942's questions [INF] (docs/cdna4-numerics.md).
constexpr ArchMask kCdnaMfma = kGfx908Gfx90a | kGfx942 | kGfx950;
constexpr ArchMask kFdot2CdnaArchs = kGfx908Gfx90a | kGfx942 | arch_bit(ArchId::gfx950) | arch_bit(ArchId::gfx1030);
constexpr ArchMask kEveryArch = kFdot2CdnaArchs | kGfx1100 | kGfx1200;

struct SwitchScope {
  SwitchId id;
  ArchMask archs;
};

constexpr SwitchScope kScopes[] = {
    {SwitchId::cbsz_model, kCdnaMfma},
    {SwitchId::f64_4x4x4_cd_order, kGfx90a | kGfx942 | kGfx950},
    {SwitchId::rdna3_replica, kGfx1100},
    {SwitchId::mode_round, kEveryArch},
    {SwitchId::mode_denorm_f32, kEveryArch},
    {SwitchId::mode_denorm_f16_f64, kEveryArch},
    {SwitchId::fp16_ovfl, kEveryArch},
    {SwitchId::cdna2_mode, kGfx908Gfx90a},
    {SwitchId::cdna2_exec, kCdnaMfma},
    {SwitchId::cdna2_nan, kGfx908Gfx90a},
    {SwitchId::cdna2_flushed_input_sign, kGfx908Gfx90a},
    {SwitchId::cdna2_int8_overflow, kCdnaMfma},
    {SwitchId::cdna2_bf16_product_overflow, kGfx908Gfx90a},
    {SwitchId::cdna2_f64_algorithm, kGfx90a},
    {SwitchId::cdna1_subnormals, kGfx908},
    {SwitchId::rdna3_mode, kGfx1100},
    {SwitchId::rdna3_grid, kGfx1100},
    {SwitchId::rdna3_bf16_output, kGfx1100},
    {SwitchId::rdna3_int_clamp, kGfx1100},
    {SwitchId::fdot2_cdna, kFdot2CdnaArchs},
    {SwitchId::gfx90a_fdot2_output_flush, kGfx908Gfx90a},
    {SwitchId::fdot_clamp_nan, kEveryArch},
    {SwitchId::dot4_fp8_rounding, kGfx1200},
    {SwitchId::mqsad_u32_overflow, kEveryArch},
    {SwitchId::fnuz_nan_decode, kGfx942},
    {SwitchId::fnuz_negative_underflow, kGfx942},
    {SwitchId::gfx12_mode, kGfx1200},
    {SwitchId::gfx12_int_clamp, kGfx1200},
    {SwitchId::gfx12_fp8_wmma, kGfx1200},
    {SwitchId::smfmac_grouping, kGfx942 | kGfx950},
    {SwitchId::scale_zero_is_identity, arch_bit(ArchId::gfx950)},
    {SwitchId::f8f6f4_group, arch_bit(ArchId::gfx950)},
    {SwitchId::cdna4_kdoubled_group, arch_bit(ArchId::gfx950)},
    {SwitchId::k16_layout, arch_bit(ArchId::gfx950)},
    {SwitchId::fp6_layout, arch_bit(ArchId::gfx950)},
    {SwitchId::gfx12_swmmac_grouping, kGfx1200},
};

constexpr bool scopes_follow_switch_order() {
  if (std::size(kScopes) != static_cast<std::size_t>(SwitchId::count)) return false;
  for (std::size_t i = 0; i < std::size(kScopes); ++i)
    if (kScopes[i].id != static_cast<SwitchId>(i) || kSwitches[i].id != static_cast<SwitchId>(i)) return false;
  return true;
}
static_assert(scopes_follow_switch_order(), "kScopes and kSwitches list every switch in SwitchId order");

// Each registry row's name and value spellings are those of MXLANE_SWITCH_LIST and of its value
// enum (switches.hpp), so the enum a call site compares with is the value the CLI names.
template <SwitchId id> constexpr bool row_matches_enum() {
  const SwitchInfo& row = kSwitches[static_cast<std::size_t>(id)];
  const auto& names = SwitchValueNames<SwitchType<id>>::names;
  if (row.id != id || row.name != SwitchTraits<id>::name || row.values.size() != std::size(names)) return false;
  for (std::size_t i = 0; i < std::size(names); ++i)
    if (row.values[i].name != names[i]) return false;
  return true;
}
#define MXLANE_CHECK_ROW(id_, Enum) \
  static_assert(row_matches_enum<SwitchId::id_>(), "switch " #id_ ": registry row differs from enum " #Enum);
MXLANE_SWITCH_LIST(MXLANE_CHECK_ROW)
#undef MXLANE_CHECK_ROW

}  // namespace

std::span<const SwitchInfo> all_switches() { return kSwitches; }

const SwitchInfo& switch_info(SwitchId id) { return kSwitches[static_cast<std::size_t>(id)]; }

void set_switch(Switches& switches, std::string_view name, std::string_view value) {
  for (const SwitchInfo& info : kSwitches) {
    if (info.name != name) continue;
    std::string legal;
    for (std::size_t i = 0; i < info.values.size(); ++i) {
      if (info.values[i].name == value) {
        switches.set(info.id, static_cast<std::uint8_t>(i));
        return;
      }
      append_item(legal, info.values[i].name);
    }
    throw InvalidArgument(fmt::format("switch {}: unknown value '{}'; legal values: {}", name,
                                      value, legal));
  }
  std::string known;
  for (const SwitchInfo& info : kSwitches) append_item(known, info.name);
  throw InvalidArgument(fmt::format("unknown switch '{}'; known switches: {}", name, known));
}

ArchMask switch_archs(SwitchId id) { return kScopes[static_cast<std::size_t>(id)].archs; }

bool switch_is_mode_field(SwitchId id) {
  return id == SwitchId::mode_round || id == SwitchId::mode_denorm_f32 || id == SwitchId::mode_denorm_f16_f64 ||
         id == SwitchId::fp16_ovfl;
}

void set_switch_for(Switches& switches, std::string_view name, std::string_view value, ArchMask archs) {
  set_switch(switches, name, value);  // unknown names and values first
  for (const SwitchInfo& info : kSwitches)
    if (info.name == name && (switch_archs(info.id) & archs) == 0)
      throw InvalidArgument(fmt::format("switch {} applies only to {} ({}), not to {}", name,
                                        arch_names(switch_archs(info.id)), info.applies_to, arch_names(archs)));
}

std::string_view switch_value_name(const Switches& switches, SwitchId id) {
  return switch_info(id).values[switches.get(id)].name;
}

}  // namespace mxlane
