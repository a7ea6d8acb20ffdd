// Table of element types (docs/spec/layouts.md §3 "dict_math_types").
#include "emu/isa/element_type.hpp"

#include <array>

namespace mxlane {
namespace {

constexpr std::array<ElemTypeInfo, 8> kTypes = {{
    {ElemType::f64, "f64", 64, false, "IEEE binary64"},
    {ElemType::f32, "f32", 32, false, "IEEE binary32"},
    {ElemType::f16, "f16", 16, false, "IEEE binary16"},
    {ElemType::bf16, "bf16", 16, false, "bfloat16 (binary32 with 16 fraction bits dropped)"},
    {ElemType::i8, "i8", 8, true, "signed 8-bit integer"},
    {ElemType::i32, "i32", 32, true, "32-bit integer"},
    {ElemType::iu8, "iu8", 8, true, "8-bit integer, signedness chosen per operand by NEG"},
    {ElemType::iu4, "iu4", 4, true, "4-bit integer, signedness chosen per operand by NEG"},
}};

}  // namespace

const ElemTypeInfo& elem_type_info(ElemType t) { return kTypes[static_cast<std::size_t>(t)]; }

}  // namespace mxlane
