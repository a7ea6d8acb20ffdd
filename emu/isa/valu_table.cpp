// The VALU rows of the instruction table, their operand shapes and constant arguments.
#include <algorithm>
#include <array>
#include <string_view>
#include <unordered_map>

#include "emu/isa/errors.hpp"
#include "emu/isa/valu_desc.hpp"
#include "emu/util/text.hpp"
#include "fmt/format.h"
#include "fmt/ranges.h"

namespace mxlane {
namespace {

// Architecture sets of the LLVM features, from instructions.def.
namespace feature_archs {
constexpr ArchMask gfx908 = arch_bit(ArchId::gfx908), gfx90a = arch_bit(ArchId::gfx90a),
                   gfx942 = arch_bit(ArchId::gfx942), gfx950 = arch_bit(ArchId::gfx950),
                   gfx1030 = arch_bit(ArchId::gfx1030), gfx1100 = arch_bit(ArchId::gfx1100),
                   gfx1200 = arch_bit(ArchId::gfx1200);
#define MXLANE_FEATURE(id, llvm_name, archs) constexpr ArchMask id = archs;
#include "emu/isa/instructions.def"
#undef MXLANE_FEATURE
}  // namespace feature_archs

namespace feature_names {
#define MXLANE_FEATURE(id, llvm_name, archs) constexpr std::string_view id = llvm_name;
#include "emu/isa/instructions.def"
#undef MXLANE_FEATURE
}  // namespace feature_names

// The fast-path column, one entry per mnemonic of instructions.def (`none` for a row without a
// kernel): a row without an entry does not compile, so neither does a misspelt entry (its row then
// has none); there is no string lookup that a typo could silently miss.
// The kernels are emu/fast/kernels/valu_portable.inl (every SIMD level) and valu_lanes.inl (AVX2).
namespace fast_column {
using K = ValuKind;
[[maybe_unused]] constexpr ValuFastPath
    none{};  // for a row without a kernel (write `constexpr ValuFastPath v_x = none;`)
constexpr ValuFastPath v_msad_u8{.kind = K::msad_u8};
constexpr ValuFastPath v_sad_u8{.kind = K::sad_u8};
constexpr ValuFastPath v_sad_hi_u8{.kind = K::sad_hi_u8};
constexpr ValuFastPath v_sad_u16{.kind = K::sad_u16};
constexpr ValuFastPath v_qsad_pk_u16_u8{.kind = K::qsad_pk_u16_u8};
constexpr ValuFastPath v_mqsad_pk_u16_u8{.kind = K::mqsad_pk_u16_u8};
constexpr ValuFastPath v_mqsad_u32_u8{.kind = K::mqsad_u32_u8};
// The integer dots' shapes, shared with their instruction files (emu/isa/int_dot_spec.hpp).
constexpr ValuFastPath v_dot2_i32_i16{.kind = K::int_dot, .int_dot = kDot2I32I16};
constexpr ValuFastPath v_dot2_u32_u16{.kind = K::int_dot, .int_dot = kDot2U32U16};
constexpr ValuFastPath v_dot4_i32_i8{.kind = K::int_dot, .int_dot = kDot4I32I8};
constexpr ValuFastPath v_dot4_u32_u8{.kind = K::int_dot, .int_dot = kDot4U32U8};
constexpr ValuFastPath v_dot8_i32_i4{.kind = K::int_dot, .int_dot = kDot8I32I4};
constexpr ValuFastPath v_dot8_u32_u4{.kind = K::int_dot, .int_dot = kDot8U32U4};
// NEG_LO[0] / NEG_LO[1] choose the signedness of A / B.
constexpr ValuFastPath v_dot4_i32_iu8{.kind = K::int_dot, .int_dot = kDot4I32Iu8, .signed_from_neg = true};
constexpr ValuFastPath v_dot8_i32_iu4{.kind = K::int_dot, .int_dot = kDot8I32Iu4, .signed_from_neg = true};
// gfx1100's grid and the CDNA exact model (valu_fast_path_applies); gfx1200 uses the reference.
constexpr ValuFastPath v_dot2_f32_f16{.kind = K::fdot2_f32};
constexpr ValuFastPath v_dot2_f16_f16{.kind = K::fdot2_f16};
constexpr ValuFastPath v_dot2_bf16_bf16{.kind = K::fdot2_bf16};
constexpr ValuFastPath v_dot2_f32_bf16{.kind = K::fdot2_f32, .bf16 = true};
constexpr ValuFastPath v_dot2c_f32_bf16{.kind = K::fdot2_f32, .bf16 = true};
constexpr ValuFastPath v_dot4_f32_fp8_bf8{.kind = K::dot4_f32_fp8, .bf8 = false, .b_bf8 = true};
constexpr ValuFastPath v_dot4_f32_bf8_fp8{.kind = K::dot4_f32_fp8, .bf8 = true, .b_bf8 = false};
constexpr ValuFastPath v_dot4_f32_fp8_fp8{.kind = K::dot4_f32_fp8, .bf8 = false, .b_bf8 = false};
constexpr ValuFastPath v_dot4_f32_bf8_bf8{.kind = K::dot4_f32_fp8, .bf8 = true, .b_bf8 = true};
constexpr ValuFastPath v_cvt_pkrtz_f16_f32{.kind = K::cvt_pkrtz};
constexpr ValuFastPath v_cvt_pknorm_i16_f32{.kind = K::cvt_pknorm_i16};
constexpr ValuFastPath v_cvt_pknorm_u16_f32{.kind = K::cvt_pknorm_u16};
constexpr ValuFastPath v_cvt_pk_i16_i32{.kind = K::cvt_pk_i16};
constexpr ValuFastPath v_cvt_pk_u16_u32{.kind = K::cvt_pk_u16};
constexpr ValuFastPath v_cvt_pk_u8_f32{.kind = K::cvt_pk_u8_f32};
constexpr ValuFastPath v_cvt_f32_fp8{.kind = K::fp8_to_f32};
constexpr ValuFastPath v_cvt_f32_bf8{.kind = K::fp8_to_f32, .bf8 = true};
constexpr ValuFastPath v_cvt_pk_f32_fp8{.kind = K::fp8_to_f32, .packed = true};
constexpr ValuFastPath v_cvt_pk_f32_bf8{.kind = K::fp8_to_f32, .bf8 = true, .packed = true};
constexpr ValuFastPath v_cvt_pk_fp8_f32{.kind = K::f32_to_fp8, .packed = true};
constexpr ValuFastPath v_cvt_pk_bf8_f32{.kind = K::f32_to_fp8, .bf8 = true, .packed = true};
constexpr ValuFastPath v_cvt_sr_fp8_f32{.kind = K::f32_to_fp8};
constexpr ValuFastPath v_cvt_sr_bf8_f32{.kind = K::f32_to_fp8, .bf8 = true};
}  // namespace fast_column

constexpr ValuDesc kValu[] = {
#define MXLANE_VALU(builtin, mnemonic, gfx11_mnemonic, signature, feature) \
  {#builtin,                                                               \
   #mnemonic,                                                              \
   #gfx11_mnemonic,                                                        \
   ValuSignature::signature,                                               \
   feature_names::feature,                                                 \
   feature_archs::feature,                                                 \
   fast_column::mnemonic},
#include "emu/isa/instructions.def"
#undef MXLANE_VALU
};

// The architecture names of MXLANE_VALU_TIED's third column.
constexpr ValuTiedSpelling kValuTied[] = {
#define MXLANE_VALU_TIED(builtin, mnemonic, archs) \
  {#builtin, #mnemonic, [] {                       \
     using namespace feature_archs;                \
     return ArchMask{archs};                       \
   }()},
#include "emu/isa/instructions.def"
#undef MXLANE_VALU_TIED
};

// The encoding suffixes llvm-objdump-22 appends to a VALU mnemonic (v_dot2c_i32_i16_e32 on gfx9,
// v_cvt_f32_fp8_sdwa / _e64): the encoding, not the operation [LLVM: AMDGPU assembler syntax].
constexpr std::string_view kEncodingSuffixes[] = {"_e32", "_e64", "_sdwa"};

// `name` lower-cased, without __builtin_amdgcn_.
std::string valu_key(std::string_view name) {
  std::string key = lowercase(name);
  if (key.starts_with("__builtin_amdgcn_")) key = key.substr(17);
  return key;
}

// `key` without its encoding suffix, or `key` when it has none.
std::string_view without_encoding_suffix(std::string_view key) {
  for (const std::string_view suffix : kEncodingSuffixes)
    if (key.size() > suffix.size() && key.ends_with(suffix)) return key.substr(0, key.size() - suffix.size());
  return key;
}

std::vector<int> range(int lo, int hi) {
  std::vector<int> v;
  for (int x = lo; x <= hi; ++x) v.push_back(x);
  return v;
}

}  // namespace

