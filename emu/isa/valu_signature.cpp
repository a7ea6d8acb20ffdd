// The traits table of the VALU builtin signatures (docs/spec/valu.md §1.3: the builtins' own types,
// from clang's BuiltinsAMDGPU.def; the device HIP source declares exactly these types).
#include "emu/isa/valu_signature.hpp"

#include <stdexcept>

#include "fmt/format.h"

namespace mxlane {
namespace {

using S = ValuSignature;
using A = ValuArg;
constexpr ValuShape kPlain111{.src = {1, 1, 1}, .dst = 1};
constexpr ValuShape kClamp111{.src = {1, 1, 1}, .dst = 1, .clamp = true};
constexpr ValuShape kPair{.src = {1, 1, 0}, .dst = 1};
constexpr std::array<A, 6> kThree{A::s0, A::s1, A::s2};
constexpr std::array<A, 6> kThreeClamp{A::s0, A::s1, A::s2, A::clamp};
constexpr std::array<A, 6> kTwo{A::s0, A::s1};

// In ValuSignature order (checked by valu_signature_traits()).
constexpr ValuSignatureTraits kSignatures[] = {
    {.signature = S::u32_u32_u32_u32,
     .shape = kPlain111,
     .hip_args = {"unsigned", "unsigned", "unsigned"},
     .hip_result = "unsigned",
     .call = kThree,
     .arity = 3,
     .draw = {"u8", "u8", "u32"},
     .result_float = ""},
    {.signature = S::u64_u64_u32_u64,
     .shape = {.src = {2, 1, 2}, .dst = 2},
     .hip_args = {"unsigned long", "unsigned", "unsigned long"},
     .hip_result = "unsigned long",
     .call = kThree,
     .arity = 3,
     .draw = {"u8", "u8", "u16"},
     .result_float = ""},
    {.signature = S::u32x4_u64_u32_u32x4,
     .shape = {.src = {2, 1, 4}, .dst = 4},
     .hip_args = {"unsigned long", "unsigned", "v4u32"},
     .hip_result = "v4u32",
     .call = kThree,
     .arity = 3,
     .draw = {"u8", "u8", "u32"},
     .result_float = ""},
    {.signature = S::i32_s16x2_s16x2_i32_clamp,
     .shape = kClamp111,
     .hip_args = {"v2i16", "v2i16", "int"},
     .hip_result = "int",
     .call = kThreeClamp,
     .arity = 4,
     .draw = {"i16", "i16", "i32"},
     .result_float = ""},
    {.signature = S::u32_u16x2_u16x2_u32_clamp,
     .shape = kClamp111,
     .hip_args = {"v2u16", "v2u16", "unsigned"},
     .hip_result = "unsigned",
     .call = kThreeClamp,
     .arity = 4,
     .draw = {"u16", "u16", "u32"},
     .result_float = ""},
    {.signature = S::i32_i32_i32_i32_clamp,
     .shape = kClamp111,
     .hip_args = {"int", "int", "int"},
     .hip_result = "int",
     .call = kThreeClamp,
     .arity = 4,
     .draw = {"i8", "i8", "i32"},
     .result_float = ""},
    {.signature = S::u32_u32_u32_u32_clamp,
     .shape = kClamp111,
     .hip_args = {"unsigned", "unsigned", "unsigned"},
     .hip_result = "unsigned",
     .call = kThreeClamp,
     .arity = 4,
     .draw = {"i8", "i8", "i32"},
     .result_float = ""},
    {.signature = S::i32_signed_i32_signed_i32_i32_clamp,
     .shape = {.src = {1, 1, 1}, .dst = 1, .clamp = true, .signedness = true},
     .hip_args = {"int", "int", "int"},
     .hip_result = "int",
     .call = {A::a_signed, A::s0, A::b_signed, A::s1, A::s2, A::clamp},
     .arity = 6,
     .draw = {"i8", "i8", "i32"},
     .result_float = ""},
    {.signature = S::f32_f16x2_f16x2_f32_clamp,
     .shape = kClamp111,
     .hip_args = {"v2f16", "v2f16", "float"},
     .hip_result = "float",
     .call = kThreeClamp,
     .arity = 4,
     .draw = {"f16", "f16", "f32"},
     .result_float = "f32"},
    {.signature = S::f16_f16x2_f16x2_f16,
     .shape = kPlain111,
     .hip_args = {"v2f16", "v2f16", "_Float16"},
     .hip_result = "_Float16",
     .call = kThree,
     .arity = 3,
     .draw = {"f16", "f16", "f16"},
     .result_float = "f16"},
    {.signature = S::i16_s16x2_s16x2_i16,
     .shape = kPlain111,
     .hip_args = {"v2i16", "v2i16", "short"},
     .hip_result = "short",
     .call = kThree,
     .arity = 3,
     .draw = {"bf16", "bf16", "bf16"},
     .result_float = "bf16"},
    {.signature = S::f32_s16x2_s16x2_f32_clamp,
     .shape = kClamp111,
     .hip_args = {"v2i16", "v2i16", "float"},
     .hip_result = "float",
     .call = kThreeClamp,
     .arity = 4,
     .draw = {"bf16", "bf16", "f32"},
     .result_float = "f32"},
    {.signature = S::f32_bf16x2_bf16x2_f32_clamp,
     .shape = kClamp111,
     .hip_args = {"v2bf16", "v2bf16", "float"},
     .hip_result = "float",
     .call = kThreeClamp,
     .arity = 4,
     .draw = {"bf16", "bf16", "f32"},
     .result_float = "f32"},
    {.signature = S::f32_u32_u32_f32,
     .shape = kPlain111,
     .hip_args = {"unsigned", "unsigned", "float"},
     .hip_result = "float",
     .call = kThree,
     .arity = 3,
     .draw = {"fp8", "fp8", "f32"},
     .result_float = "f32"},
    {.signature = S::f16x2_f32_f32,
     .shape = kPair,
     .hip_args = {"float", "float"},
     .hip_result = "v2fp16",
     .call = kTwo,
     .arity = 2,
     .draw = {"f32", "f32"},
     .result_float = "f16"},  // clang declares it as __fp16 x2
    {.signature = S::s16x2_f32_f32,
     .shape = kPair,
     .hip_args = {"float", "float"},
     .hip_result = "v2i16",
     .call = kTwo,
     .arity = 2,
     .draw = {"f32", "f32"},
     .result_float = ""},
    {.signature = S::u16x2_f32_f32,
     .shape = kPair,
     .hip_args = {"float", "float"},
     .hip_result = "v2u16",
     .call = kTwo,
     .arity = 2,
     .draw = {"f32", "f32"},
     .result_float = ""},
    {.signature = S::s16x2_i32_i32,
     .shape = kPair,
     .hip_args = {"int", "int"},
     .hip_result = "v2i16",
     .call = kTwo,
     .arity = 2,
     .draw = {"i32", "i32"},
     .result_float = ""},
    {.signature = S::u16x2_u32_u32,
     .shape = kPair,
     .hip_args = {"unsigned", "unsigned"},
     .hip_result = "v2u16",
     .call = kTwo,
     .arity = 2,
     .draw = {"i32", "i32"},
     .result_float = ""},
    {.signature = S::u32_f32_u32_u32,
     .shape = kPlain111,
     .hip_args = {"float", "unsigned", "unsigned"},
     .hip_result = "unsigned",
     .call = kThree,
     .arity = 3,
     .draw = {"f32", "u32", "u32"},
     .result_float = ""},
    {.signature = S::f32_i32_bytesel,
     .shape = {.src = {1, 0, 0}, .dst = 1, .byte_sel = true},
     .hip_args = {"int"},
     .hip_result = "float",
     .call = {A::s0, A::byte_sel},
     .arity = 2,
     .draw = {"fp8"},
     .result_float = "f32"},
    {.signature = S::f32x2_i32_wordsel,
     .shape = {.src = {1, 0, 0}, .dst = 2, .word_sel = true},
     .hip_args = {"int"},
     .hip_result = "v2f32",
     .call = {A::s0, A::word_sel},
     .arity = 2,
     .draw = {"fp8"},
     .result_float = "f32"},
    {.signature = S::i32_f32_f32_i32_wordsel,
     .shape = {.src = {1, 1, 1}, .dst = 1, .word_sel = true},
     .hip_args = {"float", "float", "int"},
     .hip_result = "int",
     .call = {A::s0, A::s1, A::s2, A::word_sel},
     .arity = 4,
     .draw = {"f32", "f32", "u32"},
     .result_float = ""},
    {.signature = S::i32_f32_i32_i32_bytesel,
     .shape = {.src = {1, 1, 1}, .dst = 1, .byte_sel = true},
     .hip_args = {"float", "int", "int"},
     .hip_result = "int",
     .call = {A::s0, A::s1, A::s2, A::byte_sel},
     .arity = 4,
     .draw = {"f32", "u32", "u32"},
     .result_float = ""},
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
