// Element types of matrix operands: name, width in bits, and whether they are integers.
#pragma once

#include <cstdint>
#include <string_view>

namespace mxlane {

enum class ElemType : std::uint8_t { f64, f32, f16, bf16, i8, i32, iu8, iu4 };

struct ElemTypeInfo {
  ElemType type;
  std::string_view name;         // as in instruction names and docs/spec/layouts.md §3
  int bits;
  bool is_integer;
  std::string_view description;
};

const ElemTypeInfo& elem_type_info(ElemType t);
inline int elem_bits(ElemType t) { return elem_type_info(t).bits; }
inline std::string_view elem_name(ElemType t) { return elem_type_info(t).name; }

}  // namespace mxlane