std::span<const ValuDesc> valu_table() { return kValu; }

std::vector<const ValuDesc*> valu_builtins_for_arch(ArchId arch) {
  std::vector<const ValuDesc*> out;
  for (const ValuDesc& d : kValu)
    if (d.available_on(arch)) out.push_back(&d);
  return out;
}

const ValuDesc* find_valu(std::string_view name) {
  // Every name of every row (no two rows share one; emplace keeps the first, so a row's own mnemonics,
  // entered before the tied spellings, win): eval and replay ask once per line.
  static const std::unordered_map<std::string_view, const ValuDesc*> kByName = [] {
    std::unordered_map<std::string_view, const ValuDesc*> map;
    for (const ValuDesc& d : kValu)
      for (const std::string_view n :
           {std::string_view(d.builtin), std::string_view(d.mnemonic), std::string_view(d.gfx11_mnemonic)})
        map.emplace(n, &d);
    for (const ValuTiedSpelling& t : kValuTied)
      for (const ValuDesc& d : kValu)
        if (d.builtin == t.builtin) map.emplace(t.mnemonic, &d);
    return map;
  }();
  const std::string key = valu_key(name);
  for (const std::string_view k : {std::string_view(key), without_encoding_suffix(key)})
    if (const auto it = kByName.find(k); it != kByName.end()) return it->second;
  return nullptr;
}

