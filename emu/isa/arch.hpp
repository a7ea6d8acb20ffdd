// ArchInfo: the traits of one architecture (names, wave sizes, register files, the per-architecture
// numerics choices of its VALU and matrix builtins, layout evidence). The one place per
// architecture: code outside emu/isa/ asks these traits (or the instruction's MatrixFamily), never
// `arch == ...`. docs/adding-an-architecture.md lists what a new row needs.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace mxlane {

enum class ArchId : std::uint8_t { gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1200, gfx1250, gfx1251 };

// A set of architectures, one bit per ArchId.
using ArchMask = std::uint32_t;
constexpr ArchMask arch_bit(ArchId id) { return ArchMask{1} << static_cast<unsigned>(id); }

// How the architecture's v_dot2_f32_f16 / v_dot2_f32_bf16 compute (docs/spec/valu.md §5).
enum class Fdot2Model : std::uint8_t { rdna3_grid, rdna4_window, cdna };
// Which FP8/BF8 encodings the conversions and dots use (docs/spec/valu.md §6.5).
enum class Fp8Encoding : std::uint8_t { ocp, fnuz };
// What the MFMA data path does with subnormal values by default (docs/spec/numerics.md §B.2;
// docs/cdna1.md for gfx908).
enum class MatrixSubnormals : std::uint8_t { flush, keep };
// How its f16/bf16/xf32 MFMA combine the products of a group with the accumulator: binary32
// roundings in a tree (gfx908, gfx90a: docs/spec/numerics.md §B.2) or one fused, truncating group
// step with a single RNE (gfx942, gfx950: docs/cdna3-numerics.md §2, docs/cdna4-numerics.md §4).
enum class MfmaFloatModel : std::uint8_t { rounded_tree, fused_groups };

struct ArchInfo {
  ArchId id;
  std::string_view name;      // canonical LLVM processor name
  std::string_view family;    // cdna2, rdna3
  std::string_view products;  // what users call it
  std::span<const std::string_view> aliases;
  int default_wave;  // docs/spec/interfaces.md: 64 on gfx9 targets, 32 on gfx11
  bool wave32;       // supported wave sizes
  bool wave64;
  int vgprs;             // architectural VGPRs per lane
  int agprs;             // AccVGPRs per lane (gfx908/gfx90a/gfx942/gfx950)
  bool matrix_modelled;  // whether mxlane emulates this architecture's MFMA/WMMA
  // Register tuples of a matrix operand start at a multiple of this many registers (gfx90a: 8-byte
  // alignment, docs/spec/layouts.md §4.1; gfx908: 4-byte, docs/cdna1.md).
  int tuple_align_regs;
  bool cd_accvgpr_only;  // MFMA C and D must be AccVGPRs (gfx908, docs/cdna1.md)
  MatrixSubnormals matrix_subnormals;
  bool gfx11_valu_mnemonics;  // LLVM prints the VALU builtins' gfx11 spellings (docs/spec/valu.md §1.2)
  Fdot2Model fdot2_model;
  bool fdot2_flushes;         // CDNA fdot2 flushes f16 subnormal inputs (docs/spec/valu.md §5.1)
  bool fdot2_nan_bits_known;  // hardware captures pin down its fdot2 NaN bits (docs/spec/valu.md §5.2)
  Fp8Encoding fp8_encoding;
  std::string_view dot2_captures;  // tests/vectors file with this architecture's DOT2 captures, or ""
  // tests/vectors file with its 16-bit-output WMMA input fixtures (docs/spec/numerics.md §D.4), or "".
  std::string_view packed16_fixtures;
  // Where the layouts of its matrix instructions come from, one sentence each (HTML pages, `site`).
  std::span<const std::string_view> layout_evidence;
  // Its FP8 conversions carry the byte/word select the gfx9 way (LLVM's gfx940 forms): the loads
  // v_cvt_f32_fp8 / v_cvt_pk_f32_fp8 as VOP1 SDWA (src0_sel:BYTE_n / WORD_1, an _sdwa suffix; word 0
  // as _e32), the stores v_cvt_sr_* / v_cvt_pk_*_f32 as VOP3 op_sel (docs/spec/valu.md §6). Only the
  // device kernels' disassembly check reads it.
  bool fp8_select_gfx9_encoding = false;
  // Its packed FP8 conversions' word select is printed as VOP3 op_sel (gfx12: v_cvt_pk_f32_fp8_e64 ...
  // op_sel:[1,0] for word 1 of the source, v_cvt_pk_fp8_f32 ... op_sel:[0,0,1] for word 1 of the
  // destination, as clang-22 compiles them). Only the device kernels' disassembly check reads it.
  bool fp8_word_select_op_sel = false;
  MfmaFloatModel mfma_float_model = MfmaFloatModel::rounded_tree;
  // Its VALU dots' tied VOP2 spellings (MXLANE_VALU_TIED: v_dot2c_f32_f16, ...) also have a VOP3 (_e64) encoding,
  // which takes clamp: llvm-mc-22 -mcpu=gfx90a encodes `v_dot2c_f32_f16 v1, v2, v3 clamp` as v_dot2c_f32_f16_e64,
  // gfx1030 and gfx1100 answer "e64 variant of this instruction is not supported" [LLVM]
  // (docs/builtins-overview.md "Tied spellings").
  bool valu_tied_e64 = false;
};

// The per-architecture traits by another name, as docs/adding-an-architecture.md calls them.
using ArchTraits = ArchInfo;

// Every architecture, in a stable order (the order of `mxlane list`).
std::span<const ArchInfo> all_archs();

const ArchInfo& arch_info(ArchId id);

// Canonical name or alias, case-insensitive ("CDNA2", "mi250x", "gfx1151"); nullptr when unknown.
const ArchInfo* find_arch(std::string_view name_or_alias);

// "gfx90a (aliases: cdna2 ...); gfx1100 (...)" for error messages.
std::string_view known_arch_names();

bool arch_supports_wave(const ArchInfo& arch, int wave);

// "gfx942, gfx950, gfx1200" for the architectures in `mask`.
std::string arch_names(ArchMask mask);

// Every architecture of the table (arch_names(every_arch()) for help texts).
ArchMask every_arch();

}  // namespace mxlane
