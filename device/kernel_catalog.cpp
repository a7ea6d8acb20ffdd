// Which kernels exist: every builtin the target's architecture has, with the modifier combinations
// worth running on hardware (defaults, every BLGP, CBSZ/ABID corners, OPSEL halves, signedness and
// clamp, every byte/word select).
#include "device/kernel_catalog.hpp"
#include "emu/isa/modifier_set_traits.hpp"

#include "fmt/format.h"

namespace mxlane::device {
namespace {

std::string suffix(const std::vector<std::pair<std::string, int>>& fields) {
  std::string s;
  for (const auto& [name, value] : fields) s += fmt::format("{}{}{}", s.empty() ? "__" : "_", name, value);
  return s;
}

// MFMA: the default, every BLGP (CBSZ 0), and for multi-block shapes every CBSZ with ABID 0 and
// with the largest ABID (the two CBSZ models disagree there, docs/spec/layouts.md §11.1).
std::vector<Modifiers> matrix_modifier_sets(const InstrDesc& d) {
  std::vector<Modifiers> sets{Modifiers{}};
  switch (modifier_set_traits(d.modifiers).device_sets) {
    case DeviceModifierSets::cbsz_abid_blgp:
      for (const ModifierRange& r : legal_modifiers(d))
        if (r.name == "cbsz")
          for (int cbsz : r.values) {
            if (cbsz == 0) continue;
            sets.push_back(Modifiers{.cbsz = cbsz, .abid = 0});
            sets.push_back(Modifiers{.cbsz = cbsz, .abid = (1 << cbsz) - 1});
          }
      [[fallthrough]];
    case DeviceModifierSets::blgp:
      for (int blgp = 1; blgp < 8; ++blgp) sets.push_back(Modifiers{.blgp = blgp});
      break;
    case DeviceModifierSets::opsel: sets.push_back(Modifiers{.opsel = 4}); break;
    case DeviceModifierSets::signedness_clamp:
      sets.clear();
      for (int neg = 0; neg < 4; ++neg)
        for (int clamp = 0; clamp < 2; ++clamp) sets.push_back(Modifiers{.neg = neg, .clamp = clamp});
      break;
    case DeviceModifierSets::index_set:
      // SMFMAC: every index set with CBSZ 0, and CBSZ 1 (set 0 read, ABID ignored) (docs/cdna3.md §2).
      for (int abid = 1; abid < smfmac_index_sets(d); ++abid) sets.push_back(Modifiers{.abid = abid});
      sets.push_back(Modifiers{.cbsz = 1, .abid = smfmac_index_sets(d) > 1 ? 1 : 0});
      break;
    case DeviceModifierSets::formats_scales:
      // f8f6f4: every A x B format pair (the family's format modifiers: cbsz / blgp on gfx950, matrix_a_fmt /
      // matrix_b_fmt on gfx1250), then each scale byte of SA and of SB (docs/cdna4.md §1, docs/cdna5.md §1).
      sets.clear();
      for (int fa = 0; fa <= 4; ++fa)
        for (int fb = 0; fb <= 4; ++fb) {
          Modifiers m;
          set_modifier(m, d.format_modifier(Operand::A), fa);
          set_modifier(m, d.format_modifier(Operand::B), fb);
          sets.push_back(m);
        }
      if (modifier_set_traits(d.modifiers).scale_block_k != 0)
        for (int byte = 1; byte <= 3; ++byte) {
          sets.push_back(Modifiers{.opsel_a = byte});
          sets.push_back(Modifiers{.opsel_b = byte});
        }
      break;
    case DeviceModifierSets::block_scales:
      // gfx1250 block-scaled (docs/cdna5.md §2.7): every A x B format pair with E8M0 scales in ROW0, then ROW1 for
      // each scale operand, the E5M3 and E4M3 scales on FP4 operands (both, and beside an FP8 partner), and C's
      // NEG and ABS.
      sets.clear();
      if (d.formats_from_modifiers())
        for (int fa = 0; fa <= 4; ++fa)
          for (int fb = 0; fb <= 4; ++fb) sets.push_back(Modifiers{.matrix_a_fmt = fa, .matrix_b_fmt = fb});
      else
        sets.push_back(Modifiers{});
      sets.push_back(Modifiers{.matrix_a_scale = 1});
      sets.push_back(Modifiers{.matrix_b_scale = 1});
      for (int scale_fmt = 1; scale_fmt <= 2; ++scale_fmt) {
        const int fp4 = d.formats_from_modifiers() ? 4 : 0;
        sets.push_back(Modifiers{.matrix_a_fmt = fp4,
                                 .matrix_b_fmt = fp4,
                                 .matrix_a_scale_fmt = scale_fmt,
                                 .matrix_b_scale_fmt = scale_fmt});
        if (d.formats_from_modifiers()) {
          sets.push_back(Modifiers{.matrix_a_fmt = 4, .matrix_a_scale_fmt = scale_fmt});
          sets.push_back(Modifiers{.matrix_b_fmt = 4, .matrix_b_scale_fmt = scale_fmt});
        }
      }
      sets.push_back(Modifiers{.neg = 4});
      sets.push_back(Modifiers{.neg_hi = 4});
      break;
    case DeviceModifierSets::plain: break;
  }
  // gfx1250 SWMMAC: index_key 1, as clang-22 selects it for an index shifted right by half the register
  // (probe P-C5-10, docs/cdna5.md §2.5).
  if (d.family().index_select == IndexSelect::index_key_shifts) sets.push_back(Modifiers{.index_key = 1});
  return sets;
}

std::vector<Modifiers> valu_modifier_sets(const ValuDesc& v) {
  const ValuShape s = v.shape();
  std::vector<Modifiers> sets;
  if (s.signedness) {
    for (int neg = 0; neg < 4; ++neg)
      for (int clamp = 0; clamp < 2; ++clamp) sets.push_back(Modifiers{.neg = neg, .clamp = clamp});
  } else if (s.clamp) {
    sets = {Modifiers{}, Modifiers{.clamp = 1}};
  } else if (s.byte_sel) {
    for (int b = 0; b < 4; ++b) sets.push_back(Modifiers{.byte_sel = b});
  } else if (s.word_sel) {
    sets = {Modifiers{}, Modifiers{.word_sel = 1}};
  } else {
    sets = {Modifiers{}};
  }
  return sets;
}

// The gfx9 spelling of an FP8 conversion's byte/word select (ArchInfo::fp8_select_gfx9_encoding):
// llvm-objdump prints the loads as v_cvt_f32_fp8_sdwa ... src0_sel:BYTE_n and v_cvt_pk_f32_fp8_sdwa
// ... src0_sel:WORD_1 (word 0: v_cvt_pk_f32_fp8_e32), the stores with op_sel:[0,0,w] or
// op_sel:[0,0,b0,b1] (as clang-22 compiles them for gfx942).
void add_gfx9_fp8_select(ValuSignature signature, const Modifiers& m, Kernel& k) {
  const std::string mn = k.mnemonics.front();
  switch (signature) {
    case ValuSignature::f32_i32_bytesel:
      // Byte 0 needs no select: clang-22 emits the SDWA form with BYTE_0 for gfx942 and the plain _e32
      // form for gfx950; either holds the instruction.
      k.mnemonics = {mn + "_sdwa"};
      if (m.byte_sel == 0) k.mnemonics.push_back(mn + "_e32");
      if (m.byte_sel != 0) k.modifier_tokens.push_back(fmt::format("src0_sel:BYTE_{}", m.byte_sel));
      break;
    case ValuSignature::f32x2_i32_wordsel:
      k.mnemonics = {mn + (m.word_sel != 0 ? "_sdwa" : "_e32")};
      if (m.word_sel != 0) k.modifier_tokens.push_back("src0_sel:WORD_1");
      break;
    case ValuSignature::i32_f32_f32_i32_wordsel:
      if (m.word_sel != 0) k.modifier_tokens.push_back("op_sel:[0,0,1]");
      break;
    case ValuSignature::i32_f32_i32_i32_bytesel:
      if (m.byte_sel != 0)
        k.modifier_tokens.push_back(fmt::format("op_sel:[0,0,{},{}]", m.byte_sel & 1, m.byte_sel >> 1));
      break;
    default: break;
  }
}

// The tokens llvm-objdump prints for a matrix instruction's modifiers.
std::vector<std::string> matrix_tokens(const InstrDesc& d, const Modifiers& m) {
  std::vector<std::string> t;
  if (m.cbsz != 0) t.push_back(fmt::format("cbsz:{}", m.cbsz));
  if (m.abid != 0) t.push_back(fmt::format("abid:{}", m.abid));
  // The CDNA3 f64 negate mask is the same field, which llvm-objdump prints as neg:[a,b,c] (docs/cdna3.md §2).
  if (m.blgp != 0 && modifier_set_traits(d.modifiers).blgp_negates)
    t.push_back(fmt::format("neg:[{},{},{}]", m.blgp & 1, (m.blgp >> 1) & 1, (m.blgp >> 2) & 1));
  else if (m.blgp != 0)
    t.push_back(fmt::format("blgp:{}", m.blgp));
  if (m.opsel == 4) t.push_back("op_sel:[0,0,1]");
  // Scale bytes: bit 0 of opsel_a / opsel_b in op_sel[0] / op_sel[1], bit 1 in op_sel_hi[0] / [1], as
  // clang-22 encodes the builtin's arguments (checked by disassembly, device/README.md).
  if (modifier_set_traits(d.modifiers).scale_block_k != 0 && d.family().a_scale_format_modifier.empty()) {
    if ((m.opsel_a & 1) != 0 || (m.opsel_b & 1) != 0)
      t.push_back(fmt::format("op_sel:[{},{},0]", m.opsel_a & 1, m.opsel_b & 1));
    t.push_back(fmt::format("op_sel_hi:[{},{},0]", (m.opsel_a >> 1) & 1, (m.opsel_b >> 1) & 1));
  }
  if (modifier_set_traits(d.modifiers).neg_is_signedness && m.neg != 0)
    t.push_back(fmt::format("neg_lo:[{},{},0]", m.neg & 1, (m.neg >> 1) & 1));
  if (m.clamp != 0) t.push_back("clamp");
  if (m.index_key != 0) t.push_back(fmt::format("index_key:{}", m.index_key));
  // gfx1250 formats, as llvm-objdump-22 prints them (FP8, code 0, prints nothing) (docs/cdna5.md §1).
  static constexpr const char* kFormatNames[] = {"FP8", "BF8", "FP6", "BF6", "FP4"};
  for (const auto& [name, code] :
       {std::pair{"matrix_a_fmt", m.matrix_a_fmt}, std::pair{"matrix_b_fmt", m.matrix_b_fmt}})
    if (code > 0 && code <= 4) t.push_back(fmt::format("{}:MATRIX_FMT_{}", name, kFormatNames[code]));
  // gfx1250 block-scaled: the scale prefix's modifiers as llvm-objdump-22 prints them (ROW0 and E8M0 print nothing),
  // and C's NEG / ABS as neg_lo / neg_hi (docs/cdna5.md §5.1).
  static constexpr const char* kScaleFormatNames[] = {"E8M0", "E5M3", "E4M3"};
  if (!d.family().a_scale_format_modifier.empty()) {
    if (m.matrix_a_scale != 0) t.push_back("matrix_a_scale:MATRIX_SCALE_ROW1");
    if (m.matrix_b_scale != 0) t.push_back("matrix_b_scale:MATRIX_SCALE_ROW1");
    for (const auto& [name, code] :
         {std::pair{"matrix_a_scale_fmt", m.matrix_a_scale_fmt}, std::pair{"matrix_b_scale_fmt", m.matrix_b_scale_fmt}})
      if (code > 0 && code <= 2) t.push_back(fmt::format("{}:MATRIX_SCALE_FMT_{}", name, kScaleFormatNames[code]));
    if (m.neg != 0) t.push_back("neg_lo:[0,0,1]");
    if (m.neg_hi != 0) t.push_back("neg_hi:[0,0,1]");
  }
  return t;
}

// Builtins the device compiler accepts but cannot lower, so no kernel can hold them (device/README.md
// "Builtins without a kernel"): clang-22 (22.1.8) stops with "Cannot select: intrinsic
// %llvm.amdgcn.fdot2c.f32.bf16" for v_dot2c_f32_bf16 (gfx950's dot13-insts).
bool compiler_cannot_lower(std::string_view builtin) { return builtin == "fdot2c_f32_bf16"; }

// MODE register fields (CDNA/RDNA ISA, HW_REG_MODE = 1): FP_ROUND [3:0], FP_DENORM [7:4],
// FP16_OVFL [23]. s_setreg's immediate is (size - 1) << 11 | offset << 6 | id.
constexpr int kModeRoundImm = (4 - 1) << 11 | 0 << 6 | 1;
constexpr int kModeDenormImm = (4 - 1) << 11 | 4 << 6 | 1;
constexpr int kModeFp16OvflImm = (1 - 1) << 11 | 23 << 6 | 1;

// The MODE variants the probes of docs/spec/numerics.md §E1/E7/E8 need: round toward zero (f32 and f16/f64
// fields 3 = RTZ), every denormal flushed (0), and FP16_OVFL set.
struct ModeVariant {
  const char* suffix;
  int imm, value;
};
constexpr ModeVariant kModeVariants[] = {
    {"mode_rtz", kModeRoundImm, 0xF}, {"mode_ftz", kModeDenormImm, 0x0}, {"mode_ovfl", kModeFp16OvflImm, 1}};

bool wants_mode_variants(const InstrDesc& d) {
  static constexpr std::string_view kProbed[] = {"mfma_f32_16x16x4f32",       "mfma_f32_16x16x16f16",
                                                 "mfma_f64_16x16x4f64",       "wmma_f32_16x16x16_f16_w32",
                                                 "wmma_f16_16x16x16_f16_w32", "wmma_f32_16x16x16_f16_w32_gfx12",
                                                 "wmma_f16_16x16x32_f16"};  // gfx1250 FP16_OVFL (docs/cdna5.md §4)
  for (std::string_view b : kProbed)
    if (d.builtin == b) return true;
  return false;
}

}  // namespace

std::string Target::name() const {
  const std::string arch_name(arch_info(arch).name);
  return wave == 64 && arch_info(arch).default_wave == 32 ? arch_name + "-w64" : arch_name;
}

std::string Target::clang_flags() const {
  std::string flags = "--offload-arch=" + std::string(arch_info(arch).name);
  if (arch_info(arch).wave32 && arch_info(arch).wave64)
    flags += wave == 64 ? " -mwavefrontsize64" : " -mno-wavefrontsize64";
  return flags;
}

std::vector<Target> targets_for(const std::vector<std::string>& arch_names) {
  std::vector<Target> out;
  for (const std::string& name : arch_names) {
    const ArchInfo* a = find_arch(name);
    if (a == nullptr) continue;
    out.push_back(Target{a->id, a->default_wave});
    if (a->wave32 && a->wave64) out.push_back(Target{a->id, 64});
  }
  return out;
}

std::vector<Kernel> every_kernel(const std::string& arch_name) {
  std::vector<Kernel> out;
  for (const ArchInfo& a : all_archs()) {
    if (!arch_name.empty() && arch_name != a.name) continue;
    for (const Target& t : targets_for({std::string(a.name)}))
      for (Kernel& k : kernels_for(t)) out.push_back(std::move(k));
  }
  return out;
}

std::string Kernel::builtin() const { return std::string(matrix != nullptr ? matrix->builtin : valu->builtin); }

std::vector<Kernel> kernels_for(const Target& t) {
  std::vector<Kernel> out;
  for (const InstrDesc* d : instructions_for_arch(t.arch)) {
    if (!d->known_to_llvm()) continue;  // no builtin to call (gfx1251's f64 WMMA, device/README.md)
    if (d->wave != t.wave) continue;
    for (const Modifiers& m : matrix_modifier_sets(*d)) {
      Kernel k;
      k.target = t;
      k.matrix = d;
      k.mods = m;
      std::vector<std::pair<std::string, int>> fields;
      if (m.cbsz || m.abid) fields = {{"cbsz", m.cbsz}, {"abid", m.abid}};
      if (m.blgp) fields.emplace_back("blgp", m.blgp);
      if (m.opsel) fields.emplace_back("opsel", m.opsel);
      if (d->formats_from_modifiers()) {  // the format modifiers: both named unless both fp8
        const int fa = format_code(*d, m, Operand::A), fb = format_code(*d, m, Operand::B);
        fields = fa || fb ? std::vector<std::pair<std::string, int>>{{std::string(d->format_modifier(Operand::A)), fa},
                                                                     {std::string(d->format_modifier(Operand::B)), fb}}
                          : std::vector<std::pair<std::string, int>>{};
      }
      if (m.opsel_a) fields.emplace_back("opsel_a", m.opsel_a);
      if (m.opsel_b) fields.emplace_back("opsel_b", m.opsel_b);
      for (std::string_view name :
           {"matrix_a_scale", "matrix_b_scale", "matrix_a_scale_fmt", "matrix_b_scale_fmt", "neg", "neg_hi"})
        if (modifier_set_traits(d->modifiers).device_sets == DeviceModifierSets::block_scales &&
            modifier_value(m, name) != 0)
          fields.emplace_back(std::string(name), modifier_value(m, name));
      if (modifier_set_traits(d->modifiers).neg_is_signedness) fields = {{"neg", m.neg}, {"clamp", m.clamp}};
      if (m.index_key != 0) fields.emplace_back("index_key", m.index_key);
      // The unscaled f8f6f4 encoding is the scaled builtin with constant zero scales: its own kernel.
      k.name = "k_" + d->entry_name() + suffix(fields);
      for (Operand op : kernel_source_operands(*d)) k.operand_dwords.push_back(d->vgprs(op));
      k.in_dwords = 0;
      for (int dwords : k.operand_dwords) k.in_dwords += dwords;
      k.out_dwords = d->vgprs_cd;
      k.mnemonics = {std::string(d->mnemonic)};
      k.modifier_tokens = matrix_tokens(*d, m);
      out.push_back(k);
      if (m == Modifiers{} && wants_mode_variants(*d))
        for (const ModeVariant& v : kModeVariants) {
          Kernel mk = k;
          mk.name += std::string("__") + v.suffix;
          mk.mode_imm = v.imm;
          mk.mode_value = v.value;
          // The kernel must write MODE first; gfx11 lowers round/denorm writes to s_round_mode/s_denorm_mode.
          mk.modifier_tokens.push_back("+s_setreg|s_round_mode|s_denorm_mode");
          out.push_back(std::move(mk));
        }
    }
  }
  // VALU builtins run in the target's default wave size only: their per-lane semantics do not
  // depend on it.
  if (t.wave == arch_info(t.arch).default_wave)
    for (const ValuDesc* v : valu_builtins_for_arch(t.arch)) {
      if (compiler_cannot_lower(v->builtin)) continue;
      for (const Modifiers& m : valu_modifier_sets(*v)) {
        Kernel k;
        k.target = t;
        k.valu = v;
        k.mods = m;
        const ValuSignatureTraits& traits = valu_signature_traits(v->signature);
        k.name = "k_" + std::string(v->builtin) + suffix(valu_constant_fields(traits, m));
        const ValuShape s = v->shape();
        for (int n = 0; n < 3; ++n)
          if (s.src[n] > 0) k.operand_dwords.push_back(s.src[n]);
        k.in_dwords = s.src[0] + s.src[1] + s.src[2];
        k.out_dwords = s.dst;
        k.mnemonics = {std::string(v->mnemonic_on(t.arch))};
        // Without clamp the compiler may select the dot's tied VOP2 form, which computes the same with src2 =
        // dst (instructions.def MXLANE_VALU_TIED): v_dot2c_* on gfx9/gfx10, v_dot2acc_f32_f16 on gfx11.
        if (m.clamp == 0)
          for (const ValuTiedSpelling* tied : valu_tied_spellings(*v, t.arch)) k.mnemonics.emplace_back(tied->mnemonic);
        k.modifier_tokens = valu_asm_tokens(traits, m);
        if (arch_info(t.arch).fp8_select_gfx9_encoding) add_gfx9_fp8_select(v->signature, m, k);
        if (arch_info(t.arch).fp8_word_select_op_sel && m.word_sel != 0) {
          if (v->signature == ValuSignature::f32x2_i32_wordsel) k.modifier_tokens.push_back("op_sel:[1,0]");
          if (v->signature == ValuSignature::i32_f32_f32_i32_wordsel) k.modifier_tokens.push_back("op_sel:[0,0,1]");
        }
        out.push_back(std::move(k));
      }
    }
  return out;
}

std::vector<Operand> kernel_source_operands(const InstrDesc& d) {
  std::vector<Operand> out{Operand::A, Operand::B, Operand::C};
  for (Operand extra : {Operand::IDX, Operand::SA, Operand::SB})
    if (d.has(extra)) out.push_back(extra);
  return out;
}

}  // namespace mxlane::device
