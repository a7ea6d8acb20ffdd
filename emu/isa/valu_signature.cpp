// The traits table of the VALU builtin signatures (docs/spec/valu.md §1.3: the builtins' own types,
// from clang's BuiltinsAMDGPU.def; the device HIP source declares exactly these types).
#include "emu/isa/valu_signature.hpp"

#include <stdexcept>

#include "fmt/format.h"

namespace mxlane {
namespace {

using S = ValuSignature;
using A = ValuArg;
// Shapes: {src0, src1, src2 dwords}, dst dwords, clamp, signedness, byte_sel, word_sel.
// Entries: signature, shape, HIP source types, HIP result type, call order, arity, device draw
// fields, result float format.
constexpr ValuShape kPlain111{{1, 1, 1}, 1, false, false, false, false};
constexpr ValuShape kClamp111{{1, 1, 1}, 1, true, false, false, false};
constexpr ValuShape kPair{{1, 1, 0}, 1, false, false, false, false};
constexpr std::array<A, 6> kThree{A::s0, A::s1, A::s2};
constexpr std::array<A, 6> kThreeClamp{A::s0, A::s1, A::s2, A::clamp};
constexpr std::array<A, 6> kTwo{A::s0, A::s1};

// In ValuSignature order (checked by valu_signature_traits()).
constexpr ValuSignatureTraits kSignatures[] = {
    {S::u32_u32_u32_u32,
     kPlain111,
     {"unsigned", "unsigned", "unsigned"},
     "unsigned",
     kThree,
     3,
     {"u8", "u8", "u32"},
     ""},
    {S::u64_u64_u32_u64,
     {{2, 1, 2}, 2, false, false, false, false},
     {"unsigned long", "unsigned", "unsigned long"},
     "unsigned long",
     kThree,
     3,
     {"u8", "u8", "u16"},
     ""},
    {S::u32x4_u64_u32_u32x4,
     {{2, 1, 4}, 4, false, false, false, false},
     {"unsigned long", "unsigned", "v4u32"},
     "v4u32",
     kThree,
     3,
     {"u8", "u8", "u32"},
     ""},
    {S::i32_s16x2_s16x2_i32_clamp,
     kClamp111,
     {"v2i16", "v2i16", "int"},
     "int",
     kThreeClamp,
     4,
     {"i16", "i16", "i32"},
     ""},
    {S::u32_u16x2_u16x2_u32_clamp,
     kClamp111,
     {"v2u16", "v2u16", "unsigned"},
     "unsigned",
     kThreeClamp,
     4,
     {"u16", "u16", "u32"},
     ""},
    {S::i32_i32_i32_i32_clamp, kClamp111, {"int", "int", "int"}, "int", kThreeClamp, 4, {"i8", "i8", "i32"}, ""},
    {S::u32_u32_u32_u32_clamp,
     kClamp111,
     {"unsigned", "unsigned", "unsigned"},
     "unsigned",
     kThreeClamp,
     4,
     {"i8", "i8", "i32"},
     ""},
    {S::i32_signed_i32_signed_i32_i32_clamp,
     {{1, 1, 1}, 1, true, true, false, false},
     {"int", "int", "int"},
     "int",
     {A::a_signed, A::s0, A::b_signed, A::s1, A::s2, A::clamp},
     6,
     {"i8", "i8", "i32"},
     ""},
    {S::f32_f16x2_f16x2_f32_clamp,
     kClamp111,
     {"v2f16", "v2f16", "float"},
     "float",
     kThreeClamp,
     4,
     {"f16", "f16", "f32"},
     "f32"},
    {S::f16_f16x2_f16x2_f16,
     kPlain111,
     {"v2f16", "v2f16", "_Float16"},
     "_Float16",
     kThree,
     3,
     {"f16", "f16", "f16"},
     "f16"},
    {S::i16_s16x2_s16x2_i16,
     kPlain111,
     {"v2i16", "v2i16", "short"},
     "short",
     kThree,
     3,
     {"bf16", "bf16", "bf16"},
     "bf16"},
    {S::f32_s16x2_s16x2_f32_clamp,
     kClamp111,
     {"v2i16", "v2i16", "float"},
     "float",
     kThreeClamp,
     4,
     {"bf16", "bf16", "f32"},
     "f32"},
    {S::f32_bf16x2_bf16x2_f32_clamp,
     kClamp111,
     {"v2bf16", "v2bf16", "float"},
     "float",
     kThreeClamp,
     4,
     {"bf16", "bf16", "f32"},
     "f32"},
    {S::f32_u32_u32_f32,
     kPlain111,
     {"unsigned", "unsigned", "float"},
     "float",
     kThree,
     3,
     {"fp8", "fp8", "f32"},
     "f32"},
    {S::f16x2_f32_f32,
     kPair,
     {"float", "float"},
     "v2fp16",
     kTwo,
     2,
     {"f32", "f32"},
     "f16"},  // clang declares it as __fp16 x2
    {S::s16x2_f32_f32, kPair, {"float", "float"}, "v2i16", kTwo, 2, {"f32", "f32"}, ""},
    {S::u16x2_f32_f32, kPair, {"float", "float"}, "v2u16", kTwo, 2, {"f32", "f32"}, ""},
    {S::s16x2_i32_i32, kPair, {"int", "int"}, "v2i16", kTwo, 2, {"i32", "i32"}, ""},
    {S::u16x2_u32_u32, kPair, {"unsigned", "unsigned"}, "v2u16", kTwo, 2, {"i32", "i32"}, ""},
    {S::u32_f32_u32_u32,
     kPlain111,
     {"float", "unsigned", "unsigned"},
     "unsigned",
     kThree,
     3,
     {"f32", "u32", "u32"},
     ""},
    {S::f32_i32_bytesel,
     {{1, 0, 0}, 1, false, false, true, false},
     {"int"},
     "float",
     {A::s0, A::byte_sel},
     2,
     {"fp8"},
     "f32"},
    {S::f32x2_i32_wordsel,
     {{1, 0, 0}, 2, false, false, false, true},
     {"int"},
     "v2f32",
     {A::s0, A::word_sel},
     2,
     {"fp8"},
     "f32"},
    {S::i32_f32_f32_i32_wordsel,
     {{1, 1, 1}, 1, false, false, false, true},
     {"float", "float", "int"},
     "int",
     {A::s0, A::s1, A::s2, A::word_sel},
     4,
     {"f32", "f32", "u32"},
     ""},
    {S::i32_f32_i32_i32_bytesel,
     {{1, 1, 1}, 1, false, false, true, false},
     {"float", "int", "int"},
     "int",
     {A::s0, A::s1, A::s2, A::byte_sel},
     4,
     {"f32", "u32", "u32"},
     ""},
};
static_assert(std::size(kSignatures) == static_cast<std::size_t>(S::count), "one traits entry per ValuSignature");

constexpr bool in_signature_order() {
  for (std::size_t i = 0; i < std::size(kSignatures); ++i)
    if (static_cast<std::size_t>(kSignatures[i].signature) != i) return false;
  return true;
}
static_assert(in_signature_order(), "kSignatures is indexed by ValuSignature");

const char* boolean(int v) { return v != 0 ? "true" : "false"; }

}  // namespace

std::span<const ValuSignatureTraits> valu_signatures() { return kSignatures; }

const ValuSignatureTraits& valu_signature_traits(ValuSignature s) {
  const auto i = static_cast<std::size_t>(s);
  if (i >= std::size(kSignatures)) throw std::logic_error("not a ValuSignature");
  return kSignatures[i];
}

ValuShape valu_shape(ValuSignature s) { return valu_signature_traits(s).shape; }

std::string valu_call_expression(const ValuSignatureTraits& t, std::string_view name, const Modifiers& m) {
  std::string args;
  for (int i = 0; i < t.arity; ++i) {
    std::string arg;
    switch (t.call[static_cast<std::size_t>(i)]) {
      case A::s0: arg = "s0"; break;
      case A::s1: arg = "s1"; break;
      case A::s2: arg = "s2"; break;
      case A::a_signed: arg = boolean(m.neg & 1); break;
      case A::b_signed: arg = boolean(m.neg & 2); break;
      case A::clamp: arg = boolean(m.clamp); break;
      case A::byte_sel: arg = std::to_string(m.byte_sel); break;
      case A::word_sel: arg = boolean(m.word_sel); break;
    }
    args += (args.empty() ? "" : ", ") + arg;
  }
  return fmt::format("{}({})", name, args);
}

std::optional<ValuArg> valu_constant_named(std::string_view name) {
  if (name == "a_signed") return A::a_signed;
  if (name == "b_signed") return A::b_signed;
  if (name == "clamp") return A::clamp;
  if (name == "byte_sel") return A::byte_sel;
  if (name == "word_sel") return A::word_sel;
  return std::nullopt;
}

bool valu_takes(const ValuSignatureTraits& t, ValuArg arg) {
  for (int i = 0; i < t.arity; ++i)
    if (t.call[static_cast<std::size_t>(i)] == arg) return true;
  return false;
}

void set_valu_constant(Modifiers& m, ValuArg arg, int value) {
  switch (arg) {
    case A::a_signed: m.neg = value != 0 ? (m.neg | 1) : (m.neg & ~1); break;
    case A::b_signed: m.neg = value != 0 ? (m.neg | 2) : (m.neg & ~2); break;
    case A::clamp: m.clamp = value; break;
    case A::byte_sel: m.byte_sel = value; break;
    case A::word_sel: m.word_sel = value; break;
    default: break;  // a source operand, not a constant
  }
}

std::vector<std::string> valu_asm_tokens(const ValuSignatureTraits& t, const Modifiers& m) {
  std::vector<std::string> out;
  if (t.shape.signedness && m.neg != 0) out.push_back(fmt::format("neg_lo:[{},{},0]", m.neg & 1, (m.neg >> 1) & 1));
  if (t.shape.clamp && m.clamp != 0) out.push_back("clamp");
  return out;
}

std::vector<std::pair<std::string, int>> valu_constant_fields(const ValuSignatureTraits& t, const Modifiers& m) {
  std::vector<std::pair<std::string, int>> out;
  for (int i = 0; i < t.arity; ++i) {
    switch (t.call[static_cast<std::size_t>(i)]) {
      case A::a_signed: out.emplace_back("neg", m.neg); break;  // the pair is one field, named once
      case A::clamp: out.emplace_back("clamp", m.clamp); break;
      case A::byte_sel: out.emplace_back("byte", m.byte_sel); break;
      case A::word_sel: out.emplace_back("word", m.word_sel); break;
      default: break;
    }
  }
  return out;
}

}  // namespace mxlane