std::span<const ValuTiedSpelling> valu_tied_table() { return kValuTied; }

std::vector<const ValuTiedSpelling*> valu_tied_spellings(const ValuDesc& d, ArchId arch) {
  std::vector<const ValuTiedSpelling*> out;
  for (const ValuTiedSpelling& t : kValuTied)
    if (t.builtin == d.builtin && t.available_on(arch)) out.push_back(&t);
  return out;
}

const ValuTiedSpelling* valu_tied_spelling(const ValuDesc& d, std::string_view name) {
  const std::string key = valu_key(name);
  const std::string_view bare = without_encoding_suffix(key);
  if (bare == d.builtin || bare == d.mnemonic || bare == d.gfx11_mnemonic) return nullptr;
  for (const ValuTiedSpelling& t : kValuTied)
    if (t.builtin == d.builtin && t.mnemonic == bare) return &t;
  return nullptr;
}

void require_valu_spelling(const ValuDesc& d, std::string_view name, ArchId arch) {
  const ValuTiedSpelling* t = valu_tied_spelling(d, name);
  if (t == nullptr || t->available_on(arch)) return;
  std::string on;
  for (const ArchInfo& a : all_archs())
    if (t->available_on(a.id)) append_item(on, a.name);
  throw InvalidArgument(
      fmt::format("{} (the tied-accumulator form of {}) is not an instruction of {}: LLVM encodes it "
                  "only on {}; use {}",
                  t->mnemonic, d.builtin, arch_info(arch).name, on, d.mnemonic_on(arch)));
}

std::vector<ModifierRange> legal_valu_modifiers(const ValuDesc& d) {
  const ValuShape s = d.shape();
  std::vector<ModifierRange> out;
  if (s.signedness)
    out.push_back({"neg", range(0, 3), "",
                   "bit 0: A is signed, bit 1: B is signed (the builtin's a_signed / b_signed; VOP3P NEG_LO) [ISA]"});
  if (s.clamp)
    out.push_back({"clamp", {0, 1}, "", "saturate the result (integer range, or [0, 1] for float dots) [LLVM]"});
  if (s.byte_sel) out.push_back({"byte_sel", range(0, 3), "", "which byte (op_sel) [ISA]"});
  if (s.word_sel) out.push_back({"word_sel", {0, 1}, "", "which 16-bit word (op_sel) [ISA]"});
  return out;
}

std::vector<ModifierRange> legal_valu_modifiers(const ValuDesc& d, const ValuTiedSpelling& /*tied*/, ArchId arch) {
  std::vector<ModifierRange> out = legal_valu_modifiers(d);
  if (!arch_info(arch).valu_tied_e64) std::erase_if(out, [](const ModifierRange& r) { return r.name == "clamp"; });
  return out;
}

void validate_valu_modifiers(const ValuDesc& d, const Modifiers& mods) {
  validate_valu_modifiers(d, mods, nullptr, ArchId{});
}

void validate_valu_modifiers(const ValuDesc& d, const Modifiers& mods, const ValuTiedSpelling* tied, ArchId arch) {
  const std::vector<ModifierRange> legal = tied ? legal_valu_modifiers(d, *tied, arch) : legal_valu_modifiers(d);
  const auto v = first_violation(legal, mods);
  if (!v) return;
  if (v->range == nullptr) {
    const std::vector<ModifierRange> builtin_takes = legal_valu_modifiers(d);
    if (tied != nullptr && std::any_of(builtin_takes.begin(), builtin_takes.end(),
                                       [&](const ModifierRange& r) { return r.name == v->name; }))
      throw InvalidArgument(
          fmt::format("{}={} is not allowed on {}: the VOP2 form has no {} on {} (no VOP3 encoding); "
                      "{} takes it",
                      v->name, v->value, tied->mnemonic, v->name, arch_info(arch).name, d.mnemonic_on(arch)));
    std::string takes;
    for (const ModifierRange& x : legal) append_item(takes, x.name);
    throw InvalidArgument(fmt::format("{}={} is not allowed: {} takes {}", v->name, v->value, d.builtin,
                                      takes.empty() ? std::string("no constant arguments") : "only " + takes));
  }
  throw InvalidArgument(fmt::format("{}={} is not allowed on {}: legal values {}", v->name, v->value, d.builtin,
                                    fmt::join(v->range->values, ", ")));
}

}  // namespace mxlane
