// HIP source generation: per kernel, load each operand from the lane's input words into the
// builtin's own vector type, call the builtin with literal constant arguments, store the result.
#include "device/hip_source.hpp"
#include "emu/isa/modifier_set_traits.hpp"

#include "device/launcher.hpp"
#include "fmt/format.h"

namespace mxlane::device {
namespace {

// The C type of a matrix operand of element type `t` in `vgprs` VGPRs (the builtin's type, clang's
// BuiltinsAMDGPU.def): the dense gfx942 MFMA with two VGPRs of 8-bit values take one `long`.
std::string matrix_type(const InstrDesc& d, ElemType t, int vgprs) {
  switch (t) {
    case ElemType::f64: return vgprs == 2 ? "double" : fmt::format("v{}f64", vgprs / 2);
    case ElemType::f32:
    case ElemType::xf32: return vgprs == 1 ? "float" : fmt::format("v{}f32", vgprs);
    case ElemType::i8:
    case ElemType::fp8:
    case ElemType::bf8:
      if (vgprs == 2 && d.family().eight_bit_pair_is_long) return "long";
      return vgprs == 1 ? "int" : fmt::format("v{}i32", vgprs);
    case ElemType::f16: return fmt::format("v{}f16", vgprs * 2);
    case ElemType::bf16:
      return d.family().bf16_builtin_vectors ? fmt::format("v{}bf16", vgprs * 2) : fmt::format("v{}i16", vgprs * 2);
    default: return vgprs == 1 ? "int" : fmt::format("v{}i32", vgprs);  // i32 and packed 8/4-bit integers
  }
}

const char* b(int v) { return v != 0 ? "true" : "false"; }

// The gfx1250 builtins' c_mod: bit 0 NEG[2] (negate C), bit 1 NEG_HI[2] (|C|) (docs/cdna5.md §1).
int c_mod(const Modifiers& m) { return ((m.neg >> 2) & 1) | (((m.neg_hi >> 2) & 1) << 1); }

// gfx1250 SWMMAC: the index register is loaded whole (1 or 2 VGPRs) and kept in VGPRs by an empty asm, and
// the builtin's `int` index is its low 32 bits, or for index_key 1 the value shifted right by half its width,
// which clang-22 selects as index_key:1 on the unshifted register (docs/cdna5.md §2.5).
bool whole_index_register(const Kernel& k) {
  return k.matrix != nullptr && k.matrix->family().index_select == IndexSelect::index_key_shifts;
}

std::string index_argument(const Kernel& k) {
  if (!whole_index_register(k)) return "s3";
  if (k.mods.index_key == 0) return "(int)s3";
  return fmt::format("(int)(s3 >> {})", 16 * k.matrix->vgprs(Operand::IDX));
}

// The builtin call: source operands are s0, s1, s2; constants are literals.
std::string call(const Kernel& k) {
  const Modifiers& m = k.mods;
  const std::string s3 = index_argument(k);
  const std::string name = "__builtin_amdgcn_" + k.builtin();
  if (k.matrix != nullptr) {
    switch (modifier_set_traits(k.matrix->modifiers).args) {  // the builtin's own argument list
      case BuiltinArgs::abc: return fmt::format("{}(s0, s1, s2)", name);
      case BuiltinArgs::abc_opsel: return fmt::format("{}(s0, s1, s2, {})", name, b(m.opsel & 4));
      case BuiltinArgs::neg_abc_clamp:
        return fmt::format("{}({}, s0, {}, s1, s2, {})", name, b(m.neg & 1), b(m.neg & 2), b(m.clamp));
      case BuiltinArgs::abc_cbsz_abid_blgp:
        return fmt::format("{}(s0, s1, s2, {}, {}, {})", name, m.cbsz, m.abid, m.blgp);
      case BuiltinArgs::abc_idx_cbsz_abid: return fmt::format("{}(s0, s1, s2, s3, {}, {})", name, m.cbsz, m.abid);
      case BuiltinArgs::abc_formats_scales:  // s3, s4: the scale VGPRs SA, SB
        return fmt::format("{}(s0, s1, s2, {}, {}, {}, s3, {}, s4)", name, m.cbsz, m.blgp, m.opsel_a, m.opsel_b);
      case BuiltinArgs::abc_formats_zero_scales:  // constant zero scales: clang emits the unscaled encoding
        return fmt::format("{}(s0, s1, s2, {}, {}, 0, 0, 0, 0)", name, m.cbsz, m.blgp);
      case BuiltinArgs::abc_idx: return fmt::format("{}(s0, s1, s2, s3)", name);
      case BuiltinArgs::neg_abc_idx_clamp:
        return fmt::format("{}({}, s0, {}, s1, s2, s3, {})", name, b(m.neg & 1), b(m.neg & 2), b(m.clamp));
      case BuiltinArgs::neg_abc_cmod_reuse:  // neg_a / neg_b set NEG (and NEG_HI on 16-bit sources) together
        return fmt::format("{}({}, s0, {}, s1, {}, s2, {}, {})", name, b(m.neg & 1), b(m.neg & 2), c_mod(m),
                           b(m.matrix_a_reuse), b(m.matrix_b_reuse));
      case BuiltinArgs::abc_cmod_reuse:
        return fmt::format("{}(s0, s1, {}, s2, {}, {})", name, c_mod(m), b(m.matrix_a_reuse), b(m.matrix_b_reuse));
      case BuiltinArgs::formats_abc_cmod:
        return fmt::format("{}({}, s0, {}, s1, {}, s2)", name, m.matrix_a_fmt, m.matrix_b_fmt, c_mod(m));
      case BuiltinArgs::abc_cmod: return fmt::format("{}(s0, s1, {}, s2)", name, c_mod(m));
      // gfx1250 block-scaled: s3, s4 the scales SA, SB (an int, or a long for scale16) (docs/cdna5.md §5.1).
      case BuiltinArgs::formats_abc_cmod_scales_reuse:
        return fmt::format("{}({}, s0, {}, s1, {}, s2, {}, {}, s3, {}, {}, s4, {}, {})", name, m.matrix_a_fmt,
                           m.matrix_b_fmt, c_mod(m), m.matrix_a_scale, m.matrix_a_scale_fmt, m.matrix_b_scale,
                           m.matrix_b_scale_fmt, b(m.matrix_a_reuse), b(m.matrix_b_reuse));
      case BuiltinArgs::abc_cmod_scales_reuse:
        return fmt::format("{}(s0, s1, {}, s2, {}, {}, s3, {}, {}, s4, {}, {})", name, c_mod(m), m.matrix_a_scale,
                           m.matrix_a_scale_fmt, m.matrix_b_scale, m.matrix_b_scale_fmt, b(m.matrix_a_reuse),
                           b(m.matrix_b_reuse));
      // gfx1250 SWMMAC: s3 is the whole index register, passed as index_argument() says (docs/cdna5.md §2.5).
      case BuiltinArgs::neg_abc_idx_reuse:
        return fmt::format("{}({}, s0, {}, s1, s2, {}, {}, {})", name, b(m.neg & 1), b(m.neg & 2), s3,
                           b(m.matrix_a_reuse), b(m.matrix_b_reuse));
      case BuiltinArgs::abc_idx_reuse:
        return fmt::format("{}(s0, s1, s2, {}, {}, {})", name, s3, b(m.matrix_a_reuse), b(m.matrix_b_reuse));
      case BuiltinArgs::signed_abc_idx_reuse_clamp:
        return fmt::format("{}({}, s0, {}, s1, s2, {}, {}, {}, {})", name, b(m.neg & 1), b(m.neg & 2), s3,
                           b(m.matrix_a_reuse), b(m.matrix_b_reuse), b(m.clamp));
      case BuiltinArgs::signed_abc_reuse_clamp:
        return fmt::format("{}({}, s0, {}, s1, s2, {}, {}, {})", name, b(m.neg & 1), b(m.neg & 2), b(m.matrix_a_reuse),
                           b(m.matrix_b_reuse), b(m.clamp));
    }
  }
  return valu_call_expression(valu_signature_traits(k.valu->signature), name, m);  // the signature's argument order
}

}  // namespace

std::string hip_source(const Target& t, const std::vector<Kernel>& kernels) {
  std::string src = fmt::format(
      "// Generated by mxlane-devgen from emu/isa/instructions.def for {}: do not edit.\n"
      "// Each kernel loads its lane's operand words, calls one builtin, stores the result words.\n"
      "#define KERNEL extern \"C\" __attribute__((global)) __attribute__((amdgpu_flat_work_group_size({}, {})))\n",
      t.name(), t.wave, t.wave);
  for (int n : {2, 4, 8, 16, 32}) {
    src += fmt::format("typedef float v{0}f32 __attribute__((ext_vector_type({0})));\n", n);
    src += fmt::format("typedef _Float16 v{0}f16 __attribute__((ext_vector_type({0})));\n", n);
    src += fmt::format("typedef short v{0}i16 __attribute__((ext_vector_type({0})));\n", n);
    src += fmt::format("typedef int v{0}i32 __attribute__((ext_vector_type({0})));\n", n);
    src += fmt::format("typedef double v{0}f64 __attribute__((ext_vector_type({0})));\n", n);
    src += fmt::format("typedef __bf16 v{0}bf16 __attribute__((ext_vector_type({0})));\n", n);
  }
  src += "typedef unsigned short v2u16 __attribute__((ext_vector_type(2)));\n";
  src += "typedef __fp16 v2fp16 __attribute__((ext_vector_type(2)));\n";
  src += "typedef unsigned v4u32 __attribute__((ext_vector_type(4)));\n\n";
  for (const Kernel& k : kernels) {
    std::vector<std::string> types;
    std::string result;
    if (k.matrix != nullptr) {
      types = {matrix_type(*k.matrix, k.matrix->a_type, k.matrix->vgprs_a),
               matrix_type(*k.matrix, k.matrix->b_type, k.matrix->vgprs_b),
               matrix_type(*k.matrix, k.matrix->c_type, k.matrix->vgprs_c)};
      for (Operand op : kernel_source_operands(*k.matrix))
        if (op == Operand::IDX && whole_index_register(k))
          types.push_back(k.matrix->vgprs(op) == 2 ? "unsigned long" : "unsigned");
        else if (op == Operand::IDX || op == Operand::SA || op == Operand::SB)  // one VGPR; the scale16 scales two
          types.push_back(op != Operand::IDX && k.matrix->vgprs(op) == 2 ? "long" : "int");
      // A SWMMAC's C is D's registers: its builtin returns C's tuple (gfx1250 bf16f32: 8 f32 VGPRs, of which
      // the bf16 D is the first 4, docs/cdna5.md §2.5).
      result = k.matrix->family().sparse_a ? matrix_type(*k.matrix, k.matrix->c_type, k.matrix->vgprs_c)
                                           : matrix_type(*k.matrix, k.matrix->d_type, k.matrix->vgprs_cd);
    } else {
      const ValuSignatureTraits& traits = valu_signature_traits(k.valu->signature);
      for (std::string_view type : traits.hip_args)
        if (!type.empty()) types.emplace_back(type);
      result = traits.hip_result;
    }
    // The parameters the launch packs (pack_kernel_arguments): one list for both sides.
    std::string params;
    for (const KernelParameter& p : kernel_parameters()) params += (params.empty() ? "" : ", ") + p.declaration;
    src += fmt::format("KERNEL void {}({}) {{\n", k.name, params);
    src += "  const unsigned lane = __builtin_amdgcn_workitem_id_x();\n";
    src += fmt::format("  const unsigned* p = in + lane * {}u;\n", k.in_dwords);
    int offset = 0;
    for (std::size_t n = 0; n < types.size(); ++n) {
      src += fmt::format("  {} s{}; __builtin_memcpy(&s{}, p + {}, sizeof(s{}));\n", types[n], n, n, offset, n);
      offset += k.operand_dwords[n];
    }
    if (whole_index_register(k)) src += "  __asm__ volatile(\"\" : \"+v\"(s3));\n";
    if (k.mode_imm != 0) src += fmt::format("  __builtin_amdgcn_s_setreg({}, {});\n", k.mode_imm, k.mode_value);
    src += fmt::format("  const {} r = {};\n", result, call(k));
    src += fmt::format(
        "  unsigned o[{}] = {{}};\n  __builtin_memcpy(o, &r, sizeof(r) < sizeof(o) ? sizeof(r) : sizeof(o));\n",
        k.out_dwords);
    src += fmt::format("  for (unsigned i = 0; i < {0}u; ++i) out[lane * {0}u + i] = o[i];\n}}\n\n", k.out_dwords);
  }
  return src;
}

std::string manifest(const std::vector<Kernel>& kernels) {
  std::string out;
  for (const Kernel& k : kernels) {
    std::string mnemonics;
    for (const std::string& m : k.mnemonics) mnemonics += (mnemonics.empty() ? "" : "|") + m;
    out += fmt::format("{} {} {} {} {}", k.name, k.in_dwords, k.out_dwords, k.matrix != nullptr ? k.matrix->opcode : 0,
                       mnemonics);
    for (const std::string& t : k.modifier_tokens) out += " " + t;
    out += '\n';
  }
  return out;
}

}  // namespace mxlane::device
